/**
 * Every word of the public landing page, in one typed module an agency can edit without
 * touching components. `{brand}` is replaced with BRAND_NAME from GET /api/config; the support
 * e-mail also comes from there.
 *
 * Testimonials: the entries below are SAMPLES written to show the layout. They are not quotes
 * from real customers and are labelled "Sample testimonial" on the page while `isSample` is
 * true. Replace them with real, permissioned quotes (and set `isSample: false`) before launch.
 * A video testimonial shows its video once `vimeoId` is set; until then its quote is shown.
 */

import { DISCOUNT_ANSWER, INVOICE_ANSWER } from '@atrium/common/rules/orders';

export interface Cta {
  label: string;
  /** Every sign-in, get-started and start-learning button goes to /auth (SPEC §2). */
  to: '/auth';
}

export interface Testimonial {
  quote: string;
  speaker: string;
  role: string;
  school: string;
  isSample: boolean;
}

export interface VideoTestimonial extends Testimonial {
  /** Vimeo id of the recorded testimonial; null until the agency has one. */
  vimeoId: string | null;
}

export interface FaqItem {
  /** Stable key (SPEC §2 lists the ten topics). */
  topic: 'courses' | 'pricing' | 'access' | 'community' | 'equipment' | 'progress' | 'multiple-users' | 'support' | 'certificates' | 'getting-started';
  question: string;
  answer: string;
}

export interface LandingContent {
  meta: { title: string };
  header: { signIn: Cta };
  hero: {
    eyebrow: string;
    title: string;
    subtitle: string;
    primaryCta: Cta;
    secondaryCta: { label: string; href: `#${string}` };
    highlights: string[];
  };
  testimonials: {
    heading: string;
    intro: string;
    sampleLabel: string;
    videos: [VideoTestimonial, VideoTestimonial, VideoTestimonial];
    written: Testimonial;
  };
  whyChooseUs: {
    heading: string;
    intro: string;
    points: [WhyPoint, WhyPoint, WhyPoint];
  };
  courses: { heading: string; intro: string };
  schoolAccess: {
    heading: string;
    body: string;
    benefits: string[];
    pricing: { headline: string; detail: string | null; note: string };
    cta: Cta;
  };
  faq: { heading: string; intro: string; items: FaqItem[] };
  contact: { heading: string; body: string; emailLabel: string; responseTime: string; sent: { title: string; body: string } };
  closingCta: { heading: string; body: string; cta: Cta };
  footer: { tagline: string; sectionsId: string; links: { label: string; href: string }[] };
}

export interface WhyPoint {
  title: 'Expert-Led Courses' | 'School-Focused Content' | 'Progress Tracking';
  body: string;
  icon: 'award' | 'school' | 'chart';
}

export const landingContent: LandingContent = {
  meta: { title: 'Marketing training for schools' },
  header: { signIn: { label: 'Sign In', to: '/auth' } },
  hero: {
    eyebrow: 'Video training for school marketing',
    title: 'Tell your school’s story with confidence',
    subtitle:
      'Short, practical video courses that help school staff take better photos, film and edit video, start a podcast and publish images that keep children safe.',
    primaryCta: { label: 'Start Learning Today', to: '/auth' },
    secondaryCta: { label: 'See the courses', href: '#courses' },
    highlights: ['One purchase, every member of staff', 'Access that never ends', 'Certificate for every course'],
  },
  testimonials: {
    heading: 'What schools tell us',
    intro: 'How staff describe learning with {brand}.',
    sampleLabel: 'Sample testimonial',
    videos: [
      {
        vimeoId: null,
        quote: 'Our photos used to be an afterthought. Now three of us share the job and the website finally looks like our school.',
        speaker: 'Sample speaker',
        role: 'Marketing lead',
        school: 'A secondary school in England',
        isSample: true,
      },
      {
        vimeoId: null,
        quote: 'The video course took us from nervous to filming our open-evening tour in a single morning.',
        speaker: 'Sample speaker',
        role: 'Deputy head',
        school: 'A primary school in the United States',
        isSample: true,
      },
      {
        vimeoId: null,
        quote: 'The module on photos without identifiable children gave our whole staff one clear, shared rule.',
        speaker: 'Sample speaker',
        role: 'Safeguarding lead',
        school: 'An independent school in Scotland',
        isSample: true,
      },
    ],
    written: {
      quote:
        'Every member of staff has their own login, the lessons are short enough to fit into a free period, and the certificates go straight into our CPD records.',
      speaker: 'Sample speaker',
      role: 'Business manager',
      school: 'A multi-academy trust',
      isSample: true,
    },
  },
  whyChooseUs: {
    heading: 'Why Choose Us',
    intro: 'Training made for the way schools actually work: busy staff, small budgets and children’s privacy first.',
    points: [
      {
        title: 'Expert-Led Courses',
        icon: 'award',
        body: 'Taught by people who have photographed, filmed and marketed schools, with techniques that work on the phone you already own.',
      },
      {
        title: 'School-Focused Content',
        icon: 'school',
        body: 'Sports days, open evenings, classrooms and consent forms: every example comes from school life, not from a studio.',
      },
      {
        title: 'Progress Tracking',
        icon: 'chart',
        body: 'See which modules each learner has watched and completed, pick up where you left off, and earn a certificate at the end.',
      },
    ],
  },
  courses: {
    heading: 'Available Courses',
    intro: 'Self-paced video courses. Watch on any device, in short modules that fit around the timetable.',
  },
  schoolAccess: {
    heading: 'One Purchase = Unlimited School Access',
    body: 'When your school buys a course, every member of staff gets their own login. No per-seat fees and no sharing passwords.',
    benefits: [
      'Every member of staff gets their own login',
      'Access that never ends, including future updates to the course (a certificate may need renewing)',
      'Community discussion in every module',
      'Progress tracking of videos watched and modules completed',
      'A completion certificate for each course',
    ],
    pricing: {
      headline: '£499 per course',
      detail: null,
      note: 'Prices in pounds, before VAT (UK buyers pay 20% VAT on top). Invoice payment is available for schools.',
    },
    cta: { label: 'Get Started', to: '/auth' },
  },
  faq: {
    heading: 'Frequently asked questions',
    intro: 'Can’t find your answer? Send us a message below.',
    items: [
      {
        topic: 'courses',
        question: 'What courses do you offer?',
        answer:
          'Four video courses on school marketing: smartphone photography, creating videos, running a school podcast, and marketing photos that do not identify children. Each is split into short modules you can watch in any order.',
      },
      {
        topic: 'pricing',
        question: 'How much does a course cost?',
        // Replaced on the page by the catalogue's prices in the visitor's currency (Faq.tsx); this
        // stands only while the catalogue loads or cannot be read, so it names no figure.
        answer: `Each course is priced for the whole school: the course cards above show the prices in your currency. ${DISCOUNT_ANSWER} ${INVOICE_ANSWER}`,
      },
      {
        topic: 'access',
        question: 'How long do we keep access?',
        answer: 'For life. Once your school has bought a course, your staff can watch it as often as they like, including any updates we make to it.',
      },
      {
        topic: 'community',
        question: 'Can we ask questions about the lessons?',
        answer: 'Yes. Every module has a discussion where learners can ask questions and share what worked in their school.',
      },
      {
        topic: 'equipment',
        question: 'Do we need special equipment?',
        answer:
          'No. Every course is designed around a modern smartphone and free software. Where an inexpensive accessory helps, such as a microphone for podcasting, we explain what to buy and why.',
      },
      {
        topic: 'progress',
        question: 'How is progress tracked?',
        answer:
          'The platform records how much of each video you have watched and which modules you have completed, so you can pick up where you left off. Your dashboard shows your progress in every course.',
      },
      {
        topic: 'multiple-users',
        question: 'Can several members of staff use one purchase?',
        answer: 'Yes. One purchase gives every member of staff at your school their own login, with their own progress and certificates.',
      },
      {
        topic: 'support',
        question: 'What if we need help?',
        answer: 'Use the chat button in the corner of any page or the contact form below. We aim to reply within 30 minutes during working hours.',
      },
      {
        topic: 'certificates',
        question: 'Do learners get a certificate?',
        answer:
          'Yes. A certificate of completion is issued once a learner has done every step the course sets: each module, and any knowledge check to pass and assignment to send (some assignments are approved by our team first). It has its own number and a public link anyone can use to verify it, ideal for CPD records.',
      },
      {
        topic: 'getting-started',
        question: 'How do we get started?',
        answer: 'Register for free, browse the courses on your dashboard and enroll or purchase. You can start watching straight away.',
      },
    ],
  },
  contact: {
    heading: 'Get in touch',
    body: 'Questions about the courses, invoices or access for your whole staff? Send us a message.',
    emailLabel: 'Or e-mail us at',
    responseTime: 'We aim to reply within 30 minutes.',
    // What the form's plain post (before the app has loaded) comes back to: the toast's words.
    sent: { title: 'Message sent!', body: "Thank you for your message! We'll get back to you within 30 minutes." },
  },
  closingCta: {
    heading: 'Ready to show parents what makes your school special?',
    body: 'Register for free in under a minute and start with the first module today.',
    cta: { label: 'Get Started for Free', to: '/auth' },
  },
  footer: {
    tagline: 'Video training in school marketing for staff in the UK, the USA and beyond.',
    /** The footer's section links, where the phone menu points before its script runs. */
    sectionsId: 'page-sections',
    links: [
      { label: 'Courses', href: '#courses' },
      { label: 'FAQ', href: '#faq' },
      { label: 'Contact', href: '#contact' },
      { label: 'Accessibility', href: '/accessibility' },
    ],
  },
};

/** Replaces `{brand}` in a content string; the name as it is (a `$&` in it is not a replacement pattern). */
export const withBrand = (text: string, brand: string | undefined) => text.replaceAll('{brand}', () => brand ?? 'us');
