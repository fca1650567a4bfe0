import type { ReactNode } from 'react';
import { ButtonLink } from './Button.tsx';
import { Icon } from './Icon.tsx';

/** A page's way back, beside its heading and under its failures: "← Back to Reviews". */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ButtonLink to={to} variant="secondary">
      <Icon name="arrowLeft" size={18} /> {children}
    </ButtonLink>
  );
}
