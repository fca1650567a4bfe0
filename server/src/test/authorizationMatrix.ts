import type { Db } from '../db/knex.ts';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoutes } from '../routes/index.ts';
import { createTestServer, type TestServer } from './server.ts';
import { createAdmin, createUser, signIn, TEST_PASSWORD, type UserRow } from './factories.ts';
import { buildWorld, type World } from './authorizationWorld.ts';
import { startFakeStripe } from './fakeStripe.ts';
import type { TestClient } from './client.ts';
import { createSchool, joinSchool } from '../commands/schools/membership.ts';
import { unsubscribeToken } from '../services/unsubscribe.ts';
import { makeTestKey } from '../test/samlIdp.ts';
import { acceptTrustInvite, attachSchool, createTrust, inviteTrustManager } from '../commands/trusts.ts';
import { rawBundle } from './oneroster.ts';
import { builtOn } from '../policies/narrowing.ts';
import { trustManager as trustManagerPolicy } from '../policies/trusts.ts';

/** A deadline the rules accept whatever day the suite runs: two months ahead (at most five years ahead, never past). */
const SOON = new Date(Date.now() + 60 * 24 * 60 * 60_000).toISOString().slice(0, 10);

/**
 * Every route of the router's own table × every kind of caller, with the outcome expected in
 * each cell. A route added without an entry here fails the first test. The cells run in
 * parts (routes/authorization.part*.test.ts), each with its own app and database, so that the
 * longest file of the server suites is a quarter of the matrix and the parts share the cores.
 *
 * learner:      enrolled in the course, owns the comment, certificate, order, payment and
 *               avatar, and is a plain member of the school; also a manager of the school's trust,
 *               so on another trust's routes they are that other trust's manager
 * other:        another learner, not enrolled, owning nothing, in no school, and a manager of the
 *               trust of the other school: the only one let into that trust's routes (the matrix's
 *               trust, whose school does not grow per cell, so its register stays small)
 * manager:      a manager of the school (with a verified address on its domain), enrolled in
 *               nothing and owning none of the learner's things
 * otherManager: a manager of another school (verified on the same domain), who must be refused
 *               on this school's resources; that school is in the matrix's trust, and a school
 *               manager has no trust routes
 * admin:        the platform's admin
 * Everyone but the visitor became who they are through the same commands the routes use.
 * 'ok' means any 2xx/3xx; numbers are exact statuses.
 */
const ROLES = ['visitor', 'other', 'otherManager', 'learner', 'manager', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Account = Exclude<Role, 'visitor'>;
type Outcome = 'ok' | 400 | 401 | 403 | 404 | 409 | 415;
type Expect = Record<Role, Outcome>;

interface Recipe {
  expect: Expect;
  /** `body` goes as JSON; `raw` as it is, with its `headers` (a plain form post). */
  request(world: World): { path: string; body?: unknown; raw?: string; headers?: Record<string, string> };
  /** Routes that change who is signed in get a freshly signed-in browser for the cell. */
  fresh?: boolean;
  /** Routes that end every session or change the membership of an account run on a throwaway account in that role's situation. */
  throwaway?: boolean;
  /** What the route needs in place before each request (the cell's own rows). */
  prepare?(world: World, db: Db): Promise<void>;
}

const all = (outcome: Outcome): Expect => ({ visitor: outcome, learner: outcome, other: outcome, manager: outcome, otherManager: outcome, admin: outcome });
/** 401 for the visitor, `outcome` for everyone signed in. */
const signedInGets = (outcome: Outcome): Expect => ({ ...all(outcome), visitor: 401 });
const everyone = all('ok');
/** A valid knowledge check (QuizInput) for the quiz editing cells. */
const QUIZ_INPUT = {
  title: 'Check',
  afterModuleId: null,
  questions: [
    {
      type: 'truefalse',
      prompt: 'Is it?',
      options: [
        { text: 'True', correct: true },
        { text: 'False', correct: false },
      ],
    },
  ],
};
/** A valid assignment (AssignmentInput) for the assignment editing cells. */
const ASSIGNMENT_INPUT = { title: 'Photos', instructions: 'Take photos', afterModuleId: null, accepts: ['image'], maxFiles: 2, approvalRequired: true };
const signedIn = signedInGets('ok');
const adminOnly: Expect = { ...signedInGets(403), admin: 'ok' };
const enrolledOrAdmin: Expect = { ...signedInGets(403), learner: 'ok', admin: 'ok' };
/** This school's own managers only: its plain members, other schools' managers and admins (who use /api/admin/schools) are refused. */
const schoolManager: Expect = { ...signedInGets(403), manager: 'ok' };
/** This trust's own managers only (other): its school's manager (otherManager), another trust's manager (learner), admins (who use /api/admin/trusts) are refused. */
const trustManager: Expect = { ...signedInGets(403), other: 'ok' };
const unique = () => randomBytes(4).toString('hex');
/** A OneRoster bundle's one school org and a teacher of it (the oneroster cells). */
const ONEROSTER_ORG = { sourcedId: 'org-matrix', name: 'Matrix org' };
const oneRosterStaff = (email: string) => ({ sourcedId: email, email, givenName: 'Sam', familyName: 'Staff', role: 'teacher', org: 'org-matrix' });
/** A school's SAML provider (PUT …/identity-provider), with a signing certificate made once for the file. */
let samlCertificate: string | undefined;
const SAML_PROVIDER = () => ({
  kind: 'saml',
  entityId: 'https://idp.test/saml',
  ssoUrl: 'https://idp.test/sso',
  certificate: (samlCertificate ??= makeTestKey().certificate),
});
/** A SAML provider for the owner whose last test passed (other cells replace or remove it), for the test and required cells. */
async function testedProvider(db: Db, owner: { schoolId: number } | { trustId: number }): Promise<void> {
  const now = Date.now();
  const tested = { lastTestAt: now, lastTestOk: true, lastTestResult: JSON.stringify({ ok: true, email: null, name: null, failure: null }) };
  if (await db('identityProviders').where(owner).first('id')) await db('identityProviders').where(owner).update(tested);
  else
    await db('identityProviders').insert({
      ...owner,
      kind: 'saml',
      entityId: SAML_PROVIDER().entityId,
      ssoUrl: SAML_PROVIDER().ssoUrl,
      certificates: SAML_PROVIDER().certificate,
      certificateExpiresAt: now + 30 * 86_400_000,
      required: false,
      ...tested,
      createdAt: now,
      updatedAt: now,
    });
}

/**
 * Cells whose answer grows with the whole world built so far (see the matrix below): each cell's
 * world adds a member and a licensed course to the school, so its registers, statuses, deadlines
 * and members, and the trust's counts, are members × courses of every cell before. They run first,
 * while the world is small: at the end of the table the registers alone took a minute each.
 */
const GROWS_WITH_WORLD = new Set([
  'GET /api/schools/:id/register.xlsx',
  'GET /api/trusts/:id/register.xlsx',
  'GET /api/schools/:id/cpd-hours',
  'GET /api/trusts/:id/cpd-hours',
  'GET /api/trusts/:id/overview',
  'GET /api/trusts/:id/statuses',
  'GET /api/schools/:id/training-status',
  'GET /api/schools/:id/deadlines',
  'PUT /api/schools/:id/deadlines/:courseId',
  'DELETE /api/schools/:id/deadlines/:courseId',
  'GET /api/schools/:id/members',
]);

const recipes: Record<string, Recipe> = {
  'GET /healthz': { expect: everyone, request: () => ({ path: '/healthz' }) },
  'GET /': { expect: everyone, request: () => ({ path: '/' }) },
  'POST /contact': {
    expect: everyone,
    request: () => ({
      path: '/contact',
      raw: new URLSearchParams({ name: 'Ann', email: 'ann@school.test', message: 'Hello' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'GET /readyz': { expect: everyone, request: () => ({ path: '/readyz' }) },
  'GET /api/openapi.json': { expect: everyone, request: () => ({ path: '/api/openapi.json' }) },
  'GET /docs/api': { expect: everyone, request: () => ({ path: '/docs/api' }) },
  'GET /docs/api/start.js': { expect: everyone, request: () => ({ path: '/docs/api/start.js' }) },
  'GET /docs/api/redoc.standalone.js': { expect: everyone, request: () => ({ path: '/docs/api/redoc.standalone.js' }) },
  'GET /api/config': { expect: everyone, request: () => ({ path: '/api/config' }) },
  'POST /api/register': {
    fresh: true,
    expect: everyone,
    request: () => ({ path: '/api/register', body: { email: `new-${unique()}@school.test`, password: 'secret-123' } }),
  },
  'POST /api/login': { fresh: true, expect: everyone, request: (w) => ({ path: '/api/login', body: { email: w.learner.email, password: TEST_PASSWORD } }) },
  'POST /api/logout': { fresh: true, expect: signedIn, request: () => ({ path: '/api/logout' }) },
  'GET /api/user': { expect: signedIn, request: () => ({ path: '/api/user' }) },
  'POST /api/forgot-password': { expect: everyone, request: (w) => ({ path: '/api/forgot-password', body: { email: w.learner.email } }) },
  'POST /api/reset-password': {
    expect: all(400),
    request: () => ({ path: '/api/reset-password', body: { token: 'made-up-token', newPassword: 'new-password' } }),
  },
  'POST /api/user/password': {
    expect: signedInGets(400),
    request: () => ({ path: '/api/user/password', body: { currentPassword: 'not-the-password', newPassword: 'whatever-new' } }),
  },
  'POST /api/user/sign-out-everywhere': { throwaway: true, expect: signedIn, request: () => ({ path: '/api/user/sign-out-everywhere' }) },
  'GET /api/user/export': { expect: signedIn, request: () => ({ path: '/api/user/export' }) },
  'DELETE /api/user': { expect: signedInGets(400), request: () => ({ path: '/api/user', body: { password: 'not-the-password', certificates: 'keep' } }) },
  'PATCH /api/user/profile': { expect: signedIn, request: () => ({ path: '/api/user/profile', body: { company: 'Oak Academy' } }) },
  'POST /api/user/upload-avatar': { expect: signedInGets(415), request: () => ({ path: '/api/user/upload-avatar', body: {} }) },
  // The owner, a colleague of their school (the manager) and admins; others get the 404 of "no photo" (policies/avatars.ts).
  'GET /api/avatars/:id': {
    expect: { visitor: 401, other: 404, otherManager: 404, learner: 'ok', manager: 'ok', admin: 'ok' },
    request: (w) => ({ path: `/api/avatars/${w.learner.id}` }),
  },
  'POST /api/create-payment-intent': { expect: signedIn, request: (w) => ({ path: '/api/create-payment-intent', body: { courseId: w.pricedCourseId } }) },
  'GET /api/payments/:paymentIntentId': { expect: { ...signedInGets(404), learner: 'ok' }, request: (w) => ({ path: `/api/payments/${w.paymentIntentId}` }) },
  'POST /api/stripe/webhook': { expect: all(400), request: () => ({ path: '/api/stripe/webhook', body: { type: 'payment_intent.succeeded' } }) },
  'POST /api/orders': {
    // Only a caller whose own address is verified (policies/orders.ts): the world verifies its managers' only.
    expect: { ...signedInGets(403), manager: 'ok', otherManager: 'ok' },
    request: (w) => ({ path: '/api/orders', body: { courseId: w.untouchedPricedCourseId, schoolName: 'Oak Academy', billingEmail: 'office@oak.sch.uk' } }),
  },
  'GET /api/orders': { expect: signedIn, request: () => ({ path: '/api/orders' }) },
  'GET /api/admin/orders': { expect: adminOnly, request: () => ({ path: '/api/admin/orders' }) },
  'POST /api/admin/orders/:id/paid': { expect: adminOnly, request: (w) => ({ path: `/api/admin/orders/${w.orderId}/paid` }) },
  'GET /api/admin/payments': { expect: adminOnly, request: () => ({ path: '/api/admin/payments' }) },
  'POST /api/admin/orders/:id/invoice': { expect: adminOnly, request: (w) => ({ path: `/api/admin/orders/${w.orderId}/invoice`, body: { country: 'GB' } }) },
  'PUT /api/admin/orders/:id/discount': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/orders/${w.orderId}/discount`, body: { kind: 'percent', value: 10, reason: 'A trust of five schools' } }),
  },
  'DELETE /api/admin/orders/:id/discount': { expect: adminOnly, request: (w) => ({ path: `/api/admin/orders/${w.orderId}/discount` }) },
  'GET /api/orders/:id/invoice.pdf': {
    expect: { ...signedInGets(404), learner: 'ok', admin: 'ok' },
    request: (w) => ({ path: `/api/orders/${w.invoicedOrderId}/invoice.pdf` }),
  },
  'GET /api/payments/:paymentIntentId/receipt.pdf': {
    expect: { ...signedInGets(404), learner: 'ok', admin: 'ok' },
    request: (w) => ({ path: `/api/payments/${w.paidPaymentIntentId}/receipt.pdf` }),
  },
  'GET /api/admin/payments/:id/receipt.pdf': { expect: adminOnly, request: (w) => ({ path: `/api/admin/payments/${w.paidPaymentId}/receipt.pdf` }) },
  'GET /api/admin/sales': { expect: adminOnly, request: () => ({ path: '/api/admin/sales' }) },
  'GET /api/admin/insights/weekly': { expect: adminOnly, request: () => ({ path: '/api/admin/insights/weekly' }) },
  'GET /api/admin/insights/courses/:courseId': { expect: adminOnly, request: (w) => ({ path: `/api/admin/insights/courses/${w.courseId}` }) },
  'GET /api/admin/insights/modules/:moduleId/retention': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/insights/modules/${w.moduleId}/retention` }),
  },
  'GET /api/currency': { expect: everyone, request: () => ({ path: '/api/currency' }) },
  'PUT /api/currency': { expect: everyone, request: () => ({ path: '/api/currency', body: { currency: 'GBP' } }) },
  'GET /api/modules/:moduleId/comments': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/modules/${w.moduleId}/comments` }) },
  'POST /api/modules/:moduleId/comments': {
    expect: enrolledOrAdmin,
    request: (w) => ({ path: `/api/modules/${w.moduleId}/comments`, body: { comment: 'Helpful, thanks!' } }),
  },
  'DELETE /api/modules/comments/:commentId': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/modules/comments/${w.commentId}` }) },
  'GET /api/modules/:moduleId/discussion': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/modules/${w.moduleId}/discussion` }) },
  'GET /api/modules/:moduleId/comments/:commentId/replies': {
    expect: enrolledOrAdmin,
    request: (w) => ({ path: `/api/modules/${w.moduleId}/comments/${w.commentId}/replies` }),
  },
  'PUT /api/modules/comments/:commentId/answer': {
    expect: { ...adminOnly, admin: 400 },
    request: (w) => ({ path: `/api/modules/comments/${w.commentId}/answer`, body: { answer: true } }),
  },
  'PUT /api/modules/comments/:commentId/pin': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/modules/comments/${w.commentId}/pin`, body: { pinned: true } }),
  },
  'PUT /api/discussion/settings': { expect: signedIn, request: () => ({ path: '/api/discussion/settings', body: { showSchool: true } }) },
  'PUT /api/modules/comments/:commentId/follow': {
    expect: enrolledOrAdmin,
    request: (w) => ({ path: `/api/modules/comments/${w.commentId}/follow`, body: { following: true } }),
  },
  'GET /api/notifications': { expect: signedIn, request: () => ({ path: '/api/notifications' }) },
  'POST /api/notifications/seen': { expect: signedIn, request: () => ({ path: '/api/notifications/seen' }) },
  // The learner owns the comment (their own: 400) and admins moderate instead of reporting (400).
  'POST /api/modules/comments/:commentId/report': {
    expect: { ...signedInGets(403), learner: 400, admin: 400 },
    request: (w) => ({ path: `/api/modules/comments/${w.commentId}/report`, body: { reason: 'spam' } }),
  },
  'GET /api/admin/moderation': { expect: adminOnly, request: () => ({ path: '/api/admin/moderation' }) },
  'PUT /api/admin/moderation/comments/:commentId/hide': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/moderation/comments/${w.commentId}/hide`, body: { reason: 'Off topic' } }),
  },
  'PUT /api/admin/moderation/comments/:commentId/restore': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/moderation/comments/${w.commentId}/restore` }),
  },
  'GET /api/modules/:id/captions': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/modules/${w.moduleId}/captions` }) },
  'GET /api/modules/:id/captions/:lang.vtt': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/modules/${w.moduleId}/captions/en.vtt` }) },
  // A JSON body is not an upload: the admin passes access and is told to send multipart.
  'PUT /api/modules/:id/captions/:lang': {
    expect: { ...adminOnly, admin: 415 },
    request: (w) => ({ path: `/api/modules/${w.moduleId}/captions/en`, body: { label: 'English' } }),
  },
  'DELETE /api/modules/:id/captions/:lang': { expect: adminOnly, request: (w) => ({ path: `/api/modules/${w.moduleId}/captions/en` }) },
  'GET /api/courses/:id/captions': { expect: everyone, request: (w) => ({ path: `/api/courses/${w.courseId}/captions` }) },
  'GET /api/accessibility': { expect: everyone, request: () => ({ path: '/api/accessibility' }) },
  'POST /api/accessibility/reports': {
    expect: everyone,
    request: () => ({ path: '/api/accessibility/reports', body: { name: 'Ann', email: 'ann@school.test', message: 'The player has no captions' } }),
  },
  'PUT /api/admin/accessibility': { expect: adminOnly, request: () => ({ path: '/api/admin/accessibility', body: { responseDays: 5 } }) },
  'GET /api/user/caption-preferences': { expect: signedIn, request: () => ({ path: '/api/user/caption-preferences' }) },
  'PUT /api/user/caption-preferences': { expect: signedIn, request: () => ({ path: '/api/user/caption-preferences', body: { on: true } }) },
  'POST /api/contact': { expect: everyone, request: () => ({ path: '/api/contact', body: { name: 'Ann', email: 'ann@school.test', message: 'Hello' } }) },
  'GET /api/admin/students': { expect: adminOnly, request: () => ({ path: '/api/admin/students?q=a' }) },
  'GET /api/admin/students/:id': { expect: adminOnly, request: (w) => ({ path: `/api/admin/students/${w.learner.id}` }) },
  'GET /api/admin/students/:id/enrollments': { expect: adminOnly, request: (w) => ({ path: `/api/admin/students/${w.learner.id}/enrollments` }) },
  'GET /api/admin/students/:id/watching': { expect: adminOnly, request: (w) => ({ path: `/api/admin/students/${w.learner.id}/watching` }) },
  'GET /api/admin/overview': { expect: adminOnly, request: () => ({ path: '/api/admin/overview' }) },
  'GET /api/admin/enrollments': { expect: adminOnly, request: () => ({ path: '/api/admin/enrollments' }) },
  'POST /api/admin/enroll': {
    expect: adminOnly,
    request: (w) => ({ path: '/api/admin/enroll', body: { studentEmail: w.learner.email, courseId: w.pricedCourseId } }),
  },
  'DELETE /api/admin/enroll': {
    expect: adminOnly,
    request: (w) => ({ path: '/api/admin/enroll', body: { studentEmail: w.learner.email, courseId: w.courseId } }),
  },
  'GET /api/admin/export-excel': { expect: adminOnly, request: () => ({ path: '/api/admin/export-excel' }) },
  'GET /api/admin/contact-messages': { expect: adminOnly, request: () => ({ path: '/api/admin/contact-messages' }) },
  'PATCH /api/admin/contact-messages/:id': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/contact-messages/${w.contactMessageId}`, body: { handled: true } }),
  },
  'GET /api/admin/certificates': { expect: adminOnly, request: () => ({ path: '/api/admin/certificates' }) },
  'POST /api/admin/certificates/:number/revoke': { expect: adminOnly, request: (w) => ({ path: `/api/admin/certificates/${w.certificateNumber}/revoke` }) },
  'POST /api/admin/certificates/:number/restore': { expect: adminOnly, request: (w) => ({ path: `/api/admin/certificates/${w.certificateNumber}/restore` }) },
  'GET /api/courses': { expect: everyone, request: () => ({ path: '/api/courses' }) },
  'GET /api/courses/:id': { expect: everyone, request: (w) => ({ path: `/api/courses/${w.courseId}` }) },
  'POST /api/courses': { expect: adminOnly, request: () => ({ path: '/api/courses', body: { title: 'New course', description: 'About it' } }) },
  'PUT /api/courses/:id': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}`, body: { title: 'Renamed', description: 'About it' } }) },
  'DELETE /api/courses/:id': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}` }) },
  // Renewal is the learner's own progress: an enrollment is needed whatever the role (admins
  // included). The world's course never expires, so the enrolled learner is told 409.
  'GET /api/courses/:id/renewal': { expect: { ...signedInGets(403), learner: 'ok' }, request: (w) => ({ path: `/api/courses/${w.courseId}/renewal` }) },
  'POST /api/courses/:id/renewal': { expect: { ...signedInGets(403), learner: 409 }, request: (w) => ({ path: `/api/courses/${w.courseId}/renewal` }) },
  'GET /api/courses/:courseId/modules': { expect: signedIn, request: (w) => ({ path: `/api/courses/${w.courseId}/modules` }) },
  'GET /api/modules/:id': { expect: signedIn, request: (w) => ({ path: `/api/modules/${w.moduleId}` }) },
  'POST /api/modules': {
    expect: adminOnly,
    request: (w) => ({ path: '/api/modules', body: { title: 'Extra', vimeoVideoId: '76979871', courseId: w.courseId } }),
  },
  'PUT /api/modules/:id': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/modules/${w.moduleId}`, body: { title: 'Renamed', vimeoVideoId: '76979871', courseId: w.courseId } }),
  },
  'DELETE /api/modules/:id': { expect: adminOnly, request: (w) => ({ path: `/api/modules/${w.moduleId}` }) },
  // Resources: anyone sees the lists; downloads are the enrolled learner's and the admin's; uploads
  // are multipart, so the JSON body an admin sends here is a 415 (after the access check).
  'GET /api/courses/:id/resources': { expect: everyone, request: (w) => ({ path: `/api/courses/${w.courseId}/resources` }) },
  'GET /api/modules/:id/resources': { expect: everyone, request: (w) => ({ path: `/api/modules/${w.moduleId}/resources` }) },
  'POST /api/courses/:id/resources': { expect: { ...adminOnly, admin: 415 }, request: (w) => ({ path: `/api/courses/${w.courseId}/resources`, body: {} }) },
  'POST /api/modules/:id/resources': { expect: { ...adminOnly, admin: 415 }, request: (w) => ({ path: `/api/modules/${w.moduleId}/resources`, body: {} }) },
  'PUT /api/courses/:id/resources/order': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/courses/${w.courseId}/resources/order`, body: { resourceIds: [w.resourceId] } }),
  },
  'PUT /api/modules/:id/resources/order': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/modules/${w.moduleId}/resources/order`, body: { resourceIds: [w.moduleResourceId] } }),
  },
  'GET /api/courses/:id/quizzes': { expect: everyone, request: (w) => ({ path: `/api/courses/${w.courseId}/quizzes` }) },
  'POST /api/courses/:id/quizzes': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}/quizzes`, body: QUIZ_INPUT }) },
  'GET /api/courses/:id/quizzes/:quizId': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}/quizzes/${w.quizId}` }) },
  'PUT /api/courses/:id/quizzes/:quizId': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}/quizzes/${w.quizId}`, body: QUIZ_INPUT }) },
  'DELETE /api/courses/:id/quizzes/:quizId': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}/quizzes/${w.quizId}` }) },
  'GET /api/quizzes/:id': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/quizzes/${w.quizId}` }) },
  'POST /api/quizzes/:id/attempts': {
    expect: enrolledOrAdmin,
    request: (w) => ({ path: `/api/quizzes/${w.quizId}/attempts`, body: { answers: [{ questionId: 'q1', optionIds: ['a'] }] } }),
  },
  'GET /api/quizzes/:id/attempts': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/quizzes/${w.quizId}/attempts` }) },
  // Assignments (issue 37): editing is the admin's; the work is the enrolled learner's (an admin may try a step too, with no work of
  // their own there); a round and its files are the learner's and the admin's (the school does not share them), 404 for anyone else.
  'GET /api/courses/:id/assignments': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}/assignments` }) },
  'POST /api/courses/:id/assignments': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}/assignments`, body: ASSIGNMENT_INPUT }) },
  'PATCH /api/courses/:id/assignments/:assignmentId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/courses/${w.courseId}/assignments/${w.assignmentId}`, body: { title: 'Renamed' } }),
  },
  'DELETE /api/courses/:id/assignments/:assignmentId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/courses/${w.courseId}/assignments/${w.assignmentId}` }),
  },
  'GET /api/assignments/:id': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/assignments/${w.assignmentId}` }) },
  'PATCH /api/assignments/:id/draft': {
    expect: enrolledOrAdmin,
    request: (w) => ({ path: `/api/assignments/${w.draftAssignmentId}/draft`, body: { note: 'Hello' } }),
  },
  'DELETE /api/assignments/:id/draft/files/:fileId': {
    expect: { ...signedInGets(403), learner: 'ok', admin: 404 },
    request: (w) => ({ path: `/api/assignments/${w.draftAssignmentId}/draft/files/${w.draftFileId}` }),
  },
  'POST /api/assignments/:id/submit': {
    expect: { ...signedInGets(403), learner: 'ok', admin: 400 },
    request: (w) => ({ path: `/api/assignments/${w.draftAssignmentId}/submit` }),
  },
  'POST /api/assignments/:id/withdraw': {
    expect: { ...signedInGets(403), learner: 'ok', admin: 409 },
    request: (w) => ({ path: `/api/assignments/${w.assignmentId}/withdraw` }),
  },
  'GET /api/submissions/:id': {
    expect: { ...signedInGets(404), learner: 'ok', admin: 'ok' },
    request: (w) => ({ path: `/api/submissions/${w.submissionId}` }),
  },
  'GET /api/submission-files/:fileId': {
    expect: { ...signedInGets(404), learner: 'ok', admin: 'ok' },
    request: (w) => ({ path: `/api/submission-files/${w.submissionFileId}` }),
  },
  'GET /api/admin/reviews': { expect: adminOnly, request: () => ({ path: '/api/admin/reviews' }) },
  'GET /api/admin/reviews/counts': { expect: adminOnly, request: () => ({ path: '/api/admin/reviews/counts' }) },
  'GET /api/admin/reviews/:id': { expect: adminOnly, request: (w) => ({ path: `/api/admin/reviews/${w.submissionId}` }) },
  'POST /api/admin/reviews/:id': { expect: adminOnly, request: (w) => ({ path: `/api/admin/reviews/${w.submissionId}`, body: { decision: 'approve' } }) },
  'PATCH /api/schools/:id/submission-sharing': {
    expect: schoolManager,
    // Sets it off: the school is shared by every cell, and the submission cells expect its managers refused.
    request: (w) => ({ path: `/api/schools/${w.schoolId}/submission-sharing`, body: { managersSeeSubmissions: false } }),
  },
  'GET /api/resources/:id/download': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/resources/${w.moduleResourceId}/download` }) },
  'PUT /api/resources/:id': { expect: adminOnly, request: (w) => ({ path: `/api/resources/${w.resourceId}`, body: { title: 'Renamed' } }) },
  'PUT /api/resources/:id/file': { expect: { ...adminOnly, admin: 415 }, request: (w) => ({ path: `/api/resources/${w.resourceId}/file`, body: {} }) },
  'DELETE /api/resources/:id': { expect: adminOnly, request: (w) => ({ path: `/api/resources/${w.resourceId}` }) },
  // Resumable uploads (tus): created by whoever may take the course's steps; only the creator reaches an upload.
  'POST /api/uploads': {
    expect: enrolledOrAdmin,
    request: (w) => ({
      path: '/api/uploads',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `assignmentId ${btoa(String(w.draftAssignmentId))},filename ${btoa('a.png')},filetype ${btoa('image/png')}`,
      },
    }),
  },
  'HEAD /api/uploads/:uploadId': {
    expect: { ...signedInGets(404), learner: 'ok' },
    request: (w) => ({ path: `/api/uploads/${w.uploadId}`, headers: { 'tus-resumable': '1.0.0' } }),
  },
  'PATCH /api/uploads/:uploadId': {
    expect: { ...signedInGets(404), learner: 'ok' },
    request: (w) => ({
      path: `/api/uploads/${w.uploadId}`,
      raw: 'x'.repeat(10),
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    }),
  },
  'DELETE /api/uploads/:uploadId': {
    expect: { ...signedInGets(404), learner: 'ok' },
    request: (w) => ({ path: `/api/uploads/${w.uploadId}`, headers: { 'tus-resumable': '1.0.0' } }),
  },
  'PUT /api/courses/:courseId/modules/order': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/courses/${w.courseId}/modules/order`, body: { moduleIds: [w.secondModuleId, w.moduleId] } }),
  },
  'GET /api/dashboard': { expect: signedIn, request: () => ({ path: '/api/dashboard' }) },
  'POST /api/enrollments': { expect: signedIn, request: (w) => ({ path: '/api/enrollments', body: { courseId: w.courseId } }) },
  'GET /api/progress/:moduleId': { expect: signedIn, request: (w) => ({ path: `/api/progress/${w.moduleId}` }) },
  // Admins, too, save progress only in courses they are enrolled in (no certificates for previewing).
  'POST /api/progress': {
    expect: { ...signedInGets(403), learner: 'ok' },
    request: (w) => ({ path: '/api/progress', body: { moduleId: w.moduleId, courseId: w.courseId, watchedDuration: 30 } }),
  },
  'GET /api/certificates': { expect: signedIn, request: () => ({ path: '/api/certificates' }) },
  'GET /api/transcript': { expect: signedIn, request: () => ({ path: '/api/transcript' }) },
  'POST /api/transcript/external': {
    expect: signedIn,
    request: () => ({
      path: '/api/transcript/external',
      body: { title: 'Phonics refresher', provider: 'Local authority', completedOn: '2026-01-10', cpdHours: 1.5 },
    }),
  },
  // Only the entry's owner removes it; anyone else is answered as if it did not exist.
  'DELETE /api/transcript/external/:id': {
    expect: { ...signedInGets(404), learner: 'ok' },
    request: (w) => ({ path: `/api/transcript/external/${w.externalCpdId}` }),
  },
  // The evidence of an external entry: its owner's alone, the same 404 for everyone else (admins and managers too).
  'GET /api/transcript/external/:id/evidence': {
    expect: { ...signedInGets(404), learner: 'ok' },
    request: (w) => ({ path: `/api/transcript/external/${w.externalCpdId}/evidence` }),
  },
  // Checked before the body is read: the owner gets 415 for a JSON body, everyone else 404.
  'PUT /api/transcript/external/:id/evidence': {
    expect: { ...signedInGets(404), learner: 415 },
    request: (w) => ({ path: `/api/transcript/external/${w.externalCpdId}/evidence`, body: {} }),
  },
  'DELETE /api/transcript/external/:id/evidence': {
    expect: { ...signedInGets(404), learner: 'ok' },
    request: (w) => ({ path: `/api/transcript/external/${w.externalCpdId}/evidence` }),
  },
  'GET /api/transcript/sharing': { expect: signedIn, request: () => ({ path: '/api/transcript/sharing' }) },
  'POST /api/transcript/shares': { expect: signedIn, request: () => ({ path: '/api/transcript/shares', body: { label: 'For my appraisal' } }) },
  'DELETE /api/transcript/shares/:id': {
    expect: { ...signedInGets(404), learner: 'ok' },
    request: (w) => ({ path: `/api/transcript/shares/${w.recordShare.id}` }),
  },
  // Only a member of the school says what it sees of their record: the learner is a plain member; its manager is a member too.
  'PUT /api/transcript/schools/:id': {
    expect: { ...signedInGets(404), learner: 'ok', manager: 'ok' },
    request: (w) => ({ path: `/api/transcript/schools/${w.schoolId}`, body: { shared: true } }),
  },
  // A shared record: public to anyone holding the link.
  'GET /api/records/:token': { expect: everyone, request: (w) => ({ path: `/api/records/${w.recordShare.token}` }) },
  'GET /api/records/:token/record.pdf': { expect: everyone, request: (w) => ({ path: `/api/records/${w.recordShare.token}/record.pdf` }) },
  'GET /api/certificates/:number': { expect: everyone, request: (w) => ({ path: `/api/certificates/${w.certificateNumber}` }) },
  // Open Badges credentials: public, so a verifier needs nothing from us but these.
  'GET /api/certificates/:number/credential': { expect: everyone, request: (w) => ({ path: `/api/certificates/${w.certificateNumber}/credential` }) },
  'GET /api/credentials/issuer': { expect: everyone, request: () => ({ path: '/api/credentials/issuer' }) },
  'GET /api/credentials/achievements/:id': { expect: everyone, request: (w) => ({ path: `/api/credentials/achievements/${w.courseId}` }) },
  'GET /api/credentials/revocations': { expect: everyone, request: () => ({ path: '/api/credentials/revocations' }) },
  // A key never recorded is 404 for everyone; credentials.test.ts fetches the real ones by their kid.
  'GET /api/credentials/keys/:thumbprint': { expect: all(404), request: () => ({ path: `/api/credentials/keys/${'A'.repeat(43)}` }) },
  'GET /.well-known/jwks.json': { expect: everyone, request: () => ({ path: '/.well-known/jwks.json' }) },
  // Public, and 404 for everyone here: this world has no demo learner (demo/demo.test.ts has one).
  'GET /api/demo': { expect: all(404), request: () => ({ path: '/api/demo' }) },
  // A person belongs to one school at most: its members and managers cannot found another.
  'POST /api/schools': {
    throwaway: true,
    expect: { ...signedIn, learner: 409, manager: 409, otherManager: 409 },
    request: () => ({ path: '/api/schools', body: { name: 'Oak Academy' } }),
  },
  'GET /api/schools/mine': { expect: signedIn, request: () => ({ path: '/api/schools/mine' }) },
  'GET /api/schools/:id/members': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/members` }) },
  'DELETE /api/schools/:id/members/:userId': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/members/${w.memberId}` }) },
  'POST /api/schools/:id/managers': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/managers`, body: { userId: w.memberId } }) },
  'POST /api/schools/:id/invites': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/invites`, body: { maxUses: 3 } }) },
  'GET /api/schools/:id/invites': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/invites` }) },
  'DELETE /api/schools/:id/invites/:inviteId': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/invites/${w.inviteId}` }) },
  'POST /api/schools/:id/invites/email': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/invites/email`, body: { emails: ['colleague@school.test'] } }),
  },
  'GET /api/invites/:token': { expect: everyone, request: (w) => ({ path: `/api/invites/${w.inviteToken}` }) },
  'POST /api/schools/:id/invites/:inviteId/resend': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/invites/${w.personalInviteId}/resend` }),
  },
  'GET /api/schools/:id/invited': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/invited` }) },
  'GET /api/admin/schools/:id/invited': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/invited` }) },
  'GET /api/schools/:id/comments': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/comments` }) },
  'GET /api/admin/schools/:id/comments': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/comments` }) },
  'POST /api/admin/schools/:id/invitations-approval': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/invitations-approval`, body: { approved: true } }),
  },
  // A fresh account in each role's situation, so joining leaves the shared accounts as they were:
  // members of the school (its manager too) accept again without effect, another school's manager is refused.
  'POST /api/invites/:token/accept': {
    throwaway: true,
    expect: { ...signedIn, otherManager: 409 },
    request: (w) => ({ path: `/api/invites/${w.inviteToken}/accept` }),
  },
  'POST /api/schools/:id/domains': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/domains`, body: { domain: 'school.test' } }) },
  'DELETE /api/schools/:id/domains/:domain': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/domains/${w.domain}` }) },
  'POST /api/user/verify-email': { expect: signedIn, request: () => ({ path: '/api/user/verify-email' }) },
  'POST /api/verify-email': { expect: signedInGets(400), request: () => ({ path: '/api/verify-email', body: { token: 'made-up-token-that-is-long-enough' } }) },
  'GET /api/schools/:id/register.xlsx': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/register.xlsx` }) },
  'GET /api/schools/:id/cpd-hours': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/cpd-hours` }) },
  'GET /api/admin/schools': { expect: adminOnly, request: () => ({ path: '/api/admin/schools' }) },
  'GET /api/admin/schools/:id': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}` }) },
  'POST /api/admin/schools/:id/licences': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/licences`, body: { courseId: w.licensedCourseId } }),
  },
  'POST /api/admin/schools/:id/licences/:courseId/revoke': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/licences/${w.licensedCourseId}/revoke` }),
  },
  'POST /api/admin/schools/:id/licences/:courseId/restore': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/licences/${w.licensedCourseId}/restore` }),
  },
  'GET /api/schools/:id/deadlines': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/deadlines` }) },
  'PUT /api/schools/:id/deadlines/:courseId': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/deadlines/${w.licensedCourseId}`, body: { completeBy: SOON } }),
  },
  'DELETE /api/schools/:id/deadlines/:courseId': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/deadlines/${w.licensedCourseId}` }),
  },
  'GET /api/schools/:id/training-status': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/training-status` }) },
  'GET /api/schools/:id/training-status/counts': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/training-status/counts?courseId=${w.courseId}` }),
  },
  'GET /api/schools/:id/certificates': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/certificates` }) },
  'GET /api/schools/:id/insights/weekly': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/insights/weekly` }) },
  'GET /api/schools/:id/insights/courses/:courseId': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/insights/courses/${w.licensedCourseId}` }),
  },
  'GET /api/admin/schools/:id/deadlines': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/deadlines` }) },
  'PUT /api/admin/schools/:id/deadlines/:courseId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/deadlines/${w.licensedCourseId}`, body: { completeBy: SOON, newStaffDays: 30 } }),
  },
  'DELETE /api/admin/schools/:id/deadlines/:courseId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/deadlines/${w.licensedCourseId}` }),
  },
  'GET /api/admin/schools/:id/training-status': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/training-status` }) },
  'GET /api/admin/schools/:id/training-status/counts': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/training-status/counts` }),
  },
  'GET /api/user/training': { expect: signedIn, request: () => ({ path: '/api/user/training' }) },
  'GET /api/admin/scheduler': { expect: adminOnly, request: () => ({ path: '/api/admin/scheduler' }) },
  'POST /api/admin/scheduler/:name/run': { expect: adminOnly, request: () => ({ path: '/api/admin/scheduler/school-digest/run' }) },
  'PATCH /api/schools/:id': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}`, body: { country: 'GB' } }) },
  'PATCH /api/admin/schools/:id': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}`, body: { country: 'GB' } }) },
  // The token is the authority (a mail provider posts with no session): anyone holding the learner's link may use it.
  'GET /api/unsubscribe': {
    expect: everyone,
    request: (w) => ({ path: `/api/unsubscribe?token=${unsubscribeToken({ userId: w.learner.id, category: 'digest' }, ['test-secret-key-one'])}` }),
  },
  'POST /api/unsubscribe': {
    expect: everyone,
    request: (w) => ({ path: `/api/unsubscribe?token=${unsubscribeToken({ userId: w.learner.id, category: 'reminders' }, ['test-secret-key-one'])}` }),
  },
  // School sign-in: both ends are top-level navigations that always redirect (here to /auth: no provider is configured in this world).
  'GET /api/auth/:provider/start': { expect: everyone, request: () => ({ path: '/api/auth/google/start?returnTo=/dashboard' }) },
  'GET /api/auth/:provider/callback': { expect: everyone, request: () => ({ path: '/api/auth/google/callback?state=made-up&code=made-up' }) },
  // A school's own provider (SAML): every end is public and redirects to /auth here (no connection 999999); the metadata of none is a 404.
  'GET /api/auth/sso/start': { expect: everyone, request: () => ({ path: '/api/auth/sso/start?email=someone%40nowhere.example' }) },
  'GET /api/auth/sso/:connectionId/start': { expect: everyone, request: () => ({ path: '/api/auth/sso/999999/start' }) },
  'GET /api/auth/sso/:connectionId/metadata': { expect: all(404), request: () => ({ path: '/api/auth/sso/999999/metadata' }) },
  // A school's own OIDC issuer: the redirect URI is a public top-level navigation that lands on /auth when nothing matches.
  'GET /api/auth/sso/:connectionId/callback': { expect: everyone, request: () => ({ path: '/api/auth/sso/999999/callback?state=made-up&code=made-up' }) },
  'POST /api/auth/sso/:connectionId/acs': {
    expect: everyone,
    request: () => ({
      path: '/api/auth/sso/999999/acs',
      raw: 'SAMLResponse=bm90aGluZw%3D%3D&RelayState=made-up',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'GET /api/schools/:id/identity-provider': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/identity-provider` }) },
  'PUT /api/schools/:id/identity-provider': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/identity-provider`, body: SAML_PROVIDER() }),
  },
  'DELETE /api/schools/:id/identity-provider': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/identity-provider` }) },
  'GET /api/trusts/:id/identity-provider': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/identity-provider` }) },
  'PUT /api/trusts/:id/identity-provider': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/identity-provider`, body: SAML_PROVIDER() }),
  },
  'DELETE /api/trusts/:id/identity-provider': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/identity-provider` }) },
  'GET /api/admin/schools/:id/identity-provider': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/identity-provider` }) },
  'PUT /api/admin/schools/:id/identity-provider': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/identity-provider`, body: SAML_PROVIDER() }),
  },
  'DELETE /api/admin/schools/:id/identity-provider': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/identity-provider` }) },
  'GET /api/admin/trusts/:id/identity-provider': { expect: adminOnly, request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/identity-provider` }) },
  'PUT /api/admin/trusts/:id/identity-provider': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/identity-provider`, body: SAML_PROVIDER() }),
  },
  'DELETE /api/admin/trusts/:id/identity-provider': { expect: adminOnly, request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/identity-provider` }) },
  'GET /api/trusts/:id/directory-schools': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/directory-schools` }) },
  'PUT /api/trusts/:id/directory-schools/:schoolId': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/directory-schools/${w.siblingSchoolId}`, body: { key: `k-${unique()}` } }),
  },
  'GET /api/admin/trusts/:id/directory-schools': { expect: adminOnly, request: (w) => ({ path: `/api/admin/trusts/${w.trustId}/directory-schools` }) },
  'PUT /api/admin/trusts/:id/directory-schools/:schoolId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.trustId}/directory-schools/${w.siblingSchoolId}`, body: { key: `k-${unique()}` } }),
  },
  'GET /api/schools/:id/identity-provider/test': {
    expect: schoolManager,
    prepare: (w, db) => testedProvider(db, { schoolId: w.schoolId }),
    request: (w) => ({ path: `/api/schools/${w.schoolId}/identity-provider/test` }),
  },
  'PUT /api/schools/:id/identity-provider/required': {
    expect: schoolManager,
    prepare: (w, db) => testedProvider(db, { schoolId: w.schoolId }),
    request: (w) => ({ path: `/api/schools/${w.schoolId}/identity-provider/required`, body: { required: true } }),
  },
  'GET /api/trusts/:id/identity-provider/test': {
    expect: trustManager,
    prepare: (w, db) => testedProvider(db, { trustId: w.trustId }),
    request: (w) => ({ path: `/api/trusts/${w.trustId}/identity-provider/test` }),
  },
  'PUT /api/trusts/:id/identity-provider/required': {
    expect: trustManager,
    prepare: (w, db) => testedProvider(db, { trustId: w.trustId }),
    request: (w) => ({ path: `/api/trusts/${w.trustId}/identity-provider/required`, body: { required: true } }),
  },
  'GET /api/admin/schools/:id/identity-provider/test': {
    expect: adminOnly,
    prepare: (w, db) => testedProvider(db, { schoolId: w.schoolId }),
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/identity-provider/test` }),
  },
  'PUT /api/admin/schools/:id/identity-provider/required': {
    expect: adminOnly,
    prepare: (w, db) => testedProvider(db, { schoolId: w.schoolId }),
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/identity-provider/required`, body: { required: true } }),
  },
  'GET /api/admin/trusts/:id/identity-provider/test': {
    expect: adminOnly,
    prepare: (w, db) => testedProvider(db, { trustId: w.spareTrustId }),
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/identity-provider/test` }),
  },
  'PUT /api/admin/trusts/:id/identity-provider/required': {
    expect: adminOnly,
    prepare: (w, db) => testedProvider(db, { trustId: w.spareTrustId }),
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/identity-provider/required`, body: { required: true } }),
  },
  'GET /api/user/sign-ins': { expect: signedIn, request: () => ({ path: '/api/user/sign-ins' }) },
  // Nobody here has a Google sign-in linked.
  'DELETE /api/user/sign-ins/:provider': { expect: signedInGets(404), request: () => ({ path: '/api/user/sign-ins/google' }) },
  // No provider is configured in this world: confirming a link is refused as unavailable, for every signed-in caller.
  'POST /api/user/sign-ins/:provider/link': {
    expect: signedInGets(400),
    request: () => ({ path: '/api/user/sign-ins/google/link', body: { password: TEST_PASSWORD } }),
  },
  // Staff roster ("Add staff"): previews write nothing; the confirm adds an address nobody has, so it invites one person per call.
  'POST /api/schools/:id/roster/preview': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/roster/preview`, body: { csv: 'email\ncolleague@school.test' } }),
  },
  'POST /api/schools/:id/roster': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/roster`, body: { csv: `email\nstaff-${unique()}@school.test` } }),
  },
  'POST /api/admin/schools/:id/roster/preview': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/roster/preview`, body: { csv: 'email\ncolleague@school.test' } }),
  },
  'POST /api/admin/schools/:id/roster': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/roster`, body: { csv: `email\nstaff-${unique()}@school.test` } }),
  }, // Admins: granting and removing name accounts that are not admins and do not exist / are not
  // admins, so no cell changes who administers the world (admins.test.ts covers the changes).
  'GET /api/admin/admins': { expect: adminOnly, request: () => ({ path: '/api/admin/admins' }) },
  'POST /api/admin/admins': {
    expect: { ...signedInGets(403), admin: 404 },
    request: () => ({ path: '/api/admin/admins', body: { email: `nobody-${unique()}@agency.test` } }),
  },
  'DELETE /api/admin/admins/:id': { expect: { ...signedInGets(403), admin: 404 }, request: (w) => ({ path: `/api/admin/admins/${w.learner.id}` }) },
  // Domain claims: the world's extra domain is proven already, so checking it again is a no-op;
  // moving it to its own school is the one refusal an admin gets (admin: 400).
  'POST /api/schools/:id/domains/:domain/verify': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/domains/${w.domain}/verify` }),
  },
  'POST /api/admin/schools/:id/domains/:domain/approve': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/domains/${w.domain}/approve` }),
  },
  'POST /api/admin/schools/:id/domains/:domain/move': {
    expect: { ...signedInGets(403), admin: 400 },
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/domains/${w.domain}/move`, body: { schoolId: w.schoolId } }),
  },
  'DELETE /api/admin/schools/:id/domains/:domain': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/domains/${w.domain}` }) },
  'PUT /api/schools/:id/domains/:domain/google-workspace': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/domains/${w.domain}/google-workspace`, body: { hd: w.domain } }),
  },
  // Trusts: the admin's side acts on a spare trust of each cell; the manager's side on the school's trust.
  'GET /api/admin/trusts': { expect: adminOnly, request: () => ({ path: '/api/admin/trusts' }) },
  'POST /api/admin/trusts': { expect: adminOnly, request: () => ({ path: '/api/admin/trusts', body: { name: `Trust ${unique()}` } }) },
  'GET /api/admin/trusts/:id': { expect: adminOnly, request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}` }) },
  // Attaching the spare trust's own school again is a no-op.
  'POST /api/admin/trusts/:id/schools': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/schools`, body: { schoolId: w.spareSchoolId } }),
  },
  // A school made for the spare trust (issue 53), one per cell.
  'POST /api/admin/trusts/:id/schools/new': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/schools/new`, body: { name: `School ${unique()}`, country: 'GB' } }),
  },
  'DELETE /api/admin/trusts/:id/schools/:schoolId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/schools/${w.spareSchoolId}` }),
  },
  'POST /api/admin/trusts/:id/licences': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/licences`, body: { courseId: w.pricedCourseId } }),
  },
  'POST /api/admin/trusts/:id/licences/:courseId/revoke': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/licences/${w.trustCourseId}/revoke` }),
  },
  'POST /api/admin/trusts/:id/licences/:courseId/restore': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/licences/${w.trustCourseId}/restore` }),
  },
  'POST /api/admin/trusts/:id/invitations': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/invitations`, body: { email: `trust-${unique()}@school.test` } }),
  },
  'DELETE /api/admin/trusts/:id/invitations/:inviteId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/invitations/${w.trustInviteId}` }),
  },
  'DELETE /api/admin/trusts/:id/managers/:userId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/managers/${w.spareTrustManagerId}` }),
  },
  'GET /api/admin/trusts/:id/deadlines': { expect: adminOnly, request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/deadlines` }) },
  'PUT /api/admin/trusts/:id/deadlines/:courseId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/deadlines/${w.trustCourseId}`, body: { completeBy: SOON, newStaffDays: 30 } }),
  },
  'DELETE /api/admin/trusts/:id/deadlines/:courseId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/deadlines/${w.trustCourseId}` }),
  },
  'GET /api/trusts/:id/deadlines': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/deadlines` }) },
  'PUT /api/trusts/:id/deadlines/:courseId': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/deadlines/${w.trustCourseId}`, body: { completeBy: SOON } }),
  },
  'DELETE /api/trusts/:id/deadlines/:courseId': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/deadlines/${w.trustCourseId}` }),
  },
  // Staff groups (issue 39): a school's, a trust's, and the admins' of any.
  'GET /api/schools/:id/groups': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/groups` }) },
  'POST /api/schools/:id/groups': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/groups`, body: { name: `Group ${unique()}${unique()}` } }),
  },
  'PATCH /api/schools/:id/groups/:groupId': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/groups/${w.schoolGroupId}`, body: { name: `Renamed ${unique()}` } }),
  },
  'DELETE /api/schools/:id/groups/:groupId': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/groups/${w.schoolGroupId}` }) },
  'POST /api/schools/:id/groups/:groupId/members': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/groups/${w.schoolGroupId}/members`, body: { emails: [w.memberEmail] } }),
  },
  'DELETE /api/schools/:id/groups/:groupId/members/:userId': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/groups/${w.schoolGroupId}/members/${w.memberId}` }),
  },
  'PUT /api/schools/:id/groups/:groupId/courses/:courseId': {
    expect: schoolManager,
    request: (w) => ({
      path: `/api/schools/${w.schoolId}/groups/${w.schoolGroupId}/courses/${w.licensedCourseId}`,
      body: { completeBy: SOON, newStaffDays: 30 },
    }),
  },
  'DELETE /api/schools/:id/groups/:groupId/courses/:courseId': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/groups/${w.schoolGroupId}/courses/${w.licensedCourseId}` }),
  },
  'GET /api/admin/schools/:id/groups': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/groups` }) },
  'POST /api/admin/schools/:id/groups': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/groups`, body: { name: `Group ${unique()}${unique()}` } }),
  },
  'PATCH /api/admin/schools/:id/groups/:groupId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/groups/${w.schoolGroupId}`, body: { name: `Renamed ${unique()}` } }),
  },
  'DELETE /api/admin/schools/:id/groups/:groupId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/groups/${w.schoolGroupId}` }),
  },
  'POST /api/admin/schools/:id/groups/:groupId/members': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/groups/${w.schoolGroupId}/members`, body: { emails: [w.memberEmail] } }),
  },
  'DELETE /api/admin/schools/:id/groups/:groupId/members/:userId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/groups/${w.schoolGroupId}/members/${w.memberId}` }),
  },
  'PUT /api/admin/schools/:id/groups/:groupId/courses/:courseId': {
    expect: adminOnly,
    request: (w) => ({
      path: `/api/admin/schools/${w.schoolId}/groups/${w.schoolGroupId}/courses/${w.licensedCourseId}`,
      body: { completeBy: SOON, newStaffDays: 30 },
    }),
  },
  'DELETE /api/admin/schools/:id/groups/:groupId/courses/:courseId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/groups/${w.schoolGroupId}/courses/${w.licensedCourseId}` }),
  },
  'GET /api/trusts/:id/groups': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/groups` }) },
  'POST /api/trusts/:id/groups': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/groups`, body: { name: `Group ${unique()}${unique()}` } }),
  },
  'PATCH /api/trusts/:id/groups/:groupId': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/groups/${w.trustGroupId}`, body: { name: `Renamed ${unique()}` } }),
  },
  'DELETE /api/trusts/:id/groups/:groupId': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/groups/${w.trustGroupId}` }) },
  'POST /api/trusts/:id/groups/:groupId/members': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/groups/${w.trustGroupId}/members`, body: { emails: [w.trustStaffEmail] } }),
  },
  'DELETE /api/trusts/:id/groups/:groupId/members/:userId': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/groups/${w.trustGroupId}/members/${w.trustStaffId}` }),
  },
  'PUT /api/trusts/:id/groups/:groupId/courses/:courseId': {
    expect: trustManager,
    request: (w) => ({
      path: `/api/trusts/${w.trustId}/groups/${w.trustGroupId}/courses/${w.trustCourseId}`,
      body: { completeBy: SOON, newStaffDays: 30 },
    }),
  },
  'DELETE /api/trusts/:id/groups/:groupId/courses/:courseId': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/groups/${w.trustGroupId}/courses/${w.trustCourseId}` }),
  },
  'GET /api/admin/trusts/:id/groups': { expect: adminOnly, request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/groups` }) },
  'POST /api/admin/trusts/:id/groups': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/groups`, body: { name: `Group ${unique()}${unique()}` } }),
  },
  'PATCH /api/admin/trusts/:id/groups/:groupId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/groups/${w.spareTrustGroupId}`, body: { name: `Renamed ${unique()}` } }),
  },
  'DELETE /api/admin/trusts/:id/groups/:groupId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/groups/${w.spareTrustGroupId}` }),
  },
  'POST /api/admin/trusts/:id/groups/:groupId/members': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/groups/${w.spareTrustGroupId}/members`, body: { emails: [w.spareStaffEmail] } }),
  },
  'DELETE /api/admin/trusts/:id/groups/:groupId/members/:userId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/groups/${w.spareTrustGroupId}/members/${w.spareStaffId}` }),
  },
  'PUT /api/admin/trusts/:id/groups/:groupId/courses/:courseId': {
    expect: adminOnly,
    request: (w) => ({
      path: `/api/admin/trusts/${w.spareTrustId}/groups/${w.spareTrustGroupId}/courses/${w.trustCourseId}`,
      body: { completeBy: SOON, newStaffDays: 30 },
    }),
  },
  'DELETE /api/admin/trusts/:id/groups/:groupId/courses/:courseId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.spareTrustId}/groups/${w.spareTrustGroupId}/courses/${w.trustCourseId}` }),
  },
  'POST /api/trusts/:id/members/:userId/move': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/members/${w.trustMemberId}/move`, body: { schoolId: w.siblingSchoolId } }),
  },
  'GET /api/trusts/mine': { expect: signedIn, request: () => ({ path: '/api/trusts/mine' }) },
  'GET /api/trusts/:id/overview': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/overview` }) },
  'GET /api/trusts/:id/statuses': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/statuses?status=overdue` }) },
  'GET /api/trusts/:id/managers': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/managers` }) },
  'GET /api/trusts/:id/register.xlsx': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/register.xlsx` }) },
  'GET /api/trusts/:id/cpd-hours': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/cpd-hours` }) },
  'GET /api/trusts/:id/insights/weekly': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/insights/weekly` }) },
  'GET /api/trusts/:id/insights/courses/:courseId': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/insights/courses/${w.trustCourseId}` }),
  },
  'POST /api/trusts/:id/invitations': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/invitations`, body: { email: `trust-${unique()}@school.test` } }),
  },
  'GET /api/trusts/invites/:token': { expect: everyone, request: (w) => ({ path: `/api/trusts/invites/${w.trustInviteToken}` }) },
  // The invitation is for someone else's address: every signed-in caller is refused.
  'POST /api/trusts/invites/:token/accept': { expect: signedInGets(403), request: (w) => ({ path: `/api/trusts/invites/${w.trustInviteToken}/accept` }) },
  // Directory sync (issue 56): tokens and the log for the school's or trust's own managers, and for
  // admins under /api/admin. Revoking an id that is not one of the owner's tokens changes nothing.
  'GET /api/schools/:id/scim-tokens': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/scim-tokens` }) },
  'POST /api/schools/:id/scim-tokens': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/scim-tokens`, body: { label: 'Entra ID' } }),
  },
  'DELETE /api/schools/:id/scim-tokens/:tokenId': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/scim-tokens/999999` }) },
  'GET /api/schools/:id/directory-log': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/directory-log` }) },
  'GET /api/trusts/:id/scim-tokens': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/scim-tokens` }) },
  'POST /api/trusts/:id/scim-tokens': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/scim-tokens`, body: { label: 'Entra ID' } }) },
  'DELETE /api/trusts/:id/scim-tokens/:tokenId': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/scim-tokens/999999` }) },
  'GET /api/trusts/:id/directory-log': { expect: trustManager, request: (w) => ({ path: `/api/trusts/${w.trustId}/directory-log` }) },
  'GET /api/admin/schools/:id/scim-tokens': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/scim-tokens` }) },
  'POST /api/admin/schools/:id/scim-tokens': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/scim-tokens`, body: { label: 'Okta' } }),
  },
  'DELETE /api/admin/schools/:id/scim-tokens/:tokenId': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/scim-tokens/999999` }),
  },
  'GET /api/admin/schools/:id/directory-log': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/directory-log` }) },
  'GET /api/admin/trusts/:id/scim-tokens': { expect: adminOnly, request: (w) => ({ path: `/api/admin/trusts/${w.trustId}/scim-tokens` }) },
  'POST /api/admin/trusts/:id/scim-tokens': {
    expect: adminOnly,
    request: (w) => ({ path: `/api/admin/trusts/${w.trustId}/scim-tokens`, body: { label: 'Okta' } }),
  },
  'DELETE /api/admin/trusts/:id/scim-tokens/:tokenId': { expect: adminOnly, request: (w) => ({ path: `/api/admin/trusts/${w.trustId}/scim-tokens/999999` }) },
  'GET /api/admin/trusts/:id/directory-log': { expect: adminOnly, request: (w) => ({ path: `/api/admin/trusts/${w.trustId}/directory-log` }) },
  // OneRoster bundles (issue 56 item 4): previews write nothing; applying invites one address off
  // the school's domains per call (a trust's bundle names an org that is none of its schools: an error row).
  'POST /api/schools/:id/oneroster/preview': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/oneroster/preview`, ...rawBundle([ONEROSTER_ORG], [oneRosterStaff('colleague@elsewhere.test')]) }),
  },
  'POST /api/schools/:id/oneroster': {
    expect: schoolManager,
    request: (w) => ({ path: `/api/schools/${w.schoolId}/oneroster`, ...rawBundle([ONEROSTER_ORG], [oneRosterStaff(`staff-${unique()}@elsewhere.test`)]) }),
  },
  'POST /api/trusts/:id/oneroster/preview': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/oneroster/preview`, ...rawBundle([ONEROSTER_ORG], [oneRosterStaff('colleague@elsewhere.test')]) }),
  },
  'POST /api/trusts/:id/oneroster': {
    expect: trustManager,
    request: (w) => ({ path: `/api/trusts/${w.trustId}/oneroster`, ...rawBundle([ONEROSTER_ORG], [oneRosterStaff(`staff-${unique()}@elsewhere.test`)]) }),
  },
  // The SCIM service's caller is a bearer token, never a session: without one, 401 for everyone
  // (two schools' and two trusts' tokens are kept apart in routes/scim/isolation.test.ts).
  'GET /scim/v2/ServiceProviderConfig': { expect: all(401), request: () => ({ path: '/scim/v2/ServiceProviderConfig' }) },
  'GET /scim/v2/ResourceTypes': { expect: all(401), request: () => ({ path: '/scim/v2/ResourceTypes' }) },
  'GET /scim/v2/Schemas': { expect: all(401), request: () => ({ path: '/scim/v2/Schemas' }) },
  'POST /scim/v2/Users': { expect: all(401), request: (w) => ({ path: '/scim/v2/Users', body: { userName: w.memberEmail } }) },
  'GET /scim/v2/Users': { expect: all(401), request: () => ({ path: '/scim/v2/Users' }) },
  'GET /scim/v2/Users/:id': { expect: all(401), request: () => ({ path: '/scim/v2/Users/1' }) },
  'PUT /scim/v2/Users/:id': { expect: all(401), request: (w) => ({ path: '/scim/v2/Users/1', body: { userName: w.memberEmail } }) },
  'PATCH /scim/v2/Users/:id': {
    expect: all(401),
    request: () => ({ path: '/scim/v2/Users/1', body: { Operations: [{ op: 'replace', path: 'active', value: false }] } }),
  },
  'DELETE /scim/v2/Users/:id': { expect: all(401), request: () => ({ path: '/scim/v2/Users/1' }) },
  'POST /scim/v2/Groups': { expect: all(401), request: () => ({ path: '/scim/v2/Groups', body: { displayName: 'Office' } }) },
  'GET /scim/v2/Groups': { expect: all(401), request: () => ({ path: '/scim/v2/Groups' }) },
  'GET /scim/v2/Groups/:id': { expect: all(401), request: (w) => ({ path: `/scim/v2/Groups/${w.schoolGroupId}` }) },
  'PUT /scim/v2/Groups/:id': { expect: all(401), request: (w) => ({ path: `/scim/v2/Groups/${w.schoolGroupId}`, body: { displayName: 'Office' } }) },
  'PATCH /scim/v2/Groups/:id': {
    expect: all(401),
    request: (w) => ({ path: `/scim/v2/Groups/${w.schoolGroupId}`, body: { Operations: [{ op: 'add', path: 'members', value: [{ value: '1' }] }] } }),
  },
  'DELETE /scim/v2/Groups/:id': { expect: all(401), request: (w) => ({ path: `/scim/v2/Groups/${w.schoolGroupId}` }) },
};

let server: TestServer;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let schoolId: number;
let otherSchoolId: number;
/** The matrix's trust (its school: the other school), and the trust of the school. */
let trustId: number;
let schoolTrustId: number;
const clients = {} as Record<Role, TestClient>;
const accounts = {} as Record<Account, UserRow>;

/** Invites the person to manage the trust and accepts it for them, through the commands the routes use. */
async function makeTrustManager(id: number, user: UserRow): Promise<void> {
  const { db, app } = server;
  await inviteTrustManager(db, { brand: app.deps.config, now: Date.now() }, { trustId: id, email: user.email, inviter: user, by: 'admin' });
  const mail = await db('outbox').where({ toAddress: user.email }).orderBy('id', 'desc').first();
  const token = mail!.text.match(/\/trust\?invite=([A-Za-z0-9_-]+)/)![1]!;
  const { emailVerifiedAt } = (await db('users').where({ id: user.id }).first('emailVerifiedAt'))!;
  await acceptTrustInvite(db, token, { ...user, emailVerifiedAt }, Date.now());
  // Accepting verifies the address; the account keeps the standing its role describes.
  await db('users').where({ id: user.id }).update({ emailVerifiedAt });
}

/** A new account in the situation of `role`: the same memberships, through the same commands. */
async function accountFor(role: Account): Promise<UserRow> {
  const { db } = server;
  if (role === 'admin') return createAdmin(db);
  const user = await createUser(db);
  if (role === 'learner') await joinSchool(db, user.id, schoolId, 'member', Date.now());
  if (role === 'manager') await joinSchool(db, user.id, schoolId, 'manager', Date.now());
  if (role === 'otherManager') await createSchool(db, { name: `Rival ${unique()}`, country: 'GB' }, user.id, Date.now());
  if (role === 'other') await makeTrustManager(trustId, user);
  if (role === 'learner') await makeTrustManager(schoolTrustId, user);
  return user;
}

/**
 * Registers part `part` (0-based) of `parts` of the matrix in the calling test file. The app, the
 * accounts and the clients above are the running part's: a worker runs one file at a time, and
 * each part's beforeAll sets them afresh. The table's checks run in part 0; the trust purchases
 * (they change an account's address) last, in the last part.
 */
export function describeAuthorizationMatrix(part: number, parts: number): void {
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await createTestServer(stripe.env);
    const { db } = server;
    // Each manager founds a school. Both have a verified address on school.test, so only the
    // policy, not the domain check, stands between the other school's manager and this school.
    accounts.manager = await createUser(db);
    accounts.otherManager = await createUser(db);
    await db('users').whereIn('id', [accounts.manager.id, accounts.otherManager.id]).update({ emailVerifiedAt: Date.now() });
    schoolId = await createSchool(db, { name: 'Oak Primary', country: 'GB' }, accounts.manager.id, Date.now());
    otherSchoolId = await createSchool(db, { name: 'Rival Primary', country: 'GB' }, accounts.otherManager.id, Date.now());
    trustId = await createTrust(db, 'Rival Trust', Date.now());
    schoolTrustId = await createTrust(db, 'Oak Trust', Date.now());
    await attachSchool(db, trustId, otherSchoolId, Date.now());
    await attachSchool(db, schoolTrustId, schoolId, Date.now());
    accounts.learner = await accountFor('learner');
    accounts.other = await accountFor('other');
    accounts.admin = await accountFor('admin');
    clients.visitor = server.client();
    for (const role of ROLES) {
      if (role === 'visitor') continue;
      clients[role] = server.client();
      await signIn(clients[role], accounts[role]);
    }
  });
  afterAll(async () => {
    await server.close();
    await stripe.close();
  });

  const table = buildRoutes().table;
  const key = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;

  describe(`authorization matrix, part ${part + 1} of ${parts}`, () => {
    // The table's own checks once, in the first part.
    const itOnce = part === 0 ? it : () => undefined;
    itOnce('has an entry for every route in the router, and no entry for a route that does not exist', () => {
      const routeKeys = table.map(key).sort();
      expect(routeKeys.filter((k) => !recipes[k])).toEqual([]);
      expect(Object.keys(recipes).filter((k) => !routeKeys.includes(k))).toEqual([]);
    });

    itOnce('names only routes of the table among the cells that run first', () => {
      expect([...GROWS_WITH_WORLD].filter((name) => !table.some((route) => key(route) === name))).toEqual([]);
    });

    itOnce('declares admin access for every /api/admin route', () => {
      expect(table.filter((r) => r.path.startsWith('/api/admin/') && r.access !== 'admin').map(key)).toEqual([]);
    });

    itOnce("refuses every one of a school's own routes to its plain members and to other schools' managers", () => {
      const lax = table
        .filter((r) => r.path.startsWith('/api/schools/:id/') && !r.path.startsWith('/api/schools/:id/members/:userId'))
        .filter((r) => {
          const cells = recipes[key(r)]?.expect;
          return !cells || cells.learner !== 403 || cells.otherManager !== 403 || cells.manager !== 'ok';
        });
      expect(lax.map(key)).toEqual([]);
    });

    itOnce("refuses every one of a trust's own routes to its schools' managers, to another trust's managers and to admins", () => {
      // otherManager manages a school of the trust; learner manages another trust. The route's
      // policy is trustManager itself, or one built on it (policies/narrowing.ts): checked on the
      // function the route declares, so a policy that only carries a name, or narrows another
      // policy, is refused.
      const lax = table
        .filter((r) => r.path.startsWith('/api/trusts/:id/'))
        .filter((r) => {
          const cells = recipes[key(r)]?.expect;
          return (
            !cells ||
            cells.learner !== 403 ||
            cells.manager !== 403 ||
            cells.otherManager !== 403 ||
            cells.admin !== 403 ||
            cells.other !== 'ok' ||
            !builtOn(r.policyFunction, trustManagerPolicy)
          );
        });
      expect(lax.map(key)).toEqual([]);
    });

    itOnce('made the manager a manager of the school, and the others no manager of it', async () => {
      const rows = await server
        .db('schoolMembers')
        .select('userId', 'schoolId', 'role')
        .whereIn(
          'userId',
          Object.values(accounts).map((a) => a.id),
        );
      const byRole = Object.fromEntries(
        (Object.keys(accounts) as Account[]).map((role) => {
          const row = rows.find((r) => Number(r.userId) === accounts[role].id);
          return [
            role,
            row ? `${Number(row.schoolId) === schoolId ? 'this' : Number(row.schoolId) === otherSchoolId ? 'other' : '?'} school ${row.role}` : 'none',
          ];
        }),
      );
      expect(byRole).toEqual({
        manager: 'this school manager',
        otherManager: 'other school manager',
        learner: 'this school member',
        other: 'none',
        admin: 'none',
      });
    });

    const growingFirst = [...table].sort((a, b) => Number(GROWS_WITH_WORLD.has(key(b))) - Number(GROWS_WITH_WORLD.has(key(a))));
    for (const [index, route] of growingFirst.entries()) {
      const recipe = recipes[key(route)];
      // Dealt out in turn, so each part starts with its share of the cells that run first.
      if (!recipe || index % parts !== part) continue;
      // A read changes nothing a later caller's answer depends on, so one world serves every
      // caller of a plain GET; a cell that writes, or prepares rows of its own, gets a world per
      // caller. Building a world is most of a cell's time.
      const sharesWorld = route.method.toUpperCase() === 'GET' && !recipe.prepare && !recipe.fresh && !recipe.throwaway;
      it(`${key(route)}`, async () => {
        const outcomes = {} as Record<Role, Outcome | number>;
        let shared: World | undefined;
        for (const role of ROLES) {
          const world =
            sharesWorld && shared ? shared : await buildWorld(server, stripe, { learner: accounts.learner, manager: accounts.manager, schoolId, trustId });
          shared = world;
          let client = clients[role];
          if (recipe.throwaway && role !== 'visitor') {
            client = server.client();
            await signIn(client, await accountFor(role));
          } else if (recipe.fresh && role !== 'visitor') {
            client = server.client();
            await signIn(client, accounts[role]);
          } else if (recipe.fresh) {
            client = server.client();
          }
          await recipe.prepare?.(world, server.db);
          const { path, body, raw, headers } = recipe.request(world);
          const response = await client.request(route.method.toUpperCase(), path, body === undefined ? { raw, headers } : { body });
          expect(response.status, `${role} got a server error: ${response.text}`).toBeLessThan(500);
          outcomes[role] = response.status < 400 ? 'ok' : response.status;
        }
        expect(outcomes).toEqual(recipe.expect);
      });
    }

    // After the table (the register cells' size grows with every world built before them). Buying
    // for a trust goes through the same two routes as any purchase (their cells above buy for
    // oneself); naming the matrix's trust, only its manager ('other') may, and nothing is written for the rest.
    const trustPurchases =
      part === parts - 1
        ? ([
            ['POST /api/create-payment-intent', (w: World) => ({ courseId: w.pricedCourseId })],
            ['POST /api/orders', (w: World) => ({ courseId: w.untouchedPricedCourseId, schoolName: 'Rival Trust', billingEmail: 'finance@rival.example' })],
          ] as const)
        : [];
    for (const [route, body] of trustPurchases) {
      it(`${route} for a trust`, async () => {
        const outcomes = {} as Record<Role, Outcome | number>;
        // One world for every role: each buyer is someone else, so none finds another's purchase.
        const world = await buildWorld(server, stripe, { learner: accounts.learner, manager: accounts.manager, schoolId, trustId });
        // An invoice request needs the caller's own verified address (policies/orders.ts, orders.test.ts
        // refuses an unverified one): the trust's manager has confirmed theirs. Last cells of the file,
        // so no cell above sees the change.
        if (route.endsWith('orders')) await server.db('users').where({ id: accounts.other.id }).update({ emailVerifiedAt: Date.now() });
        for (const role of ROLES) {
          const response = await clients[role].request('POST', route.split(' ')[1]!, { body: { ...body(world), trustId } });
          expect(response.status, `${role} got a server error: ${response.text}`).toBeLessThan(500);
          outcomes[role] = response.status < 400 ? 'ok' : response.status;
        }
        expect(outcomes).toEqual({ ...signedInGets(403), other: 'ok' });
        const written = route.endsWith('orders') ? 'orders' : 'payments';
        expect((await server.db(written).where({ trustId }).select('userId')).map((row) => Number(row.userId))).toEqual([accounts.other.id]);
      });
    }
  });
}
