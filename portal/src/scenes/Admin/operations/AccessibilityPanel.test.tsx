import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccessibilityStatementDto } from '@atrium/common';
import { admin, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { AccessibilityPanel } from './AccessibilityPanel.tsx';

const statement: AccessibilityStatementDto = {
  brandName: 'Atrium Test',
  publicUrl: 'https://atrium.test',
  settings: { contactEmail: null, contactPhone: null, responseDays: 5, testedOn: null, testedBy: null, knownIssues: null, updatedAt: null },
  contactEmail: 'support@atrium.test',
  totalModules: 2,
  captionedModules: 1,
  uncaptioned: [],
};

describe('AccessibilityPanel', () => {
  it('saves the agency’s parts and shows what the server kept', async () => {
    const api = mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'GET /api/accessibility': ok(statement),
      'PUT /api/admin/accessibility': ({ body }) =>
        ok({
          ...statement,
          settings: { ...statement.settings, ...(body as object), contactEmail: 'access@agency.test', updatedAt: '2026-11-27T12:00:00.000Z' },
        }),
    });
    renderScene(<AccessibilityPanel />);
    const form = await screen.findByRole('form', { name: 'Accessibility statement details' });
    expect(within(form).getByText('Empty: reports go to support@atrium.test.')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Contact e-mail'), { target: { value: 'Access@Agency.test' } });
    fireEvent.change(within(form).getByLabelText(/Reply within/), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Last reviewed on'), { target: { value: '2026-11-02' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save statement' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/accessibility')).toHaveLength(1));
    // The toast layer loads with the first toast (lazy): slow on a busy machine.
    expect(await screen.findByText('Statement saved', {})).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/accessibility')[0]!.body).toEqual({
      contactEmail: 'access@agency.test',
      contactPhone: null,
      responseDays: 3,
      testedOn: '2026-11-02',
      testedBy: null,
      knownIssues: null,
    });
    await waitFor(() => expect(within(form).getByLabelText('Contact e-mail')).toHaveValue('access@agency.test'));
  });

  it('shows a wrong reply time beside its field and sends nothing', async () => {
    const api = mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), 'GET /api/accessibility': ok(statement) });
    renderScene(<AccessibilityPanel />);
    const form = await screen.findByRole('form', { name: 'Accessibility statement details' });
    fireEvent.change(within(form).getByLabelText(/Reply within/), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save statement' }));
    expect(await within(form).findByText('Give a whole number of working days from 1 to 60')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/accessibility')).toHaveLength(0);
  });

  it('refuses a review dated in the future and names the "Reviewed by" field in its own words', async () => {
    const api = mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), 'GET /api/accessibility': ok(statement) });
    renderScene(<AccessibilityPanel />);
    const form = await screen.findByRole('form', { name: 'Accessibility statement details' });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(within(form).getByLabelText('Last reviewed on'), { target: { value: tomorrow } });
    fireEvent.change(within(form).getByLabelText('Reviewed by'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save statement' }));
    expect(await within(form).findByText('The last review cannot be in the future: give the day it was done')).toBeInTheDocument();
    expect(within(form).getByLabelText('Reviewed by')).toHaveAccessibleDescription(/Reviewed by can be at most 500 characters/);
    expect(api.callsTo('PUT', '/api/admin/accessibility')).toHaveLength(0);
  });

  it('keeps pasted known issues whole, counts them and refuses them over the limit', async () => {
    const api = mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), 'GET /api/accessibility': ok(statement) });
    renderScene(<AccessibilityPanel />);
    const form = await screen.findByRole('form', { name: 'Accessibility statement details' });
    const issues = within(form).getByLabelText(/Known issues/);
    expect(issues).not.toHaveAttribute('maxlength');
    fireEvent.change(issues, { target: { value: 'x'.repeat(5001) } });
    expect(issues).toHaveValue('x'.repeat(5001));
    expect(within(form).getByText('5,001 / 5,000 characters (1 over the limit)')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Save statement' }));
    expect(await within(form).findByText('Known issues can be at most 5,000 characters')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/accessibility')).toHaveLength(0);
  });
});
