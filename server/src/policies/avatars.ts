import type { Db } from '../db/knex.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { sharesACircle } from '../queries/avatars.ts';
import { isAdmin } from './index.ts';

/** The one answer for "no photo" and "not yours to see", so the route is no directory of who has a photo. */
export const noPhoto = () => notFound('No photo');

/**
 * `GET /api/avatars/:id`: a profile photo is for the person themself, admins, and whoever meets
 * them where the portal shows it: the staff of a school they share, of a trust they share (its
 * managers included), and learners of a course whose discussion holds the person's comments
 * (queries/avatars.ts, sharesACircle). Anyone else gets the 404 an account without a photo gets.
 */
export async function avatarViewer(ctx: { deps: { db: Db }; state: { user: User | null }; input: { params: { id: number } } }): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const personId = ctx.input.params.id;
  if (user.id === personId || isAdmin(user)) return;
  if (!(await sharesACircle(ctx.deps.db, user.id, personId))) throw noPhoto();
}
