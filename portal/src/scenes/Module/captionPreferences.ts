import { useCallback, useState } from 'react';

export interface CaptionPreferences {
  /** Captions drawn over the video. */
  on: boolean;
  /** The language last chosen, used when the module has a track in it. */
  lang: string | null;
}

const DEFAULTS: CaptionPreferences = { on: false, lang: null };
const storageKey = (userId: number) => `atrium.captions.${userId}`;

function read(userId: number): CaptionPreferences {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as Partial<CaptionPreferences> | null;
    return { on: stored?.on === true, lang: typeof stored?.lang === 'string' ? stored.lang : null };
  } catch {
    return DEFAULTS;
  }
}

/**
 * Whether this person wants captions, and in which language, remembered per user in this
 * browser (a shared staff-room computer keeps each person's own choice).
 */
export function useCaptionPreferences(userId: number) {
  const [preferences, setPreferences] = useState(() => read(userId));
  const update = useCallback(
    (change: Partial<CaptionPreferences>) => {
      setPreferences((current) => {
        const next = { ...current, ...change };
        try {
          localStorage.setItem(storageKey(userId), JSON.stringify(next));
        } catch {
          // Private browsing may refuse storage; the choice still holds for this page.
        }
        return next;
      });
    },
    [userId],
  );
  return { preferences, update };
}
