import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkedSignInsDto, MessageDto, SignInProviderName } from '@atrium/common';
import { api } from './client.ts';

export const SIGN_INS_KEY = ['/api/user/sign-ins'] as const;

/** GET /api/user/sign-ins: the Google / Microsoft sign-ins linked to the account. */
export const useLinkedSignIns = () => useQuery<LinkedSignInsDto>({ queryKey: SIGN_INS_KEY });

export function useRemoveSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: SignInProviderName) => api.delete<MessageDto>(`/api/user/sign-ins/${provider}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SIGN_INS_KEY }),
  });
}
