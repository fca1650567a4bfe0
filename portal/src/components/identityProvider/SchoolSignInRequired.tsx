import styled from 'styled-components';
import { SIGN_IN_ERROR_MESSAGES } from '@atrium/common';
import { ButtonAnchor } from '../Button.tsx';
import { FormAlert } from '../FormAlert.tsx';
import { schoolSignInUrl } from './SchoolSignIn.tsx';

/**
 * Said by the sign-in and registration forms when the server answers `sso_required`: the
 * address's school signs its staff in with its own provider only. The way on goes straight to
 * that provider with the address already typed.
 */
export function SchoolSignInRequired({ email, next }: { email: string; next: string }) {
  return (
    <Box>
      <FormAlert message={SIGN_IN_ERROR_MESSAGES.sso_required} />
      <ButtonAnchor block href={schoolSignInUrl(email, next)}>
        Continue to your school’s sign-in
      </ButtonAnchor>
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;
