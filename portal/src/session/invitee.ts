/**
 * Who an invitation was mailed to, carried from /join to /auth in the router's location state
 * (not the URL: an address has no business in history entries, logs or a Referer), so the
 * registration form starts with the address and name the manager gave.
 */
export interface Invitee {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface InviteeState {
  invitee: Invitee;
}

/** Reads the state back without trusting its shape: anything on the page can push history state. */
export function inviteeFrom(state: unknown): Invitee | null {
  if (typeof state !== 'object' || state === null || !('invitee' in state)) return null;
  const invitee = (state as { invitee: unknown }).invitee;
  if (typeof invitee !== 'object' || invitee === null) return null;
  const { email, firstName, lastName } = invitee as Record<string, unknown>;
  if (typeof email !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { email, firstName: text(firstName), lastName: text(lastName) };
}
