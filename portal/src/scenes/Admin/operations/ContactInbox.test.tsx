import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContactMessageDto } from '@atrium/common';
import { admin, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { ContactInbox } from './ContactInbox.tsx';

const message: ContactMessageDto = {
  id: 7,
  name: 'Sam Head',
  email: 'sam@school.example',
  company: 'Hill Primary',
  phone: null,
  message: 'Do you offer group rates?',
  source: 'landing',
  createdAt: new Date().toISOString(),
  handledAt: null,
};

/** A PATCH answer the test releases when it chooses. */
function heldAnswer() {
  let release: (answer: { status: number; body?: unknown }) => void = () => undefined;
  const answer = new Promise<{ status: number; body?: unknown }>((resolve) => {
    release = resolve;
  });
  return { handler: () => answer, release: (status: number, body?: unknown) => release({ status, body }) };
}

describe('ContactInbox', () => {
  it('ticks "Handled" in the same render as the click, while the request is still out, and puts it back when it fails', async () => {
    const patch = heldAnswer();
    mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'GET /api/admin/contact-messages': ok([message]),
      'PATCH /api/admin/contact-messages/7': patch.handler,
    });
    renderScene(<ContactInbox unhandled={1} />);
    const box = await screen.findByRole('checkbox', { name: 'Handled' });
    expect(box).not.toBeChecked();

    fireEvent.click(box);
    // No waiting: a controlled box that waited for the mutation's state flickered back first.
    expect(box).toBeChecked();

    patch.release(500, { message: 'Something went wrong on our side. Please try again.' });
    expect(await screen.findByText('The message could not be updated. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('stays ticked once the server has it', async () => {
    const handled = { ...message, handledAt: new Date().toISOString() };
    let stored = message;
    mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'GET /api/admin/contact-messages': () => ok([stored]),
      'PATCH /api/admin/contact-messages/7': () => {
        stored = handled;
        return ok(handled);
      },
      'GET /api/admin/overview': ok({ totalStudents: 1, totalEnrollments: 0, totalCourses: 0, unhandledMessages: 0 }),
    });
    renderScene(<ContactInbox unhandled={1} />);
    const box = await screen.findByRole('checkbox', { name: 'Handled' });
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(await screen.findByText('Marked as handled')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeDisabled());
    expect(box).toBeChecked();
  });
});
