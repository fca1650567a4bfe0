import { useState } from 'react';
import type { CreatedDirectoryTokenDto, DirectoryTokenInput } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useCreateDirectoryToken, useDirectoryLog, useDirectoryTokens, useRevokeDirectoryToken } from '../../api/directory.ts';
import { readState } from '../QueryState.tsx';
import { useToast } from '../toast/Toaster.tsx';
import { DirectorySyncView } from './DirectorySyncView.tsx';
import { OneRosterScene } from './OneRosterScene.tsx';
import { SchoolKeysPanel } from './SchoolKeysPanel.tsx';

/**
 * The "Directory sync" panel of /school and /trust (issue 56): its container. It reads the
 * tokens and the sync log under `root` and makes and revokes tokens; the view only shows them.
 * The OneRoster upload (for directories without SCIM) follows it as a panel of its own, and for a
 * trust the keys its directory names its schools by.
 */
export function DirectorySyncPanel({ root, owner }: { root: string; owner: 'school' | 'trust' }) {
  const tokens = useDirectoryTokens(root);
  const log = useDirectoryLog(root);
  const create = useCreateDirectoryToken(root);
  const revoke = useRevokeDirectoryToken(root);
  const { toast } = useToast();
  const [created, setCreated] = useState<CreatedDirectoryTokenDto | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);

  const onCreate = (input: DirectoryTokenInput) => {
    setCreateError(null);
    create.mutate(input, {
      onSuccess: (token) => setCreated(token),
      onError: (problem) => setCreateError(errorText(problem, 'The token was not created.')),
    });
  };
  const onRevoke = (tokenId: number) =>
    revoke.mutate(tokenId, {
      onSuccess: () => toast({ title: 'Token revoked', description: 'The directory can no longer sync with it.', variant: 'success' }),
      onError: (problem) => toast({ title: 'Not revoked', description: errorText(problem, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <>
      <DirectorySyncView
        owner={owner}
        tokens={readState(tokens)}
        log={readState(log)}
        created={created}
        onDismissCreated={() => setCreated(null)}
        onCreate={onCreate}
        creating={create.isPending}
        createError={createError}
        onRevoke={onRevoke}
        revoking={revoke.isPending}
      />
      <OneRosterScene root={root} owner={owner} />
      {owner === 'trust' && <SchoolKeysPanel root={root} />}
    </>
  );
}
