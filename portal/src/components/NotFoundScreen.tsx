import { useLocation } from 'react-router';
import styled from 'styled-components';
import { ButtonLink } from './Button.tsx';
import { Container } from './Layout.tsx';
import { StatusMessage } from './StatusMessage.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** SPEC §2: "404 Page Not Found" with a developer-style hint about the router. */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  usePageTitle('Page Not Found');
  return (
    <Container>
      <StatusMessage icon="alert" headingLevel={1} title="404 Page Not Found" actions={<ButtonLink to="/">Go to the home page</ButtonLink>}>
        <p>
          There is no page at <Path>{pathname}</Path>.
        </p>
        <DevHint>Developer hint: did you forget to add the page to the router (portal/src/routes.tsx)?</DevHint>
      </StatusMessage>
    </Container>
  );
}

const Path = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 0.9em;
  padding: 0.1em 0.35em;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow-wrap: anywhere;
`;

const DevHint = styled.p`
  margin-top: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
