import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import type { User } from '../models/User.ts';
import { uploadOwner } from '../queries/uploads.ts';

/**
 * `HEAD`/`PATCH`/`DELETE /api/uploads/:uploadId`: only the account that created an upload may
 * see, continue or cancel it, as its `uploads` row says (never the id itself). Anyone else,
 * admins included, gets the 404 an unknown id gets, so ids cannot be probed; an upload the
 * database does not know (a restored or new database over the same staging) is nobody's.
 */
export async function uploadCreator(ctx: Pick<AppContext, 'deps'> & { state: { user: User }; input: { params: { uploadId: string } } }): Promise<void> {
  if ((await uploadOwner(ctx.deps.db, ctx.input.params.uploadId)) !== ctx.state.user.id)
    throw new HttpError(404, 'not_found', 'Upload not found', undefined, { 'Tus-Resumable': '1.0.0' });
}
