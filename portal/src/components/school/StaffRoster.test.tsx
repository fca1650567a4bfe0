import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RosterPreviewDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { StaffRoster } from './StaffRoster.tsx';

const preview: RosterPreviewDto = {
  rows: [
    { line: 2, email: 'new@oak.sch.uk', firstName: 'Nadia', lastName: 'Khan', status: 'invite', problem: null, groups: ['Office'] },
    { line: 3, email: 'ed@oak.sch.uk', firstName: 'Ed', lastName: null, status: 'invite', problem: null, groups: [] },
    { line: 4, email: 'not-an-address', firstName: null, lastName: null, status: 'invalid', problem: 'Not a valid e-mail address', groups: [] },
  ],
  counts: { invite: 2, member: 0, invited: 0, invalid: 1, duplicate: 0 },
  groups: [{ name: 'Office', exists: true, people: 1 }],
};
const base = { 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) };
const renderRoster = (scope: 'manager' | 'admin' = 'manager') => renderScene(<StaffRoster schoolId={4} scope={scope} />, { route: '/school', path: '/school' });

describe('Add staff', () => {
  it('previews a pasted list with its problems first, then applies it', async () => {
    const api = mockApi({
      ...base,
      'POST /api/schools/4/roster/preview': ok(preview),
      'POST /api/schools/4/roster': ok({ invited: 2, unchanged: 0, skipped: 1, groupsCreated: 0, message: '2 invitations sent, 1 row skipped.' }),
    });
    renderRoster();
    const list = 'email,first name\nnew@oak.sch.uk,Nadia\ned@oak.sch.uk,Ed\nnot-an-address';
    fireEvent.change(await screen.findByLabelText(/Or paste the list/), { target: { value: list } });
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const previewed = await screen.findByRole('region', { name: 'Preview of the staff list' });
    // The groups the list names (issue 39), then its rows.
    expect(within(previewed).getByRole('region', { name: 'Groups the list names' })).toHaveTextContent('Exists Office (1)');
    const rows = within(within(previewed).getByRole('list', { name: 'Rows of the list' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Line 4not-an-addressSkippedNot a valid e-mail address');
    expect(rows[1]).toHaveTextContent('Gets an invitation');
    expect(rows[1]).toHaveTextContent('Groups: Office');
    // An existing account is invited like anyone else: nothing says who has an account.
    expect(rows[2]).toHaveTextContent('ed@oak.sch.ukEdGets an invitation');
    expect(previewed).toHaveTextContent('colleagues who already have an account too: they join once they accept it');
    expect(within(previewed).queryByText(/Join now/)).toBeNull();
    expect(api.callsTo('POST', '/api/schools/4/roster/preview')[0]!.body).toEqual({ csv: list });
    expect(api.callsTo('POST', '/api/schools/4/roster')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Send 2 invitations' }));
    expect(await screen.findByText('Invitations sent')).toBeInTheDocument();
    expect(screen.getAllByText('2 invitations sent, 1 row skipped.').length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/schools/4/roster')[0]!.body).toEqual({ csv: list, createGroups: false });
    await waitFor(() => expect(screen.getByLabelText(/Or paste the list/)).toHaveValue(''));
  });

  it('reads a chosen CSV file, and refuses one over 1 MB before sending it', async () => {
    const api = mockApi({ ...base, 'POST /api/admin/schools/4/roster/preview': ok(preview) });
    renderRoster('admin');
    const input = (await screen.findByText('Choose CSV file')).parentElement!.querySelector('input')!;
    const big = new File(['x'.repeat(1024 * 1024 + 1)], 'all-staff.csv', { type: 'text/csv' });
    await userEvent.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('all-staff.csv is over 1 MB');
    const small = new File(['email\nnew@oak.sch.uk'], 'staff.csv', { type: 'text/csv' });
    await userEvent.upload(input, small);
    expect(await screen.findByText('staff.csv loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview of the staff list' });
    expect(api.callsTo('POST', '/api/admin/schools/4/roster/preview')[0]!.body).toEqual({ csv: 'email\nnew@oak.sch.uk' });
  });

  it("shows the server's reason when the list is refused", async () => {
    mockApi({
      ...base,
      'POST /api/schools/4/roster/preview': fail(400, 'This file is not a CSV file. Save the spreadsheet as CSV (comma separated) and upload that.'),
    });
    renderRoster();
    fireEvent.change(await screen.findByLabelText(/Or paste the list/), { target: { value: 'PK' } });
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a CSV file.');
  });

  it('asks for a list before checking anything', async () => {
    const api = mockApi(base);
    renderRoster();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a CSV file or paste a list');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
