import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GroupDto, GroupsDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { GroupsPanel } from './GroupsPanel.tsx';

const root = '/api/schools/4';
const courses = [
  { id: 11, title: 'Safeguarding Basics' },
  { id: 12, title: 'School Podcast' },
];
const group = (over: Partial<GroupDto> = {}): GroupDto => ({ id: 5, name: 'Office', owner: 'school', editable: true, members: [], courses: [], ...over });
const ann = { userId: 21, name: 'Ann Able', email: 'ann@oak.sch.uk', schoolName: 'Oak Primary', joinedOn: '2026-03-01' };

/**
 * The server as far as the panel reads it: the groups it holds, which each change answers and
 * alters, so what the panel shows after a change is what it read again.
 */
function server(initial: GroupDto[], extra: Parameters<typeof mockApi>[0] = {}) {
  let groups = initial;
  const answer = (): GroupsDto => ({ groups, courses });
  const api = mockApi({
    'GET /api/user': ok(learner),
    'GET /api/config': ok(publicConfig),
    [`GET ${root}/groups`]: () => ok(answer()),
    [`POST ${root}/groups`]: ({ body }) => {
      const created = group({ id: 9, name: (body as { name: string }).name });
      groups = [...groups, created];
      return { status: 201, body: created };
    },
    [`PATCH ${root}/groups/5`]: ({ body }) => {
      groups = groups.map((g) => (g.id === 5 ? { ...g, name: (body as { name: string }).name } : g));
      return ok(groups.find((g) => g.id === 5));
    },
    [`PUT ${root}/groups/5/courses/12`]: ({ body }) => {
      const rule = body as { completeBy: string | null; newStaffDays: number | null };
      groups = groups.map((g) => (g.id === 5 ? { ...g, courses: [{ courseId: 12, title: 'School Podcast', ...rule }] } : g));
      return ok(groups.find((g) => g.id === 5));
    },
    ...extra,
  });
  return api;
}

/** Another part of the page reading one of the views a change to groups refreshes. */
function Reader({ path }: { path: string }) {
  useQuery({ queryKey: [path] });
  return null;
}

const card = (name: string) => screen.findByRole('listitem', { name });

describe('the Groups panel', () => {
  it('says there are no groups yet, and creates the first one', async () => {
    const api = server([]);
    renderScene(<GroupsPanel root={root} owner="school" />);
    expect(await screen.findByText(/^No groups yet\./)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New group'), 'Teaching assistants');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const created = await card('Teaching assistants');
    expect(within(created).getByText('Nobody in this group yet.')).toBeInTheDocument();
    expect(within(created).getByText('No course given to this group.')).toBeInTheDocument();
    expect(api.callsTo('POST', `${root}/groups`)).toEqual([expect.objectContaining({ body: { name: 'Teaching assistants' } })]);
    expect(screen.getByLabelText('New group')).toHaveValue('');
    expect(screen.queryByText(/^No groups yet\./)).not.toBeInTheDocument();
  });

  it('creates the group once when "Create group" is clicked twice in quick succession', async () => {
    const api = server([]);
    renderScene(<GroupsPanel root={root} owner="school" />);
    expect(await screen.findByText(/^No groups yet\./)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New group'), { target: { value: 'Office' } });
    const create = screen.getByRole('button', { name: 'Create group' });
    fireEvent.click(create);
    fireEvent.click(create);
    await card('Office');
    expect(api.callsTo('POST', `${root}/groups`)).toHaveLength(1);
    expect(screen.queryByText(/already/)).not.toBeInTheDocument();
  });

  it('deletes a group once confirmed, and says so after the card has gone', async () => {
    let deleted = false;
    const api = server([group(), group({ id: 6, name: 'Teaching assistants' })], {
      [`GET ${root}/groups`]: () =>
        ok({ groups: deleted ? [group({ id: 6, name: 'Teaching assistants' })] : [group(), group({ id: 6, name: 'Teaching assistants' })], courses }),
      [`DELETE ${root}/groups/5`]: () => {
        deleted = true;
        return { status: 204 };
      },
      // The school's page, which a change to its groups refreshes too, answers after the list:
      // by then the deleted group's card, which asked, is gone.
      [`GET ${root}`]: async () => {
        if (deleted) await new Promise((resolve) => setTimeout(resolve, 50));
        return ok({});
      },
    });
    const user = userEvent.setup();
    renderScene(
      <>
        <GroupsPanel root={root} owner="school" />
        <Reader path={root} />
      </>,
    );
    await user.click(within(await card('Office')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete “Office”?' })).getByRole('button', { name: 'Delete group' }));
    expect(await screen.findByText('Group deleted')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Office' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', `${root}/groups/5`)).toHaveLength(1);
  });

  it('says a refused deletion inside its confirmation, and forgets it once closed', async () => {
    server([group()], { [`DELETE ${root}/groups/5`]: () => fail(503, 'The service is temporarily unavailable. Please try again shortly.') });
    const user = userEvent.setup();
    renderScene(<GroupsPanel root={root} owner="school" />);
    await user.click(within(await card('Office')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete “Office”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again shortly.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(within(await card('Office')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete “Office”?' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a blank name without asking the server', async () => {
    const api = server([]);
    renderScene(<GroupsPanel root={root} owner="school" />);
    await screen.findByText(/^No groups yet\./);
    await userEvent.type(screen.getByLabelText('New group'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.getByLabelText('New group')).toHaveAccessibleDescription('Enter a group name'));
    expect(api.callsTo('POST', `${root}/groups`)).toEqual([]);
  });

  it('shows the server’s reason beside the name when the name is taken, and keeps what was typed', async () => {
    const taken = 'There is already a group called "office" in this school: choose another name, or use that group.';
    const api = server([group()], { [`POST ${root}/groups`]: fail(409, taken) });
    renderScene(<GroupsPanel root={root} owner="school" />);
    await card('Office');
    await userEvent.type(screen.getByLabelText('New group'), 'office');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const field = screen.getByLabelText('New group');
    await waitFor(() => expect(field).toHaveAccessibleDescription(taken));
    expect(field).toHaveValue('office');
    expect(api.callsTo('POST', `${root}/groups`)).toHaveLength(1);
    expect(screen.getAllByRole('listitem', { name: /office/i })).toHaveLength(1);
  });

  it('names the addresses that are not addresses at the field, and sends nothing (issue 53)', async () => {
    const api = server([group()]);
    renderScene(<GroupsPanel root={root} owner="school" />);
    const office = await card('Office');
    const field = within(office).getByLabelText('Add people by e-mail');
    await userEvent.type(field, 'ann@oak.sch.uk, jo@oak, bob oak.sch.uk');
    await userEvent.click(within(office).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining('Not valid e-mail addresses: jo@oak, bob and oak.sch.uk. Nobody was added.')),
    );
    expect(field).toHaveValue('ann@oak.sch.uk, jo@oak, bob oak.sch.uk');
    expect(api.callsTo('POST', `${root}/groups/5/members`)).toEqual([]);
  });

  it('shows the server’s refusal naming the address at the field', async () => {
    const refusal = "Not on your school's staff: zoe@elsewhere.sch.uk. Nobody was added.";
    const api = server([group()], { [`POST ${root}/groups/5/members`]: fail(400, refusal) });
    renderScene(<GroupsPanel root={root} owner="school" />);
    const office = await card('Office');
    const field = within(office).getByLabelText('Add people by e-mail');
    await userEvent.type(field, 'ann@oak.sch.uk zoe@elsewhere.sch.uk');
    await userEvent.click(within(office).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(refusal)));
    expect(api.callsTo('POST', `${root}/groups/5/members`)).toEqual([
      expect.objectContaining({ body: { emails: ['ann@oak.sch.uk', 'zoe@elsewhere.sch.uk'] } }),
    ]);
  });

  it('renames a group', async () => {
    const api = server([group()]);
    renderScene(<GroupsPanel root={root} owner="school" />);
    const office = await card('Office');
    await userEvent.click(within(office).getByRole('button', { name: 'Rename' }));
    const form = within(office).getByRole('form', { name: 'Rename Office' });
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'Front office');
    await userEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await card('Front office')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /^Rename/ })).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', `${root}/groups/5`)).toEqual([expect.objectContaining({ body: { name: 'Front office' } })]);
  });

  it('shows the server’s reason when a rename takes a name in use', async () => {
    server([group(), group({ id: 6, name: 'Marketing' })], {
      [`PATCH ${root}/groups/5`]: fail(409, 'There is already a group called "Marketing" in this school: choose another name, or use that group.'),
    });
    renderScene(<GroupsPanel root={root} owner="school" />);
    const office = await card('Office');
    await userEvent.click(within(office).getByRole('button', { name: 'Rename' }));
    const name = within(office).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Marketing');
    await userEvent.click(within(office).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/already a group called "Marketing"/));
    expect(within(office).getByRole('heading', { name: 'Office' })).toBeInTheDocument();
  });

  it('gives a course to a group with a deadline rule, and shows the rule', async () => {
    const api = server([group({ members: [ann] })]);
    renderScene(<GroupsPanel root={root} owner="school" />);
    const office = await card('Office');
    const form = within(office).getByRole('form', { name: 'Give a course to Office' });
    // A course and a rule must be chosen before the server is asked: each field says what it lacks.
    await userEvent.click(within(form).getByRole('button', { name: 'Give course' }));
    await waitFor(() => expect(within(form).getByLabelText('Give a course')).toHaveAccessibleDescription('Choose a course'));
    expect(within(form).getByLabelText('Complete by')).toHaveAccessibleDescription('Set a date, a number of days for new staff, or both');
    expect(api.callsTo('PUT', `${root}/groups/5/courses/12`)).toEqual([]);
    await userEvent.selectOptions(within(form).getByLabelText('Give a course'), 'School Podcast');
    await userEvent.type(within(form).getByLabelText('Complete by'), '2099-03-31');
    await userEvent.type(within(form).getByLabelText('New staff: days from joining the group'), '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Give course' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `${root}/groups/5/courses/12`)).toEqual([expect.objectContaining({ body: { completeBy: '2099-03-31', newStaffDays: 30 } })]),
    );
    expect(await within(office).findByText('By 31 March 2099 · new staff: 30 days from joining the group')).toBeInTheDocument();
    expect(within(office).getByText('1 person · 1 course')).toBeInTheDocument();
    expect(within(office).getByRole('button', { name: 'Take School Podcast back from Office' })).toBeInTheDocument();
  });

  it('shows the server’s reason by the field it names when a rule is refused', async () => {
    server([group()], {
      [`PUT ${root}/groups/5/courses/11`]: {
        status: 400,
        body: { message: 'The deadline is in the past', id: 'validation_failed', errors: { completeBy: 'Choose today (2026-03-01) or a later date' } },
      },
    });
    renderScene(<GroupsPanel root={root} owner="school" />);
    const form = within(await card('Office')).getByRole('form', { name: 'Give a course to Office' });
    await userEvent.selectOptions(within(form).getByLabelText('Give a course'), 'Safeguarding Basics');
    await userEvent.type(within(form).getByLabelText('Complete by'), '2026-02-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Give course' }));
    await waitFor(() => expect(within(form).getByLabelText('Complete by')).toHaveAccessibleDescription('Choose today (2026-03-01) or a later date'));
  });

  it('shows a trust’s group to a school read-only', async () => {
    server([group({ id: 7, name: 'Trust leads', owner: 'trust', editable: false, members: [ann] })]);
    renderScene(<GroupsPanel root={root} owner="school" />);
    const leads = await card('Trust leads');
    expect(within(leads).getByText('Set by the trust')).toBeInTheDocument();
    expect(within(leads).queryByRole('button')).not.toBeInTheDocument();
    expect(within(leads).queryByRole('form')).not.toBeInTheDocument();
    expect(within(leads).getByText('Ann Able')).toBeInTheDocument();
  });

  it('says when the groups could not be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      [`GET ${root}/groups`]: () => (++calls === 1 ? fail(403, 'Only the managers of this school can do that.') : ok({ groups: [group()], courses })),
    });
    renderScene(<GroupsPanel root={root} owner="school" />);
    const problem = (await screen.findByText('Only the managers of this school can do that.')).parentElement!;
    expect(problem).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await card('Office')).toBeInTheDocument();
    expect(screen.queryByText('Only the managers of this school can do that.')).not.toBeInTheDocument();
  });

  it('names the admin’s view of a school in its lead and uses only the routes under its root', async () => {
    const adminRoot = '/api/admin/schools/4';
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      [`GET ${adminRoot}/groups`]: ok({ groups: [], courses }),
      [`POST ${adminRoot}/groups`]: { status: 201, body: group() },
    });
    renderScene(<GroupsPanel root={adminRoot} owner="school" viewer="admin" />);
    expect(await screen.findByText(/only its members are then due for it at this school;/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New group'), 'Office');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(api.callsTo('POST', `${adminRoot}/groups`)).toHaveLength(1));
    expect(api.calls.filter((call) => call.path.startsWith('/api/schools/'))).toEqual([]);
  });
});
