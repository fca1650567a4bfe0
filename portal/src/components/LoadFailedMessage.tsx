import type { ReactNode } from 'react';
import { errorText } from '../api/client.ts';
import { Button } from './Button.tsx';
import { StatusMessage } from './StatusMessage.tsx';

/** What a page is about could not be read: the server's sentence, Try again, and the page's way back. */
export function LoadFailedMessage({ title, error, onRetry, back }: { title: string; error: Error; onRetry(): void; back: ReactNode }) {
  return (
    <StatusMessage
      icon="alert"
      tone="danger"
      headingLevel={1}
      title={title}
      actions={
        <>
          <Button onClick={onRetry}>Try again</Button>
          {back}
        </>
      }
    >
      <p>{errorText(error, 'Please try again.')}</p>
    </StatusMessage>
  );
}
