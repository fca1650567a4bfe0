import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { CreateSchoolForm } from './CreateSchoolForm.tsx';
import { SchoolDetails } from './SchoolDetails.tsx';

const created = { id: 4, name: 'Lincoln Park Elementary', country: 'US', createdAt: '2026-01-01T00:00:00.000Z' };

describe('CreateSchoolForm', () => {
  it('asks for the country, starting from the browser’s, and sends the one chosen', async () => {
    const api = mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'POST /api/schools': { status: 201, body: created } });
    renderScene(<CreateSchoolForm />);
    const country = await screen.findByRole('combobox', { name: /Country/ });
    await userEvent.selectOptions(country, '');
    await userEvent.type(screen.getByRole('textbox', { name: /School or organisation name/ }), 'Lincoln Park Elementary');
    await userEvent.click(screen.getByRole('button', { name: 'Create school' }));
    expect(await screen.findByText("Please choose the school's country")).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/schools')).toHaveLength(0);

    await userEvent.selectOptions(country, 'US');
    await userEvent.click(screen.getByRole('button', { name: 'Create school' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/schools')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/schools')[0]?.body).toEqual({ name: 'Lincoln Park Elementary', country: 'US' });
  });
});

describe('SchoolDetails', () => {
  it('shows the country by name and lets the school be renamed and moved, through the root it is given', async () => {
    const api = mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'PATCH /api/admin/schools/4': ({ body }) => ok({ ...created, ...(body as object) }),
    });
    renderScene(<SchoolDetails school={{ name: 'Lincoln Park Elementary', country: 'US' }} root="/api/admin/schools/4" />);
    expect(await screen.findByText('United States')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit name or country' }));
    const name = screen.getByRole('textbox', { name: /School or organisation name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Lincoln Park School');
    expect(screen.getByText('19 / 200 characters')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'CA');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('School details saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/schools/4')[0]?.body).toEqual({ name: 'Lincoln Park School', country: 'CA' });
  });
});
