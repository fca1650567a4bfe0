import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';

export const Section = styled.section<{ $tone?: 'plain' | 'muted' | 'surface' }>`
  padding: ${({ theme }) => theme.space.section} 0;
  background: ${({ theme, $tone = 'plain' }) => ({ plain: theme.colors.background, muted: theme.colors.surfaceMuted, surface: theme.colors.surface })[$tone]};
  scroll-margin-top: 72px;
`;

export const SectionHeader = styled.div`
  max-width: 44rem;
  margin: 0 auto ${({ theme }) => theme.space.xl};
  text-align: center;
`;

export const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.xxl};
  font-weight: 700;

  ${media.tablet} {
    font-size: 2.25rem;
  }
`;

export const SectionIntro = styled.p`
  margin-top: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.lg};
`;

/**
 * The phone menu's trigger: a link to the footer's section links (what a tap does before the
 * page's script runs, or without it), drawn as an icon button. The header draws it until the
 * menu's code has loaded, the menu draws it after.
 */
export const MenuTrigger = styled.a`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 1px solid transparent;
  border-radius: 10px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &:hover,
  &[data-state='open'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-color: ${({ theme }) => theme.colors.border};
  }
`;
