import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CertificateListItemDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { CertificatesView } from './CertificatesView.tsx';

const certificate = (id: number, courseName: string, completedAt: string, number: string): CertificateListItemDto => ({
  id,
  courseId: id,
  courseName,
  completionPercentage: 100,
  completedAt,
  certificateNumber: number,
  cpdHours: 2,
});

const certificates = [
  certificate(1, 'Safeguarding Annual Update', '2026-11-02T10:00:00.000Z', 'ATR-7F3K-9Q2M-4X8C-1D2E'),
  certificate(2, 'Smartphone Photography for School Marketing', '2026-03-02T10:00:00.000Z', 'ATR-1111-2222-3333-4444'),
  certificate(3, 'Running a School Podcast', '2025-10-02T10:00:00.000Z', 'ATR-5555-6666-7777-8888'),
];

const meta = {
  title: 'Portal/CertificatesView',
  component: CertificatesView,
  decorators: [portalTheme],
  args: {
    certificates: { state: 'ready', data: certificates },
    named: true,
    publicUrl: 'https://learn.example.org',
    onCopy: fn(),
  },
} satisfies Meta<typeof CertificatesView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};

/**
 * No name on the account yet: the cards are not shared until there is one. The form that asks for
 * it is a container of its own (NameForCertificates, the `askForName` slot), so it is not drawn here.
 */
export const NotNamed: Story = { args: { named: false } };

export const Empty: Story = { args: { certificates: { state: 'ready', data: [] } } };

export const Loading: Story = { args: { certificates: { state: 'loading' } } };

export const Failed: Story = {
  args: {
    certificates: {
      state: 'failed',
      error: serverNotAnswering(),
      retry: fn(),
    },
  },
};

export const LongContent: Story = {
  args: {
    certificates: {
      state: 'ready',
      data: [
        ...certificates,
        certificate(
          4,
          'Writing a Prospectus That Parents Read to the End, With Photographs That Respect Every Pupil’s Privacy',
          '2025-06-30T10:00:00.000Z',
          'ATR-9999-AAAA-BBBB-CCCC',
        ),
        certificate(5, 'Open Days That Fill', '2025-05-01T10:00:00.000Z', 'ATR-DDDD-EEEE-FFFF-0000'),
      ],
    },
  },
};
