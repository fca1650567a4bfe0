import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { failedWithNothingToShow, isNotFound } from '../api/client.ts';
import type { IconName } from './Icon.tsx';
import { Container } from './Layout.tsx';
import { LoadFailedMessage } from './LoadFailedMessage.tsx';
import { LoadingState } from './Loading.tsx';
import { StatusMessage } from './StatusMessage.tsx';

/**
 * A page about one record named by the id in its address, until the record is here: not found
 * (an id that is not a number is never asked for, and a 404 says the same), loading, or a failed
 * read with Try again (a refresh that fails on the way keeps the record on screen:
 * `failedWithNothingToShow`). Each keeps the page's way back; `children` gets the record.
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
  if (!wellFormed || (query.isError && isNotFound(query.error))) {
    return (
      <Container>
        <StatusMessage icon={notFound.icon} headingLevel={1} title={notFound.title} actions={back}>
          <p>{notFound.text}</p>
        </StatusMessage>
      </Container>
    );
  }
  if (query.isPending) {
    return (
      <Container>
        <LoadingState label={loading} />
      </Container>
    );
  }
  if (failedWithNothingToShow(query)) {
    return (
      <Container>
        <LoadFailedMessage title={failed} error={query.error} onRetry={() => void query.refetch()} back={back} />
      </Container>
    );
  }
  return children(query.data);
}
