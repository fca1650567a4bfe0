import type { ReactNode } from 'react';
import styled from 'styled-components';
import { errorText, failedWithNothingToShow, isNotFound } from '../api/client.ts';
import { Button } from './Button.tsx';
import type { IconName } from './Icon.tsx';
import { Container } from './Layout.tsx';
import { LoadingState, Spinner } from './Loading.tsx';
import { EmptyText } from './Panel.ts';
import { StatusMessage } from './StatusMessage.tsx';

/**
 * A read as a view gets it: still loading, failed with nothing to show (the server's error and a
 * way to ask again), or here. A view takes one of these as a prop and draws it with `QueryState`;
 * a container makes it from its query with `readState`.
 */
export type ReadState<T> = { state: 'loading' } | { state: 'failed'; error: unknown; retry: () => void } | { state: 'ready'; data: T };

/** The part of a query `readState` needs (a `UseQueryResult` has it). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A query as a `ReadState`. A refresh that fails on the way (the network, a busy server) keeps
 * what is on screen: only a first read that failed, or an answer that takes the record away
 * (404, 401, 403), is `failed` (`failedWithNothingToShow`).
 */
export function readState<T>(query: QueryLike<T>): ReadState<T> {
  if (failedWithNothingToShow(query)) return { state: 'failed', error: query.error, retry: () => void query.refetch() };
  if (query.isPending || query.data === undefined) return { state: 'loading' };
  return { state: 'ready', data: query.data };
}

/** The same read, with what it holds turned into what a view wants (`mapRead(read, (d) => d.items)`). */
export function mapRead<T, U>(read: ReadState<T>, map: (data: T) => U): ReadState<U> {
  return read.state === 'ready' ? { state: 'ready', data: map(read.data) } : read;
}

/** The server's sentence for a failed read (never `error.message` as it is), or `fallback`. */
export const readFailedText = (error: unknown, fallback: string) => errorText(error, fallback);

export type QueryStateSize = 'page' | 'panel' | 'inline';

export interface QueryStateProps<T> {
  /** The read: a query (in a container) or a `ReadState` (in a view). */
  read: ReadState<T> | QueryLike<T>;
  /**
   * - `page`: what the page is about. Loading fills the page; a failure is the page's heading
   *   (`failed`), the server's sentence, Try again and `back`; a 404 is `notFound` when given.
   * - `panel`: a panel's list or figures. Loading in the panel; a failure is the server's sentence
   *   (or `failed`) with Try again; an empty list says `empty`.
   * - `inline`: a line inside something else (a card, a form). A small spinner and its label; a
   *   failure is one sentence with Try again.
   */
  size?: QueryStateSize;
  /** "Loading the quiz" */
  loading: string;
  /**
   * `page`: the heading, "This quiz could not be loaded". `panel` and `inline`: the sentence when
   * the server gives none, "The quizzes could not be loaded."
   */
  failed: string;
  /** `page`: the sentence under the heading when the server gives none. */
  fallback?: string;
  /** `page`: the page's way back (a link), shown with every state but loading. */
  back?: ReactNode;
  /** `page`: a 404 (or an address that names nothing, `wellFormed: false`) says this instead. */
  notFound?: { icon: IconName; title: string; text: string };
  /** `page` with `notFound`: false when the address names nothing, so nothing was asked. */
  wellFormed?: boolean;
  /** `page`: what stands above a failure or not-found inside the page's Container (the page's own heading). */
  above?: ReactNode;
  /** `page`: the heading level of a failure; 2 under a heading that still stands. */
  headingLevel?: 1 | 2;
  /** `page`: loading fills the whole screen (a page drawn before its header and footer are). */
  fullHeight?: boolean;
  /** `page`: false when the caller already gives the page its Container. */
  contained?: boolean;
  /** When the read is here but holds nothing to list, `empty` is shown instead of `children`. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

const toReadState = <T,>(read: ReadState<T> | QueryLike<T>): ReadState<T> => ('state' in read ? read : readState(read));

/**
 * The one way a read shows its state: loading, failed (the server's sentence, announced politely,
 * with Try again), empty, or its data (`children`). What is on screen stays through a failed
 * refresh. Page, panel and inline sizes.
 */
export function QueryState<T>(props: QueryStateProps<T>) {
  const { read, size = 'page', loading, failed, fallback = 'Please try again.', back, notFound, wellFormed = true, isEmpty, empty, children } = props;
  const shown = toReadState(read);
  const frame = (node: ReactNode, above: ReactNode = null) =>
    size === 'page' && props.contained !== false ? (
      <Container>
        {above}
        {node}
      </Container>
    ) : (
      <>
        {above}
        {node}
      </>
    );

  if (notFound && (!wellFormed || (shown.state === 'failed' && isNotFound(shown.error)))) {
    return frame(
      <Announce>
        <StatusMessage icon={notFound.icon} headingLevel={props.headingLevel ?? 1} title={notFound.title} actions={back}>
          <p>{notFound.text}</p>
        </StatusMessage>
      </Announce>,
      props.above,
    );
  }
  if (shown.state === 'loading') {
    if (size === 'inline') {
      return (
        <InlineLine role="status" aria-live="polite">
          <Spinner aria-hidden="true" $size={16} />
          {loading}
        </InlineLine>
      );
    }
    return size === 'page' && props.fullHeight ? <LoadingState fullPage label={loading} /> : frame(<LoadingState label={loading} />);
  }
  if (shown.state === 'failed') {
    if (size === 'page') {
      return frame(
        <PageReadFailed error={shown.error} retry={shown.retry} failed={failed} fallback={fallback} back={back} headingLevel={props.headingLevel} />,
        props.above,
      );
    }
    return (
      <Problem $size={size} role="status" aria-live="polite">
        <span>{readFailedText(shown.error, failed)}</span>
        <Button variant={size === 'inline' ? 'ghost' : 'secondary'} size="sm" onClick={shown.retry}>
          Try again
        </Button>
      </Problem>
    );
  }
  if (isEmpty?.(shown.data)) return size === 'inline' ? <InlineLine>{empty}</InlineLine> : <EmptyText>{empty}</EmptyText>;
  return <>{children(shown.data)}</>;
}

/**
 * QueryState's page-size failure on its own: the heading (`failed`), the server's sentence (or
 * `fallback`), Try again and the way back, announced politely. For a gate that tells some failed
 * answers apart itself before this one (CourseStepGate: a 403 asks the learner to enrol).
 */
export function PageReadFailed({
  error,
  retry,
  failed,
  fallback = 'Please try again.',
  back,
  headingLevel = 1,
}: {
  error: unknown;
  retry: () => void;
  failed: string;
  fallback?: string;
  back?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  return (
    <Announce>
      <StatusMessage
        icon="alert"
        tone="danger"
        headingLevel={headingLevel}
        title={failed}
        actions={
          <>
            <Button onClick={retry}>Try again</Button>
            {back}
          </>
        }
      >
        <p>{readFailedText(error, fallback)}</p>
      </StatusMessage>
    </Announce>
  );
}

/** A failure the page is about, read out politely when it appears. */
const Announce = styled.div.attrs({ role: 'status', 'aria-live': 'polite' })``;

const InlineLine = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Problem = styled.div<{ $size: 'panel' | 'inline' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme, $size }) => ($size === 'inline' ? theme.fontSize.sm : 'inherit')};
`;
