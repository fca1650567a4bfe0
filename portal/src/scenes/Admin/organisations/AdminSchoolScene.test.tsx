import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminSchoolDetailDto, AdminSchoolLicenceDto, CourseSummaryDto } from '@atrium/common';
import { admin, fail, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { AdminSchoolScene } from './AdminSchoolScene.tsx';
import { SchoolsPanel } from './SchoolsPanel.tsx';

const courseOf = (id: number, title: string): CourseSummaryDto => ({
  id,
  title,
  description: '',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 2,
  totalDuration: 0,
});
const courses = [courseOf(1, 'Smartphone Photography'), courseOf(2, 'Creating Videos'), courseOf(3, 'School Podcast')];
const licence = (courseId: number, revokedAt: string | null = null): AdminSchoolLicenceDto => ({
  courseId,
  title: courses[courseId - 1]!.title,
  source: 'payment',
  createdAt: '2026-01-10T10:00:00.000Z',
  revokedAt,
});
const school: AdminSchoolDetailDto = {
  id: 4,
  name: "St Mary's Primary",
  country: 'GB',
  createdAt: '2026-01-01T00:00:00.000Z',
  memberCount: 2,
  licenceCount: 1,
  invitesApprovedAt: null,
  members: [
    { userId: 7, name: 'Helen Head', email: 'head@stmarys.sch.uk', role: 'manager', joinedAt: '2026-01-01T00:00:00.000Z' },
    { userId: 8, name: 'Tom Teacher', email: 'tom@stmarys.sch.uk', role: 'member', joinedAt: '2026-01-02T00:00:00.000Z' },
  ],
  licences: [licence(1), licence(2, '2026-02-01T00:00:00.000Z')],
  domains: [{ domain: 'stmarys.sch.uk', verifiedAt: '2026-01-01T00:00:00.000Z', proof: 'dns', txtRecord: null, googleWorkspaceDomain: null }],
  api: '/api/admin/schools/4',
};

const setup = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /api/user': ok(admin),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses': ok(courses),
    'GET /api/admin/schools/4': ok(school),
    ...extra,
  });
const renderSchool = (id = '4') => renderScene(<AdminSchoolScene />, { route: `/admin/schools/${id}`, path: '/admin/schools/:schoolId' });

describe('AdminSchoolScene', () => {
  it('has a Groups panel on the admin’s routes for the school', async () => {
    const api = setup({
      'GET /api/admin/schools/4/deadlines': ok({ trustName: null, courses: [], counts: {}, invited: 0 }),
      'GET /api/admin/schools/4/groups': ok({
        groups: [{ id: 5, name: 'Office', owner: 'school', editable: true, members: [], courses: [] }],
        courses: [{ id: 1, title: 'Smartphone Photography' }],
      }),
    });
    renderSchool();
    const panel = await screen.findByRole('region', { name: 'Groups' });
    const office = await within(panel).findByRole('listitem', { name: 'Office' });
    expect(within(office).getByRole('heading', { level: 3, name: 'Office' })).toBeInTheDocument();
    expect(within(office).getByRole('combobox', { name: 'Give a course' })).toBeInTheDocument();
    expect(within(panel).getByText(/due for it at this school;/)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/schools/'))).toEqual([]);
  });

  it('shows the school, its members with their e-mails and roles, and its licences', async () => {
    setup();
    renderSchool();
    expect(await screen.findByRole('heading', { level: 1, name: "St Mary's Primary" })).toBeInTheDocument();
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getByRole('link', { name: 'Helen Head' })).toHaveAttribute('href', '/admin/students/7');
    expect(within(members).getByText(/tom@stmarys.sch.uk/)).toBeInTheDocument();
    expect(within(members).getByText('Manager')).toBeInTheDocument();
    const licences = screen.getByRole('list', { name: 'Licensed courses' });
    expect(within(licences).getByText('In force')).toBeInTheDocument();
    expect(within(licences).getByText('Revoked')).toBeInTheDocument();
    // Only a course never licensed can be granted; a revoked one is restored instead.
    const select = screen.getByRole('combobox', { name: 'Grant a licence' });
    await within(select).findByRole('option', { name: 'School Podcast' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a course', 'School Podcast']);
  });

  it('grants, revokes after confirmation, and restores a licence', async () => {
    // The server keeps what each change made: the page reads the school again after a change.
    let current = school;
    const change = (next: typeof school) => () => ok((current = next));
    const granted = { ...school, licences: [...school.licences, licence(3)], licenceCount: 2 };
    const revoked = { ...granted, licences: [licence(1, '2026-03-01T00:00:00.000Z'), ...granted.licences.slice(1)], licenceCount: 1 };
    const api = setup({
      'GET /api/admin/schools/4': () => ok(current),
      'POST /api/admin/schools/4/licences': change(granted),
      'POST /api/admin/schools/4/licences/1/revoke': change(revoked),
      'POST /api/admin/schools/4/licences/2/restore': change({ ...revoked, licences: [revoked.licences[0]!, licence(2), licence(3)], licenceCount: 2 }),
    });
    renderSchool();
    await screen.findByRole('option', { name: 'School Podcast' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Grant a licence' }), 'School Podcast');
    await userEvent.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Licence granted')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/schools/4/licences')[0]?.body).toEqual({ courseId: 3 });
    expect(await screen.findByRole('button', { name: 'Revoke the licence for School Podcast' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke the licence for Smartphone Photography' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/progress and certificates are kept/);
    expect(api.callsTo('POST', '/api/admin/schools/4/licences/1/revoke')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Licence revoked')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/schools/4/licences/1/revoke')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Restore the licence for Creating Videos' }));
    expect(await screen.findByText('Licence restored')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/schools/4/licences/2/restore')).toHaveLength(1);
  });

  it('says when the school does not exist', async () => {
    setup({ 'GET /api/admin/schools/99': fail(404, 'School not found') });
    renderSchool('99');
    expect(await screen.findByRole('heading', { name: 'School Not Found' })).toBeInTheDocument();
  });

  it('shows the server message when a licence change is refused', async () => {
    setup({ 'POST /api/admin/schools/4/licences/2/restore': fail(409, 'This course is no longer available') });
    renderSchool();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore the licence for Creating Videos' }));
    expect(await screen.findByText('The licence could not be changed')).toBeInTheDocument();
    expect(screen.getAllByText(/no longer available/).length).toBeGreaterThan(0);
  });
});

describe('SchoolsPanel', () => {
  it('lists schools with their counts and links', async () => {
    const api = mockApi({
      'GET /api/user': ok(admin),
      'GET /api/admin/schools': ok([
        { id: 4, name: "St Mary's Primary", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z', memberCount: 12, licenceCount: 1 },
      ]),
    });
    renderScene(<SchoolsPanel />);
    const link = await screen.findByRole('link', { name: /St Mary's Primary/ });
    expect(link).toHaveAttribute('href', '/admin/schools/4');
    expect(link).toHaveTextContent('12 members · 1 licence');
    expect(api.callsTo('GET', '/api/admin/schools').length).toBeGreaterThan(0);
  });

  it('shows an empty state', async () => {
    mockApi({ 'GET /api/user': ok(admin), 'GET /api/admin/schools': ok([]) });
    renderScene(<SchoolsPanel />);
    expect(await screen.findByText(/No schools yet/)).toBeInTheDocument();
  });
});
