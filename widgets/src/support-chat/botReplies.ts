import { INVOICE_ANSWER } from '@atrium/common/rules/orders';

/**
 * The support bot's script (SPEC §4, §9): a greeting, then one canned answer per keyword group.
 * SPEC's three groups stay; invoices and purchase orders, which schools ask about most, come
 * first and are answered with the FAQ's own words.
 */

export interface ChatMessage {
  id: string;
  message: string;
  isUser: boolean;
  timestamp: number;
}

/** The scripted reply follows the visitor's message after this long. */
export const BOT_REPLY_DELAY_MS = 1000;

export const GREETING =
  'Hi there! How can we help you today? Ask me about our courses, prices or support — or send us a message and a real person will reply within 30 minutes.';

export const REPLIES = {
  invoice: INVOICE_ANSWER,
  pricing:
    'Each course is £499. Schools can pay by invoice, and we offer bulk discounts when you buy several courses. Every purchase gives your whole staff unlimited access, including the community discussions in each module.',
  courses:
    'We offer video courses on smartphone photography, creating videos for school marketing, running a school podcast, and marketing photos that don’t identify children. Each one tracks your progress and ends with a certificate.',
  support: 'Happy to help! For technical support, tap “Send us a message” below with a few details and our team will get back to you within 30 minutes.',
  fallback:
    'Thanks for your question! For anything I can’t answer here, please use our contact form — tap “Send us a message” below and we’ll reply within 30 minutes.',
} as const;

const RULES: ReadonlyArray<{ keywords: readonly string[]; reply: string }> = [
  // Before "course": "Can we pay for the course by invoice?" is an invoice question.
  { keywords: ['invoice', 'purchase order', 'p.o.', 'po number', 'finance office'], reply: REPLIES.invoice },
  { keywords: ['price', 'cost'], reply: REPLIES.pricing },
  { keywords: ['course', 'training'], reply: REPLIES.courses },
  { keywords: ['support', 'help', 'technical'], reply: REPLIES.support },
];

/** The first keyword group found in the message wins, in the order above. */
export function botReply(message: string): string {
  const text = message.toLowerCase();
  return RULES.find((rule) => rule.keywords.some((keyword) => text.includes(keyword)))?.reply ?? REPLIES.fallback;
}
