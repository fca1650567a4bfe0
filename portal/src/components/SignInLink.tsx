import styled from 'styled-components';
import { ButtonLink } from './Button.tsx';

/**
 * The visitor's Sign In in a header (the landing page's and every other page's): one line at any
 * width. On a phone the brand's name beside it gives way, wrapping or ending in an ellipsis.
 */
export const SignInLink = styled(ButtonLink)`
  flex: none;
  white-space: nowrap;
`;
