import type { CreatedInviteDto, SchoolDto } from '@atrium/common';
import { licenseSchool } from '../../server/src/commands/schools/licences.ts';
import { createSchool } from '../../server/src/commands/schools/membership.ts';
import { signedInClient } from './apiClient.ts';
import type { RunningApp } from './appServer.ts';

/**
 * The schools journeys start from, set up the two ways the suites need: straight in the database
 * (a manager whose address is already verified, so no mail round trip) or through the API as a
 * manager and the admin would.
 */

export interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A school whose manager's address is verified and which holds a granted licence for each course:
 * it may send invitations and its domain's staff land enrolled.
 */
export async function seedLicensedSchool(
  app: RunningApp,
  school: { name: string; country?: string; manager: Person; courseIds: number[] },
): Promise<{ schoolId: number; managerId: number }> {
  const now = Date.now();
  const [managerId] = await app.db('users').insert({
    email: school.manager.email,
    passwordHash: await app.app.deps.passwords.hash(school.manager.password),
    firstName: school.manager.firstName,
    lastName: school.manager.lastName,
    role: 'learner',
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const schoolId = await createSchool(app.db, { name: school.name, country: school.country ?? 'GB' }, Number(managerId), now);
  for (const courseId of school.courseIds) await licenseSchool(app.db, schoolId, courseId, 'grant', now);
  return { schoolId, managerId: Number(managerId) };
}

/**
 * A school made through the API: the manager registers and creates it, then the admin grants it a
 * licence for each course. Answers the manager's signed-in client for what the test does next.
 */
export async function createSchoolThroughApi(
  app: RunningApp,
  school: { name: string; country?: string; manager: Pick<Person, 'email' | 'password'> & Partial<Person>; licensedCourseIds?: number[] },
) {
  const { email, password, firstName, lastName } = school.manager;
  const managerApi = await signedInClient(app.url, { email, password }, { firstName, lastName });
  const { id: schoolId } = await managerApi<SchoolDto>('POST', '/api/schools', { name: school.name, country: school.country ?? 'GB' });
  if (school.licensedCourseIds?.length) {
    const admin = await signedInClient(app.url, app.admin);
    for (const courseId of school.licensedCourseIds) await admin('POST', `/api/admin/schools/${schoolId}/licences`, { courseId });
  }
  return { schoolId, managerApi };
}

/** Each person registers and joins the school through one invite link the manager creates. */
export async function joinThroughInviteLink(
  app: RunningApp,
  managerApi: Awaited<ReturnType<typeof signedInClient>>,
  schoolId: number,
  people: Array<Pick<Person, 'email' | 'password'> & Partial<Person>>,
): Promise<void> {
  const invite = await managerApi<CreatedInviteDto>('POST', `/api/schools/${schoolId}/invites`, {});
  const token = new URL(invite.url).searchParams.get('token')!;
  for (const { email, password, firstName, lastName } of people) {
    const member = await signedInClient(app.url, { email, password }, { firstName, lastName });
    await member('POST', `/api/invites/${token}/accept`);
  }
}
