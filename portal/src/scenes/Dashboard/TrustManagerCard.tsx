import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';

/**
 * For a trust's manager (issue 53): the dashboard is where they land after signing in, and their
 * trust (every school's training, deadlines, the register) was otherwise only in the account menu.
 */
export function TrustManagerCard({ trustName }: { trustName: string }) {
  return (
    <Box aria-labelledby="my-trust-title">
      <IconTile aria-hidden="true">
        <Icon name="school" size={28} />
      </IconTile>
      <div>
        <h2 id="my-trust-title">{trustName}</h2>
        <p>You manage this trust: see every school’s training, set deadlines and download the register.</p>
      </div>
      <ButtonLink to="/trust">
        My trust <Icon name="arrowRight" size={18} />
      </ButtonLink>
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.accentBorder};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.lg};
    overflow-wrap: anywhere;
  }
  p {
    margin-top: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }

  ${media.tablet} {
    grid-template-columns: auto 1fr auto;
    gap: ${({ theme }) => theme.space.lg};
  }
`;

const IconTile = styled.div`
  display: none;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};

  ${media.tablet} {
    display: grid;
  }
`;
