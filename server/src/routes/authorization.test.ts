import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoutes } from './index.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, TEST_PASSWORD, type UserRow } from '../test/factories.ts';
import { startFakeStripe } from '../test/fakeStripe.ts';
import type { TestClient } from '../test/client.ts';
import { hashToken } from '../commands/schools/invites.ts';

/**
 * Every route of the router's own table × every kind of caller, with the outcome expected in
 * each cell. A route added without an entry here fails the first test.
 *
 * owner: a learner enrolled in the course who owns the comment, certificate, order and payment,
 *        and manages the school (with a verified address on its domain)
 * other: another learner, not enrolled, owning nothing, in no school
 * 'ok' means any 2xx/3xx; numbers are exact statuses.
 */
type Role = 'visitor' | 'owner' | 'other' | 'admin';
type Outcome = 'ok' | 400 | 401 | 403 | 404 | 415;
type Expect = Record<Role, Outcome>;

interface World {
  owner: UserRow;
  courseId: number;
  pricedCourseId: number;
  /** A priced course nobody has ordered or bought. */
  untouchedPricedCourseId: number;
  moduleId: number;
  secondModuleId: number;
  commentId: number;
  certificateNumber: string;
  orderId: number;
  contactMessageId: number;
  paymentIntentId: string;
  /** The owner's school, and per cell: a member of it, an invite link and an extra domain. */
  schoolId: number;
  memberId: number;
  inviteId: number;
  inviteToken: string;
  domain: string;
  licensedCourseId: number;
}

interface Recipe {
  expect: Expect;
  request(world: World): { path: string; body?: unknown };
  /** Routes that change who is signed in get a freshly signed-in browser for the cell. */
  fresh?: boolean;
  /** Routes that end every session of an account run on a throwaway account of that role. */
  throwaway?: boolean;
}

const everyone: Expect = { visitor: 'ok', owner: 'ok', other: 'ok', admin: 'ok' };
const signedIn: Expect = { visitor: 401, owner: 'ok', other: 'ok', admin: 'ok' };
const adminOnly: Expect = { visitor: 401, owner: 403, other: 403, admin: 'ok' };
const enrolledOrAdmin: Expect = { visitor: 401, owner: 'ok', other: 403, admin: 'ok' };
/** A school's own managers only: admins use the /api/admin/schools routes. */
const schoolManager: Expect = { visitor: 401, owner: 'ok', other: 403, admin: 403 };
const unique = () => randomBytes(4).toString('hex');

const recipes: Record<string, Recipe> = {
  'GET /healthz': { expect: everyone, request: () => ({ path: '/healthz' }) },
  'GET /readyz': { expect: everyone, request: () => ({ path: '/readyz' }) },
  'GET /api/config': { expect: everyone, request: () => ({ path: '/api/config' }) },
  'POST /api/register': { fresh: true, expect: everyone, request: () => ({ path: '/api/register', body: { email: `new-${unique()}@school.test`, password: 'secret-123' } }) },
  'POST /api/login': { fresh: true, expect: everyone, request: (w) => ({ path: '/api/login', body: { email: w.owner.email, password: TEST_PASSWORD } }) },
  'POST /api/logout': { fresh: true, expect: signedIn, request: () => ({ path: '/api/logout' }) },
  'GET /api/user': { expect: signedIn, request: () => ({ path: '/api/user' }) },
  'POST /api/forgot-password': { expect: everyone, request: (w) => ({ path: '/api/forgot-password', body: { email: w.owner.email } }) },
  'POST /api/reset-password': {
    expect: { visitor: 400, owner: 400, other: 400, admin: 400 },
    request: () => ({ path: '/api/reset-password', body: { token: 'made-up-token', newPassword: 'new-password' } }),
  },
  'POST /api/user/password': { expect: { visitor: 401, owner: 400, other: 400, admin: 400 }, request: () => ({ path: '/api/user/password', body: { currentPassword: 'not-the-password', newPassword: 'whatever-new' } }) },
  'POST /api/user/sign-out-everywhere': { throwaway: true, expect: signedIn, request: () => ({ path: '/api/user/sign-out-everywhere' }) },
  'GET /api/user/export': { expect: signedIn, request: () => ({ path: '/api/user/export' }) },
  'DELETE /api/user': { expect: { visitor: 401, owner: 400, other: 400, admin: 400 }, request: () => ({ path: '/api/user', body: { password: 'not-the-password', certificates: 'keep' } }) },
  'PATCH /api/user/profile': { expect: signedIn, request: () => ({ path: '/api/user/profile', body: { company: 'Oak Academy' } }) },
  'POST /api/user/upload-avatar': { expect: { visitor: 401, owner: 415, other: 415, admin: 415 }, request: () => ({ path: '/api/user/upload-avatar', body: {} }) },
  'GET /api/avatars/:id': { expect: signedIn, request: (w) => ({ path: `/api/avatars/${w.owner.id}` }) },
  'POST /api/create-payment-intent': { expect: signedIn, request: (w) => ({ path: '/api/create-payment-intent', body: { courseId: w.pricedCourseId } }) },
  'GET /api/payments/:paymentIntentId': { expect: { visitor: 401, owner: 'ok', other: 404, admin: 404 }, request: (w) => ({ path: `/api/payments/${w.paymentIntentId}` }) },
  'POST /api/stripe/webhook': { expect: { visitor: 400, owner: 400, other: 400, admin: 400 }, request: () => ({ path: '/api/stripe/webhook', body: { type: 'payment_intent.succeeded' } }) },
  'POST /api/orders': {
    expect: signedIn,
    request: (w) => ({ path: '/api/orders', body: { courseId: w.untouchedPricedCourseId, schoolName: 'Oak Academy', billingEmail: 'office@oak.sch.uk' } }),
  },
  'GET /api/orders': { expect: signedIn, request: () => ({ path: '/api/orders' }) },
  'GET /api/admin/orders': { expect: adminOnly, request: () => ({ path: '/api/admin/orders' }) },
  'POST /api/admin/orders/:id/paid': { expect: adminOnly, request: (w) => ({ path: `/api/admin/orders/${w.orderId}/paid` }) },
  'GET /api/admin/payments': { expect: adminOnly, request: () => ({ path: '/api/admin/payments' }) },
  'GET /api/modules/:moduleId/comments': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/modules/${w.moduleId}/comments` }) },
  'POST /api/modules/:moduleId/comments': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/modules/${w.moduleId}/comments`, body: { comment: 'Helpful, thanks!' } }) },
  'DELETE /api/modules/comments/:commentId': { expect: enrolledOrAdmin, request: (w) => ({ path: `/api/modules/comments/${w.commentId}` }) },
  'POST /api/contact': { expect: everyone, request: () => ({ path: '/api/contact', body: { name: 'Ann', email: 'ann@school.test', message: 'Hello' } }) },
  'GET /api/admin/students': { expect: adminOnly, request: () => ({ path: '/api/admin/students?q=a' }) },
  'GET /api/admin/students/:id': { expect: adminOnly, request: (w) => ({ path: `/api/admin/students/${w.owner.id}` }) },
  'GET /api/admin/students/:id/enrollments': { expect: adminOnly, request: (w) => ({ path: `/api/admin/students/${w.owner.id}/enrollments` }) },
  'GET /api/admin/overview': { expect: adminOnly, request: () => ({ path: '/api/admin/overview' }) },
  'GET /api/admin/enrollments': { expect: adminOnly, request: () => ({ path: '/api/admin/enrollments' }) },
  'POST /api/admin/enroll': { expect: adminOnly, request: (w) => ({ path: '/api/admin/enroll', body: { studentEmail: w.owner.email, courseId: w.pricedCourseId } }) },
  'DELETE /api/admin/enroll': { expect: adminOnly, request: (w) => ({ path: '/api/admin/enroll', body: { studentEmail: w.owner.email, courseId: w.courseId } }) },
  'GET /api/admin/export-excel': { expect: adminOnly, request: () => ({ path: '/api/admin/export-excel' }) },
  'GET /api/admin/contact-messages': { expect: adminOnly, request: () => ({ path: '/api/admin/contact-messages' }) },
  'PATCH /api/admin/contact-messages/:id': { expect: adminOnly, request: (w) => ({ path: `/api/admin/contact-messages/${w.contactMessageId}`, body: { handled: true } }) },
  'GET /api/admin/certificates': { expect: adminOnly, request: () => ({ path: '/api/admin/certificates' }) },
  'POST /api/admin/certificates/:number/revoke': { expect: adminOnly, request: (w) => ({ path: `/api/admin/certificates/${w.certificateNumber}/revoke` }) },
  'POST /api/admin/certificates/:number/restore': { expect: adminOnly, request: (w) => ({ path: `/api/admin/certificates/${w.certificateNumber}/restore` }) },
  'GET /api/courses': { expect: everyone, request: () => ({ path: '/api/courses' }) },
  'GET /api/courses/:id': { expect: everyone, request: (w) => ({ path: `/api/courses/${w.courseId}` }) },
  'POST /api/courses': { expect: adminOnly, request: () => ({ path: '/api/courses', body: { title: 'New course', description: 'About it' } }) },
  'PUT /api/courses/:id': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}`, body: { title: 'Renamed', description: 'About it' } }) },
  'DELETE /api/courses/:id': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}` }) },
  'GET /api/courses/:courseId/modules': { expect: signedIn, request: (w) => ({ path: `/api/courses/${w.courseId}/modules` }) },
  'GET /api/modules/:id': { expect: signedIn, request: (w) => ({ path: `/api/modules/${w.moduleId}` }) },
  'POST /api/modules': { expect: adminOnly, request: (w) => ({ path: '/api/modules', body: { title: 'Extra', vimeoVideoId: '76979871', courseId: w.courseId } }) },
  'PUT /api/modules/:id': { expect: adminOnly, request: (w) => ({ path: `/api/modules/${w.moduleId}`, body: { title: 'Renamed', vimeoVideoId: '76979871', courseId: w.courseId } }) },
  'DELETE /api/modules/:id': { expect: adminOnly, request: (w) => ({ path: `/api/modules/${w.moduleId}` }) },
  'PUT /api/courses/:courseId/modules/order': { expect: adminOnly, request: (w) => ({ path: `/api/courses/${w.courseId}/modules/order`, body: { moduleIds: [w.secondModuleId, w.moduleId] } }) },
  'GET /api/dashboard': { expect: signedIn, request: () => ({ path: '/api/dashboard' }) },
  'POST /api/enrollments': { expect: signedIn, request: (w) => ({ path: '/api/enrollments', body: { courseId: w.courseId } }) },
  'GET /api/progress/:moduleId': { expect: signedIn, request: (w) => ({ path: `/api/progress/${w.moduleId}` }) },
  // Admins, too, save progress only in courses they are enrolled in (no certificates for previewing).
  'POST /api/progress': { expect: { visitor: 401, owner: 'ok', other: 403, admin: 403 }, request: (w) => ({ path: '/api/progress', body: { moduleId: w.moduleId, courseId: w.courseId, watchedDuration: 30 } }) },
  'GET /api/certificates': { expect: signedIn, request: () => ({ path: '/api/certificates' }) },
  'GET /api/certificates/:number': { expect: everyone, request: (w) => ({ path: `/api/certificates/${w.certificateNumber}` }) },
  'POST /api/schools': { throwaway: true, expect: signedIn, request: () => ({ path: '/api/schools', body: { name: 'Oak Academy' } }) },
  'GET /api/schools/mine': { expect: signedIn, request: () => ({ path: '/api/schools/mine' }) },
  'GET /api/schools/:id/members': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/members` }) },
  'DELETE /api/schools/:id/members/:userId': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/members/${w.memberId}` }) },
  'POST /api/schools/:id/managers': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/managers`, body: { userId: w.memberId } }) },
  'POST /api/schools/:id/invites': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/invites`, body: { maxUses: 3 } }) },
  'GET /api/schools/:id/invites': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/invites` }) },
  'DELETE /api/schools/:id/invites/:inviteId': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/invites/${w.inviteId}` }) },
  'POST /api/schools/:id/invites/email': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/invites/email`, body: { emails: ['colleague@school.test'] } }) },
  'GET /api/invites/:token': { expect: everyone, request: (w) => ({ path: `/api/invites/${w.inviteToken}` }) },
  // A fresh account of each role, so joining the owner's school leaves the shared accounts as they were.
  'POST /api/invites/:token/accept': { throwaway: true, expect: signedIn, request: (w) => ({ path: `/api/invites/${w.inviteToken}/accept` }) },
  'POST /api/schools/:id/domains': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/domains`, body: { domain: 'school.test' } }) },
  'DELETE /api/schools/:id/domains/:domain': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/domains/${w.domain}` }) },
  'POST /api/user/verify-email': { expect: signedIn, request: () => ({ path: '/api/user/verify-email' }) },
  'POST /api/verify-email': { expect: { visitor: 400, owner: 400, other: 400, admin: 400 }, request: () => ({ path: '/api/verify-email', body: { token: 'made-up-token-that-is-long-enough' } }) },
  'GET /api/schools/:id/register.xlsx': { expect: schoolManager, request: (w) => ({ path: `/api/schools/${w.schoolId}/register.xlsx` }) },
  'GET /api/admin/schools': { expect: adminOnly, request: () => ({ path: '/api/admin/schools' }) },
  'GET /api/admin/schools/:id': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}` }) },
  'POST /api/admin/schools/:id/licences': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/licences`, body: { courseId: w.licensedCourseId } }) },
  'POST /api/admin/schools/:id/licences/:courseId/revoke': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/licences/${w.licensedCourseId}/revoke` }) },
  'POST /api/admin/schools/:id/licences/:courseId/restore': { expect: adminOnly, request: (w) => ({ path: `/api/admin/schools/${w.schoolId}/licences/${w.licensedCourseId}/restore` }) },
};

let server: TestServer;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let owner: UserRow;
let schoolId: number;
const clients = {} as Record<Role, TestClient>;
const accounts = {} as Record<Exclude<Role, 'visitor'>, UserRow>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await createTestServer(stripe.env);
  owner = await createUser(server.db);
  accounts.owner = owner;
  accounts.other = await createUser(server.db);
  accounts.admin = await createAdmin(server.db);
  // The owner manages a school; their verified address is on its domain (school.test).
  await server.db('users').where({ id: owner.id }).update({ emailVerifiedAt: Date.now() });
  const [id] = await server.db('schools').insert({ name: 'Owner Primary', country: 'GB', createdAt: Date.now() });
  schoolId = Number(id);
  await server.db('schoolMembers').insert({ schoolId, userId: owner.id, role: 'manager', joinedAt: Date.now() });
  clients.visitor = server.client();
  for (const role of ['owner', 'other', 'admin'] as const) {
    clients[role] = server.client();
    await signIn(clients[role], accounts[role]);
  }
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

/** A fresh set of resources per cell, so a delete in one cell cannot change another. */
async function buildWorld(): Promise<World> {
  const { db } = server;
  const course = await createCourse(db, { price: 0 });
  const priced = await createCourse(db, { price: 49900 });
  const untouched = await createCourse(db, { price: 19900 });
  const module = await createModule(db, course.id);
  const second = await createModule(db, course.id);
  await enroll(db, owner.id, course.id);
  const now = Date.now();
  const [commentId] = await db('comments').insert({ moduleId: module.id, userId: owner.id, comment: 'Owner comment', createdAt: now });
  const certificateNumber = `ATR-${randomBytes(8).toString('hex').toUpperCase()}`;
  await db('certificates').insert({
    userId: owner.id, courseId: course.id, certificateNumber, studentName: 'Owner', courseName: course.title,
    completionPercentage: 100, completedAt: now, issuedAt: now,
  });
  const [orderId] = await db('orders').insert({
    userId: owner.id, courseId: priced.id, courseTitle: priced.title, schoolName: 'Oak', billingEmail: 'o@oak.test',
    amount: 49900, currency: 'gbp', status: 'requested', createdAt: now,
  });
  const [contactMessageId] = await db('contactMessages').insert({ name: 'A', email: 'a@b.test', message: 'Hi', source: 'landing', createdAt: now });
  await db('avatars').insert({ userId: owner.id, data: Buffer.from('x'), contentType: 'image/webp', etag: unique(), updatedAt: now }).onConflict('userId').merge();
  const paymentIntentId = `pi_${unique()}${unique()}`;
  stripe.intents.set(paymentIntentId, {
    id: paymentIntentId, object: 'payment_intent', amount: 49900, currency: 'gbp', status: 'requires_payment_method',
    client_secret: `${paymentIntentId}_secret_x`, metadata: {}, description: null, last_payment_error: null,
  });
  await db('payments').insert({
    userId: owner.id, courseId: priced.id, provider: 'stripe', providerReference: paymentIntentId, amount: 49900,
    currency: 'gbp', status: 'requires_payment_method', createdAt: now, updatedAt: now,
  });
  const member = await createUser(db);
  await db('schoolMembers').insert({ schoolId, userId: member.id, role: 'member', joinedAt: now });
  const inviteToken = randomBytes(32).toString('base64url');
  const [inviteId] = await db('schoolInvites').insert({ schoolId, tokenHash: hashToken(inviteToken), createdBy: owner.id, createdAt: now, uses: 0 });
  const domain = `d-${unique()}.school.test`;
  await db('schoolDomains').insert({ schoolId, domain, verifiedAt: now, verifiedBy: owner.id, createdAt: now });
  const licensed = await createCourse(db, { price: 100 });
  await db('schoolLicences').insert({ schoolId, courseId: licensed.id, source: 'grant', createdAt: now });
  return {
    schoolId, memberId: member.id, inviteId: Number(inviteId), inviteToken, domain, licensedCourseId: licensed.id,
    owner, courseId: course.id, pricedCourseId: priced.id, untouchedPricedCourseId: untouched.id, moduleId: module.id, secondModuleId: second.id,
    commentId: Number(commentId), certificateNumber, orderId: Number(orderId), contactMessageId: Number(contactMessageId), paymentIntentId,
  };
}

const table = buildRoutes().table;
const key = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;

describe('authorization matrix', () => {
  it('has an entry for every route in the router, and no entry for a route that does not exist', () => {
    const routeKeys = table.map(key).sort();
    expect(routeKeys.filter((k) => !recipes[k])).toEqual([]);
    expect(Object.keys(recipes).filter((k) => !routeKeys.includes(k))).toEqual([]);
  });

  it('declares admin access for every /api/admin route', () => {
    expect(table.filter((r) => r.path.startsWith('/api/admin/') && r.access !== 'admin').map(key)).toEqual([]);
  });

  for (const route of table) {
    const recipe = recipes[key(route)];
    if (!recipe) continue;
    it(`${key(route)}`, async () => {
      const outcomes = {} as Record<Role, Outcome | number>;
      for (const role of ['visitor', 'other', 'owner', 'admin'] as const) {
        const world = await buildWorld();
        let client = clients[role];
        if (recipe.throwaway && role !== 'visitor') {
          client = server.client();
          await signIn(client, role === 'admin' ? await createAdmin(server.db) : await createUser(server.db));
        } else if (recipe.fresh && role !== 'visitor') {
          client = server.client();
          await signIn(client, accounts[role]);
        } else if (recipe.fresh) {
          client = server.client();
        }
        const { path, body } = recipe.request(world);
        const response = await client.request(route.method.toUpperCase(), path, body === undefined ? {} : { body });
        expect(response.status, `${role} got a server error: ${response.text}`).toBeLessThan(500);
        outcomes[role] = response.status < 400 ? 'ok' : response.status;
      }
      expect(outcomes).toEqual(recipe.expect);
    });
  }
});
