import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { SchoolKeysPanel } from './SchoolKeysPanel.tsx';

describe('SchoolKeysPanel', () => {
  it('saves a school’s key, and shows a refusal at that school’s field', async () => {
    let schools = [
      { id: 1, name: 'Elm Primary', key: null as string | null },
      { id: 2, name: 'Riverside Academy', key: 'URN 137042' },
    ];
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/trusts/5/directory-schools': () => ok(schools),
      'PUT /api/trusts/5/directory-schools/1': ({ body }) => {
        const key = (body as { key: string }).key;
        if (key.toLowerCase() === 'urn 137042') {
          const sentence = 'Riverside Academy already has this key: each school needs its own.';
          return { status: 409, body: { message: sentence, id: 'conflict', errors: { key: sentence } } };
        }
        schools = schools.map((school) => (school.id === 1 ? { ...school, key } : school));
        return ok(schools[0]);
      },
    });
    const user = userEvent.setup();
    renderScene(<SchoolKeysPanel root="/api/trusts/5" />);
    const elm = await screen.findByRole('form', { name: 'Directory key of Elm Primary' });
    expect(within(elm).getByText('Found by its name')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Riverside Academy/ })).toHaveValue('URN 137042');

    await user.type(within(elm).getByRole('textbox', { name: /Elm Primary/ }), 'urn 137042');
    await user.click(within(elm).getByRole('button', { name: 'Save' }));
    expect(await within(elm).findByText('Riverside Academy already has this key: each school needs its own.')).toBeInTheDocument();

    await user.clear(within(elm).getByRole('textbox', { name: /Elm Primary/ }));
    await user.type(within(elm).getByRole('textbox', { name: /Elm Primary/ }), 'ELM-01');
    await user.click(within(elm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/trusts/5/directory-schools/1').at(-1)?.body).toEqual({ key: 'ELM-01' }));
    expect(await within(elm).findByText('Found by the key “ELM-01”')).toBeInTheDocument();
    expect(within(elm).queryByText(/already has this key/)).not.toBeInTheDocument();
  });
});
