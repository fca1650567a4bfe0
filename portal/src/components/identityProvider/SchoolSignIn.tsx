import { useState } from 'react';
import styled from 'styled-components';
import { z } from 'zod';
import { email as emailSchema } from '@atrium/common/schemas/common';
import { Button } from '../Button.tsx';
import { TextField } from '../Field.tsx';
import { useForm } from '../useForm.ts';

const schoolSignInSchema = z.object({ email: emailSchema });

/** Where "Sign in with your school" goes: the server finds the provider by the address's proven domain. */
export const schoolSignInUrl = (email: string, returnTo: string) =>
  `/api/auth/sso/start?email=${encodeURIComponent(email)}&returnTo=${encodeURIComponent(returnTo)}`;

/**
 * "Sign in with your school" on /auth: the person types their work address and the browser goes
 * to /api/auth/sso/start, which sends it on to the school's provider (an address with no provider
 * comes back to /auth with `signInError=no_sso`). The navigation is made by script, not by the
 * form's own submission: the page's CSP (`form-action 'self'`) also covers the redirect a form
 * submission leads to, and this one leads to the provider's site.
 */
export function SchoolSignIn({ next, go = (url) => window.location.assign(url) }: { next: string; go?: (url: string) => void }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ email: '' });
  if (!open)
    return (
      <Button variant="secondary" block onClick={() => setOpen(true)}>
        Sign in with your school
      </Button>
    );
  return (
    <Box aria-label="Sign in with your school" noValidate onSubmit={form.handleSubmit(schoolSignInSchema, ({ email }) => go(schoolSignInUrl(email, next)))}>
      <TextField
        label="Your work e-mail address"
        hint="We send you to your school’s own sign-in page."
        type="email"
        autoComplete="email"
        autoFocus
        {...form.field('email')}
      />
      <Button type="submit" block>
        Continue to your school’s sign-in
      </Button>
    </Box>
  );
}

const Box = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;
