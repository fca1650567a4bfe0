import { useCallback, useRef, useState } from 'react';
import { checkCredential } from '@atrium/common/credentials/verify';
import { api, hasErrorId, isNotFound } from '../../api/client.ts';
import { useEnsurePublicConfig, usePublicConfig } from '../../api/config.ts';
import { credentialPath } from '../../components/certificates/credentialLinks.ts';
import type { CheckState } from './checkState.ts';

/**
 * Checks a credential in this browser: the signature against the keys we publish
 * (/.well-known/jwks.json, every key that ever signed), the shape, the dates and the revocation
 * list. The server is asked for public documents only, never whether a credential is genuine.
 */
export function useCredentialCheck() {
  const config = usePublicConfig();
  const ensurePublicConfig = useEnsurePublicConfig();
  const [state, setState] = useState<CheckState>({ phase: 'idle' });
  const run = useRef(0);

  /**
   * Our issuer id is PUBLIC_URL's, which only /api/config tells. A check started before that
   * answer arrived would judge our own credential "not issued by us", so it waits for it; only
   * when the config cannot be had at all is this page's own address taken instead.
   */
  const ourOrigin = useCallback(async () => {
    const publicUrl = await ensurePublicConfig()
      .then((loaded) => loaded.publicUrl)
      .catch(() => undefined);
    return (publicUrl || window.location.origin).replace(/\/+$/, '');
  }, [ensurePublicConfig]);

  const check = useCallback(
    async (jwt: string) => {
      const id = (run.current += 1);
      setState({ phase: 'checking' });
      const origin = await ourOrigin();
      const verdict = await checkCredential(jwt, {
        issuerId: `${origin}/api/credentials/issuer`,
        jwksUrl: '/.well-known/jwks.json',
        loadJson: async (url: string) => {
          // Only our own documents are read, by path, through the portal's one client.
          const target = new URL(url, window.location.origin);
          if (target.origin !== new URL(origin).origin && target.origin !== window.location.origin) throw new Error(`${url} is not one of our addresses`);
          return api.get<unknown>(`${target.pathname}${target.search}`);
        },
        now: new Date(),
      });
      if (run.current === id) setState({ phase: 'done', verdict });
    },
    [ourOrigin],
  );

  /** A certificate number (the printed QR code's link): its credential is fetched, then checked like a file. */
  const checkNumber = useCallback(
    async (number: string) => {
      const id = (run.current += 1);
      setState({ phase: 'checking' });
      let jwt: string;
      try {
        jwt = await api.get<string>(credentialPath(number));
      } catch (error) {
        if (run.current !== id) return;
        const problem = hasErrorId(error, 'certificate_revoked') ? 'revoked' : isNotFound(error) ? 'unknown' : 'unreachable';
        setState({ phase: 'number', problem, number });
        return;
      }
      if (run.current === id) await check(jwt);
    },
    [check],
  );

  const reset = useCallback(() => {
    run.current += 1;
    setState({ phase: 'idle' });
  }, []);

  return { state, check, checkNumber, reset, ready: !config.isPending };
}
