import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessibilityStatementDto, CaptionPreferencesDto, MessageDto } from '@atrium/common';
import type { AccessibilityReportInput, AccessibilitySettingsInput } from '@atrium/common/schemas/accessibility';
import { api } from './client.ts';

export const STATEMENT_KEY = ['/api/accessibility'] as const;
export const CAPTION_PREFERENCES_KEY = ['/api/user/caption-preferences'] as const;

/** GET /api/accessibility (public): the statement, the agency's parts and what the catalogue shows. */
export const useAccessibilityStatement = () => useQuery<AccessibilityStatementDto>({ queryKey: STATEMENT_KEY });

/** PUT /api/admin/accessibility: answers the statement as it now reads, which replaces the cached one. */
export function useSaveAccessibilitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccessibilitySettingsInput) => api.put<AccessibilityStatementDto>('/api/admin/accessibility', input),
    onSuccess: (statement) => queryClient.setQueryData(STATEMENT_KEY, statement),
  });
}

/** POST /api/accessibility/reports: the statement's "Report an accessibility problem" form. */
export const useReportAccessibilityProblem = () =>
  useMutation({ mutationFn: (input: AccessibilityReportInput) => api.post<MessageDto>('/api/accessibility/reports', input) });

/** The signed-in person's caption choice, kept with their account; read again each time a module page opens. */
export const useCaptionPreferences = (enabled = true) => useQuery<CaptionPreferencesDto>({ queryKey: CAPTION_PREFERENCES_KEY, enabled });

/** The caption choice on screen now, outside a render: what the last change set, before its save is back. */
export function useShownCaptionChoice() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.getQueryData<CaptionPreferencesDto>(CAPTION_PREFERENCES_KEY), [queryClient]);
}

/**
 * PUT /api/user/caption-preferences. The screen shows the new choice at once (the cache is set
 * before the request); a refused save puts the saved one back.
 */
export function useSaveCaptionPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: CaptionPreferencesDto) => api.put<CaptionPreferencesDto>('/api/user/caption-preferences', choice),
    onMutate: async (choice) => {
      await queryClient.cancelQueries({ queryKey: CAPTION_PREFERENCES_KEY });
      const previous = queryClient.getQueryData<CaptionPreferencesDto>(CAPTION_PREFERENCES_KEY);
      queryClient.setQueryData(CAPTION_PREFERENCES_KEY, choice);
      return { previous };
    },
    onError: (_error, _choice, context) => queryClient.setQueryData(CAPTION_PREFERENCES_KEY, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(CAPTION_PREFERENCES_KEY, saved),
  });
}
