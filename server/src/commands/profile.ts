import type { Db } from '../db/knex.ts';
import { personalName, type User } from '../models/User.ts';
import { userById } from '../queries/users.ts';
import type { Clock } from '../services/clock.ts';
import type { EncodedImage } from '../services/images.ts';
import { nameCertificates } from './issueCertificate.ts';

/** What a learner may change about themselves on /profile (undefined: left as it is). */
export interface ProfileChanges {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  /** True to remove the uploaded photo. */
  removePhoto: boolean;
}

/** The address an uploaded photo is served from; the content hash makes each version's URL its own. */
export const avatarUrl = (userId: number, etag: string) => `/api/avatars/${userId}?v=${etag}`;

/** Saves the learner's own changes, naming their unnamed certificates too; answers the account as saved. */
export async function updateProfile(db: Db, clock: Clock, user: User, input: ProfileChanges): Promise<User> {
  const changes: Partial<User> = { updatedAt: clock.now().getTime() };
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.company !== undefined) changes.company = input.company;
  await db.transaction(async (trx) => {
    if (input.removePhoto) {
      changes.profileImageUrl = null;
      await trx('avatars').where({ userId: user.id }).delete();
    }
    await trx('users').where({ id: user.id }).update(changes);
    // A certificate issued before the learner gave their name is shown once they give it.
    await nameCertificates(trx, user.id, personalName({ ...user, ...changes }));
  });
  return (await userById(db, user.id))!;
}

/** Stores the learner's photo (already re-encoded) and points their profile at it. */
export async function saveAvatar(db: Db, clock: Clock, userId: number, image: EncodedImage): Promise<User> {
  const updatedAt = clock.now().getTime();
  await db.transaction(async (trx) => {
    await trx('avatars')
      .insert({ userId, data: image.data, contentType: image.contentType, etag: image.etag, updatedAt })
      .onConflict('userId')
      .merge(['data', 'contentType', 'etag', 'updatedAt']);
    await trx('users')
      .where({ id: userId })
      .update({ profileImageUrl: avatarUrl(userId, image.etag), updatedAt });
  });
  return (await userById(db, userId))!;
}
