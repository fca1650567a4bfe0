import type { Db } from '../db/knex.ts';
import { randomBytes } from 'node:crypto';
import type { CatalogueDeps } from '../commands/catalogue/write.ts';
import { createInvite } from '../commands/schools/invites.ts';
import { hashToken, newToken } from '../services/tokens.ts';
import { createCourse, createModule, createUser, enroll, type UserRow } from './factories.ts';
import type { startFakeStripe } from './fakeStripe.ts';
import type { FileStorage } from '../services/storage/index.ts';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { newStorageKey } from '../services/storage/index.ts';
import { attachTestResource } from './resources.ts';
import { stageTestUpload } from './uploads.ts';
import type { ResumableUploads } from '../services/uploads/tus.ts';
import { insertAssignmentRow } from './assignments.ts';
import { attachTestEvidence, insertTestShare } from './cpdRecord.ts';

/** The resources one cell of the authorization matrix (test/authorizationMatrix.ts) acts on. */
export interface World {
  learner: UserRow;
  courseId: number;
  pricedCourseId: number;
  /** A priced course nobody has ordered or bought. */
  untouchedPricedCourseId: number;
  moduleId: number;
  secondModuleId: number;
  commentId: number;
  /** An external CPD entry on the learner's transcript (issue 59). */
  externalCpdId: number;
  /** A working link to the learner's CPD record (issue 59): its id and token. */
  recordShare: { id: number; token: string };
  certificateNumber: string;
  orderId: number;
  contactMessageId: number;
  paymentIntentId: string;
  /** The school, and per cell: a member of it, an invite link and an extra domain. */
  schoolId: number;
  memberId: number;
  inviteId: number;
  /** An invitation mailed to one person who has not joined (resend, withdraw). */
  personalInviteId: number;
  inviteToken: string;
  domain: string;
  licensedCourseId: number;
  /** The learner's order whose invoice is issued, and their succeeded card payment (receipts). */
  invoicedOrderId: number;
  paidPaymentIntentId: string;
  paidPaymentId: number;
  /** A resource of the course itself, and one of its first module. */
  resourceId: number;
  moduleResourceId: number;
  /** A knowledge check at the end of the course: one single-choice question 'q1' with options 'a' (correct) and 'b'. */
  quizId: number;
  /**
   * Assignments of the course (issue 37): `assignmentId` holds the learner's round awaiting review
   * (`submissionId`, with file `submissionFileId`); `draftAssignmentId` the learner's draft with
   * file `draftFileId`. The school does not share submissions with its managers.
   */
  assignmentId: number;
  submissionId: number;
  submissionFileId: number;
  draftAssignmentId: number;
  draftFileId: number;
  /** The trust the school is in (its managers: the matrix's trustManager). */
  trustId: number;
  /** Per cell: a trust of its own with one school, one manager and one pending invitation (token too). */
  spareTrustId: number;
  spareSchoolId: number;
  spareTrustManagerId: number;
  trustInviteId: number;
  trustInviteToken: string;
  /** Per cell: a course licensed to the trust's school and to the spare trust's (their deadlines). */
  trustCourseId: number;
  /** An unfinished upload of the learner's to `draftAssignmentId` (its URL id). */
  uploadId: string;
  /** Per cell: a group of the school (with the member in it), of the trust and of the spare trust, each with a member of its own staff. */
  schoolGroupId: number;
  memberEmail: string;
  trustGroupId: number;
  trustStaffId: number;
  trustStaffEmail: string;
  spareTrustGroupId: number;
  spareStaffId: number;
  spareStaffEmail: string;
  /** Per cell: a member of a school of the trust, and another school of the trust (the member is moved there). */
  trustMemberId: number;
  siblingSchoolId: number;
}

type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The accounts and school the world belongs to: the learner owns its things, the manager runs its school. */
export interface Cast {
  learner: UserRow;
  manager: UserRow;
  schoolId: number;
  trustId: number;
}

const unique = () => randomBytes(4).toString('hex');

/** A fresh set of resources per cell, so a delete in one cell cannot change another. */
export async function buildWorld(
  server: CatalogueDeps & { app: { deps: { storage: FileStorage; uploads: ResumableUploads; db: Db } } },
  stripe: FakeStripe,
  cast: Cast,
): Promise<World> {
  const { db } = server;
  const { learner, manager, schoolId, trustId } = cast;
  const course = await createCourse(server, { price: 0 });
  const priced = await createCourse(server, { price: 49900 });
  const untouched = await createCourse(server, { price: 19900 });
  const module = await createModule(server, course.id);
  const second = await createModule(server, course.id);
  await enroll(db, learner.id, course.id);
  const files = { db, storage: server.app.deps.storage };
  const resourceId = await attachTestResource(files, { courseId: course.id, moduleId: null });
  const moduleResourceId = await attachTestResource(files, { moduleId: module.id });
  const quizId = await insertTestQuiz(db, course.id);
  const work = await insertTestAssignmentWork(files, course.id, learner.id);
  const now = Date.now();
  const [commentId] = await db('comments').insert({ moduleId: module.id, userId: learner.id, comment: 'Learner comment', createdAt: now });
  const [externalCpdId] = await db('externalCpd').insert({
    userId: learner.id,
    title: 'Phonics training',
    provider: 'Local authority',
    completedOn: '2026-01-10',
    quarterHours: 6,
    createdAt: now,
  });
  // The entry carries an evidence file, and the learner's record has a working share link.
  await attachTestEvidence(files, Number(externalCpdId), now);
  // The learner is the same in every cell: stop the earlier cells' links, so they never reach the limit of working links.
  await db('transcriptShares').where({ userId: learner.id }).whereNull('revokedAt').update({ revokedAt: now });
  const recordShare = await insertTestShare(db, learner.id, now);
  // An English caption track on the module, for the caption routes' cells.
  await db('captions').insert({
    moduleId: module.id,
    lang: 'en',
    label: 'English',
    vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n',
    cueCount: 1,
    sourceFormat: 'vtt',
    uploadedBy: null,
    createdAt: now,
    updatedAt: now,
  });
  const certificateNumber = `ATR-${randomBytes(8).toString('hex').toUpperCase()}`;
  await db('certificates').insert({
    userId: learner.id,
    courseId: course.id,
    certificateNumber,
    studentName: 'Learner',
    courseName: course.title,
    completionPercentage: 100,
    completedAt: now,
    issuedAt: now,
  });
  const [orderId] = await db('orders').insert({
    userId: learner.id,
    courseId: priced.id,
    courseTitle: priced.title,
    schoolName: 'Oak',
    billingEmail: 'o@oak.test',
    amount: 49900,
    currency: 'gbp',
    status: 'requested',
    createdAt: now,
  });
  const [contactMessageId] = await db('contactMessages').insert({ name: 'A', email: 'a@b.test', message: 'Hi', source: 'landing', createdAt: now });
  await db('avatars')
    .insert({ userId: learner.id, data: Buffer.from('x'), contentType: 'image/webp', etag: unique(), updatedAt: now })
    .onConflict('userId')
    .merge();
  const paymentIntentId = `pi_${unique()}${unique()}`;
  stripe.intents.set(paymentIntentId, {
    id: paymentIntentId,
    object: 'payment_intent',
    amount: 49900,
    currency: 'gbp',
    status: 'requires_payment_method',
    client_secret: `${paymentIntentId}_secret_x`,
    metadata: {},
    description: null,
    last_payment_error: null,
  });
  await db('payments').insert({
    userId: learner.id,
    courseId: priced.id,
    provider: 'stripe',
    providerReference: paymentIntentId,
    amount: 49900,
    currency: 'gbp',
    status: 'requires_payment_method',
    createdAt: now,
    updatedAt: now,
  });
  const [invoicedOrderId] = await db('orders').insert({
    userId: learner.id,
    courseId: priced.id,
    courseTitle: priced.title,
    schoolName: 'Oak',
    billingEmail: 'o@oak.test',
    amount: 49900,
    currency: 'gbp',
    status: 'requested',
    createdAt: now,
    country: 'GB',
    invoiceNumber: `INV-1999-${unique()}`,
    invoiceIssuedAt: now,
    invoiceNet: 49900,
    invoiceTax: 9980,
    invoiceGross: 59880,
    invoiceTaxRate: 2000,
  });
  const paidPaymentIntentId = `pi_${unique()}${unique()}`;
  const [paidPaymentId] = await db('payments').insert({
    userId: learner.id,
    courseId: priced.id,
    provider: 'stripe',
    providerReference: paidPaymentIntentId,
    amount: 49900,
    currency: 'gbp',
    status: 'succeeded',
    createdAt: now,
    updatedAt: now,
    paidAt: now,
  });
  // Rows, not commands, for the per-cell fixtures: joining enrolls in every licensed course and
  // licensing enrolls every member, which over some 500 cells would grow quadratically.
  const member = await createUser(db);
  await db('schoolMembers').insert({ schoolId, userId: member.id, role: 'member', joinedAt: now });
  const { token: inviteToken, invite } = await createInvite(db, schoolId, manager.id, {}, now);
  // One pending invitation for the school, reused by every world: each invited person is a row
  // per licensed course in the register, and a world is built per cell.
  const pending = await db('schoolInvites').where({ schoolId }).where('email', 'like', 'invited-%').whereNull('revokedAt').where({ uses: 0 }).first('id');
  const [personalInviteId] = pending
    ? [pending.id]
    : await db('schoolInvites').insert({
        schoolId,
        tokenHash: `${unique()}${unique()}`.padEnd(64, '0'),
        createdBy: manager.id,
        createdAt: now,
        expiresAt: now + 365 * 86_400_000,
        maxUses: 1,
        uses: 0,
        email: `invited-${unique()}@school.test`,
        sentAt: now,
      });
  const domain = `d-${unique()}.school.test`;
  await db('schoolDomains').insert({ schoolId, domain, verifiedAt: now, verifiedBy: manager.id, createdAt: now });
  const licensed = await createCourse(server, { price: 100 });
  await db('schoolLicences').insert({ schoolId, courseId: licensed.id, source: 'grant', createdAt: now });
  const [spareTrustId] = await db('trusts').insert({ name: `Spare ${unique()}`, createdAt: now });
  const [spareSchoolId] = await db('schools').insert({ name: `Spare ${unique()}`, country: 'GB', createdAt: now, trustId: Number(spareTrustId) });
  const trustCourse = await createCourse(server, { price: 0 });
  const trustSchool = await db('schools').where({ trustId }).orderBy('id').first('id');
  for (const id of [Number(trustSchool!.id), Number(spareSchoolId)]) {
    await db('schoolLicences').insert({ schoolId: id, courseId: trustCourse.id, source: 'grant', createdAt: now });
  }
  // The spare trust holds the course itself too, for the admin's trust licence cells.
  await db('trustLicences').insert({ trustId: Number(spareTrustId), courseId: trustCourse.id, source: 'grant', createdAt: now });
  const spareManager = await createUser(db);
  await db('trustManagers').insert({ trustId: Number(spareTrustId), userId: spareManager.id, joinedAt: now });
  // Two schools of the trust with no licence, made once: each cell's member starts in the first
  // and is moved to the second. Unlicensed, they add no member × course rows to the trust's
  // register, which would otherwise grow by a member per cell.
  const siblings = await db('schools').where({ trustId }).whereIn('name', ['Sibling A', 'Sibling B']).orderBy('name').select('id');
  const [fromSchoolId, siblingSchoolId] =
    siblings.length === 2
      ? siblings.map((row) => Number(row.id))
      : [
          Number((await db('schools').insert({ name: 'Sibling A', country: 'GB', createdAt: now, trustId }))[0]),
          Number((await db('schools').insert({ name: 'Sibling B', country: 'GB', createdAt: now, trustId }))[0]),
        ];
  const trustMember = await createUser(db);
  await db('schoolMembers').insert({ schoolId: fromSchoolId!, userId: trustMember.id, role: 'member', joinedAt: now });
  const trustInviteToken = newToken();
  const [trustInviteId] = await db('trustInvites').insert({
    trustId: Number(spareTrustId),
    email: `trust-${unique()}@school.test`,
    tokenHash: hashToken(trustInviteToken),
    createdBy: null,
    createdAt: now,
    expiresAt: now + 30 * 86_400_000,
  });
  // Staff groups (issue 39): one per owner, each holding one of its own staff.
  // Every cell adds a group to the same school: 64 random bits keep their names apart (32 once clashed).
  const group = async (owner: { schoolId: number } | { trustId: number }, userId: number) => {
    const suffix = `${unique()}${unique()}`;
    const [groupId] = await db('groups').insert({
      schoolId: null,
      trustId: null,
      ...owner,
      name: `Group ${suffix}`,
      nameKey: `group ${suffix}`,
      createdAt: now,
    });
    await db('groupMembers').insert({ groupId: Number(groupId), userId, joinedAt: now });
    return Number(groupId);
  };
  // The trust's school does not grow per cell (its register stays small): its existing manager is the staff member.
  const trustStaffRow = await db('schoolMembers as sm')
    .join('users as u', 'u.id', 'sm.userId')
    .where('sm.schoolId', trustSchool!.id)
    .orderBy('sm.id')
    .first('u.id', 'u.email');
  const trustStaff = { id: Number(trustStaffRow!.id), email: String(trustStaffRow!.email) };
  const spareStaff = await createUser(db);
  await db('schoolMembers').insert({ schoolId: Number(spareSchoolId), userId: spareStaff.id, role: 'member', joinedAt: now });
  const schoolGroupId = await group({ schoolId }, member.id);
  const trustGroupId = await group({ trustId }, trustStaff.id);
  const spareTrustGroupId = await group({ trustId: Number(spareTrustId) }, spareStaff.id);
  return {
    schoolGroupId,
    memberEmail: member.email,
    trustGroupId,
    trustStaffId: trustStaff.id,
    trustStaffEmail: trustStaff.email,
    spareTrustGroupId,
    spareStaffId: spareStaff.id,
    spareStaffEmail: spareStaff.email,
    trustId,
    spareTrustId: Number(spareTrustId),
    spareSchoolId: Number(spareSchoolId),
    spareTrustManagerId: spareManager.id,
    trustInviteId: Number(trustInviteId),
    trustInviteToken,
    trustCourseId: trustCourse.id,
    trustMemberId: trustMember.id,
    siblingSchoolId: siblingSchoolId!,
    schoolId,
    memberId: member.id,
    inviteId: invite.id,
    personalInviteId: Number(personalInviteId),
    inviteToken,
    domain,
    licensedCourseId: licensed.id,
    learner,
    courseId: course.id,
    pricedCourseId: priced.id,
    untouchedPricedCourseId: untouched.id,
    moduleId: module.id,
    secondModuleId: second.id,
    commentId: Number(commentId),
    externalCpdId: Number(externalCpdId),
    recordShare,
    certificateNumber,
    orderId: Number(orderId),
    contactMessageId: Number(contactMessageId),
    paymentIntentId,
    invoicedOrderId: Number(invoicedOrderId),
    paidPaymentIntentId,
    paidPaymentId: Number(paidPaymentId),
    resourceId,
    moduleResourceId,
    quizId,
    ...(await stageTestUpload(server, learner.id, work.draftAssignmentId)),
    ...work,
  };
}

/** Two assignments of the course with the learner's work: one round awaiting review, one draft; each with a stored file. */
async function insertTestAssignmentWork(files: { db: CatalogueDeps['db']; storage: FileStorage }, courseId: number, userId: number) {
  const { db } = files;
  const now = Date.now();
  const assignmentId = await insertAssignmentRow(db, courseId);
  const draftAssignmentId = await insertAssignmentRow(db, courseId, { title: 'More photos' });
  const round = { userId, courseId, round: 1, note: null, link: null, createdAt: now, withdrawnAt: null, reviewedAt: null, reviewerId: null, feedback: null };
  const [submissionId] = await db('submissions').insert({ ...round, assignmentId: assignmentId, status: 'submitted', submittedAt: now });
  const [draftId] = await db('submissions').insert({ ...round, assignmentId: draftAssignmentId, status: 'draft', submittedAt: null });
  await db('assignmentResults').insert({
    userId,
    assignmentId: assignmentId,
    courseId,
    status: 'submitted',
    completed: false,
    round: 1,
    updatedAt: now,
  });
  const attach = async (submission: number) => {
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const key = newStorageKey('submissions');
    const stored = await files.storage.put(key, Readable.from([bytes]));
    const [storedId] = await db('storedFiles').insert({ storageKey: key, contentType: 'image/png', size: stored.size, sha256: stored.sha256, createdAt: now });
    const [fileId] = await db('submissionFiles').insert({
      submissionId: submission,
      fileId: Number(storedId),
      originalName: 'photo.png',
      kind: 'image',
      feedback: null,
      createdAt: now,
    });
    return Number(fileId);
  };
  return {
    assignmentId: assignmentId,
    submissionId: Number(submissionId),
    submissionFileId: await attach(Number(submissionId)),
    draftAssignmentId: draftAssignmentId,
    draftFileId: await attach(Number(draftId)),
  };
}

/** A one-question quiz at the end of a course, written as the quiz commands write it (version 1). */
async function insertTestQuiz(db: CatalogueDeps['db'], courseId: number): Promise<number> {
  const now = Date.now();
  const [quizId] = await db('quizzes').insert({
    courseId,
    afterModuleId: null,
    title: 'Check',
    version: 1,
    questionCount: 1,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  });
  const questions = [
    {
      id: 'q1',
      type: 'single',
      prompt: 'Pick a',
      explanation: null,
      options: [
        { id: 'a', text: 'A', correct: true },
        { id: 'b', text: 'B', correct: false },
      ],
    },
  ];
  await db('quizVersions').insert({ quizId, version: 1, questions: JSON.stringify(questions), createdAt: now });
  return Number(quizId);
}
