import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../Button.tsx';
import { TextField } from '../Field.tsx';

/**
 * "Sign in with your school" on /auth: the person types their work address and the browser goes
 * to /api/auth/sso/start, which finds the school's provider by the address's proven domain (a
 * plain GET form: a top-level navigation to the provider, working before the app has loaded).
 * An address with no provider comes back to /auth with `signInError=no_sso`.
 */
export function SchoolSignIn({ next }: { next: string }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="secondary" block onClick={() => setOpen(true)}>
        Sign in with your school
      </Button>
    );
  return (
    <Box method="get" action="/api/auth/sso/start" aria-label="Sign in with your school">
      <TextField
        label="Your work e-mail address"
        hint="We send you to your school’s own sign-in page."
        name="email"
        type="email"
        autoComplete="email"
        required
        autoFocus
      />
      <input type="hidden" name="returnTo" value={next} />
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
