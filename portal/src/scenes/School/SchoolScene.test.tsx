import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvitedPersonDto, MySchoolDto, SchoolDeadlinesDto, SchoolMembersDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { inviteSchema } from '@atrium/common/schemas/schools';
import { parseEmails } from './SchoolInvites.tsx';
import { SchoolScene } from './SchoolScene.tsx';
import { TrainingStatusList } from '../../components/school/TrainingStatusList.tsx';

const school = { id: 4, name: "St Mary's Primary", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z' };
const courses = [{ courseId: 11, title: 'Safeguarding Basics' }];
const managerSchool: MySchoolDto = {
  school,
  role: 'manager',
  courses,
  domains: [{ domain: 'stmarys.sch.uk', verifiedAt: '2026-01-02T00:00:00.000Z', proof: 'dns', txtRecord: null, googleWorkspaceDomain: null }],
  can: { manage: true, buyForSchool: true },
  api: '/api/schools/4',
};
const progress = (completed: number) => ({
  courseId: 11,
  completedModules: completed,
  totalModules: 4,
  progressPercentage: completed * 25,
  completedAt: null,
  certificateNumber: null,
});
const members: SchoolMembersDto = {
  school,
  courses,
  members: [
    {
      userId: learner.id,
      name: 'Priya Shah',
      email: learner.email,
      role: 'manager',
      joinedAt: '2026-01-01T00:00:00.000Z',
      progress: [progress(4)],
      can: { promote: false, remove: true },
    },
    {
      userId: 21,
      name: 'Tom Reed',
      email: 'tom@stmarys.sch.uk',
      role: 'member',
      joinedAt: '2026-01-03T00:00:00.000Z',
      progress: [progress(1)],
      can: { promote: true, remove: true },
    },
  ],
};
const base = { 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) };
const manager = (extra = {}) =>
  mockApi({
    ...base,
    'GET /api/schools/mine': ok(managerSchool),
    'GET /api/schools/4/members': ok(members),
    'GET /api/schools/4/invites': ok([]),
    'GET /api/schools/4/invited': ok([]),
    ...extra,
  });
const renderSchool = () => renderScene(<SchoolScene />, { route: '/school', path: '/school' });

/** The catalogue read beside the page, as the checkout does: creating a school refreshes it too. */
function CatalogueReader() {
  useQuery({ queryKey: ['/api/courses'] });
  return null;
}

afterEach(() => vi.unstubAllGlobals());

describe('parsers', () => {
  it('reads optional limits with the schema the server validates with', () => {
    expect(inviteSchema.parse({})).toEqual({});
    expect(inviteSchema.parse({ expiresInDays: '30' })).toEqual({ expiresInDays: 30 });
    expect(inviteSchema.safeParse({ expiresInDays: '0' }).error?.issues[0]?.message).toBe('Days must be a whole number from 1 to 365');
    expect(inviteSchema.safeParse({ expiresInDays: '2.5' }).success).toBe(false);
    expect(inviteSchema.safeParse({ maxUses: 'lots' }).error?.issues[0]?.message).toBe('Uses must be a whole number from 1 to 10,000');
  });
  it('splits pasted addresses and finds bad ones', () => {
    expect(parseEmails('a@x.org, b@x.org\nA@x.org; nope')).toEqual({ emails: ['a@x.org', 'b@x.org'], invalid: ['nope'] });
  });
});

describe('SchoolScene for a manager', () => {
  it('lists the members with their progress on each licensed course', async () => {
    manager();
    renderSchool();
    expect(await screen.findByRole('heading', { level: 1, name: "St Mary's Primary" })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Safeguarding Basics' })).toBeInTheDocument();
    const tom = within(table).getByRole('row', { name: /Tom Reed/ });
    expect(within(tom).getByText('1/4 modules · 25%')).toBeInTheDocument();
    expect(within(tom).getByText('tom@stmarys.sch.uk')).toBeInTheDocument();
    expect(within(tom).getByRole('progressbar', { name: 'Tom Reed: Safeguarding Basics' })).toBeInTheDocument();
    const me = within(table).getByRole('row', { name: /Priya Shah/ });
    expect(within(me).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByText('@stmarys.sch.uk')).toBeInTheDocument();
  });

  it('creates an invite link and shows it once, with Copy', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const url = 'https://atrium.test/join?token=AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-ab';
    const created = { id: 9, createdAt: '2026-02-01T00:00:00.000Z', expiresAt: null, maxUses: 10, uses: 0, revokedAt: null, active: true };
    let listed: unknown[] = [];
    const api = manager({
      'POST /api/schools/4/invites': () => {
        listed = [created];
        return { status: 201, body: { ...created, url } };
      },
      'GET /api/schools/4/invites': () => ok(listed),
    });
    renderSchool();
    fireEvent.change(await screen.findByLabelText('Maximum uses (optional)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create invite link' }));
    expect((await screen.findAllByText(url)).length).toBeGreaterThan(0);
    expect(screen.getByText(/This link is shown only once/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/schools/4/invites')[0]?.body).toEqual({ maxUses: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect((await screen.findAllByText('Link copied', {})).length).toBeGreaterThan(0);
    // The list shows the new link without its token.
    expect((await screen.findAllByText(/used 0 of 10/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(url)).toHaveLength(1);
  });

  it('removes a member only after confirming', async () => {
    let list = members;
    const api = manager({
      'GET /api/schools/4/members': () => ok(list),
      'DELETE /api/schools/4/members/21': () => {
        list = { ...members, members: [members.members[0]!] };
        return ok({ message: 'Removed from the school', removed: true });
      },
    });
    renderSchool();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Tom Reed' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remove Tom Reed from the school?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/schools/4/members/21')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Tom Reed' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));
    expect((await screen.findAllByText('Member removed')).length).toBeGreaterThan(0);
    expect(api.callsTo('DELETE', '/api/schools/4/members/21')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Tom Reed/ })).not.toBeInTheDocument());
  });

  it('says a refused removal inside the dialog, which stays open for another try', async () => {
    let attempts = 0;
    const api = manager({
      'DELETE /api/schools/4/members/21': () =>
        ++attempts === 1 ? fail(403, 'Only the managers of this school can do that.') : ok({ message: 'Removed from the school', removed: true }),
    });
    renderSchool();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Tom Reed' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only the managers of this school can do that.');

    // Closed and asked again: the earlier refusal is not said again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Tom Reed' }));
    const again = await screen.findByRole('alertdialog');
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(within(again).getByRole('button', { name: 'Remove member' }));
    expect((await screen.findAllByText('Member removed')).length).toBeGreaterThan(0);
    expect(api.callsTo('DELETE', '/api/schools/4/members/21')).toHaveLength(2);
  });

  it('offers to promote or remove a member only as far as the server says the manager may', async () => {
    const locked = { ...members.members[1]!, userId: 22, name: 'Ada Locke', can: { promote: false, remove: false } };
    manager({ 'GET /api/schools/4/members': ok({ ...members, members: [...members.members, locked] }) });
    renderSchool();
    expect(await screen.findByRole('button', { name: 'Make manager: Tom Reed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make manager: Ada Locke' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ada Locke' })).not.toBeInTheDocument();
  });

  it('promotes a member after confirming', async () => {
    const api = manager({ 'POST /api/schools/4/managers': ok({ message: 'Promoted to manager' }) });
    renderSchool();
    fireEvent.click(await screen.findByRole('button', { name: 'Make manager: Tom Reed' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make manager' }));
    expect((await screen.findAllByText('Manager added')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/schools/4/managers')[0]?.body).toEqual({ userId: 21 });
  });

  it('sends e-mail invitations and refuses public domains before calling the server', async () => {
    const api = manager({ 'POST /api/schools/4/invites/email': ok({ message: 'Invitation sent to 2 people', sent: 2 }) });
    renderSchool();
    fireEvent.change(await screen.findByLabelText('E-mail addresses'), { target: { value: 'a@stmarys.sch.uk\nb@stmarys.sch.uk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect((await screen.findAllByText('Invitation sent to 2 people')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/schools/4/invites/email')[0]?.body).toEqual({ emails: ['a@stmarys.sch.uk', 'b@stmarys.sch.uk'] });

    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'gmail.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect((await screen.findAllByText(/gmail.com is a public e-mail service/)).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/schools/4/domains')).toHaveLength(0);
  });

  it('sets the Google Workspace of a proven domain, checking it is a domain first, and clears it when left blank', async () => {
    const path = '/api/schools/4/domains/stmarys.sch.uk/google-workspace';
    const api = manager({
      [`PUT ${path}`]: ({ body }: { body: unknown }) => ok({ ...managerSchool.domains[0], googleWorkspaceDomain: (body as { hd: string | null }).hd }),
    });
    renderSchool();
    const field = await screen.findByLabelText('Google Workspace (optional)');
    expect(screen.getByText(/Only Google accounts managed by your school's Workspace can sign in with addresses at this domain/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Google Workspace for stmarys.sch.uk' });
    fireEvent.change(field, { target: { value: 'not a domain' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a domain such as stmarys.sch.uk, or leave it blank')).toBeInTheDocument();
    expect(api.callsTo('PUT', path)).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' StMarys-Trust.org ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Google Workspace saved')).length).toBeGreaterThan(0);
    expect(api.callsTo('PUT', path)[0]?.body).toEqual({ hd: 'stmarys-trust.org' });

    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Google Workspace removed')).length).toBeGreaterThan(0);
    expect(api.callsTo('PUT', path)[1]?.body).toEqual({ hd: null });
  });
});

describe('invited staff (issue 34, item 8)', () => {
  const ann: InvitedPersonDto = {
    inviteId: 31,
    name: 'Ann Brown',
    email: 'ann@stmarys.sch.uk',
    sentAt: '2026-02-03T09:00:00.000Z',
    expiresAt: '2026-03-05T09:00:00.000Z',
    status: 'pending',
  };
  const bo: InvitedPersonDto = { ...ann, inviteId: 32, name: null, email: 'bo@stmarys.sch.uk', status: 'expired' };

  it('lists who was invited and has not joined, with name, address, date sent and status, and resends', async () => {
    const api = manager({
      'GET /api/schools/4/invited': ok([ann, bo]),
      'POST /api/schools/4/invites/31/resend': ok({ message: 'Invitation sent again to ann@stmarys.sch.uk' }),
    });
    renderSchool();
    const section = await screen.findByRole('region', { name: 'Invited, not joined yet (2)' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ann Brownann@stmarys.sch.ukInvitedSent 3 Feb 2026');
    expect(rows[1]).toHaveTextContent('bo@stmarys.sch.ukLink expiredSent 3 Feb 2026');
    // Members stay members: the invited are not rows of the progress table.
    expect(within(await screen.findByRole('table')).queryByText('ann@stmarys.sch.uk')).not.toBeInTheDocument();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Resend the invitation to Ann Brown' }));
    expect((await screen.findAllByText('Invitation sent again')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/schools/4/invites/31/resend')).toHaveLength(1);
  });

  it('withdraws an invitation only after confirming, and the list follows', async () => {
    let listed = [ann, bo];
    const api = manager({
      'GET /api/schools/4/invited': () => ok(listed),
      'DELETE /api/schools/4/invites/32': () => {
        listed = [ann];
        return ok({ message: 'Invitation withdrawn' });
      },
    });
    renderSchool();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation to bo@stmarys.sch.uk' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Withdraw the invitation to bo@stmarys.sch.uk?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/schools/4/invites/32')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to bo@stmarys.sch.uk' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw invitation' }));
    expect((await screen.findAllByText('Invitation withdrawn')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('region', { name: 'Invited, not joined yet (1)' })).toBeInTheDocument();
    expect(screen.queryByText('bo@stmarys.sch.uk')).not.toBeInTheDocument();
  });

  it('says a refused withdrawal inside its dialog, and forgets it when the dialog opens again', async () => {
    manager({
      'GET /api/schools/4/invited': () => ok([ann, bo]),
      'DELETE /api/schools/4/invites/32': () => fail(503, 'The service is temporarily unavailable. Please try again shortly.'),
    });
    renderSchool();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation to bo@stmarys.sch.uk' }));
    let dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again shortly.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to bo@stmarys.sch.uk' }));
    dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the last invitation was withdrawn, though the list it sat in has gone', async () => {
    let listed = [bo];
    manager({
      'GET /api/schools/4/invited': () => ok(listed),
      'DELETE /api/schools/4/invites/32': () => {
        listed = [];
        return ok({ message: 'Invitation withdrawn' });
      },
      // The rest of the school's page answers after the invited list, as on a real connection.
      'GET /api/schools/4/members': async () => {
        if (listed.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
        return ok(members);
      },
    });
    renderSchool();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation to bo@stmarys.sch.uk' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw invitation' }));
    expect(await screen.findByText('The link sent to bo@stmarys.sch.uk no longer works.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Invited, not joined yet/ })).not.toBeInTheDocument();
  });

  it('counts the invited in the status list and lists them from there', async () => {
    const deadlines: SchoolDeadlinesDto = {
      trustName: null,
      courses: [],
      counts: { not_started: 1, in_progress: 0, due_soon: 0, overdue: 0, completed: 1, renewal_due: 0 },
      invited: 2,
    };
    mockApi({ ...base, 'GET /api/schools/4/invited': ok([ann, bo]), 'GET /api/schools/4/training-status': ok([]) });
    renderScene(<TrainingStatusList root="/api/schools/4" managedSchoolId={4} deadlines={deadlines} />, { route: '/school', path: '/school' });
    const invitedButton = await screen.findByRole('button', { name: 'Invited 2' });
    expect(invitedButton).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(invitedButton);
    expect(invitedButton).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Ann Brown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend the invitation to Ann Brown' })).toBeInTheDocument();
  });
});

describe('SchoolScene for others', () => {
  it('explains to a member that managers manage, without asking for the member list', async () => {
    const api = mockApi({
      ...base,
      'GET /api/schools/mine': ok({ school, role: 'member', courses, domains: [], can: { manage: false, buyForSchool: false }, api: null }),
    });
    renderSchool();
    expect(await screen.findByRole('heading', { name: 'Managing the school' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Safeguarding Basics' })).toHaveAttribute('href', '/courses/11');
    expect(api.calls.some((c) => c.path.includes('/members'))).toBe(false);
  });

  it('lets someone without a school create one', async () => {
    let mine: MySchoolDto = { school: null, role: null, courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null };
    const api = mockApi({
      ...base,
      'GET /api/schools/mine': () => ok(mine),
      'POST /api/schools': () => {
        mine = {
          school: { ...school, name: 'Hill School' },
          role: 'manager',
          courses: [],
          domains: [],
          can: { manage: true, buyForSchool: true },
          api: '/api/schools/4',
        };
        return { status: 201, body: mine.school };
      },
      'GET /api/schools/4/members': ok({ ...members, members: [] }),
      'GET /api/schools/4/invites': ok([]),
      // The catalogue answers after the school, whose page has by then replaced the form.
      'GET /api/courses': async () => {
        if (mine.school) await new Promise((resolve) => setTimeout(resolve, 50));
        return ok([]);
      },
    });
    renderScene(
      <>
        <SchoolScene />
        <CatalogueReader />
      </>,
      { route: '/school', path: '/school' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create school' }));
    expect((await screen.findAllByText('Please enter the school or organisation name')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText(/School or organisation name/), { target: { value: 'Hill School' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create school' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hill School' })).toBeInTheDocument();
    expect(await screen.findByText('You manage Hill School.')).toBeInTheDocument();
    // The country starts as the browser's (jsdom: en-US); it is asked for, never assumed to be the UK.
    expect(api.callsTo('POST', '/api/schools')[0]?.body).toEqual({ name: 'Hill School', country: 'US' });
  });

  it('shows a failed load with a retry', async () => {
    mockApi({ ...base, 'GET /api/schools/mine': fail(500, 'Database unavailable') });
    renderSchool();
    expect((await screen.findAllByText('Database unavailable')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
