import type { ReactNode } from 'react';
import { errorText, failedWithNothingToShow } from '../api/client.ts';
import { LoadingState } from './Loading.tsx';
import { EmptyText, ProblemText } from './Panel.ts';

/**
 * A panel's list until it has rows to show: loading, the server's sentence when the list could not
 * be read, or what to do when it is empty; then the list itself (`children`).
 * @deprecated QueryState with `size="panel"` (same props: `read`, `loading`, `failed`, `isEmpty`, `empty`) replaces it.
 */
export function PanelListStatus({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: unknown };
  /** "Loading quizzes" */
  loading: string;
  /** The fallback when the server gives no sentence: "The quizzes could not be loaded." */
  failed: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loading} />;
  // A list already on screen stays there when a refresh fails on the way.
  if (failedWithNothingToShow(query)) return <ProblemText role="alert">{errorText(query.error, failed)}</ProblemText>;
  if (isEmpty) return <EmptyText>{empty}</EmptyText>;
  return children;
}
