import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkedSignInsDto, LinkSignInStartDto, MessageDto, SignInProviderName } from '@atrium/common';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

export const SIGN_INS_KEY = ['/api/user/sign-ins'] as const;

/** GET /api/user/sign-ins: the Google / Microsoft sign-ins linked to the account. */
export const useLinkedSignIns = () => useQuery<LinkedSignInsDto>({ queryKey: SIGN_INS_KEY });

export function useRemoveSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: SignInProviderName) => api.delete<MessageDto>(`/api/user/sign-ins/${provider}`),
    onSuccess: () => invalidatePaths(queryClient, [SIGN_INS_KEY[0]]),
  });
}

/** POST /api/user/sign-ins/:provider/link: confirms it is the owner (the password, when the account has one); answers where the browser goes next. */
export function useConfirmLink() {
  return useMutation({
    mutationFn: ({ provider, password }: { provider: SignInProviderName; password?: string }) =>
      api.post<LinkSignInStartDto>(`/api/user/sign-ins/${provider}/link`, password === undefined ? {} : { password }),
  });
}

/** POST /api/user/sign-out-everywhere: every session ends (this one too), and with `removeSignIns` every linked sign-in goes. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: (removeSignIns: boolean) => api.post<MessageDto>('/api/user/sign-out-everywhere', { removeSignIns }) });
}
