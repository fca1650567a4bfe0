import { Link } from 'react-router';
import styled from 'styled-components';
import { media, theme } from '@atrium/common/ui/theme';

/** The brand mark and name (BRAND_NAME, GET /api/config's `brandName`: none until it is read); links home. */
export function Logo({ brand, inverse = false }: { brand: string | undefined; inverse?: boolean }) {
  return (
    <Home to="/" aria-label={brand ? `${brand}: home` : 'Home'} $inverse={inverse}>
      <Mark viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M16 6 6 11v2h20v-2L16 6Zm-7 9v8h3v-8H9Zm5.5 0v8h3v-8h-3ZM20 15v8h3v-8h-3ZM6 24v2h20v-2H6Z"
          fill={inverse ? theme.colors.accent : theme.colors.onAccent}
        />
      </Mark>
      <Name>{brand ?? ''}</Name>
    </Home>
  );
}

const Home = styled(Link)<{ $inverse: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 44px;
  color: ${({ theme, $inverse }) => ($inverse ? theme.colors.onAccent : theme.colors.accent)};
  text-decoration: none;

  &:hover {
    color: ${({ theme, $inverse }) => ($inverse ? theme.colors.onAccent : theme.colors.accentHover)};
  }
`;

const Mark = styled.svg`
  width: 32px;
  height: 32px;
  flex: none;
`;

/**
 * A phone's header shares its row with the currency switcher and a button or two: there the name
 * may take two balanced lines ("Atrium School / Marketing") rather than lose its end to an ellipsis.
 */
const Name = styled.span`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  overflow: hidden;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSize.md};
  line-height: 1.15;
  letter-spacing: -0.01em;
  color: inherit;
  text-wrap: balance;

  ${media.tablet} {
    display: block;
    font-size: ${({ theme }) => theme.fontSize.lg};
    white-space: nowrap;
    text-overflow: ellipsis;
    max-width: 60vw;
  }
`;
