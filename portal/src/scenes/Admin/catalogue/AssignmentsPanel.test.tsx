import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModuleDto } from '@atrium/common';
import type { AssignmentAdminDto } from '../../../api/assignmentTypes.ts';
import { admin, fail, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { AssignmentsPanel } from './AssignmentsPanel.tsx';
import { LONG_TEST_MS } from '../../../test/limits.ts';

const modules = [
  { id: 11, courseId: 3, title: 'Phone photography', description: '', duration: 60, orderIndex: 1, isCompleted: false },
  { id: 12, courseId: 3, title: 'Consent', description: '', duration: 60, orderIndex: 2, isCompleted: false },
] as ModuleDto[];

const existing: AssignmentAdminDto = {
  id: 60,
  courseId: 3,
  title: 'Three photos',
  instructions: 'Take three photos.',
  afterModuleId: 11,
  accepts: ['image', 'link'],
  maxFiles: 3,
  approvalRequired: true,
  awaitingCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function answers(extra: Record<string, unknown> = {}, list: AssignmentAdminDto[] = [existing]) {
  return mockApi({
    'GET /api/user': ok(admin),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses/3/assignments': ok(list),
    ...extra,
  } as Parameters<typeof mockApi>[0]);
}

const renderPanel = () => renderScene(<AssignmentsPanel courseId={3} modules={modules} />);

describe('AssignmentsPanel', () => {
  it('lists the assignments with their place, what they take and whether approval is needed', async () => {
    answers();
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Assignments in course order' });
    expect(within(list).getByText('Three photos')).toBeInTheDocument();
    expect(within(list).getByText(/After module 1: Phone photography · photos or links · up to 3 files/)).toBeInTheDocument();
    expect(within(list).getByText('Approval required')).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    answers({}, []);
    renderPanel();
    expect(await screen.findByText(/No assignments yet/)).toBeInTheDocument();
  });

  it(
    'names what is missing and sends nothing, then adds the assignment',
    async () => {
      const api = answers({ 'POST /api/courses/3/assignments': { status: 201, body: { ...existing, id: 61, title: 'A podcast' } } });
      const user = userEvent.setup();
      renderPanel();
      await user.click(await screen.findByRole('button', { name: /Add Assignment/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Add an assignment' });
      await user.click(within(dialog).getByLabelText(/^Photos/));
      await user.click(within(dialog).getByRole('button', { name: 'Add assignment' }));
      expect(await within(dialog).findByText('Give the assignment a title')).toBeInTheDocument();
      expect(within(dialog).getByText('Write the instructions')).toBeInTheDocument();
      expect(within(dialog).getByText('Choose at least one kind of work that may be submitted')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/courses/3/assignments')).toHaveLength(0);

      await user.type(within(dialog).getByLabelText(/^Title/), 'A podcast');
      await user.type(within(dialog).getByLabelText(/^Instructions/), 'Record two minutes.');
      await user.click(within(dialog).getByLabelText(/^Audio/));
      await user.selectOptions(within(dialog).getByLabelText('Position in the course'), '12');
      await user.clear(within(dialog).getByLabelText('Most files per submission'));
      await user.type(within(dialog).getByLabelText('Most files per submission'), '2');
      await user.click(within(dialog).getByLabelText(/^Approval required/));
      await user.click(within(dialog).getByRole('button', { name: 'Add assignment' }));
      await waitFor(() => expect(api.callsTo('POST', '/api/courses/3/assignments')).toHaveLength(1));
      expect(api.callsTo('POST', '/api/courses/3/assignments')[0]?.body).toEqual({
        title: 'A podcast',
        instructions: 'Record two minutes.',
        afterModuleId: 12,
        accepts: ['audio'],
        maxFiles: 2,
        approvalRequired: false,
      });
    },
    LONG_TEST_MS,
  );

  it('refuses a number of files outside 1–20 by the shared schema, and sends nothing', async () => {
    const api = answers();
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit Three photos' }));
    const dialog = await screen.findByRole('dialog');
    const files = within(dialog).getByLabelText('Most files per submission');
    await user.clear(files);
    await user.type(files, '21');
    await user.click(within(dialog).getByRole('button', { name: 'Save assignment' }));
    await waitFor(() => expect(files).toHaveAccessibleDescription(expect.stringContaining('Files must be a whole number from 1 to 20')));
    expect(api.callsTo('PATCH', '/api/courses/3/assignments/60')).toHaveLength(0);
  });

  it('shows the server’s field errors in the form', async () => {
    answers({
      'PATCH /api/courses/3/assignments/60': { status: 400, body: { message: 'Invalid', id: 'validation', errors: { title: 'Already used in this course' } } },
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit Three photos' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save assignment' }));
    expect(await within(dialog).findByText('Already used in this course')).toBeInTheDocument();
  });

  it('says a refusal no field explains inside the dialog, and forgets it when opened again', async () => {
    answers({ 'PATCH /api/courses/3/assignments/60': fail(409, 'This assignment was changed by someone else. Reload and try again.') });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit Three photos' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save assignment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This assignment was changed by someone else. Reload and try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Three photos' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes after confirming', async () => {
    const api = answers({ 'DELETE /api/courses/3/assignments/60': { status: 204 } });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete Three photos' }));
    await user.click(await screen.findByRole('button', { name: 'Delete assignment' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/courses/3/assignments/60')).toHaveLength(1));
  });

  it('says when the list could not be loaded, and Try again reads it again', async () => {
    let down = true;
    answers({ 'GET /api/courses/3/assignments': () => (down ? fail(500, 'Database unavailable') : ok([existing])) });
    renderPanel();
    expect((await screen.findByText('Database unavailable')).closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Assignments in course order' })).toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });
});
