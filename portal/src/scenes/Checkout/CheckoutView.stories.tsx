import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CourseDetailDto, MySchoolDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { checkoutTax } from './checkoutTax.ts';
import { Muted, Panel, PanelTitle } from './checkoutStyles.ts';
import { CheckoutView, type CheckoutPhase } from './CheckoutView.tsx';

const course: CourseDetailDto = {
  id: 5,
  title: 'Smartphone photography for school marketing',
  description: 'Take photos for the website, the prospectus and social media with the phone in your pocket, and keep every child unidentifiable.',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 6,
  totalDuration: 3480,
  isEnrolled: false,
  completedModules: 0,
  progressPercentage: 0,
  lastWatchedModule: null,
  modules: [],
  steps: [],
  passMark: 80,
  quizRequired: false,
};

const school = { id: 4, name: "St Mary's Primary School", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z' };
const managed: MySchoolDto = { school, role: 'manager', courses: [], domains: [], can: { manage: true, buyForSchool: true }, api: '/api/schools/4' };

/** The payment's parts as the page places them; in the app each is its own container. */
const slot = (id: string, title: string, text: string) => (
  <Panel aria-labelledby={`${id}-title`}>
    <PanelTitle id={`${id}-title`}>{title}</PanelTitle>
    <Muted>{text}</Muted>
  </Panel>
);

const buy = (over: Partial<Extract<CheckoutPhase, { phase: 'buy' }>> = {}): CheckoutPhase => ({
  phase: 'buy',
  checking: false,
  purchaser: { kind: 'school', schoolId: school.id, name: school.name },
  tax: checkoutTax(49900, 'GBP', 'GB', ''),
  choice: { mine: managed, trust: null, onChange: fn(), forSelf: true },
  card: slot('card', 'Pay by card', 'The secure card form (Stripe) stands here.'),
  invoice: slot('invoice', 'Pay by invoice', 'The invoice request stands here, closed until opened.'),
  ...over,
});

const ready = (phase: CheckoutPhase, shown: CourseDetailDto = course) => ({ state: 'ready' as const, data: { course: shown, phase } });

const meta = {
  title: 'Portal/CheckoutView',
  component: CheckoutView,
  decorators: [portalTheme],
  args: { checkout: ready(buy()), wellFormed: true },
} satisfies Meta<typeof CheckoutView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A school manager buying for their school, a UK school's VAT in the summary. */
export const ForTheSchool: Story = {};

/** A member of a school someone else manages buys for themselves. */
export const ForOneself: Story = {
  args: {
    checkout: ready(
      buy({
        purchaser: { kind: 'self' },
        choice: { mine: { ...managed, role: 'member', can: { manage: false, buyForSchool: false }, api: null }, trust: null, onChange: fn(), forSelf: true },
      }),
    ),
  },
};

/** A trust manager: the trust, their school or themselves. */
export const ForTheTrust: Story = {
  args: {
    checkout: ready(
      buy({
        purchaser: { kind: 'trust', trustId: 3, name: 'Greenway Learning Trust' },
        choice: { mine: managed, trust: { id: 3, name: 'Greenway Learning Trust' }, onChange: fn(), forSelf: true },
      }),
    ),
  },
};

/** Someone with no school yet: the new school's form stands where the card form would. */
export const NewSchool: Story = {
  args: {
    checkout: ready(
      buy({
        purchaser: { kind: 'create' },
        tax: checkoutTax(49900, 'GBP', '', ''),
        choice: {
          mine: { school: null, role: null, courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null },
          trust: null,
          onChange: fn(),
          forSelf: true,
        },
        card: slot('new-school', 'Pay by card', 'Name your school first: you become its manager.'),
      }),
    ),
  },
};

/** The buyer's school is still being read: the summary waits to say who gets access. */
export const CheckingTheSchool: Story = { args: { checkout: ready(buy({ checking: true })) } };

export const AlreadyEnrolled: Story = { args: { checkout: ready({ phase: 'enrolled' }, { ...course, isEnrolled: true }) } };

export const Free: Story = { args: { checkout: ready({ phase: 'free' }, { ...course, price: 0 }) } };

export const Loading: Story = { args: { checkout: { state: 'loading' } } };

export const Failed: Story = {
  args: {
    checkout: {
      state: 'failed',
      error: serverNotAnswering(),
      retry: fn(),
    },
  },
};

export const NotFound: Story = { args: { checkout: { state: 'loading' }, wellFormed: false } };

const longName = 'The Blessed Cardinal Newman Roman Catholic Voluntary Aided Primary School and Nursery';

export const LongContent: Story = {
  args: {
    checkout: ready(
      buy({
        purchaser: { kind: 'school', schoolId: 4, name: longName },
        choice: { mine: { ...managed, school: { ...school, name: longName } }, trust: null, onChange: fn(), forSelf: true },
      }),
      {
        ...course,
        title: 'Podcasting for Schools: Recording, Editing and Publishing a Termly Podcast With Pupils, Parents and Staff',
        description:
          'From the first idea to the hundredth episode: planning a season, recording in a classroom that echoes, editing on a laptop the school already has, publishing where parents listen, and keeping every child safe and unidentifiable while their voices are heard.',
      },
    ),
  },
};
