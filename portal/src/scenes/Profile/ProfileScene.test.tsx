import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { ProfileScene } from './ProfileScene.tsx';

const base = (extra = {}) => mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), ...extra });

describe('ProfileScene', () => {
  it('edits the profile with a read-only e-mail and saves the changes', async () => {
    const api = base({ 'PATCH /api/user/profile': ok({ ...learner, company: 'Hill School' }) });
    renderScene(<ProfileScene />);
    await userEvent.click(await screen.findByRole('button', { name: /Edit Profile/ }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveValue(learner.email);
    expect(screen.getByText('Email cannot be changed')).toBeInTheDocument();
    const company = screen.getByLabelText('School or company (optional)');
    await userEvent.clear(company);
    await userEvent.type(company, 'Hill School');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/user/profile')[0]?.body).toEqual({ firstName: 'Priya', lastName: 'Shah', company: 'Hill School' });
    expect(await screen.findByRole('button', { name: /Edit Profile/ })).toBeInTheDocument();
  });

  it('Cancel leaves edit mode without saving', async () => {
    const api = base();
    renderScene(<ProfileScene />);
    await userEvent.click(await screen.findByRole('button', { name: /Edit Profile/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: /Edit Profile/ })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/user/profile')).toHaveLength(0);
  });

  it('says "Update Failed" when saving fails and stays in edit mode', async () => {
    base({ 'PATCH /api/user/profile': fail(500, 'boom') });
    renderScene(<ProfileScene />);
    await userEvent.click(await screen.findByRole('button', { name: /Edit Profile/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('shows an unverified e-mail and sends a verification e-mail', async () => {
    const api = base({ 'POST /api/user/verify-email': ok({ message: `We have sent a verification link to ${learner.email}.` }) });
    renderScene(<ProfileScene />, { route: '/profile', path: '/profile' });
    expect(await screen.findByText('E-mail not verified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send verification e-mail' }));
    expect((await screen.findAllByText(`We have sent a verification link to ${learner.email}.`)).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/user/verify-email')).toHaveLength(1);
  });

  it('shows a verified e-mail without the button', async () => {
    mockApi({ 'GET /api/user': ok({ ...learner, emailVerified: true }), 'GET /api/config': ok(publicConfig) });
    renderScene(<ProfileScene />, { route: '/profile', path: '/profile' });
    expect(await screen.findByText('E-mail verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send verification e-mail' })).not.toBeInTheDocument();
  });
});
