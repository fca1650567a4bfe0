import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { AccessibilityStatementDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { AccessibilityView } from './AccessibilityView.tsx';

const statement: AccessibilityStatementDto = {
  brandName: 'Atrium',
  publicUrl: 'https://learn.atrium.example',
  settings: {
    contactEmail: 'access@atrium.example',
    contactPhone: '0161 496 0000',
    responseDays: 5,
    testedOn: '2026-09-14',
    testedBy: 'Atrium’s own team, with a screen reader user',
    knownIssues: null,
    updatedAt: '2026-09-14T12:00:00.000Z',
  },
  contactEmail: 'access@atrium.example',
  totalModules: 24,
  captionedModules: 24,
  uncaptioned: [],
};

const partly: AccessibilityStatementDto = {
  ...statement,
  captionedModules: 21,
  settings: { ...statement.settings, knownIssues: 'The charts on the school page have no table of their figures yet. We expect to add one by March 2027.' },
  uncaptioned: [
    {
      courseId: 3,
      title: 'Podcasting for schools',
      modules: [
        { moduleId: 31, title: 'Choosing a microphone' },
        { moduleId: 32, title: 'Recording in a noisy building' },
      ],
    },
    { courseId: 4, title: 'School videos on a phone', modules: [{ moduleId: 44, title: 'Editing on the phone' }] },
  ],
};

const meta = {
  title: 'Portal/AccessibilityView',
  component: AccessibilityView,
  decorators: [portalTheme],
  args: {
    statement: { state: 'ready', data: statement },
    report: { pending: false, onSubmit: fn(async () => 'Thank you. We will reply within 5 working days.') },
  },
} satisfies Meta<typeof AccessibilityView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FullyCompliant: Story = {};

/** Modules still without captions and the agency's own note: "partially compliant", each listed. */
export const PartlyCompliant: Story = { args: { statement: { state: 'ready', data: partly } } };

/** Before the agency has filled in its parts: the support address, and no review date yet. */
export const NotYetReviewed: Story = {
  args: {
    statement: {
      state: 'ready',
      data: {
        ...statement,
        settings: { contactEmail: null, contactPhone: null, responseDays: 5, testedOn: null, testedBy: null, knownIssues: null, updatedAt: null },
        contactEmail: 'support@atrium.example',
      },
    },
  },
};

/** Signed in: the report form starts with the person's name and address. */
export const SignedIn: Story = {
  args: { report: { initial: { name: 'Sam Okafor', email: 'sam.okafor@oak.sch.uk' }, pending: false, onSubmit: fn(async () => 'Thank you.') } },
};

export const Loading: Story = { args: { statement: { state: 'loading' } } };

export const Failed: Story = {
  args: {
    statement: {
      state: 'failed',
      error: serverNotAnswering(),
      retry: fn(),
    },
  },
};
