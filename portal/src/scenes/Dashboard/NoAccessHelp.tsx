import { Link } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';

/**
 * For someone with no course and no school: most people arrive as staff of a school that bought
 * the courses, and the catalogue's "Purchase Course" buttons are the wrong door for them. This
 * says how staff get in, and how a school that is not signed up yet starts.
 */
export function NoAccessHelp() {
  return (
    <Box aria-labelledby="no-access-title">
      <IconTile aria-hidden="true">
        <Icon name="school" size={28} />
      </IconTile>
      <div>
        <h2 id="no-access-title">Is your school signed up?</h2>
        <p>
          Use the link your school sent you, or ask the colleague who manages your school here for an invite. If your school has registered its e-mail domain,{' '}
          <Link to="/profile">verify your e-mail address</Link> and you join it straight away.
        </p>
        <p>Not signed up yet? Create your school and buy a course once for every member of staff.</p>
      </div>
      <ButtonLink to="/school" variant="secondary">
        My school <Icon name="arrowRight" size={18} />
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
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.lg};
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
