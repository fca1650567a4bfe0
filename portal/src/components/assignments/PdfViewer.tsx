import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

/** Pages drawn in the page; a longer document is read in the browser's own viewer. */
const MAX_PAGES = 20;

/**
 * A submitted PDF drawn page by page with pdf.js (loaded only when a PDF is shown). The portal's
 * CSP allows no <object> or same-origin frame, and the file route answers with a sandboxing CSP,
 * so the browser's viewer cannot be embedded: the bytes are fetched (same origin, the session
 * cookie) and painted on canvases. Scripts in the PDF never run (pdf.js does not execute them,
 * and eval is off so the CSP needs no 'unsafe-eval').
 */
export function PdfViewer({ url, name }: { url: string; name: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'shown'; pages: number; total: number } | { kind: 'failed' }>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    void (async () => {
      try {
        const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const task = pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false, enableXfa: false });
        destroy = () => task.destroy();
        const pdf = await task.promise;
        const total = pdf.numPages;
        const pages = Math.min(total, MAX_PAGES);
        const width = Math.max(280, holder.current?.clientWidth ?? 800);
        for (let number = 1; number <= pages && !cancelled; number += 1) {
          const page = await pdf.getPage(number);
          const base = page.getViewport({ scale: 1 });
          const scale = (width / base.width) * (window.devicePixelRatio || 1);
          const viewport = page.getViewport({ scale });
          const canvas = document.createElement('canvas');
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.setAttribute('aria-label', `Page ${number} of ${total}`);
          canvas.setAttribute('role', 'img');
          await page.render({ canvas, viewport }).promise;
          if (cancelled) return;
          holder.current?.append(canvas);
        }
        if (!cancelled) setState({ kind: 'shown', pages, total });
      } catch {
        if (!cancelled) setState({ kind: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      void destroy?.().catch(() => undefined);
    };
  }, [url]);

  return (
    // Focusable: its pages scroll inside it, and a keyboard must be able to scroll them.
    <Frame aria-label={`${name} (PDF)`} role="group" tabIndex={0}>
      <Pages ref={holder} />
      {state.kind === 'loading' ? <Note role="status">Loading the PDF…</Note> : null}
      {state.kind === 'failed' ? <Note role="alert">The PDF could not be shown here. Open it in a new tab or download it.</Note> : null}
      {state.kind === 'shown' && state.total > state.pages ? (
        <Note>
          The first {state.pages} of {state.total} pages. Open it in a new tab to read the rest.
        </Note>
      ) : null}
    </Frame>
  );
}

const Frame = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  max-height: 80vh;
  overflow: auto;
  padding: ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Pages = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};

  canvas {
    display: block;
    width: 100%;
    height: auto;
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.shadow.subtle};
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
