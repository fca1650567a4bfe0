import styled, { type DefaultTheme } from 'styled-components';

export type BadgeTone = 'accent' | 'success' | 'warning' | 'neutral' | 'danger';

/** The soft background of a tone: badges, and tiles that count things of that tone. */
export const toneBackground = (theme: DefaultTheme, tone: BadgeTone) =>
  ({
    accent: theme.colors.accentSoft,
    success: theme.colors.successSoft,
    warning: theme.colors.warningSoft,
    neutral: theme.colors.surfaceMuted,
    danger: theme.colors.dangerSoft,
  })[tone];

/** A small status label: "45% Complete", "Not Enrolled", "Admin". */
export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 0.3em;
  padding: 0.2rem 0.6rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 600;
  line-height: 1.5;
  white-space: nowrap;
  background: ${({ theme, $tone = 'accent' }) => toneBackground(theme, $tone)};
  color: ${({ theme, $tone = 'accent' }) =>
    ({
      accent: theme.colors.accentHover,
      success: theme.colors.success,
      warning: theme.colors.warning,
      neutral: theme.colors.textMuted,
      danger: theme.colors.danger,
    })[$tone]};
`;
