import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { UnsubscribeScene } from './UnsubscribeScene.tsx';

const TOKEN = 'MTIucmVtaW5kZXJz.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const base = { 'GET /api/user': fail(401, 'Not signed in'), 'GET /api/config': ok(publicConfig) };
const info = { category: 'reminders', description: 'reminders about your training deadlines and expiring certificates' };
const renderPage = (route = `/unsubscribe?token=${TOKEN}`) => renderScene(<UnsubscribeScene />, { route, path: '/unsubscribe' });

describe('UnsubscribeScene', () => {
  it('asks first, then unsubscribes and confirms', async () => {
    const api = mockApi({
      ...base,
      'GET /api/unsubscribe': ok({ ...info, unsubscribed: false }),
      'POST /api/unsubscribe': ok({ ...info, unsubscribed: true }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stop these e-mails?' })).toBeInTheDocument();
    // Opening the page changed nothing (a link scanner opening it unsubscribes no one).
    expect(api.callsTo('POST', '/api/unsubscribe')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(/reminders about your training deadlines/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/unsubscribe')).toHaveLength(1);
  });

  it('says a tampered link did nothing', async () => {
    mockApi({ ...base, 'GET /api/unsubscribe': fail(400, 'This unsubscribe link is not valid: it may have been altered or cut short. Nothing was changed.') });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not read this link' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing was changed/)).toBeInTheDocument();
  });

  it('does not call the server without a token', async () => {
    const api = mockApi(base);
    renderPage('/unsubscribe');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not read this link' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/unsubscribe')).toHaveLength(0);
  });
});
