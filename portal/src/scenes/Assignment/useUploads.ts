import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { useAuth } from '../../session/AuthProvider.tsx';
import { declaredKind } from '../../components/assignments/uploadRules.ts';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: 'uploading' | 'retrying' | 'failed' | 'done';
  error: string | null;
  /** Failed because the server refused the file (a 4xx that retrying will not change), not because the connection stopped. */
  refused: boolean;
}

/**
 * Uploads that were going when the learner left their assignment's page, by account and assignment: paused
 * then (the server keeps what it has), and picked up again when the page opens, from the offset
 * the server reports (tus keeps each upload's address under the file's fingerprint). For the
 * tab's life: after a reload the browser no longer has the files, and choosing one again resumes it.
 */
const paused = new Map<string, File[]>();

/** Drops every paused upload (tests start from none). */
export function forgetPausedUploads(): void {
  paused.clear();
}

/**
 * A dropped Wi-Fi connection is retried for about five minutes before the file shows as failed;
 * "Try again" then resumes from the last byte the server holds (the upload's address is kept in
 * localStorage under the file's fingerprint, so even a reload resumes).
 */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000, 60000, 60000, 60000, 60000];
/** Large enough to keep a phone busy, small enough that a resume repeats little. */
const CHUNK_SIZE = 8 * 1024 * 1024;

/** A type for a file the browser gave none (a .heic on some systems): the kind's, which the server reads by its major part. */
function declaredType(file: File): string {
  const kind = declaredKind(file);
  if (!kind) return '';
  return kind === 'pdf' ? 'application/pdf' : `${kind}/*`;
}

/** The text the server answered a refused upload with (tus answers plain text), else a sentence of ours. */
export function uploadErrorText(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  const body = response?.getBody()?.trim() ?? '';
  if (status >= 400 && status < 500 && body && body.length < 500 && !body.startsWith('<')) return body;
  if (status === 413) return 'The file is too large for this assignment.';
  if (status === 401) return 'Your session ended. Sign in again, then try again.';
  if (status >= 500) return 'The server could not take the file. Try again in a moment.';
  return 'The upload stopped: check your connection, then try again.';
}

/** A refusal: a 4xx other than a lock, a conflict or a rate limit, which retrying will not change. */
function isRefusal(error: Error | DetailedError): boolean {
  const status = ('originalResponse' in error ? error.originalResponse?.getStatus() : 0) ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429;
}

/** Whether tus should keep trying: not after a refusal. */
export function shouldRetry(error: DetailedError): boolean {
  return !isRefusal(error);
}

/**
 * Resumable uploads (tus) of the learner's files to one assignment's draft, each with its own
 * progress. `onUploaded` runs once a file is stored and attached, with the new file's id.
 */
export function useUploads(assignmentId: number, onUploaded: (fileId: number | null) => Promise<unknown>) {
  const [items, setItems] = useState<UploadItem[]>([]);
  // Another account signing in on this tab does not pick up the last one's files.
  const pausedKey = `${useAuth().user?.id ?? 0}:${assignmentId}`;
  const uploads = useRef(new Map<string, Upload>());
  const files = useRef(new Map<string, File>());
  const uploadedRef = useRef(onUploaded);
  useEffect(() => {
    uploadedRef.current = onUploaded;
  }, [onUploaded]);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      const upload = new Upload(file, {
        endpoint: '/api/uploads',
        chunkSize: CHUNK_SIZE,
        retryDelays: RETRY_DELAYS,
        metadata: { assignmentId: String(assignmentId), filename: file.name, filetype: file.type || declaredType(file) },
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        // One address per file and assignment: the same photo sent to two assignments is two uploads.
        fingerprint: (picked: File) =>
          Promise.resolve(['atrium-assignment', assignmentId, picked.name, picked.type, picked.size, picked.lastModified].join('-')),
        onShouldRetry: (error) => {
          const retry = shouldRetry(error);
          if (retry) patch(key, { state: 'retrying' });
          return retry;
        },
        onProgress: (sent) => patch(key, { sent, state: 'uploading' }),
        onError: (error) => {
          uploads.current.delete(key);
          patch(key, { state: 'failed', error: uploadErrorText(error), refused: isRefusal(error) });
        },
        onSuccess: ({ lastResponse }) => {
          uploads.current.delete(key);
          const id = Number(lastResponse.getHeader('Upload-File-Id'));
          patch(key, { state: 'done', sent: file.size });
          // The draft's file list now holds it: once read, the upload row gives way to the file's row.
          void uploadedRef.current(Number.isInteger(id) && id > 0 ? id : null).finally(() => {
            files.current.delete(key);
            setItems((current) => current.filter((item) => item.key !== key));
          });
        },
      });
      uploads.current.set(key, upload);
      patch(key, { state: 'uploading', error: null, refused: false });
      void upload
        .findPreviousUploads()
        .then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        })
        .catch(() => upload.start());
    },
    [assignmentId, patch],
  );

  const add = useCallback(
    (picked: File[]) => {
      const added = picked.map((file) => ({ file, key: `${Date.now()}-${Math.random().toString(36).slice(2)}` }));
      for (const { file, key } of added) files.current.set(key, file);
      setItems((current) => [
        ...current,
        ...added.map(({ file, key }) => ({ key, name: file.name, size: file.size, sent: 0, state: 'uploading' as const, error: null, refused: false })),
      ]);
      for (const { key } of added) run(key);
    },
    [run],
  );

  /** Stops an upload and tells the server to drop what it received. */
  const cancel = useCallback((key: string) => {
    const upload = uploads.current.get(key);
    uploads.current.delete(key);
    files.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
    void upload?.abort(true).catch(() => undefined);
  }, []);

  // Leaving the page pauses the uploads going; coming back to it resumes them from the server's offset.
  useEffect(() => {
    const resumed = paused.get(pausedKey);
    paused.delete(pausedKey);
    // Once this render is committed: the rows and the uploads start together.
    if (resumed) queueMicrotask(() => add(resumed));
    const going = uploads.current;
    const picked = files.current;
    return () => {
      const left = [...going.keys()].flatMap((key) => picked.get(key) ?? []);
      for (const upload of going.values()) void upload.abort(false).catch(() => undefined);
      going.clear();
      if (left.length) paused.set(pausedKey, left);
    };
  }, [pausedKey, add]);

  return { items, add, retry: run, cancel, busy: items.some((item) => item.state !== 'failed') };
}
