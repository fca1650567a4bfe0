import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { IconName } from './Icon.tsx';
import { QueryState } from './QueryState.tsx';

/**
 * A page about one record named by the id in its address, until the record is here: not found
 * (an id that is not a number is never asked for, and a 404 says the same), loading, or a failed
 * read with Try again (a refresh that fails on the way keeps the record on screen:
 * `failedWithNothingToShow`). Each keeps the page's way back; `children` gets the record.
 * QueryState (page size) draws it; a new page uses QueryState with `notFound` directly.
 */
export function RecordPageGate<Record>({
  query,
  wellFormed,
  notFound,
  loading,
  failed,
  back,
  children,
}: {
  query: UseQueryResult<Record>;
  wellFormed: boolean;
  notFound: { icon: IconName; title: string; text: string };
  /** "Loading the submission" */
  loading: string;
  /** "This submission could not be loaded" */
  failed: string;
  back: ReactNode;
  children(record: Record): ReactNode;
}) {
  return (
    <QueryState read={query} wellFormed={wellFormed} notFound={notFound} loading={loading} failed={failed} back={back}>
      {children}
    </QueryState>
  );
}
