import type { RegisterInput } from '@atrium/common';
import { isUniqueViolation, type Db } from '../db/knex.ts';
import { emailTaken } from '../errors.ts';
import type { MailBrand } from '../mail/render.ts';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import type { User } from '../models/User.ts';
import type { Mailer } from '../services/mail.ts';
import type { Clock } from '../services/clock.ts';
import type { PasswordHasher } from '../services/passwords.ts';
import { sendEmailVerification } from './schools/verifyEmail.ts';

/**
 * A new learner account and its verification mail: one change, both or neither. The mail goes only
 * while the address's budget of verification mails has room (`mayMailVerification`): an account
 * made and deleted in a loop must not mail one address without end. Past it, the account is made
 * all the same and its owner asks for the link again later.
 */
export async function registerUser(
  db: Db,
  deps: { passwords: PasswordHasher; mailer: Mailer; brand: MailBrand; clock: Clock; mayMailVerification: () => Promise<boolean> },
  input: RegisterInput,
): Promise<User> {
  const { email, password, firstName, lastName } = input;
  if (await db('users').where({ email }).first()) throw emailTaken();
  const passwordHash = await deps.passwords.hash(password);
  const timestamp = deps.clock.now().getTime();
  const mailVerification = await deps.mayMailVerification();
  try {
    return await db.transaction(async (trx) => {
      const created = await insertAndFetch(trx, 'users', {
        email,
        passwordHash,
        firstName,
        lastName,
        company: null,
        profileImageUrl: null,
        role: 'learner',
        createdAt: timestamp,
        updatedAt: timestamp,
      });
      if (mailVerification) await sendEmailVerification(trx, deps.mailer, deps.brand, created, timestamp);
      return created;
    });
  } catch (error) {
    // Two registrations for one address racing: the unique key decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
