import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { column } from '../../../storybook/decorators.tsx';
import { ContactFormView, EMPTY_CONTACT_FORM } from './ContactFormView.tsx';

const filled = {
  name: 'Grace Hopper',
  email: 'grace@hillcrest.example',
  company: 'Hillcrest Primary School',
  phone: '01632 960 123',
  message: 'We would like whole-staff access to the photography course. Can we pay by invoice?',
};

const meta = {
  title: 'Widgets/Contact form',
  component: ContactFormView,
  decorators: [column(640)],
  args: {
    values: EMPTY_CONTACT_FORM,
    status: 'idle',
    toast: null,
    idPrefix: 'story-contact',
    onChange: fn(),
    onSubmit: fn(),
    onDismissToast: fn(),
  },
} satisfies Meta<typeof ContactFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = { args: { values: filled } };

export const Sending: Story = { args: { values: filled, status: 'sending' } };

export const Sent: Story = {
  args: {
    status: 'success',
    toast: { title: 'Message sent!', description: "Thank you for your message! We'll get back to you within 30 minutes.", variant: 'success' },
  },
};

export const ServerError: Story = {
  args: { values: filled, status: 'error', toast: { title: 'Error', description: 'Please enter a valid email address', variant: 'error' } },
};

export const NetworkError: Story = {
  args: { values: filled, status: 'error', toast: { title: 'Error', description: 'Network error: Failed to fetch', variant: 'error' } },
};

export const Narrow: Story = { args: { values: filled }, decorators: [column(340)] };
