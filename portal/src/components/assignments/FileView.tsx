import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { SubmissionFileDto } from '../../api/assignmentTypes.ts';
import { submissionFileUrl } from '../../api/assignments.ts';
import { ButtonAnchor } from '../Button.tsx';
import { Icon } from '../Icon.tsx';

// pdf.js is large: it loads only with a PDF to show.
const PdfViewer = lazy(() => import('./PdfViewer.tsx').then((module) => ({ default: module.PdfViewer })));

/**
 * A file as the reviewer looks at it: the photo, a player for sound and video (the route answers
 * ranges, so they seek), the PDF drawn page by page; all from the authorized file route.
 */
export function FileView({ file }: { file: SubmissionFileDto }) {
  const url = submissionFileUrl(file.id);
  if (file.kind === 'image') return <Image src={url} alt={file.originalName} loading="lazy" />;
  if (file.kind === 'audio') return <audio controls preload="metadata" src={url} aria-label={file.originalName} />;
  if (file.kind === 'video') return <Video controls preload="metadata" src={url} aria-label={file.originalName} />;
  return (
    <>
      <Suspense fallback={<Waiting>Loading the PDF…</Waiting>}>
        <PdfViewer url={url} name={file.originalName} />
      </Suspense>
      <div>
        <ButtonAnchor href={url} target="_blank" rel="noopener noreferrer" size="sm" variant="secondary" aria-label={`Open in a new tab: ${file.originalName}`}>
          <Icon name="external" size={16} /> Open in a new tab
        </ButtonAnchor>
      </div>
    </>
  );
}

const Image = styled.img`
  display: block;
  max-width: 100%;
  max-height: 70vh;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Video = styled.video`
  display: block;
  width: 100%;
  max-height: 70vh;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.inverse.stage};
`;

const Waiting = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
