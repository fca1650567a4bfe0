import { useCallback } from 'react';
import type { CaptionPreferencesDto } from '@atrium/common';
import { useCaptionPreferences as useSavedPreferences, useSaveCaptionPreferences, useShownCaptionChoice } from '../../api/accessibility.ts';
import { useToast } from '../../components/toast/Toaster.tsx';

export type CaptionPreferences = CaptionPreferencesDto;

const DEFAULTS: CaptionPreferences = { on: false, lang: null };

/**
 * Whether this person wants captions, and in which language: kept with their account, so the
 * choice made on the staff-room computer holds on their phone. Read when a module with captions
 * opens (off until the answer comes); a change shows at once and is saved, and put back with a
 * toast if the server refuses it.
 */
export function useCaptionPreferences(enabled: boolean) {
  const shownChoice = useShownCaptionChoice();
  const saved = useSavedPreferences(enabled);
  const save = useSaveCaptionPreferences();
  const { toast } = useToast();
  const { mutate } = save;
  const update = useCallback(
    (change: Partial<CaptionPreferences>) => {
      const current = shownChoice() ?? DEFAULTS;
      mutate(
        { ...current, ...change },
        {
          onError: () => toast({ title: 'Caption choice not saved', description: 'Your choice could not be saved. Please try again.', variant: 'destructive' }),
        },
      );
    },
    [shownChoice, mutate, toast],
  );
  return { preferences: saved.data ?? DEFAULTS, update };
}
