/**
 * Staff groups (issue 39): a school's or a trust's groups ("Teaching assistants", "Office"), who is
 * in them, and the courses given to each with a deadline rule. A course given to a group at a level
 * (the school, or the trust) is required at that level only of the groups' members; see the README's
 * "Groups and deadlines".
 */
export type GroupOwnerKind = 'school' | 'trust';

export interface GroupMemberDto {
  userId: number;
  name: string;
  email: string;
  /** The member's school (a trust's groups span its schools). */
  schoolName: string;
  /** When they joined the group (YYYY-MM-DD): the start of a rule's days for new staff. */
  joinedOn: string;
}

export interface GroupCourseDto {
  courseId: number;
  title: string;
  completeBy: string | null;
  newStaffDays: number | null;
}

export interface GroupDto {
  id: number;
  name: string;
  owner: GroupOwnerKind;
  /** False for a trust's group seen from one of its schools: the trust's managers change it. */
  editable: boolean;
  /** Members in view (from a school: its own staff only). */
  members: GroupMemberDto[];
  courses: GroupCourseDto[];
}

/** GET …/groups: the groups in view, by name, and the courses that can be given to them. */
export interface GroupsDto {
  groups: GroupDto[];
  courses: Array<{ id: number; title: string }>;
}

/** POST …/groups/:groupId/members: how many were added (people already in it are left as they are). */
export interface GroupMembersAddedDto {
  added: number;
  group: GroupDto;
}
