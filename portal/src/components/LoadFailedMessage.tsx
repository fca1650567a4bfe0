import type { ReactNode } from 'react';
import { errorText } from '../api/client.ts';
import { Button } from './Button.tsx';
import { StatusMessage } from './StatusMessage.tsx';

/**
 * What a page is about could not be read: the server's sentence (or `fallback` when it gave none),
 * Try again, and the page's way back if it has one. A page's own heading when `headingLevel` is 1
 * (the default); 2 under a page heading that still stands.
 * @deprecated QueryState (page size) replaces it: it keeps the page through a failed refresh.
 */
export function LoadFailedMessage({
  title,
  error,
  onRetry,
  back,
  fallback = 'Please try again.',
  headingLevel = 1,
}: {
  title: string;
  error: Error;
  onRetry(): void;
  back?: ReactNode;
  fallback?: string;
  headingLevel?: 1 | 2;
}) {
  return (
    <StatusMessage
      icon="alert"
      tone="danger"
      headingLevel={headingLevel}
      title={title}
      actions={
        <>
          <Button onClick={onRetry}>Try again</Button>
          {back}
        </>
      }
    >
      <p>{errorText(error, fallback)}</p>
    </StatusMessage>
  );
}
