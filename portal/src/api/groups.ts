import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeadlineInput, GroupDto, GroupMembersAddedDto, GroupsDto } from '@atrium/common';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

/**
 * Staff groups (issue 39). `root` is the owner's API root: `/api/schools/:id` for a school's
 * managers, `/api/trusts/:id` for a trust's (`/api/admin/…` for the admin); all answer the same
 * shapes. A change to a group moves the statuses, counts and registers beneath the root, and the
 * person's own training: everything read beneath it is read again.
 */
export const groupsKey = (root: string) => [`${root}/groups`] as const;

export const useGroups = (root: string) => useQuery<GroupsDto>({ queryKey: groupsKey(root) });

function useGroupMutation<V, A>(root: string, call: (variables: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidatePaths(queryClient, [root, '/api/user/training']),
  });
}

export const useCreateGroup = (root: string) => useGroupMutation(root, (name: string) => api.post<GroupDto>(`${root}/groups`, { name }));

export const useRenameGroup = (root: string) =>
  useGroupMutation(root, ({ groupId, name }: { groupId: number; name: string }) => api.patch<GroupDto>(`${root}/groups/${groupId}`, { name }));

export const useDeleteGroup = (root: string) => useGroupMutation(root, (groupId: number) => api.delete<void>(`${root}/groups/${groupId}`));

export const useAddGroupMembers = (root: string) =>
  useGroupMutation(root, ({ groupId, emails }: { groupId: number; emails: string[] }) =>
    api.post<GroupMembersAddedDto>(`${root}/groups/${groupId}/members`, { emails }),
  );

export const useRemoveGroupMember = (root: string) =>
  useGroupMutation(root, ({ groupId, userId }: { groupId: number; userId: number }) => api.delete<GroupDto>(`${root}/groups/${groupId}/members/${userId}`));

export const useAssignGroupCourse = (root: string) =>
  useGroupMutation(root, ({ groupId, courseId, input }: { groupId: number; courseId: number; input: DeadlineInput }) =>
    api.put<GroupDto>(`${root}/groups/${groupId}/courses/${courseId}`, input),
  );

export const useUnassignGroupCourse = (root: string) =>
  useGroupMutation(root, ({ groupId, courseId }: { groupId: number; courseId: number }) =>
    api.delete<GroupDto>(`${root}/groups/${groupId}/courses/${courseId}`),
  );
