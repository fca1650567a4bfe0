import { randomBytes } from 'node:crypto';
import type { QuizEditDto } from '@atrium/common';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient, TestResponse } from '../../test/client.ts';
import { DAY_MS } from '@atrium/common';
import { completeOneModuleCourse, createAdmin, createCourse, createModule, createUser, signIn, TEST_PASSWORD, type UserRow } from '../../test/factories.ts';
import { attachFile, PHOTO_ASSIGNMENT } from '../../test/assignments.ts';
import { pdfBytes, pngBytes } from '../../test/files.ts';
import { TWO_QUESTIONS } from '../../test/quizzes.ts';
import { DirectoryDriftWorld, entraUser } from '../../test/scim.ts';
import { FakeDns } from '../../test/fakeDns.ts';
import { bundleForm, bundleZip } from '../../test/oneroster.ts';
import { makeTestKey, TestSamlIdp, type AuthnRequest } from '../../test/samlIdp.ts';
import { signInAtProvider, startOidcProvider } from '../../test/oidcProvider.ts';
import { learner, schoolWithManager } from '../../test/schools.ts';
import { trustManagerOf, trustOf } from '../../test/trusts.ts';
import { addMember, licensedSchool } from '../../test/deadlines.ts';
import { DEMO_LEARNER } from '../../seed/demoLearner.ts';
import { unsubscribeToken } from '../../services/unsubscribe.ts';
import { hashToken } from '../../services/tokens.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { createTrust } from '../../commands/trusts.ts';
import { buildRoutes } from '../index.ts';
import { openApiPath } from './document.ts';
import { routeName } from './routeDocs.ts';

/**
 * Item 3 of issue 55: the reference cannot drift from the code. Against the running server (on
 * SQLite and on MariaDB), every route that declares its answer is called with a documented
 * request, as the user it is for, and the answer is held to the document the server serves at
 * GET /api/openapi.json: the documented success status, media type and, for JSON, the body
 * against its JSON Schema (Ajv, draft 2020-12). The DTO schemas admit no property they do not
 * name, so a presenter that adds, drops, renames or retypes a field fails here. Routes that call
 * for a session are called once more without one, and must answer 401 in the shared Error shape.
 */

// A real OpenID Connect provider as Google and Microsoft, for provider sign-in and linking.
const oidc = await startOidcProvider();
afterAll(() => oidc.close());
// The agency's details, which every invoice and receipt PDF needs.
const server = useTestServer({
  stripe: true,
  env: { INVOICE_SELLER_NAME: 'Atrium School Marketing Ltd', INVOICE_SELLER_ADDRESS: '12 Market Street\\nBristol BS1 4DJ', ...oidc.env() },
});

interface World {
  anonymous: TestClient;
  learner: TestClient;
  admin: TestClient;
  learnerRow: UserRow;
  /** A free course with one module that the learner is not enrolled in until POST /api/enrollments. */
  course: { id: number; moduleId: number };
  /** The course the learner completed, and the certificate it earned. */
  completed: { id: number; certificateNumber: string };
  /** A course the admin made over the API (then changed and deleted). */
  created: { id: number };
  /** A module the admin added to `course` over the API (then changed, reordered and deleted). */
  addedModule: { id: number };
  /** Where the learner's uploaded photo is served. */
  avatarUrl: string;
  /** The thumbprint of the key that signed the learner's credential. */
  keyThumbprint: string;
  /** A contact message as the admin's inbox lists it; an account the admin made an admin (then not). */
  inbox: { messageId: number; grantedAdminId: number };
  /** Resources the admin attached to `course` and to its module over the API. */
  resources: { courseResourceId: number; moduleResourceId: number };
  /** The learner's external CPD entry (added, read on the transcript, then deleted). */
  externalCpd: { id: number };
  /** A share link of the learner's record (made, read by anyone, its PDF, then stopped). */
  share: { id: number; token: string };
  /** The school of the caller of PUT /api/transcript/schools/:id (set as that caller is made). */
  schoolOfMember: number;
  /** The trust of the caller of GET /api/trusts/:id/cpd-hours. */
  trustOfManager: number;
  /** A quiz the admin added to `course` (its key), taken by the learner, then deleted. */
  quiz: QuizEditDto;
  /** An assignment the admin added to `course`, worked on and submitted by the learner, then deleted. */
  assignment: { id: number; submissionId: number; draftFileId: number; reviewId: number; uploadedFileId: number };
  /** A learner with a confirmed address, who asks to be invoiced for a priced course. */
  buyer: TestClient;
  pricedCourse: { id: number };
  /** The buyer's card payment for the priced course (at the fake Stripe), and its row's id once paid. */
  paymentIntentId: string;
  /** The learner's comment on `course`'s module, replied to, then deleted (issue 58). */
  commentId: number;
  /** A reply in a thread of `course`'s module, for the instructor to mark as the answer. */
  replyId: number;
  reportedId: number;
  paymentId: number;
  /** The buyer's invoice order (discounted, invoiced, then marked paid). */
  orderId: number;
}

type Caller = 'anonymous' | 'learner' | 'admin' | 'buyer';

interface DriftCase {
  /** Who calls: a client of the world, or a fresh one made for the call (one that signs out). */
  as: Caller | ((world: World) => Promise<TestClient>);
  /** The concrete path (the route's parameters filled in); the route's own path when left out. */
  path?: (world: World) => string;
  body?: (world: World) => unknown;
  /** Headers the request carries (a webhook's signature). */
  headers?: (world: World) => Record<string, string>;
  /** A body sent as it is (multipart/form-data uploads), in place of `body`'s JSON. */
  raw?: (world: World) => BodyInit;
  /** Where a redirect must send the browser: a success and a refusal are both 302, only the target tells them apart. */
  location?: (world: World) => string | RegExp;
  /** Runs on the answer, for what later cases need (the id of a course made). */
  then?: (world: World, response: TestResponse) => unknown;
}

/** A resource upload: a small PDF, with a title unless only the file is replaced. */
const pdfForm = (title?: string): FormData => {
  const form = new FormData();
  if (title) form.append('title', title);
  form.append('file', new Blob([new Uint8Array(pdfBytes())]), 'checklist.pdf');
  return form;
};

let photo: Buffer;
/** tus 1.0.0 requests (the resumable upload of a submission file): the upload sent whole, and the one cancelled. */
const TUS = { 'tus-resumable': '1.0.0' };
const tusUpload = { path: '', cancelled: '' };
const tusCreateHeaders = (assignmentId: number) => ({
  ...TUS,
  'upload-length': String(photo.length),
  'upload-metadata': Object.entries({ assignmentId: String(assignmentId), filename: 'sports-day.png', filetype: 'image/png' })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(','),
});
/** The token of the password reset that POST /api/reset-password spends. */
let resetToken = '';

const freshClient = () => Promise.resolve(server.client());
/** A new learner's browser, signed in: for calls that end or change its session. */
const signedInClient = async () => {
  const client = server.client();
  await signIn(client, await createUser(server.db));
  return client;
};

/** A manager of a school of their own (a member of it), who lets it see their whole record. */
const schoolMemberClient = async (world: World) => {
  const client = server.client();
  const user = await createUser(server.db);
  await signIn(client, user);
  const created = await client.post('/api/schools', { name: 'Drift Primary', country: 'gb' });
  world.schoolOfMember = created.body.id;
  return client;
};

/** A manager of a trust of their own. */
const trustManagerClient = async (world: World) => {
  const client = server.client();
  const user = await createUser(server.db);
  await signIn(client, user);
  world.trustOfManager = await createTrust(server.db, `Drift Trust ${user.id}`, Date.now());
  await server.db('trustManagers').insert({ trustId: world.trustOfManager, userId: user.id, joinedAt: Date.now() });
  return client;
};
/** A school's and a trust's own SAML provider (issue 57): their managers, made by the first of those cases. */
const sso = { schoolId: 0, trustId: 0, connectionId: 0, certificate: '', school: null as TestClient | null, trust: null as TestClient | null };
const ssoSchoolManager = async (world: World): Promise<TestClient> => {
  if (!sso.school) {
    const school = await schoolWithManager(server, 'Drift Academy');
    sso.schoolId = school.schoolId;
    sso.school = school.client;
    sso.trustId = await trustOf(world.admin, 'Drift Trust', []);
    sso.trust = (await trustManagerOf(server, world.admin, sso.trustId)).client;
    sso.certificate = makeTestKey().certificate;
  }
  return sso.school;
};
/**
 * Sign-in through a school's own SAML provider (issue 57), by address and by connection: a school
 * with a proven domain connected to a test IdP, and the browser that goes there and back.
 */
const samlSignIn = {
  idp: new TestSamlIdp(),
  domain: 'drift-sso.sch.uk',
  connectionId: 0,
  browser: null as TestClient | null,
  request: null as AuthnRequest | null,
};
const samlSignInBrowser = async (): Promise<TestClient> => {
  if (!samlSignIn.connectionId) {
    const school = await schoolWithManager(server, 'Drift SSO Academy');
    const now = Date.now();
    await server.db('schoolDomains').insert({
      schoolId: school.schoolId,
      domain: samlSignIn.domain,
      verifiedDomain: samlSignIn.domain,
      verifiedAt: now,
      proof: 'admin',
      createdAt: now,
    });
    const saved = await school.client.put(`/api/schools/${school.schoolId}/identity-provider`, { kind: 'saml', metadataXml: samlSignIn.idp.metadataXml() });
    if (saved.status !== 200) throw new Error(`identity provider: ${saved.status} ${saved.text}`);
    samlSignIn.connectionId = saved.body.id;
  }
  samlSignIn.browser = server.client();
  return samlSignIn.browser;
};
/** Sign-in with Google (the test OpenID provider): the browser that starts, and where the provider sent it back. */
const oidcSignIn = { browser: null as TestClient | null, authorizationUrl: '', callback: '' };
const samlProvider = () => ({ kind: 'saml', entityId: 'https://idp.drift.test', ssoUrl: 'https://idp.drift.test/sso', certificate: sso.certificate });

/** One documented request per route that declares its answer, in the order they run. */
const CASES: Record<string, DriftCase> = {
  'GET /healthz': { as: 'anonymous' },
  'GET /readyz': { as: 'anonymous' },
  'GET /api/openapi.json': { as: 'anonymous' },
  'GET /docs/api': { as: 'anonymous' },
  'GET /docs/api/start.js': { as: 'anonymous' },
  'GET /docs/api/redoc.standalone.js': { as: 'anonymous' },
  'GET /api/config': { as: 'anonymous' },
  'GET /': { as: 'anonymous' },
  'POST /contact': {
    as: 'anonymous',
    raw: () => new URLSearchParams({ name: 'Pat Head', email: 'pat@school.test', message: 'Do you film sports days?' }),
  },
  'POST /api/register': { as: freshClient, body: () => ({ email: `drift-${Date.now()}@school.test`, password: TEST_PASSWORD, firstName: 'Dee' }) },
  'POST /api/login': { as: freshClient, body: (world) => ({ email: world.learnerRow.email, password: TEST_PASSWORD }) },
  'POST /api/logout': { as: signedInClient },
  'POST /api/forgot-password': { as: 'anonymous', body: (world) => ({ email: world.learnerRow.email }) },
  'POST /api/reset-password': {
    // The token a reset mail carries (only its hash is stored), for a fresh account.
    as: async () => {
      const user = await createUser(server.db);
      resetToken = `drift-reset-${user.id}`;
      await server.db('passwordResets').insert({ userId: user.id, tokenHash: hashToken(resetToken), expiresAt: Date.now() + 3_600_000, createdAt: Date.now() });
      return server.client();
    },
    body: () => ({ token: resetToken, newPassword: 'a brand new passphrase' }),
  },
  'POST /api/contact': { as: 'anonymous', body: () => ({ name: 'Pat Head', email: 'pat@school.test', message: 'Do you train governors too?' }) },
  'POST /api/user/password': { as: signedInClient, body: () => ({ currentPassword: TEST_PASSWORD, newPassword: 'a quite different passphrase' }) },
  'POST /api/user/sign-out-everywhere': { as: signedInClient, body: () => ({ removeSignIns: false }) },
  'GET /api/user': { as: 'learner' },
  'GET /api/user/sign-ins': { as: 'learner' },
  // A teacher signs in with Google for the first time: off to the provider, and back signed in.
  'GET /api/auth/:provider/start': {
    as: async () => (oidcSignIn.browser = server.client()),
    path: () => '/api/auth/google/start?returnTo=%2Fdashboard',
    location: () => new RegExp(`^${oidc.issuer}/`),
    then: (_world, response) => {
      oidcSignIn.authorizationUrl = response.headers.get('location')!;
    },
  },
  'GET /api/auth/:provider/callback': {
    as: async () => {
      const account = oidc.addAccount({ email: `drift-${Date.now()}@oak.sch.uk`, given_name: 'Dee' });
      const { callback, status } = await signInAtProvider(oidcSignIn.authorizationUrl, account.email!);
      if (!callback) throw new Error(`the provider did not send the browser back (${status})`);
      oidcSignIn.callback = callback.pathname + callback.search;
      return oidcSignIn.browser!;
    },
    path: () => oidcSignIn.callback,
    location: () => /^\/dashboard$/,
  },
  'POST /api/user/sign-ins/:provider/link': { as: signedInClient, path: () => '/api/user/sign-ins/google/link', body: () => ({ password: TEST_PASSWORD }) },
  'DELETE /api/user/sign-ins/:provider': {
    // An account with a password and a linked Microsoft sign-in.
    as: async () => {
      const client = server.client();
      const user = await createUser(server.db);
      await server
        .db('userIdentities')
        .insert({ userId: user.id, provider: 'microsoft', subject: `drift-${user.id}`, email: user.email, createdAt: Date.now() });
      await signIn(client, user);
      return client;
    },
    path: () => '/api/user/sign-ins/microsoft',
  },
  'PUT /api/user/caption-preferences': { as: 'learner', body: () => ({ on: true, lang: 'en' }) },
  'GET /api/user/caption-preferences': { as: 'learner' },
  'POST /api/user/verify-email': { as: 'learner' },
  'POST /api/user/upload-avatar': {
    as: 'learner',
    raw: () => {
      const form = new FormData();
      form.append('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
      return form;
    },
    then: (world, response) => {
      world.avatarUrl = response.body.profileImageUrl;
    },
  },
  'GET /api/avatars/:id': { as: 'learner', path: (world) => world.avatarUrl },
  'DELETE /api/user': { as: signedInClient, body: () => ({ password: TEST_PASSWORD, certificates: 'keep' }) },
  'GET /api/accessibility': { as: 'anonymous' },
  'POST /api/accessibility/reports': { as: 'anonymous', body: () => ({ name: 'Ann', email: 'ann@school.test', message: 'The player has no captions' }) },
  'PATCH /api/user/profile': { as: 'learner', body: () => ({ firstName: 'Robin', company: 'St Mary’s Primary' }) },
  'GET /api/courses': { as: 'anonymous' },
  'POST /api/enrollments': { as: 'learner', body: (world) => ({ courseId: world.course.id }) },
  'POST /api/progress': {
    as: 'learner',
    body: (world) => ({ moduleId: world.course.moduleId, courseId: world.course.id, watchedDuration: 120, position: 120 }),
  },
  'GET /api/progress/:moduleId': { as: 'learner', path: (world) => `/api/progress/${world.course.moduleId}` },
  'POST /api/modules/:moduleId/comments': {
    as: 'learner',
    path: (world) => `/api/modules/${world.course.moduleId}/comments`,
    body: () => ({ comment: 'Face the windows when filming.' }),
    then: (world, response) => (world.commentId = (response.body as { id: number }).id),
  },
  'GET /api/modules/:moduleId/comments': { as: 'admin', path: (world) => `/api/modules/${world.course.moduleId}/comments` },
  'PUT /api/discussion/settings': { as: 'learner', body: () => ({ showSchool: true }) },
  'PUT /api/modules/comments/:commentId/follow': {
    as: 'learner',
    path: (world) => `/api/modules/comments/${world.commentId}/follow`,
    body: () => ({ following: true }),
  },
  'GET /api/notifications': { as: 'learner' },
  'POST /api/notifications/seen': { as: 'learner' },
  'GET /api/modules/:moduleId/discussion': { as: 'learner', path: (world) => `/api/modules/${world.course.moduleId}/discussion` },
  'GET /api/modules/:moduleId/comments/:commentId/replies': {
    as: 'learner',
    path: (world) => `/api/modules/${world.course.moduleId}/comments/${world.commentId}/replies`,
  },
  'PUT /api/modules/comments/:commentId/answer': {
    as: 'admin',
    path: (world) => `/api/modules/comments/${world.replyId}/answer`,
    body: () => ({ answer: true }),
  },
  'PUT /api/modules/comments/:commentId/pin': { as: 'admin', path: (world) => `/api/modules/comments/${world.commentId}/pin`, body: () => ({ pinned: true }) },
  'DELETE /api/modules/comments/:commentId': { as: 'learner', path: (world) => `/api/modules/comments/${world.commentId}` },
  // The learner reports a colleague's comment; the admin reads the queue, hides it and restores it.
  'POST /api/modules/comments/:commentId/report': {
    as: 'learner',
    path: (world) => `/api/modules/comments/${world.reportedId}/report`,
    body: () => ({ reason: 'spam' }),
  },
  'GET /api/admin/moderation': { as: 'admin' },
  'PUT /api/admin/moderation/comments/:commentId/hide': {
    as: 'admin',
    path: (world) => `/api/admin/moderation/comments/${world.reportedId}/hide`,
    body: () => ({ reason: 'Advertising' }),
  },
  'PUT /api/admin/moderation/comments/:commentId/restore': { as: 'admin', path: (world) => `/api/admin/moderation/comments/${world.reportedId}/restore` },
  'GET /api/courses/:id': { as: 'learner', path: (world) => `/api/courses/${world.course.id}` },
  'GET /api/dashboard': { as: 'learner' },
  'GET /api/certificates': { as: 'learner' },
  'GET /api/certificates/:number': { as: 'anonymous', path: (world) => `/api/certificates/${world.completed.certificateNumber}` },
  'POST /api/courses': {
    as: 'admin',
    body: () => ({ title: 'Governor training', description: 'What governors ask of a school website', price: 1500 }),
    then: (world, response) => {
      world.created.id = response.body.id;
    },
  },
  'PUT /api/courses/:id': { as: 'admin', path: (world) => `/api/courses/${world.created.id}`, body: () => ({ validityMonths: 12 }) },
  'DELETE /api/courses/:id': { as: 'admin', path: (world) => `/api/courses/${world.created.id}` },
  'GET /api/modules/:id': { as: 'learner', path: (world) => `/api/modules/${world.course.moduleId}` },
  'POST /api/modules': {
    as: 'admin',
    body: (world) => ({ courseId: world.course.id, title: 'Photos and consent', vimeoVideoId: '76979871', duration: 300 }),
    then: (world, response) => {
      world.addedModule.id = response.body.id;
    },
  },
  'PUT /api/modules/:id': { as: 'admin', path: (world) => `/api/modules/${world.addedModule.id}`, body: () => ({ title: 'Photographs and consent' }) },
  'GET /api/courses/:courseId/modules': { as: 'learner', path: (world) => `/api/courses/${world.course.id}/modules` },
  'PUT /api/courses/:courseId/modules/order': {
    as: 'admin',
    path: (world) => `/api/courses/${world.course.id}/modules/order`,
    body: (world) => ({ moduleIds: [world.addedModule.id, world.course.moduleId] }),
  },
  'DELETE /api/modules/:id': { as: 'admin', path: (world) => `/api/modules/${world.addedModule.id}` },
  'POST /api/courses/:id/resources': {
    as: 'admin',
    path: (world) => `/api/courses/${world.course.id}/resources`,
    raw: () => pdfForm('Consent checklist'),
    then: (world, response) => {
      world.resources.courseResourceId = response.body.id;
    },
  },
  'POST /api/modules/:id/resources': {
    as: 'admin',
    path: (world) => `/api/modules/${world.course.moduleId}/resources`,
    raw: () => pdfForm('Shot list'),
    then: (world, response) => {
      world.resources.moduleResourceId = response.body.id;
    },
  },
  'GET /api/courses/:id/resources': { as: 'anonymous', path: (world) => `/api/courses/${world.course.id}/resources` },
  'GET /api/modules/:id/resources': { as: 'learner', path: (world) => `/api/modules/${world.course.moduleId}/resources` },
  'PUT /api/courses/:id/resources/order': {
    as: 'admin',
    path: (world) => `/api/courses/${world.course.id}/resources/order`,
    body: (world) => ({ resourceIds: [world.resources.courseResourceId] }),
  },
  'PUT /api/modules/:id/resources/order': {
    as: 'admin',
    path: (world) => `/api/modules/${world.course.moduleId}/resources/order`,
    body: (world) => ({ resourceIds: [world.resources.moduleResourceId] }),
  },
  'PUT /api/resources/:id': {
    as: 'admin',
    path: (world) => `/api/resources/${world.resources.courseResourceId}`,
    body: () => ({ title: 'Consent checklist (2026)', description: 'Print one per class' }),
  },
  'PUT /api/resources/:id/file': { as: 'admin', path: (world) => `/api/resources/${world.resources.courseResourceId}/file`, raw: () => pdfForm() },
  'GET /api/resources/:id/download': { as: 'learner', path: (world) => `/api/resources/${world.resources.courseResourceId}/download` },
  'DELETE /api/resources/:id': { as: 'admin', path: (world) => `/api/resources/${world.resources.moduleResourceId}` },
  'PUT /api/modules/:id/captions/:lang': {
    as: 'admin',
    path: (world) => `/api/modules/${world.course.moduleId}/captions/en-GB`,
    raw: () => {
      const form = new FormData();
      form.append('label', 'English (UK)');
      form.append('file', new Blob(['WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome to the course.\n'], { type: 'text/vtt' }), 'captions.vtt');
      return form;
    },
  },
  'GET /api/modules/:id/captions': { as: 'learner', path: (world) => `/api/modules/${world.course.moduleId}/captions` },
  'GET /api/modules/:id/captions/:lang.vtt': { as: 'learner', path: (world) => `/api/modules/${world.course.moduleId}/captions/en-GB.vtt` },
  'GET /api/courses/:id/captions': { as: 'anonymous', path: (world) => `/api/courses/${world.course.id}/captions` },
  'DELETE /api/modules/:id/captions/:lang': { as: 'admin', path: (world) => `/api/modules/${world.course.moduleId}/captions/en-GB` },
  'GET /api/admin/overview': { as: 'admin' },
  'PUT /api/admin/accessibility': { as: 'admin', body: () => ({ responseDays: 5, testedBy: 'The agency' }) },
  'GET /api/admin/export-excel': { as: 'admin' },
  'GET /api/admin/students': { as: 'admin', path: () => '/api/admin/students?page=1&limit=20' },
  'GET /api/admin/students/:id': { as: 'admin', path: (world) => `/api/admin/students/${world.learnerRow.id}` },
  'GET /api/admin/students/:id/enrollments': { as: 'admin', path: (world) => `/api/admin/students/${world.learnerRow.id}/enrollments` },
  'POST /api/transcript/external': {
    as: 'learner',
    body: () => ({ title: 'Safeguarding refresher', provider: 'The local authority', completedOn: '2025-10-01', cpdHours: 3 }),
    then: (world, response) => {
      world.externalCpd.id = response.body.id;
    },
  },
  'PUT /api/transcript/external/:id/evidence': {
    as: 'learner',
    path: (world) => `/api/transcript/external/${world.externalCpd.id}/evidence`,
    raw: () => pdfForm(),
  },
  'GET /api/transcript/external/:id/evidence': { as: 'learner', path: (world) => `/api/transcript/external/${world.externalCpd.id}/evidence` },
  'GET /api/transcript': { as: 'learner' },
  'DELETE /api/transcript/external/:id/evidence': { as: 'learner', path: (world) => `/api/transcript/external/${world.externalCpd.id}/evidence` },
  'DELETE /api/transcript/external/:id': { as: 'learner', path: (world) => `/api/transcript/external/${world.externalCpd.id}` },
  'POST /api/transcript/shares': {
    as: 'learner',
    body: () => ({ label: 'For my appraisal' }),
    then: (world, response) => {
      world.share = { id: response.body.id, token: String(response.body.url).split('/record/')[1]! };
    },
  },
  'GET /api/transcript/sharing': { as: 'learner' },
  'GET /api/records/:token': { as: 'anonymous', path: (world) => `/api/records/${world.share.token}` },
  'GET /api/records/:token/record.pdf': { as: 'anonymous', path: (world) => `/api/records/${world.share.token}/record.pdf` },
  'DELETE /api/transcript/shares/:id': { as: 'learner', path: (world) => `/api/transcript/shares/${world.share.id}` },
  'GET /api/schools/:id/cpd-hours': { as: schoolMemberClient, path: (world) => `/api/schools/${world.schoolOfMember}/cpd-hours?from=2025-09-01&to=2026-08-31` },
  'GET /api/trusts/:id/cpd-hours': { as: trustManagerClient, path: (world) => `/api/trusts/${world.trustOfManager}/cpd-hours` },
  'PUT /api/transcript/schools/:id': {
    as: schoolMemberClient,
    path: (world) => `/api/transcript/schools/${world.schoolOfMember}`,
    body: () => ({ shared: true }),
  },
  'GET /api/admin/students/:id/watching': { as: 'admin', path: (world) => `/api/admin/students/${world.learnerRow.id}/watching` },
  'POST /api/courses/:id/quizzes': {
    as: 'admin',
    path: (world) => `/api/courses/${world.course.id}/quizzes`,
    body: () => TWO_QUESTIONS,
    then: (world, response) => {
      world.quiz = response.body;
    },
  },
  'GET /api/courses/:id/quizzes/:quizId': { as: 'admin', path: (world) => `/api/courses/${world.course.id}/quizzes/${world.quiz.id}` },
  'PUT /api/courses/:id/quizzes/:quizId': {
    as: 'admin',
    path: (world) => `/api/courses/${world.course.id}/quizzes/${world.quiz.id}`,
    body: (world) => ({ ...TWO_QUESTIONS, title: 'Final check, revised', questions: world.quiz.questions }),
  },
  'GET /api/courses/:id/quizzes': { as: 'learner', path: (world) => `/api/courses/${world.course.id}/quizzes` },
  'GET /api/quizzes/:id': { as: 'learner', path: (world) => `/api/quizzes/${world.quiz.id}` },
  'POST /api/quizzes/:id/attempts': {
    as: 'learner',
    path: (world) => `/api/quizzes/${world.quiz.id}/attempts`,
    body: (world) => ({
      answers: world.quiz.questions.map((question) => ({
        questionId: question.id,
        optionIds: question.options.filter((option) => option.correct).map((option) => option.id),
      })),
    }),
  },
  'GET /api/quizzes/:id/attempts': { as: 'learner', path: (world) => `/api/quizzes/${world.quiz.id}/attempts` },
  'DELETE /api/courses/:id/quizzes/:quizId': { as: 'admin', path: (world) => `/api/courses/${world.course.id}/quizzes/${world.quiz.id}` },
  'POST /api/courses/:id/assignments': {
    as: 'admin',
    path: (world) => `/api/courses/${world.course.id}/assignments`,
    body: () => PHOTO_ASSIGNMENT,
    then: (world, response) => {
      world.assignment.id = response.body.id;
    },
  },
  'GET /api/courses/:id/assignments': { as: 'admin', path: (world) => `/api/courses/${world.course.id}/assignments` },
  'PATCH /api/courses/:id/assignments/:assignmentId': {
    as: 'admin',
    path: (world) => `/api/courses/${world.course.id}/assignments/${world.assignment.id}`,
    body: () => ({ title: 'Photograph a sports day' }),
  },
  'PATCH /api/assignments/:id/draft': {
    as: 'learner',
    path: (world) => `/api/assignments/${world.assignment.id}/draft`,
    body: () => ({ note: 'Three photos, no faces', link: 'https://example.org/album' }),
    then: (world, response) => {
      world.assignment.submissionId = response.body.id;
    },
  },
  // A photo for the draft by resumable upload (tus 1.0.0): created, looked at, sent whole; another created and cancelled.
  'POST /api/uploads': {
    as: 'learner',
    headers: (world) => tusCreateHeaders(world.assignment.id),
    then: (_world, response) => {
      tusUpload.path = new URL(response.headers.get('location')!, server.url).pathname;
    },
  },
  'HEAD /api/uploads/:uploadId': { as: 'learner', path: () => tusUpload.path, headers: () => TUS },
  'PATCH /api/uploads/:uploadId': {
    as: 'learner',
    path: () => tusUpload.path,
    headers: () => ({ ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
    raw: () => new Uint8Array(photo),
    then: (world, response) => {
      world.assignment.uploadedFileId = Number(response.headers.get('upload-file-id'));
    },
  },
  'DELETE /api/uploads/:uploadId': {
    as: async (world) => {
      const created = await world.learner.request('POST', '/api/uploads', { headers: tusCreateHeaders(world.assignment.id) });
      if (created.status !== 201) throw new Error(`tus create: ${created.status} ${created.text}`);
      tusUpload.cancelled = new URL(created.headers.get('location')!, server.url).pathname;
      return world.learner;
    },
    path: () => tusUpload.cancelled,
    headers: () => TUS,
  },
  'GET /api/submission-files/:fileId': { as: 'learner', path: (world) => `/api/submission-files/${world.assignment.uploadedFileId}?download=1` },
  'DELETE /api/assignments/:id/draft/files/:fileId': {
    as: async (world) => {
      world.assignment.draftFileId = (await attachFile(server, world.learnerRow.id, world.assignment.id)).fileId;
      return world.learner;
    },
    path: (world) => `/api/assignments/${world.assignment.id}/draft/files/${world.assignment.draftFileId}`,
  },
  'GET /api/assignments/:id': { as: 'learner', path: (world) => `/api/assignments/${world.assignment.id}` },
  'POST /api/assignments/:id/submit': { as: 'learner', path: (world) => `/api/assignments/${world.assignment.id}/submit` },
  'GET /api/submissions/:id': { as: 'learner', path: (world) => `/api/submissions/${world.assignment.submissionId}` },
  'POST /api/assignments/:id/withdraw': { as: 'learner', path: (world) => `/api/assignments/${world.assignment.id}/withdraw` },
  // Submitted again, the work waits in the admins' review queue, and is sent back for changes.
  'GET /api/admin/reviews': {
    as: async (world) => {
      const submitted = await world.learner.post(`/api/assignments/${world.assignment.id}/submit`);
      if (submitted.status !== 200) throw new Error(`submit: ${submitted.status} ${submitted.text}`);
      return world.admin;
    },
    path: () => '/api/admin/reviews?page=1&limit=20',
    then: (world, response) => {
      world.assignment.reviewId = response.body[0].submissionId;
    },
  },
  'GET /api/admin/reviews/counts': { as: 'admin' },
  'GET /api/admin/reviews/:id': { as: 'admin', path: (world) => `/api/admin/reviews/${world.assignment.reviewId}` },
  'POST /api/admin/reviews/:id': {
    as: 'admin',
    path: (world) => `/api/admin/reviews/${world.assignment.reviewId}`,
    body: () => ({ decision: 'changes', feedback: 'Crop the second photo: a face shows at the edge.' }),
  },
  'DELETE /api/courses/:id/assignments/:assignmentId': {
    as: 'admin',
    path: (world) => `/api/courses/${world.course.id}/assignments/${world.assignment.id}`,
  },
  'POST /api/orders': {
    as: 'buyer',
    body: (world) => ({ courseId: world.pricedCourse.id, schoolName: 'Oak Academy', billingEmail: 'office@oak.sch.uk' }),
    then: (world, response) => {
      world.orderId = response.body.id;
    },
  },
  'GET /api/orders': { as: 'buyer' },
  'POST /api/create-payment-intent': {
    as: 'buyer',
    body: (world) => ({ courseId: world.pricedCourse.id }),
    then: (world, response) => {
      world.paymentIntentId = response.body.paymentIntentId;
    },
  },
  'GET /api/payments/:paymentIntentId': { as: 'buyer', path: (world) => `/api/payments/${world.paymentIntentId}` },
  // Stripe tells the server the card payment succeeded: the buyer and the admin get its receipt.
  'POST /api/stripe/webhook': {
    as: 'anonymous',
    raw: (world) => webhookEvent(world).payload,
    headers: (world) => ({ 'content-type': 'application/json', 'stripe-signature': webhookEvent(world).header }),
  },
  'GET /api/payments/:paymentIntentId/receipt.pdf': { as: 'buyer', path: (world) => `/api/payments/${world.paymentIntentId}/receipt.pdf` },
  'GET /api/admin/payments/:id/receipt.pdf': {
    as: async (world) => {
      world.paymentId = Number((await server.db('payments').where({ providerReference: world.paymentIntentId }).first('id'))!.id);
      return world.admin;
    },
    path: (world) => `/api/admin/payments/${world.paymentId}/receipt.pdf`,
  },
  'PUT /api/admin/orders/:id/discount': {
    as: 'admin',
    path: (world) => `/api/admin/orders/${world.orderId}/discount`,
    body: () => ({ kind: 'percent', value: 10, reason: 'A second course for the same school' }),
  },
  'DELETE /api/admin/orders/:id/discount': { as: 'admin', path: (world) => `/api/admin/orders/${world.orderId}/discount` },
  'POST /api/admin/orders/:id/invoice': {
    as: 'admin',
    path: (world) => `/api/admin/orders/${world.orderId}/invoice`,
    body: () => ({ country: 'GB', billingAddress: '1 Oak Lane\nLeeds LS1 1AA' }),
  },
  'GET /api/orders/:id/invoice.pdf': { as: 'buyer', path: (world) => `/api/orders/${world.orderId}/invoice.pdf` },
  'POST /api/admin/orders/:id/paid': { as: 'admin', path: (world) => `/api/admin/orders/${world.orderId}/paid` },
  'GET /api/admin/enrollments': { as: 'admin', path: () => '/api/admin/enrollments?page=1&limit=20' },
  'POST /api/admin/enroll': { as: 'admin', body: (world) => ({ studentEmail: world.learnerRow.email, courseId: world.pricedCourse.id }) },
  'DELETE /api/admin/enroll': { as: 'admin', body: (world) => ({ studentEmail: world.learnerRow.email, courseId: world.pricedCourse.id }) },
  'GET /api/admin/orders': { as: 'admin', path: () => '/api/admin/orders?page=1&limit=20' },
  'GET /api/admin/payments': { as: 'admin', path: () => '/api/admin/payments?page=1&limit=20' },
  'GET /api/admin/sales': { as: 'admin' },
  ...directoryCases(),
  ...staffCases(),
  ...schoolAndTrustCases(),
  'GET /api/schools/:id/identity-provider': { as: ssoSchoolManager, path: () => `/api/schools/${sso.schoolId}/identity-provider` },
  'PUT /api/schools/:id/identity-provider': {
    as: ssoSchoolManager,
    path: () => `/api/schools/${sso.schoolId}/identity-provider`,
    body: samlProvider,
    then: (_world, response) => {
      sso.connectionId = response.body.id;
    },
  },
  'GET /api/schools/:id/identity-provider/test': {
    as: ssoSchoolManager,
    path: () => `/api/schools/${sso.schoolId}/identity-provider/test?returnTo=%2Fschool`,
    location: () => /SAMLRequest=/,
  },
  'PUT /api/schools/:id/identity-provider/required': {
    as: ssoSchoolManager,
    path: () => `/api/schools/${sso.schoolId}/identity-provider/required`,
    body: () => ({ required: false }),
  },
  'GET /api/auth/sso/:connectionId/metadata': { as: 'anonymous', path: () => `/api/auth/sso/${sso.connectionId}/metadata` },
  // A teacher signs in by address through the school's SAML provider, and another starts at the school's own link.
  'GET /api/auth/sso/start': {
    as: samlSignInBrowser,
    path: () => `/api/auth/sso/start?email=${encodeURIComponent(`teacher@${samlSignIn.domain}`)}&returnTo=%2Fcourses`,
    location: () => new RegExp(`^${samlSignIn.idp.ssoUrl}\\?SAMLRequest=`),
    then: (_world, response) => {
      samlSignIn.request = samlSignIn.idp.readRequest(response.headers.get('location')!);
    },
  },
  'POST /api/auth/sso/:connectionId/acs': {
    as: async () => samlSignIn.browser!,
    path: () => `/api/auth/sso/${samlSignIn.connectionId}/acs`,
    // The IdP's auto-submitting form: a cross-site POST.
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test', 'sec-fetch-site': 'cross-site' }),
    raw: () => {
      const request = samlSignIn.request!;
      return new URLSearchParams({
        SAMLResponse: samlSignIn.idp.respond(request, { nameId: `teacher@${samlSignIn.domain}` }),
        RelayState: request.relayState,
      }).toString();
    },
    location: () => /^\/courses$/,
  },
  'GET /api/auth/sso/:connectionId/start': {
    as: samlSignInBrowser,
    path: () => `/api/auth/sso/${samlSignIn.connectionId}/start?returnTo=%2Fdashboard`,
    location: () => new RegExp(`^${samlSignIn.idp.ssoUrl}\\?SAMLRequest=`),
  },
  // Always a redirect (here to /auth: no flow for this state).
  'GET /api/auth/sso/:connectionId/callback': { as: 'anonymous', path: () => `/api/auth/sso/${sso.connectionId}/callback?state=made-up&code=made-up` },
  'DELETE /api/schools/:id/identity-provider': { as: ssoSchoolManager, path: () => `/api/schools/${sso.schoolId}/identity-provider` },
  'PUT /api/trusts/:id/identity-provider': { as: async () => sso.trust!, path: () => `/api/trusts/${sso.trustId}/identity-provider`, body: samlProvider },
  'GET /api/trusts/:id/identity-provider/test': {
    as: async () => sso.trust!,
    path: () => `/api/trusts/${sso.trustId}/identity-provider/test`,
    location: () => /SAMLRequest=/,
  },
  'PUT /api/trusts/:id/identity-provider/required': {
    as: async () => sso.trust!,
    path: () => `/api/trusts/${sso.trustId}/identity-provider/required`,
    body: () => ({ required: false }),
  },
  'GET /api/trusts/:id/identity-provider': { as: async () => sso.trust!, path: () => `/api/trusts/${sso.trustId}/identity-provider` },
  'DELETE /api/trusts/:id/identity-provider': { as: async () => sso.trust!, path: () => `/api/trusts/${sso.trustId}/identity-provider` },
  'PUT /api/admin/schools/:id/identity-provider': { as: 'admin', path: () => `/api/admin/schools/${sso.schoolId}/identity-provider`, body: samlProvider },
  'GET /api/admin/schools/:id/identity-provider/test': {
    as: 'admin',
    path: () => `/api/admin/schools/${sso.schoolId}/identity-provider/test`,
    location: () => /SAMLRequest=/,
  },
  'PUT /api/admin/schools/:id/identity-provider/required': {
    as: 'admin',
    path: () => `/api/admin/schools/${sso.schoolId}/identity-provider/required`,
    body: () => ({ required: false }),
  },
  'GET /api/admin/schools/:id/identity-provider': { as: 'admin', path: () => `/api/admin/schools/${sso.schoolId}/identity-provider` },
  'DELETE /api/admin/schools/:id/identity-provider': { as: 'admin', path: () => `/api/admin/schools/${sso.schoolId}/identity-provider` },
  'PUT /api/admin/trusts/:id/identity-provider': { as: 'admin', path: () => `/api/admin/trusts/${sso.trustId}/identity-provider`, body: samlProvider },
  'GET /api/admin/trusts/:id/identity-provider/test': {
    as: 'admin',
    path: () => `/api/admin/trusts/${sso.trustId}/identity-provider/test`,
    location: () => /SAMLRequest=/,
  },
  'PUT /api/admin/trusts/:id/identity-provider/required': {
    as: 'admin',
    path: () => `/api/admin/trusts/${sso.trustId}/identity-provider/required`,
    body: () => ({ required: false }),
  },
  'GET /api/admin/trusts/:id/identity-provider': { as: 'admin', path: () => `/api/admin/trusts/${sso.trustId}/identity-provider` },
  'DELETE /api/admin/trusts/:id/identity-provider': { as: 'admin', path: () => `/api/admin/trusts/${sso.trustId}/identity-provider` },
  'POST /api/admin/scheduler/:name/run': { as: 'admin', path: () => '/api/admin/scheduler/deadline-reminders/run' },
  'GET /api/admin/scheduler': { as: 'admin' },
  'GET /api/unsubscribe': {
    as: 'anonymous',
    path: (world) => `/api/unsubscribe?token=${unsubscribeToken({ userId: world.learnerRow.id, category: 'reminders' }, server.config.sessionKeys)}`,
  },
  'POST /api/unsubscribe': {
    as: 'anonymous',
    path: (world) => `/api/unsubscribe?token=${unsubscribeToken({ userId: world.learnerRow.id, category: 'digest' }, server.config.sessionKeys)}`,
  },
  'GET /api/currency': { as: 'anonymous' },
  'PUT /api/currency': { as: 'learner', body: () => ({ currency: 'EUR' }) },
  'GET /api/demo': {
    // The demo learner as the seed makes them outside production, holding a certificate.
    as: async () => {
      await completeOneModuleCourse(server, await createUser(server.db, { email: DEMO_LEARNER.email }), server.client());
      return server.client();
    },
  },
  'GET /api/user/training': {
    // A member of a school that licenses a course.
    as: async () => {
      const { schoolId } = await licensedSchool(server, 'Drift Primary');
      const client = server.client();
      await signIn(client, await addMember(server.db, schoolId, server.clock.now().getTime()));
      return client;
    },
  },
  'GET /api/certificates/:number/credential': { as: 'anonymous', path: (world) => `/api/certificates/${world.completed.certificateNumber}/credential` },
  'GET /api/credentials/issuer': { as: 'anonymous' },
  'GET /api/credentials/achievements/:id': { as: 'anonymous', path: (world) => `/api/credentials/achievements/${world.completed.id}` },
  'GET /api/credentials/revocations': { as: 'anonymous' },
  'GET /.well-known/jwks.json': {
    as: 'anonymous',
    then: (world, response) => {
      world.keyThumbprint = String(response.body.keys[0].kid).split('/').pop()!;
    },
  },
  'GET /api/credentials/keys/:thumbprint': { as: 'anonymous', path: (world) => `/api/credentials/keys/${world.keyThumbprint}` },
  'GET /api/admin/insights/weekly': { as: 'admin' },
  'GET /api/admin/insights/courses/:courseId': { as: 'admin', path: (world) => `/api/admin/insights/courses/${world.completed.id}` },
  'GET /api/admin/insights/modules/:moduleId/retention': { as: 'admin', path: (world) => `/api/admin/insights/modules/${world.course.moduleId}/retention` },
  'GET /api/admin/contact-messages': {
    as: 'admin',
    path: () => '/api/admin/contact-messages?page=1&limit=20',
    then: (world, response) => {
      world.inbox.messageId = response.body[0].id;
    },
  },
  'PATCH /api/admin/contact-messages/:id': {
    as: 'admin',
    path: (world) => `/api/admin/contact-messages/${world.inbox.messageId}`,
    body: () => ({ handled: true }),
  },
  'GET /api/admin/admins': { as: 'admin' },
  'POST /api/admin/admins': {
    // Only an account whose holder proved the address may be made an admin.
    as: 'admin',
    body: () => ({ email: 'deputy.head@school.test' }),
    then: (world, response) => {
      world.inbox.grantedAdminId = response.body.id;
    },
  },
  'DELETE /api/admin/admins/:id': { as: 'admin', path: (world) => `/api/admin/admins/${world.inbox.grantedAdminId}` },
  'GET /api/admin/certificates': { as: 'admin', path: () => '/api/admin/certificates?page=1&limit=20' },
  'POST /api/admin/certificates/:number/revoke': { as: 'admin', path: (world) => `/api/admin/certificates/${world.completed.certificateNumber}/revoke` },
  'POST /api/admin/certificates/:number/restore': { as: 'admin', path: (world) => `/api/admin/certificates/${world.completed.certificateNumber}/restore` },
  // The learner's data once they have enrolled, watched, commented, taken a quiz, submitted work and earned a certificate.
  'GET /api/user/export': { as: 'learner' },
  // Last: a renewal starts the completed course over. A 12-month validity makes its certificate renewable …
  'GET /api/courses/:id/renewal': {
    as: async (world) => {
      await world.admin.put(`/api/courses/${world.completed.id}`, { validityMonths: 12 });
      return world.learner;
    },
    path: (world) => `/api/courses/${world.completed.id}/renewal`,
  },
  // … and one issued 13 months ago is due.
  'POST /api/courses/:id/renewal': {
    as: async (world) => {
      const issuedAt = server.clock.now().getTime() - 400 * DAY_MS;
      await server.db('certificates').where({ certificateNumber: world.completed.certificateNumber }).update({ issuedAt });
      return world.learner;
    },
    path: (world) => `/api/courses/${world.completed.id}/renewal`,
  },
};

/**
 * Directory sync (issue 56): the tokens and log as the school's and trust's managers and the
 * admin, and the SCIM service as a directory with its bearer token (Entra ID's requests).
 */
const driftTeacher = { sourcedId: 't-drift', email: 'teacher@drift.sch.uk', givenName: 'Tia', familyName: 'Drift', role: 'teacher', org: 'org-drift' };

/**
 * A school and a trust from the start, as their people make them over the API: a teacher creates
 * the school and the admin licenses it; links, mailed invitations, a roster, members, domains
 * (proven by a published TXT record) and the register; then a trust the admin makes around it,
 * whose invited manager accepts, reads the trust's pages and moves a member; last, the admin's
 * undoing of each (licences, invitations, managers, schools).
 */
function schoolAndTrustCases(): Record<string, DriftCase> {
  const dns = new FakeDns();
  const tag = randomBytes(4).toString('hex');
  const domain = `drift-${tag}.sch.uk`;
  const w = {
    ready: null as Promise<void> | null,
    schoolId: 0,
    courseId: 0,
    linkId: 0,
    linkToken: '',
    joinerId: 0,
    leaverId: 0,
    moverId: 0,
    invitedId: 0,
    trustId: 0,
    newSchoolId: 0,
    trustInviteToken: '',
    trustManagerId: 0,
    verifyToken: '',
  };
  const c = {} as { manager: TestClient; admin: TestClient; trustManager: TestClient };
  const ready = () =>
    (w.ready ??= (async () => {
      server.app.deps.dns = dns;
      c.manager = (await learner(server, { email: `head@${domain}`, verified: true })).client;
      c.admin = server.client();
      await signIn(c.admin, await createAdmin(server.db));
      w.courseId = (await createCourse(server, { price: 0 })).id;
      await createModule(server, w.courseId);
    })());
  const as = (who: keyof typeof c) => async () => (await ready(), c[who]);
  const manager = as('manager');
  const admin = as('admin');
  const trustManager = as('trustManager');
  const school = () => `/api/schools/${w.schoolId}`;
  const adminSchool = () => `/api/admin/schools/${w.schoolId}`;
  const trust = () => `/api/trusts/${w.trustId}`;
  const adminTrust = () => `/api/admin/trusts/${w.trustId}`;
  /** A pending claim of the school's (as a manager's claim waits for its TXT record), for the admin's hand. */
  const claim = async (name: string) => {
    await ready();
    await server
      .db('schoolDomains')
      .insert({ schoolId: w.schoolId, domain: name, verificationToken: randomBytes(24).toString('base64url'), createdAt: Date.now() });
    return c.admin;
  };
  const roster = () => ({ csv: `email,first name,last name\nsam-${tag}@example.org,Sam,Shore\n` });
  return {
    'POST /api/schools': {
      as: manager,
      body: () => ({ name: 'Drift Staff Primary', country: 'gb' }),
      then: (_world, response) => {
        w.schoolId = response.body.id;
      },
    },
    'POST /api/admin/schools/:id/licences': { as: admin, path: () => `${adminSchool()}/licences`, body: () => ({ courseId: w.courseId }) },
    'GET /api/admin/schools': { as: admin, path: () => '/api/admin/schools?q=Drift&page=1&limit=20' },
    'GET /api/admin/schools/:id': { as: admin, path: adminSchool },
    'POST /api/admin/schools/:id/licences/:courseId/revoke': { as: admin, path: () => `${adminSchool()}/licences/${w.courseId}/revoke` },
    'POST /api/admin/schools/:id/licences/:courseId/restore': { as: admin, path: () => `${adminSchool()}/licences/${w.courseId}/restore` },
    'PATCH /api/admin/schools/:id': { as: admin, path: adminSchool, body: () => ({ name: 'Drift Staff Academy' }) },
    'PATCH /api/schools/:id': { as: manager, path: school, body: () => ({ name: 'Drift Staff Primary Academy' }) },
    'POST /api/admin/schools/:id/invitations-approval': { as: admin, path: () => `${adminSchool()}/invitations-approval`, body: () => ({ approved: true }) },
    'GET /api/schools/mine': { as: manager },
    'POST /api/schools/:id/invites': {
      as: manager,
      path: () => `${school()}/invites`,
      body: () => ({ expiresInDays: 30, maxUses: 20 }),
      then: (_world, response) => {
        w.linkId = response.body.id;
        w.linkToken = new URL(response.body.url).searchParams.get('token')!;
      },
    },
    'GET /api/schools/:id/invites': { as: manager, path: () => `${school()}/invites` },
    'GET /api/invites/:token': { as: 'anonymous', path: () => `/api/invites/${w.linkToken}` },
    'POST /api/invites/:token/accept': {
      as: async () => {
        const joiner = await learner(server);
        w.joinerId = joiner.user.id;
        return joiner.client;
      },
      path: () => `/api/invites/${w.linkToken}/accept`,
    },
    'DELETE /api/schools/:id/invites/:inviteId': { as: manager, path: () => `${school()}/invites/${w.linkId}` },
    'POST /api/schools/:id/invites/email': { as: manager, path: () => `${school()}/invites/email`, body: () => ({ emails: [`new-${tag}@example.org`] }) },
    'GET /api/schools/:id/invited': {
      as: manager,
      path: () => `${school()}/invited`,
      then: (_world, response) => {
        w.invitedId = response.body[0].inviteId;
      },
    },
    'GET /api/admin/schools/:id/invited': { as: admin, path: () => `${adminSchool()}/invited` },
    'GET /api/schools/:id/comments': { as: manager, path: () => `${school()}/comments` },
    'GET /api/admin/schools/:id/comments': { as: admin, path: () => `${adminSchool()}/comments` },
    'POST /api/schools/:id/invites/:inviteId/resend': { as: manager, path: () => `${school()}/invites/${w.invitedId}/resend` },
    'POST /api/schools/:id/roster/preview': { as: manager, path: () => `${school()}/roster/preview`, body: roster },
    'POST /api/schools/:id/roster': { as: manager, path: () => `${school()}/roster`, body: roster },
    'POST /api/admin/schools/:id/roster/preview': { as: admin, path: () => `${adminSchool()}/roster/preview`, body: roster },
    'POST /api/admin/schools/:id/roster': { as: admin, path: () => `${adminSchool()}/roster`, body: roster },
    'GET /api/schools/:id/members': {
      as: async () => {
        await ready();
        w.leaverId = (await addMember(server.db, w.schoolId, Date.now())).id;
        w.moverId = (await addMember(server.db, w.schoolId, Date.now())).id;
        return c.manager;
      },
      path: () => `${school()}/members`,
    },
    'POST /api/schools/:id/managers': { as: manager, path: () => `${school()}/managers`, body: () => ({ userId: w.joinerId }) },
    'DELETE /api/schools/:id/members/:userId': { as: manager, path: () => `${school()}/members/${w.leaverId}` },
    'POST /api/schools/:id/domains': {
      as: manager,
      path: () => `${school()}/domains`,
      body: () => ({ domain }),
      then: (_world, response) => dns.publish(response.body.txtRecord.host, response.body.txtRecord.value),
    },
    'POST /api/schools/:id/domains/:domain/verify': { as: manager, path: () => `${school()}/domains/${domain}/verify` },
    'PUT /api/schools/:id/domains/:domain/google-workspace': {
      as: manager,
      path: () => `${school()}/domains/${domain}/google-workspace`,
      body: () => ({ hd: domain }),
    },
    'DELETE /api/schools/:id/domains/:domain': { as: manager, path: () => `${school()}/domains/${domain}` },
    'POST /api/admin/schools/:id/domains/:domain/approve': {
      as: () => claim(`approved-${domain}`),
      path: () => `${adminSchool()}/domains/approved-${domain}/approve`,
    },
    'DELETE /api/admin/schools/:id/domains/:domain': {
      as: () => claim(`removed-${domain}`),
      path: () => `${adminSchool()}/domains/removed-${domain}`,
    },
    'POST /api/verify-email': {
      as: async () => {
        const { client, user } = await learner(server, { email: `new-teacher@approved-${domain}` });
        w.verifyToken = randomBytes(32).toString('base64url');
        await server
          .db('emailVerifications')
          .insert({ userId: user.id, tokenHash: hashToken(w.verifyToken), expiresAt: Date.now() + 3_600_000, usedAt: null, createdAt: Date.now() });
        return client;
      },
      body: () => ({ token: w.verifyToken }),
    },
    'GET /api/schools/:id/register.xlsx': { as: manager, path: () => `${school()}/register.xlsx` },
    'GET /api/schools/:id/certificates': { as: manager, path: () => `${school()}/certificates?page=1&limit=20` },
    'PATCH /api/schools/:id/submission-sharing': { as: manager, path: () => `${school()}/submission-sharing`, body: () => ({ managersSeeSubmissions: true }) },
    'POST /api/admin/trusts': {
      as: admin,
      body: () => ({ name: `Drift Staff Trust ${tag}` }),
      then: (_world, response) => {
        w.trustId = response.body.id;
      },
    },
    'GET /api/admin/trusts': { as: admin },
    'POST /api/admin/trusts/:id/schools': { as: admin, path: () => `${adminTrust()}/schools`, body: () => ({ schoolId: w.schoolId }) },
    'POST /api/admin/trusts/:id/schools/new': {
      as: admin,
      path: () => `${adminTrust()}/schools/new`,
      body: () => ({ name: 'Drift Staff High', country: 'gb' }),
      then: (_world, response) => {
        w.newSchoolId = response.body.schools.find((row: { name: string }) => row.name === 'Drift Staff High').id;
      },
    },
    'POST /api/admin/schools/:id/domains/:domain/move': {
      as: admin,
      path: () => `${adminSchool()}/domains/approved-${domain}/move`,
      body: () => ({ schoolId: w.newSchoolId }),
    },
    'POST /api/admin/trusts/:id/licences': { as: admin, path: () => `${adminTrust()}/licences`, body: () => ({ courseId: w.courseId }) },
    'POST /api/admin/trusts/:id/licences/:courseId/revoke': { as: admin, path: () => `${adminTrust()}/licences/${w.courseId}/revoke` },
    'POST /api/admin/trusts/:id/licences/:courseId/restore': { as: admin, path: () => `${adminTrust()}/licences/${w.courseId}/restore` },
    'POST /api/admin/trusts/:id/invitations': {
      as: admin,
      path: () => `${adminTrust()}/invitations`,
      body: () => ({ email: `lead-${tag}@example.org` }),
      then: async () => {
        const mail = await server
          .db('outbox')
          .where({ toAddress: `lead-${tag}@example.org` })
          .first('text');
        w.trustInviteToken = /[?&]invite=([\w-]+)/.exec(mail!.text)![1]!;
      },
    },
    'GET /api/admin/trusts/:id': { as: admin, path: adminTrust },
    'GET /api/trusts/invites/:token': { as: 'anonymous', path: () => `/api/trusts/invites/${w.trustInviteToken}` },
    'POST /api/trusts/invites/:token/accept': {
      as: async () => {
        const lead = await learner(server, { email: `lead-${tag}@example.org` });
        w.trustManagerId = lead.user.id;
        c.trustManager = lead.client;
        return lead.client;
      },
      path: () => `/api/trusts/invites/${w.trustInviteToken}/accept`,
    },
    'GET /api/trusts/mine': { as: trustManager },
    'GET /api/trusts/:id/overview': { as: trustManager, path: () => `${trust()}/overview?courseId=${w.courseId}` },
    'GET /api/trusts/:id/statuses': { as: trustManager, path: () => `${trust()}/statuses?limit=20` },
    'GET /api/trusts/:id/managers': { as: trustManager, path: () => `${trust()}/managers` },
    'POST /api/trusts/:id/invitations': { as: trustManager, path: () => `${trust()}/invitations`, body: () => ({ email: `deputy-${tag}@example.org` }) },
    'GET /api/trusts/:id/register.xlsx': { as: trustManager, path: () => `${trust()}/register.xlsx` },
    'POST /api/trusts/:id/members/:userId/move': {
      as: trustManager,
      path: () => `${trust()}/members/${w.moverId}/move`,
      body: () => ({ schoolId: w.newSchoolId }),
    },
    'DELETE /api/admin/trusts/:id/invitations/:inviteId': {
      as: async () => {
        const open = await server
          .db('trustInvites')
          .where({ trustId: w.trustId, email: `deputy-${tag}@example.org` })
          .first('id');
        w.invitedId = Number(open!.id);
        return c.admin;
      },
      path: () => `${adminTrust()}/invitations/${w.invitedId}`,
    },
    'DELETE /api/admin/trusts/:id/managers/:userId': { as: admin, path: () => `${adminTrust()}/managers/${w.trustManagerId}` },
    'DELETE /api/admin/trusts/:id/schools/:schoolId': { as: admin, path: () => `${adminTrust()}/schools/${w.newSchoolId}` },
  };
}

/**
 * Staff groups and deadlines, the same routes under a school's managers, a trust's and the
 * admins' paths for either. Groups: each path makes its own group, renames it, adds the school's
 * member, gives it the licensed course, then takes the course, the member and the group away
 * again. Deadlines: each sets a rule of days for new staff on the licensed course, reads the
 * statuses, and clears it.
 */
function staffCases(): Record<string, DriftCase> {
  const world = { ready: null as Promise<void> | null, schoolId: 0, trustId: 0, courseId: 0, memberId: 0, memberEmail: '' };
  const clients = {} as { manager: TestClient; trustManager: TestClient; admin: TestClient };
  const ready = () =>
    (world.ready ??= (async () => {
      const school = await licensedSchool(server, 'Drift Groups Primary');
      world.schoolId = school.schoolId;
      world.courseId = school.course.id;
      const member = await addMember(server.db, school.schoolId, server.clock.now().getTime());
      world.memberId = member.id;
      world.memberEmail = member.email;
      world.trustId = await trustOf(school.admin, 'Drift Groups Trust', [school.schoolId]);
      clients.manager = school.manager.client;
      clients.admin = school.admin;
      clients.trustManager = (await trustManagerOf(server, school.admin, world.trustId)).client;
    })());
  const cases: Record<string, DriftCase> = {};
  const mount = (prefix: string, who: keyof typeof clients, ownerId: () => number) => {
    const as = async () => (await ready(), clients[who]);
    const base = () => `${prefix}/${ownerId()}/groups`;
    let groupId = 0;
    cases[`POST ${prefix}/:id/groups`] = {
      as,
      path: base,
      body: () => ({ name: `Office ${prefix}` }),
      then: (_world, response) => {
        groupId = response.body.id;
      },
    };
    cases[`GET ${prefix}/:id/groups`] = { as, path: base };
    cases[`PATCH ${prefix}/:id/groups/:groupId`] = { as, path: () => `${base()}/${groupId}`, body: () => ({ name: `Front office ${prefix}` }) };
    cases[`POST ${prefix}/:id/groups/:groupId/members`] = { as, path: () => `${base()}/${groupId}/members`, body: () => ({ emails: [world.memberEmail] }) };
    cases[`PUT ${prefix}/:id/groups/:groupId/courses/:courseId`] = {
      as,
      path: () => `${base()}/${groupId}/courses/${world.courseId}`,
      body: () => ({ newStaffDays: 30 }),
    };
    cases[`DELETE ${prefix}/:id/groups/:groupId/courses/:courseId`] = { as, path: () => `${base()}/${groupId}/courses/${world.courseId}` };
    cases[`DELETE ${prefix}/:id/groups/:groupId/members/:userId`] = { as, path: () => `${base()}/${groupId}/members/${world.memberId}` };
    cases[`DELETE ${prefix}/:id/groups/:groupId`] = { as, path: () => `${base()}/${groupId}` };
  };
  const deadlines = (prefix: string, who: keyof typeof clients, ownerId: () => number, school: boolean) => {
    const as = async () => (await ready(), clients[who]);
    const base = () => `${prefix}/${ownerId()}`;
    cases[`PUT ${prefix}/:id/deadlines/:courseId`] = { as, path: () => `${base()}/deadlines/${world.courseId}`, body: () => ({ newStaffDays: 30 }) };
    cases[`GET ${prefix}/:id/deadlines`] = { as, path: () => `${base()}/deadlines` };
    if (school) {
      cases[`GET ${prefix}/:id/training-status`] = { as, path: () => `${base()}/training-status?limit=20&courseId=${world.courseId}` };
      cases[`GET ${prefix}/:id/training-status/counts`] = { as, path: () => `${base()}/training-status/counts?courseId=${world.courseId}` };
    }
    cases[`DELETE ${prefix}/:id/deadlines/:courseId`] = { as, path: () => `${base()}/deadlines/${world.courseId}` };
  };
  mount('/api/schools', 'manager', () => world.schoolId);
  mount('/api/trusts', 'trustManager', () => world.trustId);
  mount('/api/admin/schools', 'admin', () => world.schoolId);
  mount('/api/admin/trusts', 'admin', () => world.trustId);
  for (const [prefix, who, ownerId] of [
    ['/api/schools', 'manager', () => world.schoolId],
    ['/api/trusts', 'trustManager', () => world.trustId],
  ] as const) {
    const as = async () => (await ready(), clients[who]);
    cases[`GET ${prefix}/:id/insights/weekly`] = { as, path: () => `${prefix}/${ownerId()}/insights/weekly` };
    cases[`GET ${prefix}/:id/insights/courses/:courseId`] = { as, path: () => `${prefix}/${ownerId()}/insights/courses/${world.courseId}` };
  }
  deadlines('/api/trusts', 'trustManager', () => world.trustId, false);
  deadlines('/api/schools', 'manager', () => world.schoolId, true);
  deadlines('/api/admin/trusts', 'admin', () => world.trustId, false);
  deadlines('/api/admin/schools', 'admin', () => world.schoolId, true);
  return cases;
}

function directoryCases(): Record<string, DriftCase> {
  const d = new DirectoryDriftWorld(server);
  const cases: Record<string, DriftCase> = {};
  const tokenCases = (prefix: string, as: DriftCase['as'], id: () => number) => {
    cases[`POST ${prefix}/:id/scim-tokens`] = {
      as,
      path: () => `${prefix}/${id()}/scim-tokens`,
      body: () => ({ label: 'Okta' }),
      then: (_world, response) => {
        d.tokenIds[prefix] = response.body.id;
      },
    };
    cases[`GET ${prefix}/:id/scim-tokens`] = { as, path: () => `${prefix}/${id()}/scim-tokens` };
    cases[`GET ${prefix}/:id/directory-log`] = { as, path: () => `${prefix}/${id()}/directory-log` };
    cases[`DELETE ${prefix}/:id/scim-tokens/:tokenId`] = { as, path: () => `${prefix}/${id()}/scim-tokens/${d.tokenIds[prefix]}` };
  };
  tokenCases(
    '/api/schools',
    () => d.as('manager'),
    () => d.schoolId,
  );
  tokenCases(
    '/api/trusts',
    () => d.as('trustManager'),
    () => d.trustId,
  );
  tokenCases(
    '/api/admin/schools',
    async (world) => (await d.as('manager'), world.admin),
    () => d.schoolId,
  );
  // OneRoster bundles (issue 56 item 4): a teacher on the school's proven domain joins; the trust's bundle changes nothing.
  const bundle = () => bundleForm([{ name: 'bundle.zip', bytes: bundleZip([{ sourcedId: 'org-drift', name: 'Drift Primary' }], [driftTeacher]) }]);
  cases['POST /api/schools/:id/oneroster/preview'] = { as: () => d.as('manager'), path: () => `/api/schools/${d.schoolId}/oneroster/preview`, raw: bundle };
  cases['POST /api/schools/:id/oneroster'] = { as: () => d.as('manager'), path: () => `/api/schools/${d.schoolId}/oneroster`, raw: bundle };
  cases['POST /api/trusts/:id/oneroster/preview'] = { as: () => d.as('trustManager'), path: () => `/api/trusts/${d.trustId}/oneroster/preview`, raw: bundle };
  cases['POST /api/trusts/:id/oneroster'] = { as: () => d.as('trustManager'), path: () => `/api/trusts/${d.trustId}/oneroster`, raw: bundle };
  // The key the trust's directory names its school by, set and cleared again.
  const keyCases = (prefix: string, as: DriftCase['as'], key: string | null) => {
    cases[`GET ${prefix}/:id/directory-schools`] = { as, path: () => `${prefix}/${d.trustId}/directory-schools` };
    cases[`PUT ${prefix}/:id/directory-schools/:schoolId`] = {
      as,
      path: () => `${prefix}/${d.trustId}/directory-schools/${d.schoolId}`,
      body: () => ({ key }),
    };
  };
  keyCases('/api/trusts', () => d.as('trustManager'), 'org-drift');
  keyCases('/api/admin/trusts', async (world) => (await d.as('manager'), world.admin), null);
  tokenCases(
    '/api/admin/trusts',
    async (world) => (await d.as('manager'), world.admin),
    () => d.trustId,
  );
  const directory = () => d.as('directory');
  const scim = '/scim/v2';
  Object.assign(cases, {
    [`GET ${scim}/ServiceProviderConfig`]: { as: directory },
    [`GET ${scim}/ResourceTypes`]: { as: directory },
    [`GET ${scim}/Schemas`]: { as: directory },
    [`POST ${scim}/Users`]: {
      as: directory,
      body: () => entraUser('drift@drift.sch.uk', 'drift-1'),
      then: (_world: World, response: TestResponse) => {
        d.userId = response.body.id;
      },
    },
    [`GET ${scim}/Users`]: { as: directory, path: () => `${scim}/Users?filter=${encodeURIComponent('userName eq "drift@drift.sch.uk"')}` },
    [`GET ${scim}/Users/:id`]: { as: directory, path: () => `${scim}/Users/${d.userId}` },
    [`PUT ${scim}/Users/:id`]: { as: directory, path: () => `${scim}/Users/${d.userId}`, body: () => entraUser('drift@drift.sch.uk', 'drift-1', 'Dee') },
    [`PATCH ${scim}/Users/:id`]: {
      as: directory,
      path: () => `${scim}/Users/${d.userId}`,
      body: () => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] }),
    },
    [`POST ${scim}/Groups`]: {
      as: directory,
      body: () => ({ displayName: 'Drift staff', members: [{ value: d.userId }] }),
      then: (_world: World, response: TestResponse) => {
        d.groupId = response.body.id;
      },
    },
    [`GET ${scim}/Groups`]: { as: directory },
    [`GET ${scim}/Groups/:id`]: { as: directory, path: () => `${scim}/Groups/${d.groupId}` },
    [`PUT ${scim}/Groups/:id`]: { as: directory, path: () => `${scim}/Groups/${d.groupId}`, body: () => ({ displayName: 'Drift staff', members: [] }) },
    [`PATCH ${scim}/Groups/:id`]: {
      as: directory,
      path: () => `${scim}/Groups/${d.groupId}`,
      body: () => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Add', path: 'members', value: [{ value: d.userId }] }] }),
    },
    [`DELETE ${scim}/Groups/:id`]: { as: directory, path: () => `${scim}/Groups/${d.groupId}` },
    [`DELETE ${scim}/Users/:id`]: { as: directory, path: () => `${scim}/Users/${d.userId}` },
  } satisfies Record<string, DriftCase>);
  return cases;
}

/** The case's request: its headers, and its raw body, else its JSON, else none. */
const requestBody = (driftCase: DriftCase, world: World): { body?: unknown; raw?: BodyInit; headers?: Record<string, string> } => ({
  ...(driftCase.headers ? { headers: driftCase.headers(world) } : {}),
  ...(driftCase.raw ? { raw: driftCase.raw(world) } : driftCase.body ? { body: driftCase.body(world) } : {}),
});

/** Stripe's signed `payment_intent.succeeded` for the buyer's card payment (settled at the fake Stripe), made once. */
let succeeded: { payload: string; header: string } | undefined;
const webhookEvent = (world: World) =>
  (succeeded ??= server.stripe.signedEvent('payment_intent.succeeded', server.stripe.settle(world.paymentIntentId, 'succeeded')));

const table = buildRoutes().table;
const documented = table.filter((route) => route.answer);

interface Documented {
  status: string;
  /** The media types the answer may have (one, or a stored file's possible types); none for an empty answer. */
  mediaTypes: string[];
  /** Headers every success carries. */
  headers: string[];
  validate: ValidateFunction | undefined;
}

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }> }>>;
};

const pointer = (...segments: string[]) => segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

describe('the running server answers as its OpenAPI document says', () => {
  const world = {} as World;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its plugin is the module itself, or its `default` under some loaders.
  const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;
  addFormats(ajv);
  let spec: OpenApiDocument;

  /** The documented success answer of a route, its body schema compiled from the served document. */
  const documentedAnswer = (method: string, path: string): Documented => {
    const responses = spec.paths[openApiPath(path)]![method]!.responses;
    const status = Object.keys(responses).find((code) => /^[23]/.test(code))!;
    const mediaTypes = Object.keys(responses[status]!.content ?? {});
    const mediaType = mediaTypes[0];
    const schema = mediaType ? responses[status]!.content![mediaType]!.schema : undefined;
    const validate = schema
      ? ajv.getSchema(`openapi.json#/${pointer('paths', openApiPath(path), method, 'responses', status, 'content', mediaType!, 'schema')}`)
      : undefined;
    return { status, mediaTypes, headers: Object.keys(responses[status]!.headers ?? {}), validate };
  };

  beforeAll(async () => {
    const served = await server.client().get('/api/openapi.json');
    expect(served.status).toBe(200);
    spec = served.body;
    ajv.addSchema(served.body, 'openapi.json');

    photo = await pngBytes();
    world.anonymous = server.client();
    world.learner = server.client();
    world.admin = server.client();
    world.learnerRow = await createUser(server.db);
    const completed = await completeOneModuleCourse(server, world.learnerRow, world.learner);
    const certificates = await world.learner.get('/api/certificates');
    world.completed = { id: completed.id, certificateNumber: certificates.body[0].certificateNumber };
    const course = await createCourse(server, { title: 'Writing for parents' });
    const module = await createModule(server, course.id);
    world.course = { id: course.id, moduleId: module.id };
    const now = Date.now();
    const [threadId] = await server
      .db('comments')
      .insert({ moduleId: module.id, userId: world.learnerRow.id, comment: 'Question', createdAt: now, lastActivityAt: now });
    const [replyId] = await server
      .db('comments')
      .insert({ moduleId: module.id, userId: world.learnerRow.id, comment: 'Answer', createdAt: now, lastActivityAt: now, parentId: Number(threadId) });
    world.replyId = Number(replyId);
    const colleague = await createUser(server.db);
    const [reportedId] = await server
      .db('comments')
      .insert({ moduleId: module.id, userId: colleague.id, comment: 'Buy followers here', createdAt: now, lastActivityAt: now });
    world.reportedId = Number(reportedId);
    world.created = { id: 0 };
    world.addedModule = { id: 0 };
    world.resources = { courseResourceId: 0, moduleResourceId: 0 };
    world.inbox = { messageId: 0, grantedAdminId: 0 };
    world.externalCpd = { id: 0 };
    world.share = { id: 0, token: '' };
    world.assignment = { id: 0, submissionId: 0, draftFileId: 0, reviewId: 0, uploadedFileId: 0 };
    world.pricedCourse = { id: (await createCourse(server, { title: 'Leading a website review', price: 4900 })).id };
    world.buyer = (await learner(server, { verified: true })).client;
    await signIn(world.admin, await createAdmin(server.db));
    const deputy = await createUser(server.db, { email: 'deputy.head@school.test' });
    await server.db('users').where({ id: deputy.id }).update({ emailVerifiedAt: Date.now() });
  });

  it('has a case for every route that declares its answer, and none for routes that do not', () => {
    const names = documented.map(routeName);
    expect(
      names.filter((name) => !(name in CASES)),
      'routes with an answer but no drift case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((name) => !names.includes(name)),
      'drift cases for routes without an answer',
    ).toEqual([]);
  });

  for (const [name, driftCase] of Object.entries(CASES)) {
    const route = documented.find((candidate) => routeName(candidate) === name);
    it(`${name}: the documented status, media type and body`, async () => {
      expect(route, `${name} declares no answer`).toBeDefined();
      const client = typeof driftCase.as === 'function' ? await driftCase.as(world) : world[driftCase.as];
      const path = driftCase.path?.(world) ?? route!.path;
      const response = await client.request(route!.method.toUpperCase(), path, requestBody(driftCase, world));
      const answer = documentedAnswer(route!.method, route!.path);
      expect(`${response.status}`, `${name}: ${response.text.slice(0, 300)}`).toBe(answer.status);
      if (answer.mediaTypes.length) {
        const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
        expect(answer.mediaTypes, `${name}: a ${mediaType} answer`).toContain(mediaType);
      }
      for (const header of answer.headers) expect(response.headers.get(header), `${name}: its ${header} header`).not.toBeNull();
      const location = driftCase.location?.(world);
      if (location !== undefined) expect(response.headers.get('location') ?? '', `${name}: where it sends the browser`).toMatch(location);
      if (answer.validate) {
        const valid = answer.validate(response.body);
        expect(answer.validate.errors ?? [], `${name} answered a body its documented schema refuses`).toEqual([]);
        expect(valid).toBe(true);
      }
      await driftCase.then?.(world, response);
    });
  }

  it('answers 401 in the shared Error shape to each of those routes called without a session', async () => {
    const validateError = ajv.getSchema('openapi.json#/components/schemas/Error')!;
    for (const [name, driftCase] of Object.entries(CASES)) {
      const route = documented.find((candidate) => routeName(candidate) === name)!;
      if (route.access === 'public') continue;
      const path = driftCase.path?.(world) ?? route.path;
      const response = await server.client().request(route.method.toUpperCase(), path, requestBody(driftCase, world));
      expect(response.status, name).toBe(401);
      expect(spec.paths[openApiPath(route.path)]![route.method]!.responses['401'], `${name} documents its 401`).toBeDefined();
      // A HEAD answer has no body to hold to the shape.
      if (route.method !== 'head') expect(validateError(response.body), `${name}: ${JSON.stringify(validateError.errors)}`).toBe(true);
    }
  });
});
