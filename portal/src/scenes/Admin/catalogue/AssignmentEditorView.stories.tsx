import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ModuleDto } from '@atrium/common';
import type { AssignmentAdminDto } from '../../../api/assignmentTypes.ts';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { overPanel } from '../../../../../storybook/portalFixtures.tsx';
import { AssignmentEditorView } from './AssignmentEditorView.tsx';

const modules = [
  { id: 11, courseId: 3, title: 'Light, angles and the phone in your pocket', description: '', duration: 420, orderIndex: 1, isCompleted: false },
  { id: 12, courseId: 3, title: 'Consent and photos that do not identify children', description: '', duration: 540, orderIndex: 2, isCompleted: false },
] as ModuleDto[];

const assignment: AssignmentAdminDto = {
  id: 60,
  courseId: 3,
  title: 'Three photos of your school day',
  instructions: 'Take three photos of everyday school life that do not show any child’s face, and say in a sentence where each would be used.',
  afterModuleId: 12,
  accepts: ['image', 'link'],
  maxFiles: 3,
  approvalRequired: true,
  awaitingCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const meta = {
  title: 'Portal/Admin/AssignmentEditorView',
  component: AssignmentEditorView,
  // The editor opens over the course's assignments panel, which its scrim dims.
  decorators: [overPanel('assignments', 'Assignments', 'Work learners send for review: photos, videos, audio, PDFs or a link.'), portalTheme],
  parameters: { route: '/admin/courses/3' },
  args: { editing: { kind: 'new' }, modules, saving: false, refusal: null, onSave: fn(), onClose: fn() },
} satisfies Meta<typeof AssignmentEditorView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Add an assignment: photos only, five files, approval required, at the end of the course. */
export const New: Story = {};

/** Editing a step that takes photos or a link, after the second module. */
export const Edit: Story = { args: { editing: { kind: 'edit', assignment } } };

/** A link-only step asks for no number of files. */
export const LinkOnly: Story = { args: { editing: { kind: 'edit', assignment: { ...assignment, accepts: ['link'], approvalRequired: false } } } };

/** Saving: neither button can be pressed. */
export const Saving: Story = { args: { editing: { kind: 'edit', assignment }, saving: true } };

/** The server refused with no field to blame: its sentence above the buttons, the form as typed. */
export const Refused: Story = {
  args: { editing: { kind: 'edit', assignment }, refusal: 'This assignment was changed by someone else. Reload and try again.' },
};
