import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseInsightsDto, TrustDeadlinesDto, TrustOverviewDto, TrustStatusRowDto, WeeklyInsightsDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { TrustScene } from './TrustScene.tsx';

const zero = { not_started: 0, in_progress: 0, due_soon: 0, overdue: 0, completed: 0, renewal_due: 0 };
const overview: TrustOverviewDto = {
  trust: { id: 3, name: 'Greenway Trust' },
  schools: [
    { schoolId: 4, name: 'Elm Academy', members: 2, counts: { ...zero, not_started: 1, in_progress: 1 } },
    { schoolId: 5, name: 'Oak Primary', members: 3, counts: { ...zero, not_started: 1, in_progress: 1, completed: 1 } },
  ],
  totals: { ...zero, not_started: 2, in_progress: 2, completed: 1 },
  courses: [
    { id: 11, title: 'Safeguarding Basics', schoolIds: [4, 5] },
    { id: 12, title: 'Online Safety', schoolIds: [4] },
  ],
};
const row = (over: Partial<TrustStatusRowDto>): TrustStatusRowDto => ({
  schoolId: 4,
  schoolName: 'Elm Academy',
  userId: 21,
  name: 'Cal Cole',
  email: 'cal@elm.sch.uk',
  courseId: 11,
  courseTitle: 'Safeguarding Basics',
  status: 'in_progress',
  dueOn: null,
  completedAt: null,
  certificateNumber: null,
  expiresOn: null,
  watching: { playedSeconds: 0, durationSeconds: 600, completedWithoutPlaying: 0 },
  ...over,
});
const weekly: WeeklyInsightsDto = {
  range: { from: '2026-01-05', to: '2026-01-18' },
  weeks: [
    { week: '2026-01-05', enrollments: 4, completions: 1, certificates: 1 },
    { week: '2026-01-12', enrollments: 2, completions: 3, certificates: 3 },
  ],
};
const funnelOf = (id: number, title: string): CourseInsightsDto => ({
  range: weekly.range,
  course: { id, title },
  funnel: { steps: 2, enrolled: 9, started: 8, halfWay: 2, completed: 1, certified: 1 },
  steps: [
    { kind: 'video', id: 1, title: 'Why it matters', completed: 2, rate: 2 / 9 },
    { kind: 'video', id: 2, title: 'What to do', completed: 1, rate: 1 / 9 },
  ],
});
const base = { 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) };
const trustDeadlines = (over: Partial<TrustDeadlinesDto['courses'][number]> = {}): TrustDeadlinesDto => ({
  courses: [
    { courseId: 11, title: 'Safeguarding Basics', completeBy: null, newStaffDays: null, validityMonths: null, schools: 2, schoolsOverridden: 0, ...over },
  ],
});

function trustManager() {
  // The trust's deadlines as the server holds them: a save changes what the next read answers.
  let deadlines = trustDeadlines();
  return mockApi({
    ...base,
    'GET /api/trusts/mine': ok({ trust: { id: 3, name: 'Greenway Trust', courseIds: [], api: '/api/trusts/3' } }),
    'GET /api/trusts/3/overview': ok(overview),
    'GET /api/trusts/3/statuses': ({ url }) => ({
      status: 200,
      body: [row({ movedAt: '2026-02-09T10:00:00.000Z' }), row({ userId: 22, name: 'Bea Bold', schoolId: 5, schoolName: 'Oak Primary', status: 'completed' })],
      url,
    }),
    'GET /api/trusts/3/deadlines': () => ok(deadlines),
    'POST /api/trusts/3/members/22/move': ({ body }) =>
      ok({ userId: 22, fromSchoolId: 5, toSchoolId: (body as { schoolId: number }).schoolId, movedAt: '2026-03-02T10:00:00.000Z' }),
    'PUT /api/trusts/3/deadlines/11': ({ body }) => ok((deadlines = trustDeadlines({ ...(body as object), schoolsOverridden: 1 }))),
    'GET /api/trusts/3/insights/weekly': ok(weekly),
    'GET /api/trusts/3/insights/courses/11': ok(funnelOf(11, 'Safeguarding Basics')),
    'GET /api/trusts/3/insights/courses/12': ok(funnelOf(12, 'Online Safety')),
    'GET /api/trusts/3/managers': ok({
      managers: [{ userId: 9, name: 'Tess Trust', email: 'tess@greenway.org.uk', joinedAt: '2026-01-01T00:00:00.000Z' }],
      invitations: [],
    }),
  });
}

describe('/trust for a trust manager', () => {
  it('sets a course deadline for every school of the trust, and says where a school had a later one', async () => {
    const api = trustManager();
    renderScene(<TrustScene />, { route: '/trust', path: '/trust' });
    const section = await screen.findByRole('region', { name: 'Deadlines for every school' });
    expect(await within(section).findByText(/2 schools have this course\./)).toBeInTheDocument();
    const form = within(section).getByRole('form', { name: 'Deadline for Safeguarding Basics' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Set a date, a number of days for new staff, or both')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Complete by'), '2099-03-31');
    await userEvent.type(within(form).getByLabelText(/New staff: days from joining/), '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/trusts/3/deadlines/11')).toEqual([expect.objectContaining({ body: { completeBy: '2099-03-31', newStaffDays: 30 } })]),
    );
    expect(
      await within(section).findByText(/2 schools have this course; 1 set a later date than 31 March 2099 before this one, and the trust's applies there\./),
    ).toBeInTheDocument();
    expect(within(section).getByText(/Complete by 31 March 2099 · new staff: 30 days from joining/)).toBeInTheDocument();
  });

  it("shows every school's counts in a table, the totals and the staff list", async () => {
    trustManager();
    renderScene(<TrustScene />, { route: '/trust', path: '/trust' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Greenway Trust' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    // Header, two schools, the trust's total.
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('Oak Primary');
    expect(rows[2]!.textContent).toContain('33%');
    expect(within(rows[3]!).getByRole('rowheader')).toHaveTextContent('All schools');
    const staff = await screen.findByRole('list', { name: 'Staff and courses' });
    expect(within(staff).getAllByRole('listitem')).toHaveLength(2);
    expect(staff).toHaveTextContent('Elm Academy (moved here 9 February) · cal@elm.sch.uk');
    expect(await screen.findByText('tess@greenway.org.uk')).toBeInTheDocument();
  });

  it('moves a member to another of the trust’s schools, choosing among the others only', async () => {
    const api = trustManager();
    renderScene(<TrustScene />, { route: '/trust', path: '/trust' });
    await userEvent.click(await screen.findByRole('button', { name: 'Move to another school: Bea Bold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Bea Bold to another school' });
    expect(dialog).toHaveTextContent('Bea Bold is on the staff of Oak Primary. They keep their progress, certificates and history');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Choose the school they are moving to.')).toBeInTheDocument();
    const select = within(dialog).getByLabelText('New school');
    // Oak is where she is: only Elm is offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a school…', 'Elm Academy']);
    await userEvent.selectOptions(select, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/trusts/3/members/22/move')).toEqual([expect.objectContaining({ body: { schoolId: 4 } })]));
    expect(await screen.findByText('Now on the staff of Elm Academy, with their progress and certificates.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('charts the trust’s completions and a course’s funnel, narrowed to one school on request', async () => {
    const api = trustManager();
    renderScene(<TrustScene />, { route: '/trust', path: '/trust' });
    // A chunk of its own: it may take a moment longer than the rest of the page.
    const panel = (await screen.findByRole('heading', { name: 'Insights' })).closest('section')!;
    // The first licensed course is followed until another is chosen.
    expect(await within(panel).findByText(/Safeguarding Basics: enrolled 9/)).toBeInTheDocument();
    const asked = () => api.fetchMock.mock.calls.map(([input]) => String(input));
    // The weekly chart follows the same course as the funnel (the picker offers no "all courses").
    expect(asked()).toContainEqual(expect.stringContaining('/api/trusts/3/insights/weekly?courseId=11'));
    const school = within(panel).getByLabelText('School');
    expect(within(school).getByRole('option', { name: 'All schools' })).toBeInTheDocument();
    fireEvent.change(school, { target: { value: '4' } });
    await waitFor(() => expect(asked()).toContainEqual(expect.stringContaining('/api/trusts/3/insights/weekly?courseId=11&schoolId=4')));
    expect(asked()).toContainEqual(expect.stringContaining('/api/trusts/3/insights/courses/11?schoolId=4'));
    fireEvent.change(within(panel).getByLabelText('Course'), { target: { value: '12' } });
    expect(await within(panel).findByText(/Online Safety: enrolled 9/)).toBeInTheDocument();
    expect(asked()).toContainEqual(expect.stringContaining('/api/trusts/3/insights/courses/12?schoolId=4'));
    expect(asked()).toContainEqual(expect.stringContaining('/api/trusts/3/insights/weekly?courseId=12&schoolId=4'));
    // Oak Primary holds no licence for Online Safety: it is offered its own course, and the funnel follows that.
    fireEvent.change(school, { target: { value: '5' } });
    await waitFor(() => expect(asked()).toContainEqual(expect.stringContaining('/api/trusts/3/insights/courses/11?schoolId=5')));
    expect(within(within(panel).getByLabelText('Course')).queryByRole('option', { name: 'Online Safety' })).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Course')).toHaveValue('11');
    expect(asked()).not.toContainEqual(expect.stringContaining('/api/trusts/3/insights/courses/12?schoolId=5'));
  });

  it('filters by school (from the table or the picker), course and status, asking the server each time', async () => {
    const api = trustManager();
    renderScene(<TrustScene />, { route: '/trust', path: '/trust' });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Oak Primary' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/trusts/3/statuses')).toBe(true));
    const lastStatusUrl = () => {
      const calls = api.fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/statuses'));
      return calls[calls.length - 1]!;
    };
    await waitFor(() => expect(lastStatusUrl()).toContain('schoolId=5'));
    expect(screen.getByRole('button', { name: 'Oak Primary' })).toHaveAttribute('aria-pressed', 'true');
    const filters = screen.getByRole('heading', { name: 'Filters' }).closest('section')!;
    fireEvent.change(within(filters).getByLabelText('Course'), { target: { value: '12' } });
    await waitFor(() => expect(lastStatusUrl()).toContain('courseId=12'));
    // The counts are read again for that course.
    await waitFor(() => expect(api.fetchMock.mock.calls.some(([input]) => String(input).includes('/overview?courseId=12'))).toBe(true));
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'overdue' } });
    await waitFor(() => expect(lastStatusUrl()).toMatch(/schoolId=5&courseId=12&status=overdue/));
  });

  it('reads the counts again for a chosen group, as the list is', async () => {
    const api = mockApi({
      ...base,
      'GET /api/trusts/mine': ok({ trust: { id: 3, name: 'Greenway Trust', courseIds: [], api: '/api/trusts/3' } }),
      'GET /api/trusts/3/overview': ok(overview),
      'GET /api/trusts/3/statuses': ok([row({})]),
      'GET /api/trusts/3/deadlines': ok(trustDeadlines()),
      'GET /api/trusts/3/insights/weekly': ok(weekly),
      'GET /api/trusts/3/insights/courses/11': ok(funnelOf(11, 'Safeguarding Basics')),
      'GET /api/trusts/3/managers': ok({ managers: [], invitations: [] }),
      'GET /api/trusts/3/groups': ok({
        groups: [{ id: 8, name: 'Safeguarding leads', owner: 'trust', editable: true, members: [], courses: [] }],
        courses: [],
      }),
    });
    renderScene(<TrustScene />, { route: '/trust', path: '/trust' });
    await screen.findByRole('table');
    const filters = screen.getByRole('heading', { name: 'Filters' }).closest('section')!;
    const group = await within(filters).findByLabelText('Group');
    fireEvent.change(group, { target: { value: '8' } });
    const calls = () => api.fetchMock.mock.calls.map(([input]) => String(input));
    await waitFor(() => expect(calls().some((url) => url.includes('/overview?groupId=8'))).toBe(true));
    await waitFor(() => expect(calls().some((url) => url.includes('/statuses') && url.includes('groupId=8'))).toBe(true));
  });

  it('downloads the trust register', async () => {
    const api = mockApi({
      ...base,
      'GET /api/trusts/mine': ok({ trust: { id: 3, name: 'Greenway Trust', courseIds: [], api: '/api/trusts/3' } }),
      'GET /api/trusts/3/overview': ok(overview),
      'GET /api/trusts/3/statuses': ok([]),
      'GET /api/trusts/3/managers': ok({ managers: [], invitations: [] }),
      'GET /api/trusts/3/register.xlsx': ok({}),
    });
    URL.createObjectURL = () => 'blob:register';
    URL.revokeObjectURL = () => undefined;
    renderScene(<TrustScene />, { route: '/trust', path: '/trust' });
    await userEvent.click(await screen.findByRole('button', { name: /Trust training register/ }));
    await waitFor(() => expect(api.callsTo('GET', '/api/trusts/3/register.xlsx')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: /Trust training register/ })).toBeEnabled();
    // Buying for the trust starts from a course: its checkout offers every school of the trust.
    expect(screen.getByRole('link', { name: /Buy a course for every school/ })).toHaveAttribute('href', '/');
  });

  it('tells someone who manages no trust what the page is for', async () => {
    mockApi({ ...base, 'GET /api/trusts/mine': ok({ trust: null }) });
    renderScene(<TrustScene />, { route: '/trust', path: '/trust' });
    expect(await screen.findByText('You do not manage a trust.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My school' })).toHaveAttribute('href', '/school');
  });
});

describe('/trust?invite=…', () => {
  it('shows the invitation and accepts it, then opens the trust', async () => {
    let used = false;
    const api = mockApi({
      ...base,
      'GET /api/trusts/invites/tok-123456789012345678901': () =>
        ok({ trustName: 'Greenway Trust', email: learner.email, problem: used ? 'This invitation has been used already.' : null }),
      'POST /api/trusts/invites/tok-123456789012345678901/accept': () => {
        used = true;
        return ok({ trust: { id: 3, name: 'Greenway Trust', courseIds: [], api: '/api/trusts/3' } });
      },
    });
    renderScene(<TrustScene />, { route: '/trust?invite=tok-123456789012345678901', path: '/trust' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Greenway Trust' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept and open Greenway Trust' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/trust$/));
    expect(api.callsTo('POST', '/api/trusts/invites/tok-123456789012345678901/accept')).toHaveLength(1);
    // The accepted invitation is not read again: it would have said "used" under the button first.
    expect(api.callsTo('GET', '/api/trusts/invites/tok-123456789012345678901')).toHaveLength(1);
  });

  it("shows the server's reason when the invitation cannot be accepted", async () => {
    mockApi({
      ...base,
      'GET /api/trusts/invites/tok-123456789012345678901': ok({ trustName: 'Greenway Trust', email: 'someone@else.test', problem: null }),
      'POST /api/trusts/invites/tok-123456789012345678901/accept': fail(
        403,
        'This invitation was sent to someone@else.test, and only that account can accept it.',
      ),
    });
    renderScene(<TrustScene />, { route: '/trust?invite=tok-123456789012345678901', path: '/trust' });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept and open Greenway Trust' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('only that account can accept it');
  });

  it('names the problem with a used or expired link and offers no button', async () => {
    mockApi({
      ...base,
      'GET /api/trusts/invites/tok-123456789012345678901': ok({
        trustName: 'Greenway Trust',
        email: learner.email,
        problem: 'This invitation has expired. Ask for a new one.',
      }),
    });
    renderScene(<TrustScene />, { route: '/trust?invite=tok-123456789012345678901', path: '/trust' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired. Ask for a new one.');
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });
});
