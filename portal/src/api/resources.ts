import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDto, ResourceListDto } from '@atrium/common';
import { api } from './client.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

/** Where a resource list lives: the course's own list, or one module's. */
export type ResourceOwner = { kind: 'course'; id: number } | { kind: 'module'; id: number };

const ownerPath = (owner: ResourceOwner) => `/api/${owner.kind === 'course' ? 'courses' : 'modules'}/${owner.id}/resources`;

/** Every resource of the course (its own and its modules'), and whether this caller may download them. */
export const useCourseResources = (courseId: number) => useQuery<ResourceListDto>({ queryKey: [`/api/courses/${courseId}/resources`] });

export const useModuleResources = (moduleId: number) => useQuery<ResourceListDto>({ queryKey: [`/api/modules/${moduleId}/resources`] });

export interface NewResource {
  owner: ResourceOwner;
  title: string;
  description: string;
  file: File;
}

/** The admin's writes on a course's resources; each one refreshes the course's and its modules' lists. */
export function useResourceAdmin(courseId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => invalidatePaths(queryClient, CHANGES.resources(courseId));
  const attach = useMutation({
    mutationFn: ({ owner, title, description, file }: NewResource) => {
      const form = new FormData();
      form.append('title', title);
      form.append('description', description);
      form.append('file', file);
      return api.post<ResourceDto>(ownerPath(owner), form);
    },
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, title, description }: { id: number; title: string; description: string }) =>
      api.put<ResourceDto>(`/api/resources/${id}`, { title, description }),
    onSuccess,
  });
  const replace = useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.put<ResourceDto>(`/api/resources/${id}/file`, form);
    },
    onSuccess,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`/api/resources/${id}`), onSuccess });
  const reorder = useMutation({
    mutationFn: ({ owner, resourceIds }: { owner: ResourceOwner; resourceIds: number[] }) =>
      api.put<ResourceListDto>(`${ownerPath(owner)}/order`, { resourceIds }),
    onSuccess,
  });
  return { attach, update, replace, remove, reorder };
}
