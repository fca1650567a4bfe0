/**
 * Who a school's or a trust's answer is for, which decides where they call its routes: the
 * owner's managers under `/api/schools/:id` (`/api/trusts/:id`), the agency's admins under
 * `/api/admin/schools/:id` (`/api/admin/trusts/:id`), the same routes mounted twice
 * (`routes/owners/`, `routes/groupRoutes.ts`). Sent as a DTO's `api`, so the portal never builds
 * the path from an id and a role.
 */
export type OwnerReader = 'manager' | 'admin';

export const schoolApi = (schoolId: number, reader: OwnerReader): string =>
  reader === 'admin' ? `/api/admin/schools/${schoolId}` : `/api/schools/${schoolId}`;

export const trustApi = (trustId: number, reader: OwnerReader): string => (reader === 'admin' ? `/api/admin/trusts/${trustId}` : `/api/trusts/${trustId}`);
