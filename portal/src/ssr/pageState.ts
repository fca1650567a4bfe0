import type { QueryClient } from '@tanstack/react-query';
import type { CourseSummaryDto, DashboardDto } from '@atrium/common/api/courses';
import type { CurrencyChoiceDto } from '@atrium/common/api/payments';
import type { PublicConfigDto } from '@atrium/common/api/community';
import type { UserDto } from '@atrium/common/api/users';

/**
 * What the server already knew when it wrote the page (server/src/routes/pages/): the answers the
 * first screen would otherwise ask for, in a `<script type="application/json">` data block (data,
 * never run, so the CSP's script-src is untouched). The landing page is rendered with them on
 * the server, and the browser starts from the same answers, so hydration renders the same tree.
 */
export interface PageState {
  /** The session check's answer: null for a visitor. */
  user: UserDto | null;
  currency: CurrencyChoiceDto;
  courses?: CourseSummaryDto[];
  config?: PublicConfigDto;
  /** A signed-in "/": the dashboard's answer, so its first screen needs no request. */
  dashboard?: DashboardDto;
  /** The locale prices were written in (Accept-Language's first), so the browser writes them alike. */
  locale?: string;
  /** The amounts of money the server wrote on the page, by formatMoney's key (common/rules/currency). */
  money?: Record<string, string>;
  /** `hydrate`: `<div id="root">` holds the page itself (the landing page or the dashboard), for React to adopt. */
  markup?: 'hydrate';
  /** The landing page after the contact form's plain post (`/?sent=1`): its contact section says "Message sent!". */
  contactSent?: true;
}

export const PAGE_STATE_ID = 'atrium-state';

/** How long the server's answers count as fresh: the first screen does not ask for them again. */
const FRESH_MS = 30_000;

/** The server's answers as React Query data, under the keys the hooks in api/ use. */
export function seedPageState(queryClient: QueryClient, state: PageState): void {
  const seed = (key: readonly unknown[], data: unknown) => {
    queryClient.setQueryDefaults(key, { staleTime: FRESH_MS });
    queryClient.setQueryData(key, data);
  };
  seed(['/api/user'], state.user);
  queryClient.setQueryData(['/api/currency'], state.currency);
  if (state.courses) seed(['/api/courses'], state.courses);
  if (state.config) queryClient.setQueryData(['/api/config'], state.config);
  if (state.dashboard) seed(['/api/dashboard'], state.dashboard);
}

/** The data block written by the server, if this page has one. */
export function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}

/** JSON safe inside a `<script>` element: nothing in it can close the element or open a comment. */
export function serializePageState(state: PageState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
