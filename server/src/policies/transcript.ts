import type { Db } from '../db/knex.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { ownExternalEntry, type ExternalCpdRow } from '../queries/transcript.ts';

interface PolicyContext {
  state: { user: User | null; externalEntry?: ExternalCpdRow };
  deps: { db: Db };
  input: { params: { id: number } };
}

/**
 * A transcript's external entry and its evidence file are their owner's alone (issue 59): not a
 * school manager's, not an admin's. Anyone else's entry is 404, so ids cannot be probed. Leaves
 * the entry on `ctx.state.externalEntry`.
 */
export async function externalEntryOwner(ctx: PolicyContext): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const entry = await ownExternalEntry(ctx.deps.db, user.id, ctx.input.params.id);
  if (!entry) throw notFound('Entry not found');
  ctx.state.externalEntry = entry;
}
