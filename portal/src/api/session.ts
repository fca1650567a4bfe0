import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput, MessageDto, UserDto } from '@atrium/common';
import { api, ApiError } from './client.ts';

export const USER_KEY = ['/api/user'] as const;

/** GET /api/user: a 401 means "nobody is signed in", not an error (SPEC §4, §8). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserDto | null> {
  try {
    return await api.get<UserDto>('/api/user', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUserQuery() {
  return useQuery({ queryKey: USER_KEY, queryFn: ({ signal }) => fetchCurrentUser(signal) });
}

export interface RegisterFields {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<UserDto>('/api/login', input),
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterFields) => api.post<UserDto>('/api/register', input),
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
  });
}

/**
 * POST /api/logout. The caller clears the session with clearSession() once it has navigated
 * away, so the page being left never renders for a signed-out visitor.
 */
export function useLogout() {
  return useMutation({ mutationFn: () => api.post<MessageDto>('/api/logout') });
}

/** Nobody is signed in any more: nothing of the previous user may stay in the cache. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(USER_KEY, null);
  // Removed, not refreshed (so not invalidatePaths): there is nobody to read them again for.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== '/api/config' && query.queryKey[0] !== USER_KEY[0] });
}

/** clearSession for a component, which holds no QueryClient of its own: called once it has left the page. */
export function useClearSession() {
  const queryClient = useQueryClient();
  return useCallback(() => clearSession(queryClient), [queryClient]);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => api.post<MessageDto>('/api/forgot-password', { email }) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string; removeSignIns: boolean }) => api.post<MessageDto>('/api/reset-password', input),
  });
}
