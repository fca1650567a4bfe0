import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { dialectOf, type Db } from '../db/knex.ts';
import { PERSONAL_DATA, type PersonalDataTableName } from '../db/personalData.ts';
import { badRequest, conflict } from '../errors.ts';
import type { User } from '../models/User.ts';
import type { Clock } from '../services/clock.ts';
import type { PasswordHasher } from '../services/passwords.ts';
import { hasPassword } from './signInWithProvider.ts';
import { releaseFiles, type FileDeps } from './storedFiles.ts';

export const FORMER_LEARNER = 'Former learner';

interface Person {
  userId: number;
  /** The address as it was, lower-cased: rows are matched on it whatever its case. */
  email: string;
  /**
   * Rows found only by address (contact messages, invitations, mail) are theirs only once the
   * address is proven: anyone can register an unverified account under someone else's address.
   */
  addressVerified: boolean;
  /** The address the account row gets instead. */
  anonymisedEmail: string;
  now: number;
  certificates: 'keep' | 'revoke';
  /** The file storage: uploaded submission files are deleted once the transaction commits. */
  files: FileDeps;
}

type Eraser = (trx: Knex.Transaction, person: Person) => Promise<unknown>;

/** The tables whose rows deletion leaves as they are (db/personalData.ts says why). */
type KeptTable = { [K in PersonalDataTableName]: (typeof PERSONAL_DATA)[K]['onDeletion'] extends { keep: string } ? K : never }[PersonalDataTableName];

const byAddress = (trx: Knex.Transaction, table: string, column: string, email: string) => trx(table).whereRaw('lower(??) = ?', [column, email]);

/** Deletes the rows of `table` whose owner columns (from the declaration) point at the person. */
const deleteOwnRows =
  (table: PersonalDataTableName): Eraser =>
  (trx, person) => {
    const owner: Record<string, string> = PERSONAL_DATA[table].owner;
    // Starts from no row, so an owner column skipped below never widens the delete.
    const query = trx(table).whereRaw('1 = 0');
    for (const [column, kind] of Object.entries(owner)) {
      if (kind === 'userId') query.orWhere(column, person.userId);
      else if (kind === 'address') {
        if (person.addressVerified) query.orWhereRaw('lower(??) = ?', [column, person.email]);
      } else throw new Error(`${table}.${column}: rows owned through a ${kind} need an eraser of their own`);
    }
    return query.delete();
  };

/**
 * One eraser per table that deletion changes: the mapped type makes a table declared in
 * db/personalData.ts without its eraser (or a reason to keep it) a compile error.
 */
const ERASERS: Record<Exclude<PersonalDataTableName, KeptTable>, Eraser> = {
  avatars: deleteOwnRows('avatars'),
  userIdentities: deleteOwnRows('userIdentities'),
  // Out of their school too (they no longer count as staff); enrollments stay like everyone's.
  schoolMembers: deleteOwnRows('schoolMembers'),
  groupMembers: deleteOwnRows('groupMembers'),
  schoolInvites: deleteOwnRows('schoolInvites'),
  trustManagers: deleteOwnRows('trustManagers'),
  trustInvites: deleteOwnRows('trustInvites'),
  certificateRenewals: deleteOwnRows('certificateRenewals'),
  discussionSettings: deleteOwnRows('discussionSettings'),
  commentReports: deleteOwnRows('commentReports'),
  commentFollows: deleteOwnRows('commentFollows'),
  // The evidence objects go once the transaction has committed, like submission files.
  externalCpd: async (trx, { userId, files }) => {
    const fileIds = (await trx('externalCpd').where({ userId }).whereNotNull('evidenceFileId').select('evidenceFileId')).map((row) =>
      Number(row.evidenceFileId),
    );
    await trx('externalCpd').where({ userId }).delete();
    await releaseFiles(trx, files, fileIds);
  },
  transcriptShares: deleteOwnRows('transcriptShares'),
  schoolCpdShares: deleteOwnRows('schoolCpdShares'),
  // Files before their rounds (foreign key); the objects go once the transaction has committed.
  submissionFiles: async (trx, { userId, files }) => {
    const rounds = trx('submissions').select('id').where({ userId });
    const fileIds = (await trx('submissionFiles').whereIn('submissionId', rounds).select('fileId')).map((row) => Number(row.fileId));
    await trx('submissionFiles').whereIn('submissionId', rounds).delete();
    await releaseFiles(trx, files, fileIds);
  },
  submissions: deleteOwnRows('submissions'),
  assignmentResults: deleteOwnRows('assignmentResults'),
  quizDraws: deleteOwnRows('quizDraws'),
  // Their staged bytes are removed by the upload-cleanup job once no row names them.
  uploads: deleteOwnRows('uploads'),
  quizAttempts: deleteOwnRows('quizAttempts'),
  quizResults: deleteOwnRows('quizResults'),
  credentialSubjects: deleteOwnRows('credentialSubjects'),
  contactMessages: deleteOwnRows('contactMessages'),
  remindersSent: deleteOwnRows('remindersSent'),
  unsubscribes: deleteOwnRows('unsubscribes'),
  outbox: deleteOwnRows('outbox'),
  sessions: deleteOwnRows('sessions'),
  passwordResets: deleteOwnRows('passwordResets'),
  emailVerifications: deleteOwnRows('emailVerifications'),
  signInFlows: deleteOwnRows('signInFlows'),
  directoryPeople: deleteOwnRows('directoryPeople'),
  directoryEvents: deleteOwnRows('directoryEvents'),
  certificates: (trx, { userId, now, certificates }) =>
    certificates === 'revoke'
      ? trx('certificates').where({ userId }).whereNull('revokedAt').update({ revokedAt: now, studentName: FORMER_LEARNER })
      : trx('certificates').where({ userId }).update({ studentName: FORMER_LEARNER }),
  // A kept credential still verifies by its id (the revocation list names it), but no longer
  // carries the hash of the address nor the subject id shared with the person's other credentials.
  certificateCredentials: async (trx, { userId }) => {
    const rows = (await trx('certificateCredentials')
      .join('certificates', 'certificates.id', 'certificateCredentials.certificateId')
      .where('certificates.userId', userId)
      .select('certificateCredentials.certificateId')) as Array<{ certificateId: number }>;
    for (const { certificateId } of rows) {
      await trx('certificateCredentials')
        .where({ certificateId })
        .update({ subjectId: `urn:uuid:${randomUUID()}`, salt: null, identityHash: null });
    }
  },
  orders: (trx, { userId, email, anonymisedEmail, addressVerified }) =>
    byAddress(trx, 'orders', 'billingEmail', email)
      .andWhere((own) => (addressVerified ? own : own.where({ userId })))
      .update({ billingEmail: anonymisedEmail }),
  users: (trx, { userId, anonymisedEmail, now }) =>
    trx('users')
      .where({ id: userId })
      .update({
        email: anonymisedEmail,
        passwordHash: `!deleted:${randomBytes(16).toString('hex')}`,
        firstName: 'Former',
        lastName: 'learner',
        company: null,
        profileImageUrl: null,
        role: 'learner',
        deletedAt: now,
        emailVerifiedAt: null,
        captionsOn: null,
        captionsLang: null,
        updatedAt: now,
      }),
};

/**
 * Erases a person from their account in one transaction, table by table as db/personalData.ts
 * declares: the account row stays (so progress and comments keep their shape) but holds nothing
 * that identifies them; sign-ins, sessions, memberships, invitations, reminders, unsubscribes,
 * mail to their address, credential subjects, and assignment submissions with their stored files go; certificates are kept under a pseudonym or
 * revoked, as the person chose. Orders and payments stay: accounting records the agency must keep.
 */
export async function deleteAccount(
  db: Db,
  passwords: PasswordHasher,
  user: User,
  input: { password?: string | undefined; certificates: 'keep' | 'revoke' },
  clock: Clock,
  files: FileDeps,
): Promise<void> {
  // An account without a password confirmed it is the owner by a recent sign-in (the route's check).
  if (hasPassword(user) && !(input.password && (await passwords.verify(user.passwordHash, input.password)))) {
    throw badRequest('Your password is not correct', { password: input.password ? 'Your password is not correct' : 'Enter your password' });
  }
  const userId = user.id;
  await db.transaction(async (trx) => {
    if (user.role === 'admin') {
      // Under the admins' row locks, as revokeAdmin counts them: two last admins leaving at once must not both go.
      const admins = trx('users').select('id').where({ role: 'admin' }).whereNull('deletedAt');
      if (dialectOf(trx) === 'mysql') admins.forUpdate();
      if ((await admins).length <= 1) throw conflict('You are the only admin. Make someone else an admin before deleting your account.');
    }
    const current = (await trx('users').select('email', 'emailVerifiedAt').where({ id: userId }).first()) as { email: string; emailVerifiedAt: number | null };
    const person: Person = {
      userId,
      email: current.email.toLowerCase(),
      addressVerified: current.emailVerifiedAt !== null,
      anonymisedEmail: `deleted-${userId}-${randomBytes(6).toString('hex')}@deleted.invalid`,
      now: clock.now().getTime(),
      certificates: input.certificates,
      files,
    };
    // The account row last: the other erasers find rows by the address it still holds.
    const tables = (Object.keys(ERASERS) as Array<keyof typeof ERASERS>).filter((table) => table !== 'users');
    for (const table of tables) await ERASERS[table](trx, person);
    await ERASERS.users(trx, person);
  });
}
