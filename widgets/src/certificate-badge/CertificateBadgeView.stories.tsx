import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CertificateBadgeView } from './CertificateBadgeView.tsx';

const meta = {
  title: 'Widgets/Certificate badge',
  component: CertificateBadgeView,
  args: {
    number: 'ATR-7F3K9Q2M4X8C',
    certificateUrl: 'https://atrium.example/certificate/ATR-7F3K9Q2M4X8C',
    state: {
      status: 'valid',
      certificate: {
        studentName: 'Priya Patel',
        courseName: 'Smartphone Photography for School Marketing',
        completionPercentage: 100,
        completedAt: '2026-11-02T14:30:00.000Z',
        issuedAt: '2026-11-02T14:30:05.000Z',
        certificateNumber: 'ATR-7F3K9Q2M4X8C',
        quizScore: null,
      },
    },
    onRetry: fn(),
  },
} satisfies Meta<typeof CertificateBadgeView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Valid: Story = {};
export const Verifying: Story = { args: { state: { status: 'loading' } } };
export const NotFound: Story = { args: { number: 'ATR-MADE-UP-0000', state: { status: 'not_found' } } };
export const Revoked: Story = { args: { state: { status: 'revoked' } } };
export const SignatureMismatch: Story = { args: { state: { status: 'unverified' } } };
export const NoNumber: Story = { args: { number: '', state: { status: 'not_found' } } };
export const Unavailable: Story = { args: { state: { status: 'error' } } };
