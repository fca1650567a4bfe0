import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { fixedFrame } from '../../../storybook/decorators.tsx';
import { GREETING, pricingReply, REPLIES, type ChatMessage } from './botReplies.ts';
import { ChatPanelView } from './ChatPanelView.tsx';

const at = (minutes: number) => Date.UTC(2026, 10, 21, 9, minutes);
const message = (id: string, text: string, isUser: boolean, minutes: number): ChatMessage => ({ id, message: text, isUser, timestamp: at(minutes) });

const meta = {
  title: 'Widgets/Support chat/Panel',
  component: ChatPanelView,
  decorators: [fixedFrame('100%', 640)],
  parameters: { layout: 'fullscreen' },
  args: {
    view: 'chat',
    messages: [message('greeting', GREETING, false, 0)],
    botTyping: false,
    draft: '',
    form: { name: '', email: '', message: '' },
    sending: false,
    toast: null,
    idPrefix: 'story-chat',
    onDraftChange: fn(),
    onSend: fn(),
    onFormChange: fn(),
    onFormSubmit: fn(),
    onShowForm: fn(),
    onShowChat: fn(),
    onClose: fn(),
    onDismissToast: fn(),
  },
} satisfies Meta<typeof ChatPanelView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Greeting: Story = {};

export const Conversation: Story = {
  args: {
    messages: [
      message('greeting', GREETING, false, 0),
      message('q1', 'How much does a course cost?', true, 1),
      message(
        'a1',
        pricingReply({
          currency: 'GBP',
          locale: 'en-GB',
          courses: [
            { title: 'Smartphone Photography', price: 49900 },
            { title: 'Running a School Podcast', price: 19900 },
            { title: 'School Videos', price: 49900 },
          ],
        }),
        false,
        1,
      ),
      message('q2', 'Do you have anything on video?', true, 2),
      message('a2', REPLIES.courses, false, 2),
    ],
  },
};

export const BotTyping: Story = {
  args: {
    messages: [message('greeting', GREETING, false, 0), message('q1', 'I need help with a login', true, 1)],
    botTyping: true,
    draft: 'It says my password',
  },
};

export const ContactForm: Story = {
  args: { view: 'form', form: { name: 'Ada Lovelace', email: 'ada@hillcrest.example', message: 'Can we pay by invoice?' } },
};

export const ContactFormSending: Story = {
  args: { ...ContactForm.args, sending: true },
};

export const MissingInformation: Story = {
  args: { view: 'form', toast: { title: 'Missing Information', description: 'Please fill in all fields', variant: 'error' } },
};

export const MessageSent: Story = {
  args: {
    messages: [
      message('greeting', GREETING, false, 0),
      message('thanks', "Thanks, Ada! Your message is with our team and we'll reply to ada@hillcrest.example within 30 minutes.", false, 3),
    ],
    toast: { title: 'Message Sent', description: "We'll get back to you within 30 minutes", variant: 'success' },
  },
};

export const SendFailed: Story = {
  args: {
    ...ContactForm.args,
    toast: { title: 'Send Failed', description: 'Please try again or use our contact form on the website', variant: 'error' },
  },
};

export const Phone: Story = {
  args: Conversation.args,
  decorators: [fixedFrame(390, 700)],
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
