import { useState } from 'react';
import type { OneRosterPreviewDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useApplyOneRoster, useOneRosterPreview } from '../../api/directory.ts';
import { OneRosterView } from './OneRosterView.tsx';

/**
 * "OneRoster upload" on /school and /trust (issue 56 item 4): its container. Choosing files
 * previews them; applying sends the same files again (the server plans afresh inside its
 * transaction, so what changed since the preview is applied as it is then).
 */
export function OneRosterScene({ root, owner }: { root: string; owner: 'school' | 'trust' }) {
  const previewing = useOneRosterPreview(root);
  const applying = useApplyOneRoster(root);
  const [files, setFiles] = useState<File[]>([]);
  const [preview, setPreview] = useState<OneRosterPreviewDto | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onChoose = (chosen: File[]) => {
    setFiles(chosen);
    setPreview(null);
    setResult(null);
    setError(null);
    previewing.mutate(chosen, {
      onSuccess: setPreview,
      onError: (problem) => setError(errorText(problem, 'The bundle could not be read.')),
    });
  };
  const onApply = () => {
    setError(null);
    applying.mutate(files, {
      onSuccess: (done) => {
        setResult(done.message);
        setPreview(null);
        setFiles([]);
      },
      onError: (problem) => setError(errorText(problem, 'The bundle was not applied: nothing was changed.')),
    });
  };
  const onReset = () => {
    setFiles([]);
    setPreview(null);
    setError(null);
  };

  return (
    <OneRosterView
      owner={owner}
      chosen={files.map((file) => file.name)}
      onChoose={onChoose}
      preview={preview}
      previewing={previewing.isPending}
      onApply={onApply}
      applying={applying.isPending}
      onReset={onReset}
      result={result}
      error={error}
    />
  );
}
