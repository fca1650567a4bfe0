import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminTrustDetailDto } from '@atrium/common';
import { admin, fail, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { TrustsPanel } from './TrustsPanel.tsx';

const greenway: AdminTrustDetailDto = {
  id: 3,
  name: 'Greenway Trust',
  createdAt: '2026-01-01T00:00:00.000Z',
  schoolCount: 1,
  schools: [{ id: 4, name: 'Oak Primary', country: 'GB', members: 12 }],
  managers: [],
  invitations: [],
  licences: [],
  api: '/api/admin/trusts/3',
};
const base = { 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig) };

describe('the admin’s Trusts panel', () => {
  it('creates a trust and opens it', async () => {
    const api = mockApi({
      ...base,
      'GET /api/admin/trusts': ok([]),
      'POST /api/admin/trusts': ok({ ...greenway, schoolCount: 0, schools: [] }),
      'GET /api/admin/trusts/3': ok({ ...greenway, schoolCount: 0, schools: [] }),
    });
    renderScene(<TrustsPanel />);
    expect(await screen.findByText('No trusts yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("New trust's name"), 'Greenway Trust');
    await userEvent.click(screen.getByRole('button', { name: 'Create trust' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/trusts')).toEqual([expect.objectContaining({ body: { name: 'Greenway Trust' } })]));
  });

  it('shows the name error from the server beside the field', async () => {
    mockApi({
      ...base,
      'GET /api/admin/trusts': ok([]),
      'POST /api/admin/trusts': {
        status: 400,
        body: { message: 'Invalid input', id: 'validation_failed', errors: { name: 'Please enter the name of the trust' } },
      },
    });
    renderScene(<TrustsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create trust' }));
    expect(await screen.findByText('Please enter the name of the trust')).toBeInTheDocument();
  });

  it("attaches a found school, and shows the server's reason when the school is in another trust", async () => {
    const api = mockApi({
      ...base,
      'GET /api/admin/trusts': ok([{ id: 3, name: 'Greenway Trust', createdAt: greenway.createdAt, schoolCount: 1 }]),
      'GET /api/admin/trusts/3': ok(greenway),
      'GET /api/admin/schools': ok([
        { id: 4, name: 'Oak Primary', country: 'GB', createdAt: greenway.createdAt, memberCount: 12, licenceCount: 1 },
        { id: 9, name: 'Oakwood High', country: 'GB', createdAt: greenway.createdAt, memberCount: 40, licenceCount: 2 },
      ]),
      'GET /api/admin/trusts/3/deadlines': ok({ courses: [] }),
      'GET /api/admin/trusts/3/groups': ok({ groups: [], courses: [] }),
      'POST /api/admin/trusts/3/schools': fail(
        409,
        'Oakwood High already belongs to the trust North Trust. A school is in one trust at a time: detach it there first.',
      ),
    });
    renderScene(<TrustsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: /Greenway Trust/ }));
    expect(await screen.findByRole('region', { name: 'Schools of Greenway Trust' })).toHaveTextContent('Oak Primary');
    await userEvent.type(screen.getByLabelText('Attach a school'), 'Oak');
    const candidates = await screen.findByRole('list', { name: 'Schools to attach' });
    // Schools already in the trust are not offered.
    expect(within(candidates).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(candidates).getByRole('button', { name: 'Attach Oakwood High' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already belongs to the trust North Trust');
    expect(api.callsTo('POST', '/api/admin/trusts/3/schools')[0]?.body).toEqual({ schoolId: 9 });
  });

  it("lists the trust's licences and revokes one after confirming, then restores it", async () => {
    const licence = { courseId: 11, title: 'Safeguarding Basics', source: 'payment' as const, createdAt: greenway.createdAt, revokedAt: null };
    // As the server holds it: a change is what the next read answers.
    let current: AdminTrustDetailDto = { ...greenway, licences: [licence] };
    const api = mockApi({
      ...base,
      'GET /api/admin/trusts': ok([{ id: 3, name: 'Greenway Trust', createdAt: greenway.createdAt, schoolCount: 1 }]),
      'GET /api/admin/trusts/3': () => ok(current),
      'GET /api/admin/trusts/3/deadlines': ok({ courses: [] }),
      'POST /api/admin/trusts/3/licences/11/revoke': () => ok((current = { ...greenway, licences: [{ ...licence, revokedAt: '2026-02-01T00:00:00.000Z' }] })),
      'POST /api/admin/trusts/3/licences/11/restore': () => ok((current = { ...greenway, licences: [licence] })),
    });
    renderScene(<TrustsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: /Greenway Trust/ }));
    const licences = await screen.findByRole('region', { name: 'Licences of Greenway Trust' });
    expect(licences).toHaveTextContent('Safeguarding Basics every school of the trust');
    await userEvent.click(within(licences).getByRole('button', { name: 'Revoke Safeguarding Basics' }));
    expect(api.callsTo('POST', '/api/admin/trusts/3/licences/11/revoke')).toHaveLength(0);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(await within(licences).findByRole('button', { name: 'Restore Safeguarding Basics' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/trusts/3/licences/11/revoke')).toHaveLength(1);
    await userEvent.click(within(licences).getByRole('button', { name: 'Restore Safeguarding Basics' }));
    expect(await within(licences).findByRole('button', { name: 'Revoke Safeguarding Basics' })).toBeInTheDocument();
  });

  it('grants the trust a course it has no licence for, and shows why when the server refuses', async () => {
    const courseOf = (id: number, title: string) => ({ id, title });
    const licence = {
      courseId: 11,
      title: 'Safeguarding Basics',
      source: 'payment' as const,
      createdAt: greenway.createdAt,
      revokedAt: '2026-02-01T00:00:00.000Z',
    };
    let current: AdminTrustDetailDto = { ...greenway, licences: [licence] };
    let refuse = true;
    const api = mockApi({
      ...base,
      'GET /api/courses': ok([courseOf(11, 'Safeguarding Basics'), courseOf(12, 'School Podcast'), courseOf(13, 'Creating Videos')]),
      'GET /api/admin/trusts': ok([{ id: 3, name: 'Greenway Trust', createdAt: greenway.createdAt, schoolCount: 1 }]),
      'GET /api/admin/trusts/3': () => ok(current),
      'GET /api/admin/trusts/3/deadlines': ok({ courses: [] }),
      'POST /api/admin/trusts/3/licences': ({ body }) => {
        if (refuse) return fail(409, 'The trust already has a licence for this course');
        const { courseId } = body as { courseId: number };
        return ok(
          (current = { ...current, licences: [...current.licences, { ...licence, courseId, title: 'School Podcast', source: 'grant', revokedAt: null }] }),
        );
      },
    });
    renderScene(<TrustsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: /Greenway Trust/ }));
    const licences = await screen.findByRole('region', { name: 'Licences of Greenway Trust' });
    const select = within(licences).getByRole('combobox', { name: 'Grant a licence' });
    await within(select).findByRole('option', { name: 'School Podcast' });
    // The revoked licence comes back with Restore, so it is not offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a course', 'School Podcast', 'Creating Videos']);

    await userEvent.click(within(licences).getByRole('button', { name: 'Grant' }));
    expect(within(licences).getByRole('alert')).toHaveTextContent('Choose a course to license.');
    expect(api.callsTo('POST', '/api/admin/trusts/3/licences')).toHaveLength(0);

    await userEvent.selectOptions(select, 'School Podcast');
    await userEvent.click(within(licences).getByRole('button', { name: 'Grant' }));
    expect(await within(licences).findByText('The trust already has a licence for this course')).toBeInTheDocument();
    expect(within(licences).getByRole('alert')).toHaveTextContent('The trust already has a licence for this course');

    refuse = false;
    await userEvent.click(within(licences).getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('School Podcast granted to the trust')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/trusts/3/licences').map((call) => call.body)).toEqual([{ courseId: 12 }, { courseId: 12 }]);
    expect(await within(licences).findByRole('button', { name: 'Revoke School Podcast' })).toBeInTheDocument();
    expect(within(licences).queryByRole('alert')).not.toBeInTheDocument();
    // Granted: no longer offered, and the choice is empty again.
    expect(within(select).queryByRole('option', { name: 'School Podcast' })).not.toBeInTheDocument();
    expect(select).toHaveValue('');
  });

  it('sets a deadline for every school of the trust through the admin’s routes', async () => {
    const course = { courseId: 11, title: 'Safeguarding Basics', completeBy: null, newStaffDays: null, validityMonths: null, schools: 1, schoolsOverridden: 0 };
    // As the server holds them: a save changes what the next read answers.
    let courses = [course];
    const api = mockApi({
      ...base,
      'GET /api/admin/trusts': ok([{ id: 3, name: 'Greenway Trust', createdAt: greenway.createdAt, schoolCount: 1 }]),
      'GET /api/admin/trusts/3': ok(greenway),
      'GET /api/admin/trusts/3/deadlines': () => ok({ courses }),
      'PUT /api/admin/trusts/3/deadlines/11': ({ body }) => ok({ courses: (courses = [{ ...course, ...(body as object) }]) }),
    });
    renderScene(<TrustsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: /Greenway Trust/ }));
    const section = await screen.findByRole('region', { name: 'Deadlines of Greenway Trust' });
    const form = await within(section).findByRole('form', { name: 'Deadline for Safeguarding Basics' });
    await userEvent.type(within(form).getByLabelText('Complete by'), '2099-03-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/admin/trusts/3/deadlines/11')).toEqual([
        expect.objectContaining({ body: { completeBy: '2099-03-31', newStaffDays: null } }),
      ]),
    );
    expect(await within(section).findByText(/Complete by 31 March 2099/)).toBeInTheDocument();
    // Never the trust managers' routes.
    expect(api.callsTo('PUT', '/api/trusts/3/deadlines/11')).toEqual([]);
  });

  it('shows and changes the trust’s groups through the admin’s routes', async () => {
    let groups = [
      {
        id: 8,
        name: 'Safeguarding leads',
        owner: 'trust' as const,
        editable: true,
        members: [{ userId: 21, name: 'Ann Able', email: 'ann@oak.sch.uk', schoolName: 'Oak Primary', joinedOn: '2026-03-01' }],
        courses: [],
      },
    ];
    const api = mockApi({
      ...base,
      'GET /api/admin/trusts': ok([{ id: 3, name: 'Greenway Trust', createdAt: greenway.createdAt, schoolCount: 1 }]),
      'GET /api/admin/trusts/3': ok(greenway),
      'GET /api/admin/trusts/3/deadlines': ok({ courses: [] }),
      'GET /api/admin/trusts/3/groups': () => ok({ groups, courses: [{ id: 11, title: 'Safeguarding Basics' }] }),
      'POST /api/admin/trusts/3/groups': ({ body }) => {
        const created = { ...groups[0]!, id: 9, name: (body as { name: string }).name, members: [] };
        groups = [...groups, created];
        return { status: 201, body: created };
      },
    });
    renderScene(<TrustsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: /Greenway Trust/ }));
    const section = await screen.findByRole('region', { name: 'Groups of Greenway Trust' });
    // Under the section's own heading: the groups are one level below it.
    const leads = await within(section).findByRole('listitem', { name: 'Safeguarding leads' });
    expect(within(leads).getByRole('heading', { level: 4, name: 'Safeguarding leads' })).toBeInTheDocument();
    // A trust's group spans its schools: each member's school is shown.
    expect(within(leads).getByText(/ann@oak\.sch\.uk · Oak Primary/)).toBeInTheDocument();
    await userEvent.type(within(section).getByLabelText('New group'), 'Office');
    await userEvent.click(within(section).getByRole('button', { name: 'Create group' }));
    expect(await within(section).findByRole('listitem', { name: 'Office' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/trusts/3/groups')).toEqual([expect.objectContaining({ body: { name: 'Office' } })]);
    // Never the trust managers' routes.
    expect(api.calls.filter((call) => call.path.startsWith('/api/trusts/'))).toEqual([]);
  });

  describe('issue 53', () => {
    const opened = (extra: Record<string, unknown> = {}) =>
      mockApi({
        ...base,
        'GET /api/admin/trusts': ok([{ id: 3, name: 'Greenway Trust', createdAt: greenway.createdAt, schoolCount: 1 }]),
        'GET /api/admin/trusts/3': ok(greenway),
        'GET /api/admin/trusts/3/deadlines': ok({ courses: [] }),
        'GET /api/admin/trusts/3/groups': ok({ groups: [], courses: [] }),
        ...extra,
      });

    it('creates a school for the trust by name and country, named beside its fields when refused', async () => {
      const willow = { id: 12, name: 'Willow Primary', country: 'IE', members: 0 };
      // As the server holds it: the creation is what the next read answers.
      let current = greenway;
      const api = opened({
        'GET /api/admin/trusts/3': () => ok(current),
        'POST /api/admin/trusts/3/schools/new': () => ok((current = { ...greenway, schoolCount: 2, schools: [...greenway.schools, willow] })),
      });
      renderScene(<TrustsPanel />);
      await userEvent.click(await screen.findByRole('button', { name: /Greenway Trust/ }));
      await userEvent.click(await screen.findByRole('button', { name: 'Create a school for Greenway Trust' }));
      const form = await screen.findByRole('form', { name: 'New school in Greenway Trust' });
      // Nothing is sent without a name and a country; each is asked for beside its field.
      await userEvent.selectOptions(within(form).getByLabelText(/Country/), '');
      await userEvent.click(within(form).getByRole('button', { name: 'Create school' }));
      expect(await within(form).findByText('Please enter the school or organisation name')).toBeInTheDocument();
      expect(within(form).getByText("Please choose the school's country")).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/admin/trusts/3/schools/new')).toEqual([]);

      await userEvent.type(within(form).getByLabelText(/School or organisation name/), 'Willow Primary');
      await userEvent.selectOptions(within(form).getByLabelText(/Country/), 'IE');
      await userEvent.click(within(form).getByRole('button', { name: 'Create school' }));
      await waitFor(() => expect(api.callsTo('POST', '/api/admin/trusts/3/schools/new')[0]?.body).toEqual({ name: 'Willow Primary', country: 'IE' }));
      expect(await screen.findByRole('region', { name: 'Schools of Greenway Trust' })).toHaveTextContent('Willow Primary');
      expect(await screen.findByText('Willow Primary created in Greenway Trust')).toBeInTheDocument();
    });

    it('shows a bad invitation address under its field, focused and brought into view', async () => {
      const scrolled: Element[] = [];
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this);
      };
      try {
        const api = opened({
          'POST /api/admin/trusts/3/invitations': {
            status: 400,
            body: { message: 'Invalid input', id: 'validation_failed', errors: { email: 'That address cannot receive mail' } },
          },
        });
        renderScene(<TrustsPanel />);
        await userEvent.click(await screen.findByRole('button', { name: /Greenway Trust/ }));
        const field = await screen.findByLabelText('Invite a manager (e-mail)');
        await userEvent.type(field, 'not an address');
        await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
        const problem = await screen.findByText('Please enter a valid email address');
        // Beside the field (its description), not at the top of the trust.
        expect(field).toHaveAccessibleDescription('Please enter a valid email address');
        expect(field).toHaveFocus();
        expect(scrolled).toContain(problem.closest('[id]'));
        expect(api.callsTo('POST', '/api/admin/trusts/3/invitations')).toEqual([]);

        // The server's own refusal goes there too.
        await userEvent.clear(field);
        await userEvent.type(field, 'head@greenway.test');
        await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
        await waitFor(() => expect(field).toHaveAccessibleDescription('That address cannot receive mail'));
        expect(field).toHaveFocus();
        expect(screen.queryByRole('alert', { name: /That address/ })).toBeNull();
      } finally {
        Element.prototype.scrollIntoView = original;
      }
    });
  });
});
