import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CertificatePublicDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { ApiError } from '../../api/client.ts';
import { CertificateView } from './CertificateView.tsx';

const certificate: CertificatePublicDto = {
  studentName: 'Priya Natarajan',
  courseName: 'Photos that do not identify children',
  completionPercentage: 100,
  completedAt: '2026-10-02T14:10:00.000Z',
  issuedAt: '2026-10-02T14:10:05.000Z',
  certificateNumber: 'ATR-7F3K-9Q2M-4X8C-1D2E',
  quizScore: 92,
  cpdHours: 1.5,
  ceus: 0.15,
};

const meta = {
  title: 'Portal/CertificateView',
  component: CertificateView,
  decorators: [portalTheme],
  args: {
    certificate: { state: 'ready', data: certificate },
    issuer: { brand: 'Atrium School Marketing', directorName: 'Hannah Reid' },
    verifyUrl: 'https://learn.atrium.example/certificate/ATR-7F3K-9Q2M-4X8C-1D2E',
    verifyHref: 'https://learn.atrium.example/verify?number=ATR-7F3K-9Q2M-4X8C-1D2E',
  },
} satisfies Meta<typeof CertificateView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Issued: Story = {};

/** A course with a validity period, past it: the sheet says when it expired and still verifies. */
export const Expired: Story = {
  args: {
    certificate: { state: 'ready', data: { ...certificate, quizScore: null, cpdHours: undefined, ceus: undefined, expiresOn: '2026-10-31', expired: true } },
  },
};

export const Loading: Story = { args: { certificate: { state: 'loading' } } };

export const NotFound: Story = {
  args: {
    certificate: { state: 'failed', error: new ApiError(404, 'Not Found', JSON.stringify({ message: 'Certificate not found', id: 'not_found' })), retry: fn() },
  },
};

export const Failed: Story = {
  args: {
    certificate: {
      state: 'failed',
      error: serverNotAnswering(),
      retry: fn(),
    },
  },
};
