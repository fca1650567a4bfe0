import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, learner, mockApi, ok, publicConfig } from '../test/api.ts';
import { renderScene } from '../test/render.tsx';
import { ButtonLink } from './Button.tsx';
import { RecordPageGate } from './RecordPageGate.tsx';

function NoteScene() {
  const { noteId = '' } = useParams();
  const wellFormed = /^\d+$/.test(noteId);
  const note = useQuery<{ text: string }>({ queryKey: [`/api/notes/${noteId}`], enabled: wellFormed });
  return (
    <RecordPageGate
      query={note}
      wellFormed={wellFormed}
      notFound={{ icon: 'layers', title: 'Note not found', text: 'It may have been removed.' }}
      loading="Loading the note"
      failed="This note could not be loaded"
      back={<ButtonLink to="/notes">Back to Notes</ButtonLink>}
    >
      {(record) => <h1>{record.text}</h1>}
    </RecordPageGate>
  );
}

const session = { 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) };
const renderAt = (route: string) => renderScene(<NoteScene />, { route, path: '/notes/:noteId' });

describe('RecordPageGate', () => {
  it('shows the record once read', async () => {
    mockApi({ ...session, 'GET /api/notes/3': ok({ text: 'Bring a coat' }) });
    renderAt('/notes/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bring a coat' })).toBeInTheDocument();
  });

  it('says “not found” for an id that is not a number without asking, and for a 404, with the way back', async () => {
    const api = mockApi({ ...session, 'GET /api/notes/4': fail(404, 'Not found') });
    const first = renderAt('/notes/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Note not found' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.startsWith('/api/notes'))).toBe(false);
    first.unmount();

    renderAt('/notes/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Note not found' })).toBeInTheDocument();
    expect(screen.getByText('It may have been removed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Notes' })).toHaveAttribute('href', '/notes');
  });

  it('shows the server’s sentence when the read fails, and Try again reads it again', async () => {
    let answers = 0;
    mockApi({ ...session, 'GET /api/notes/3': () => (++answers === 1 ? fail(503, 'The database is busy') : ok({ text: 'Bring a coat' })) });
    renderAt('/notes/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'This note could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('The database is busy')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Notes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bring a coat' })).toBeInTheDocument();
  });

  it('keeps a record already on screen when reading it again fails, and says “not found” once it is gone', async () => {
    let answer = ok({ text: 'Bring a coat' });
    mockApi({ ...session, 'GET /api/notes/3': () => answer });
    const { queryClient } = renderAt('/notes/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bring a coat' })).toBeInTheDocument();
    answer = fail(503, 'The database is busy');
    await queryClient.invalidateQueries({ queryKey: ['/api/notes/3'] });
    // The query's observers hear of the failure on a later tick: wait for it, then the page has drawn it.
    await waitFor(() => expect(queryClient.getQueryState(['/api/notes/3'])?.status).toBe('error'));
    expect(screen.getByRole('heading', { level: 1, name: 'Bring a coat' })).toBeInTheDocument();
    expect(screen.queryByText('The database is busy')).not.toBeInTheDocument();
    answer = fail(404, 'Not found');
    await queryClient.invalidateQueries({ queryKey: ['/api/notes/3'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Note not found' })).toBeInTheDocument();
  });
});
