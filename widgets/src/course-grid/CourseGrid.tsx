import type { CourseSummaryDto } from '@atrium/common/api/courses';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { currencyForLocales, type Currency } from '@atrium/common/rules/currency';
import { getJson } from '../api.ts';
import { useRequestState } from '../shared/requestState.ts';
import { CourseGridView, type CourseGridState } from './CourseGridView.tsx';
import type { CourseCardCourse } from './CourseCard.tsx';

export interface CourseGridProps {
  /** Origin of the Atrium API; empty means the page's own origin (the portal). */
  apiBase?: string;
  /** Origin of the portal the cards link into; defaults to the API origin. */
  portalUrl?: string;
  /**
   * A signed-in visitor goes straight to /checkout/:id. Everyone else (the landing page, a
   * school's site, where the session is unknown) goes to /auth to sign in or register first,
   * carrying the course as `next` so they come back to it afterwards (its page enrolls a free or
   * licensed course at once and sends a priced one on to checkout): a logged-out visit to
   * /checkout itself is sent back to the landing page.
   */
  signedIn?: boolean;
  /** The currency prices are shown in; the browser's locale decides when absent. */
  currency?: Currency;
  onLoaded?: (courses: CourseSummaryDto[]) => void;
  onError?: (message: string) => void;
}

const LOADING: CourseGridState = { status: 'loading' };

/** GET /api/courses, then the grid. No retries (SPEC §7): the error state offers one. */
export function CourseGrid({ apiBase = '', portalUrl, signedIn = false, currency, onLoaded, onError }: CourseGridProps) {
  const shown = currency ?? currencyForLocales(typeof navigator === 'undefined' ? [] : navigator.languages);
  const [attempt, setAttempt] = useState(0);
  const request = JSON.stringify([apiBase, attempt]);
  const [state, settle] = useRequestState<CourseGridState>(request, LOADING);

  useEffect(() => {
    const controller = new AbortController();
    getJson<CourseSummaryDto[]>(apiBase, '/api/courses', controller.signal).then(
      (courses) => {
        if (controller.signal.aborted) return;
        // A catalogue can be long: as a transition, React renders the cards in short slices
        // (under preact/compat in the widget bundles this is a plain update).
        startTransition(() => settle(request, { status: 'ready', courses }));
        onLoaded?.(courses);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        settle(request, { status: 'error', message });
        onError?.(message);
      },
    );
    return () => controller.abort();
    // The callbacks are notifications only; a new function identity must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiBase, request, settle]);

  const base = (portalUrl ?? apiBase).replace(/\/+$/, '');
  const linkFor = useCallback(
    (course: CourseCardCourse) => (signedIn ? `${base}/checkout/${course.id}` : `${base}/auth?next=${encodeURIComponent(`/courses/${course.id}`)}`),
    [base, signedIn],
  );

  return (
    <CourseGridView
      state={state}
      linkFor={linkFor}
      actionLabel={signedIn ? 'Purchase Course' : 'Get Started'}
      currency={shown}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}
