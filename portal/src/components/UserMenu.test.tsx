import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, learner, mockApi, ok, publicConfig } from '../test/api.ts';
import { renderScene } from '../test/render.tsx';
import { UserMenu } from './UserMenu.tsx';

const school = {
  school: { id: 4, name: "St Mary's Primary", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z' },
  role: 'manager',
  courses: [],
  domains: [],
  can: { manage: true, buyForSchool: true },
  api: '/api/schools/4',
};
const noSchool = { school: null, role: null, courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null };

async function menuItems(user: typeof learner, mine: object, trust: object = { trust: null }) {
  mockApi({ 'GET /api/user': ok(user), 'GET /api/config': ok(publicConfig), 'GET /api/schools/mine': ok(mine), 'GET /api/trusts/mine': ok(trust) });
  const { queryClient } = renderScene(<UserMenu user={user} isAdmin={user.role === 'admin'} />);
  // The admin's answer arrives before the menu is opened, as it does once the header has loaded.
  if (user.role === 'admin') await waitFor(() => expect(queryClient.getQueryData(['/api/schools/mine'])).toBeDefined());
  await waitFor(() => expect(queryClient.getQueryData(['/api/trusts/mine'])).toBeDefined());
  await userEvent.click(await screen.findByRole('button'));
  await screen.findByRole('menuitem', { name: 'Profile' });
  return screen.getAllByRole('menuitem').map((item) => item.textContent?.trim());
}

describe('UserMenu: My school', () => {
  it('is offered to staff without a school, who learn there how to join', async () => {
    expect(await menuItems(learner, noSchool)).toEqual(['Profile', 'Certificates', 'My school', 'Sign Out']);
  });

  it('is not offered to an admin who has no school (Admin reaches every school)', async () => {
    expect(await menuItems(admin, noSchool)).toEqual(['Profile', 'Certificates', 'Sign Out']);
  });

  it('is offered to an admin who belongs to a school', async () => {
    expect(await menuItems(admin, school)).toEqual(['Profile', 'Certificates', 'My school', 'Sign Out']);
  });
});

describe('UserMenu: My trust', () => {
  it("is offered to a trust's managers only", async () => {
    expect(await menuItems(learner, noSchool, { trust: { id: 3, name: 'Greenway Trust' } })).toEqual([
      'Profile',
      'Certificates',
      'My school',
      'My trust',
      'Sign Out',
    ]);
  });
});
