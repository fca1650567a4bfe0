import { HttpError } from '../errors.ts';
import type { User } from '../models/User.ts';
import { uploadOwner } from '../models/uploadIds.ts';

/**
 * `HEAD`/`PATCH`/`DELETE /api/uploads/:uploadId`: only the account that created an upload may
 * see, continue or cancel it (its id starts with the creator's user id). Anyone else, admins
 * included, gets the 404 an unknown id gets, so ids cannot be probed.
 */
export function uploadCreator(ctx: { state: { user: User }; input: { params: { uploadId: string } } }): void {
  if (uploadOwner(ctx.input.params.uploadId) !== ctx.state.user.id)
    throw new HttpError(404, 'not_found', 'Upload not found', undefined, { 'Tus-Resumable': '1.0.0' });
}
