import { dayOf, isoDay, type GroupDto, type GroupsDto } from '@atrium/common';
import { displayName } from '../models/User.ts';
import type { GroupCourseRow, GroupMemberRow, GroupOwner, GroupRow } from '../queries/groups.ts';

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The groups in view of `owner`, each with its members and courses; only the owner's own groups are editable there. */
export function presentGroups(owner: GroupOwner, rows: { groups: GroupRow[]; members: GroupMemberRow[]; courses: GroupCourseRow[] }): GroupDto[] {
  return rows.groups.map((group) => {
    const id = Number(group.id);
    const kind = group.schoolId === null ? 'trust' : 'school';
    return {
      id,
      name: group.name,
      owner: kind,
      editable: kind === owner.kind,
      members: rows.members
        .filter((member) => Number(member.groupId) === id)
        .map((member) => ({
          userId: Number(member.userId),
          name: displayName(member),
          email: member.email,
          schoolName: member.schoolName,
          joinedOn: isoDay(dayOf(Number(member.joinedAt))),
        })),
      courses: rows.courses
        .filter((course) => Number(course.groupId) === id)
        .map((course) => ({
          courseId: Number(course.courseId),
          title: course.title,
          completeBy: course.completeByDay === null ? null : isoDay(Number(course.completeByDay)),
          newStaffDays: num(course.newStaffDays),
        })),
    };
  });
}

/** The groups page: the groups in view of `owner` and the courses a group of theirs may be given. */
export const presentGroupsPage = (
  owner: GroupOwner,
  rows: Parameters<typeof presentGroups>[1],
  courses: Array<{ id: number | string; title: string }>,
): GroupsDto => ({
  groups: presentGroups(owner, rows),
  courses: courses.map((course) => ({ id: Number(course.id), title: course.title })),
});
