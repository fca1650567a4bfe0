import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { PERSONAL_DATA, type PersonalDataTable, type PersonalDataTableName } from '../db/personalData.ts';
import { attachFile, insertAssignmentRow } from './assignments.ts';
import type { TestClient } from './client.ts';
import { completeOneModuleCourse, createModule, createUser, type UserRow } from './factories.ts';
import type { TestServer } from './server.ts';

const insertedId = (id: unknown) => (typeof id === 'object' ? (id as { id: number }).id : (id as number));

export interface SeededPerson {
  user: UserRow;
  client: TestClient;
  /** Values that identify the person and must appear nowhere after deletion. */
  identifying: string[];
  /** Storage keys of the person's uploaded files: gone after deletion. */
  storageKeys: string[];
}

/**
 * A person with at least one row in every table db/personalData.ts declares: through the API where
 * that is how rows are made (sign-in, progress, certificate, credential, comment), inserted
 * otherwise. A table declared there without a row here fails the test that uses it, which names
 * this file. Addresses are written in another case where people type them (contact, invitations,
 * outbox), as erasure must find them whatever the case.
 */
export async function seedEveryPersonalTable(server: TestServer): Promise<SeededPerson> {
  const tag = randomBytes(4).toString('hex');
  const user = await createUser(server.db, { email: `zephyrine.${tag}@quill.test`, firstName: 'Zephyrine', lastName: `Quillfeather${tag}` });
  // Rows found by address are the person's only once the address is proven (see queries/myData.ts).
  await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
  const shouted = user.email.toUpperCase();
  const client = server.client();
  const course = await completeOneModuleCourse(server, user, client);
  const module = await createModule(server, course.id);
  const comment = await client.post(`/api/modules/${module.id}/comments`, { comment: 'A helpful module' });
  if (comment.status !== 201 && comment.status !== 200) throw new Error(`comment failed: ${comment.status} ${comment.text}`);
  const settings = await client.put('/api/discussion/settings', { showSchool: true });
  if (settings.status !== 200) throw new Error(`discussion settings failed: ${settings.status} ${settings.text}`);
  // A report of someone else's comment (migration 045), made through the API.
  const author = await createUser(server.db);
  const [othersComment] = await server
    .db('comments')
    .insert({ moduleId: module.id, userId: author.id, comment: 'Buy now', createdAt: Date.now(), lastActivityAt: Date.now() });
  const report = await client.post(`/api/modules/comments/${insertedId(othersComment)}/report`, { reason: 'other', details: `Reported by ${user.lastName}` });
  if (report.status !== 201) throw new Error(`comment report failed: ${report.status} ${report.text}`);
  const certificate = (await server.db('certificates').where({ userId: user.id }).first())!;
  const credential = await client.get(`/api/certificates/${certificate.certificateNumber}/credential`);
  if (credential.status !== 200) throw new Error(`credential failed: ${credential.status} ${credential.text}`);

  const now = Date.now();
  const db = server.db;
  const [schoolId] = await db('schools').insert({ name: `Quill Academy ${tag}`, country: 'GB', createdAt: now });
  const subject = `google-subject-${tag}`;
  await db('avatars').insert({ userId: user.id, data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png', etag: tag, updatedAt: now });
  await db('userIdentities').insert({ userId: user.id, provider: 'google', subject, email: user.email, createdAt: now, lastUsedAt: now });
  await db('schoolMembers').insert({ schoolId: insertedId(schoolId), userId: user.id, role: 'member', joinedAt: now });
  await db('schoolInvites').insert({ schoolId: insertedId(schoolId), tokenHash: randomBytes(32).toString('hex'), createdAt: now, uses: 0, email: shouted });
  const [groupId] = await db('groups').insert({ schoolId: insertedId(schoolId), trustId: null, name: 'Office', nameKey: 'office', createdAt: now });
  await db('groupMembers').insert({ groupId: insertedId(groupId), userId: user.id, joinedAt: now });
  await db('progressBuckets').insert({ userId: user.id, moduleId: module.id, word: 0, bits: 3 });
  const [trustId] = await db('trusts').insert({ name: `Quill Trust ${tag}`, createdAt: now });
  await db('trustManagers').insert({ trustId: insertedId(trustId), userId: user.id, joinedAt: now });
  await db('trustInvites').insert({
    trustId: insertedId(trustId),
    email: shouted,
    tokenHash: randomBytes(32).toString('hex'),
    createdAt: now,
    expiresAt: now + 3_600_000,
  });
  await db('certificateRenewals').insert({ userId: user.id, courseId: course.id, round: 1, previousCertificateId: certificate.id, startedAt: now });
  await db('externalCpd').insert({
    userId: user.id,
    title: 'Phonics refresher',
    provider: 'Local authority',
    completedOn: '2026-01-10',
    quarterHours: 6,
    createdAt: now,
  });
  // A share link of the record (its token's hash only) and the whole record shared with the school (migration 044).
  await db('transcriptShares').insert({ userId: user.id, tokenHash: randomBytes(32).toString('hex'), label: 'Interview', createdAt: now, revokedAt: null });
  await db('schoolCpdShares').insert({ userId: user.id, schoolId: insertedId(schoolId), sharedAt: now });
  // The school's directory knows the person, and its sync log names them (migration 040).
  await db('directoryPeople').insert({
    schoolId: insertedId(schoolId),
    email: shouted,
    externalId: `ext-${tag}`,
    givenName: 'Zephyrine',
    familyName: `Quillfeather${tag}`,
    userId: user.id,
    inviteId: null,
    active: true,
    suspendedAt: null,
    suspendedRole: null,
    suspendedJoinedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await db('directoryEvents').insert({ schoolId: insertedId(schoolId), trustId: null, action: 'added', email: shouted, detail: 'Joined as a member', at: now });
  // An upload not finished yet: its row says whose it is (migration 037).
  await db('uploads').insert({ id: randomBytes(16).toString('hex'), userId: user.id, size: 1024, createdAt: now });
  // A knowledge check answered over the API: the attempt and the best result it keeps.
  const [quizId] = await db('quizzes').insert({
    courseId: course.id,
    afterModuleId: null,
    title: 'Check',
    version: 1,
    questionCount: 1,
    createdAt: now,
    updatedAt: now,
  });
  const questions = [
    {
      id: 'q1',
      type: 'truefalse',
      prompt: 'Is it?',
      explanation: null,
      options: [
        { id: 't', text: 'True', correct: true },
        { id: 'f', text: 'False', correct: false },
      ],
    },
  ];
  await db('quizVersions').insert({ quizId: insertedId(quizId), version: 1, questions: JSON.stringify(questions), createdAt: now });
  const attempt = await client.post(`/api/quizzes/${insertedId(quizId)}/attempts`, { answers: [{ questionId: 'q1', optionIds: ['t'] }] });
  if (attempt.status !== 201) throw new Error(`quiz attempt failed: ${attempt.status} ${attempt.text}`);
  // Reading the quiz again draws the next attempt's questions (quizDraws).
  const drawn = await client.get(`/api/quizzes/${insertedId(quizId)}`);
  if (drawn.status !== 200) throw new Error(`quiz read failed: ${drawn.status} ${drawn.text}`);
  // An assignment submitted with a file in storage: erasure deletes the object too.
  const assignmentId = await insertAssignmentRow(db, course.id, { accepts: JSON.stringify(['image']), approvalRequired: false });
  const attached = await attachFile(server, user.id, assignmentId, { name: `zephyrine-${tag}.png` });
  await db('submissions')
    .where({ id: attached.submissionId })
    .update({ status: 'submitted', submittedAt: now, note: `A note from Quillfeather${tag}` });
  await db('assignmentResults').insert({
    userId: user.id,
    assignmentId: assignmentId,
    courseId: course.id,
    status: 'submitted',
    completed: true,
    round: 1,
    updatedAt: now,
  });
  await db('orders').insert({
    userId: user.id,
    courseId: course.id,
    courseTitle: course.title,
    schoolName: `Quill Academy ${tag}`,
    billingEmail: shouted,
    amount: 49900,
    currency: 'GBP',
    status: 'requested',
    createdAt: now,
  });
  await db('payments').insert({ userId: user.id, courseId: course.id, amount: 49900, currency: 'GBP', status: 'succeeded', createdAt: now, updatedAt: now });
  await db('contactMessages').insert({ name: `Zephyrine Quillfeather${tag}`, email: shouted, phone: '+44 20 7946 0000', message: 'Hello', createdAt: now });
  await db('remindersSent').insert({ userId: user.id, courseId: course.id, kind: 'due', dueDay: 20000, runId: tag, createdAt: now });
  await db('unsubscribes').insert({ userId: user.id, category: 'digest', createdAt: now });
  await db('outbox').insert({ toAddress: shouted, subject: 'Your deadline', text: 'Hello', status: 'sent', createdAt: now, sentAt: now });
  await db('passwordResets').insert({ userId: user.id, tokenHash: randomBytes(32).toString('hex'), expiresAt: now + 3_600_000, createdAt: now });
  await db('emailVerifications').insert({ userId: user.id, tokenHash: randomBytes(32).toString('hex'), expiresAt: now + 3_600_000, createdAt: now });
  await db('signInFlows').insert({
    stateHash: randomBytes(32).toString('hex'),
    browserHash: randomBytes(32).toString('hex'),
    provider: 'google',
    nonce: tag,
    codeVerifier: tag,
    returnTo: '/profile',
    linkUserId: user.id,
    testedBy: user.id,
    expiresAt: now + 600_000,
  });

  const credentialRows = await db('certificateCredentials').whereIn('certificateId', db('certificates').select('id').where({ userId: user.id }));
  const identifying = [
    user.email,
    `Quillfeather${tag}`,
    subject,
    ...credentialRows.flatMap((row: { subjectId: string; identityHash: string | null }) => [row.subjectId, row.identityHash ?? '']).filter(Boolean),
  ];
  return { user, client, identifying, storageKeys: [attached.key] };
}

/** The rows of a declared table that belong to the person, found through its owner columns as declared. */
export function ownedRows(db: Db, table: PersonalDataTableName, person: { id: number; email: string }): Knex.QueryBuilder {
  const owner: PersonalDataTable['owner'] = PERSONAL_DATA[table].owner;
  const query = db(table);
  query.where((where) => {
    for (const [column, kind] of Object.entries(owner)) {
      if (kind === 'userId') where.orWhere(column, person.id);
      else if (kind === 'address') where.orWhereRaw('lower(??) = ?', [column, person.email.toLowerCase()]);
      else if (kind === 'submission') where.orWhereIn(column, db('submissions').select('id').where({ userId: person.id }));
      else where.orWhereIn(column, db('certificates').select('id').where({ userId: person.id }));
    }
  });
  return query;
}

export const countOwnedRows = async (db: Db, table: PersonalDataTableName, person: { id: number; email: string }): Promise<number> =>
  Number((await ownedRows(db, table, person).count({ n: '*' }))[0]!.n);
