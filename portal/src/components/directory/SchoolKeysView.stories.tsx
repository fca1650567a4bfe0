import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { SchoolKeysView } from './SchoolKeysView.tsx';

const schools = [
  { id: 1, name: 'Elm Primary School', key: null },
  { id: 2, name: 'Riverside Academy', key: 'URN 137042' },
  { id: 3, name: 'St Anne’s Church of England Junior School', key: null },
];

const meta = {
  title: 'Portal/SchoolKeysView',
  component: SchoolKeysView,
  decorators: [portalTheme],
  args: { schools: { state: 'ready', data: schools }, values: {}, errors: {}, saving: null, onChange: fn(), onSave: fn() },
} satisfies Meta<typeof SchoolKeysView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Keys: Story = {};
export const Refused: Story = {
  args: { values: { 3: 'urn 137042' }, errors: { 3: 'Riverside Academy already has this key: each school needs its own.' } },
};
export const Saving: Story = { args: { values: { 1: 'ELM-01' }, saving: 1 } };
export const NoSchools: Story = { args: { schools: { state: 'ready', data: [] } } };
export const Loading: Story = { args: { schools: { state: 'loading' } } };
export const Failed: Story = { args: { schools: { state: 'failed', error: new Error('offline'), retry: fn() } } };
