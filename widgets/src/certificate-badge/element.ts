import { createElement } from 'react';
import { defineWidget } from '../define.ts';
import { CertificateBadge } from './CertificateBadge.tsx';

/** <atrium-certificate-badge number="…" [api-base] [portal-url]> */
defineWidget({
  tag: 'atrium-certificate-badge',
  attributes: { number: 'string', apiBase: 'string', portalUrl: 'string' },
  render: ({ number, portalUrl }, { apiBase, emit }) =>
    createElement(CertificateBadge, {
      number: number ?? '',
      apiBase,
      portalUrl: portalUrl || undefined,
      onVerified: ({ status, number: checked, certificate }) => emit('verified', { status, number: checked, certificate }),
      onError: (message) => emit('error', { message }),
    }),
});
