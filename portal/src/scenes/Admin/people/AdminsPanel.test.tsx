import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminAccountDto } from '@atrium/common';
import { admin, fail, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { RequireAdmin } from '../../../session/guards.tsx';
import { renderScene } from '../../../test/render.tsx';
import { AdminsPanel } from './AdminsPanel.tsx';

const me: AdminAccountDto = { id: admin.id, email: admin.email, firstName: 'Ada', lastName: null, emailVerified: true };
const sam: AdminAccountDto = { id: 9, email: 'sam@agency.test', firstName: 'Sam', lastName: 'Patel', emailVerified: true };
const setup = (admins: AdminAccountDto[], extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), 'GET /api/admin/admins': ok(admins), ...extra });

describe('AdminsPanel', () => {
  it('never offers to remove the only admin', async () => {
    setup([me]);
    renderScene(<AdminsPanel />);
    const list = await screen.findByRole('list', { name: 'Admins' });
    expect(within(list).getByText('You')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: `Remove ${me.email} as admin` })).toBeDisabled();
  });

  it('warns before someone removes themselves, and removes after confirmation', async () => {
    const api = setup([me, sam], { [`DELETE /api/admin/admins/${me.id}`]: ok({ message: 'You are no longer an admin.' }) });
    renderScene(<AdminsPanel />);
    const list = await screen.findByRole('list', { name: 'Admins' });
    await userEvent.click(within(list).getByRole('button', { name: `Remove ${me.email} as admin` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/You will lose access to the admin pages at once/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/admin/admins/${me.id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove myself' }));
    expect(await screen.findByText('You are no longer an admin.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/admin/admins/${me.id}`)).toHaveLength(1);
  });

  it('takes someone who removed themselves to their dashboard, though their own account comes back first and closes the admin pages', async () => {
    let removed = false;
    setup([me, sam], {
      'GET /api/user': () => ok(removed ? { ...admin, role: 'learner' } : admin),
      'GET /api/admin/admins': async () => {
        if (removed) await new Promise((resolve) => setTimeout(resolve, 50));
        return ok(removed ? [sam] : [me, sam]);
      },
      [`DELETE /api/admin/admins/${me.id}`]: () => {
        removed = true;
        return ok({ message: 'You are no longer an admin.' });
      },
    });
    renderScene(
      <Routes>
        <Route element={<RequireAdmin />}>
          <Route index element={<AdminsPanel />} />
        </Route>
      </Routes>,
      { route: '/admin', path: '/admin/*' },
    );
    const list = await screen.findByRole('list', { name: 'Admins' });
    await userEvent.click(within(list).getByRole('button', { name: `Remove ${me.email} as admin` }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove myself' }));
    expect(await screen.findByText('You are no longer an admin.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('grants the role by address and shows the server’s reason on refusal', async () => {
    const api = setup([me], { 'POST /api/admin/admins': fail(409, 'unverified@agency.test has not been verified yet.') });
    renderScene(<AdminsPanel />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Add an admin' }), 'unverified@agency.test');
    await userEvent.click(screen.getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText('unverified@agency.test has not been verified yet.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/admins')[0]?.body).toEqual({ email: 'unverified@agency.test' });
  });
});
