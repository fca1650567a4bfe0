import { theme } from '@atrium/common/ui/theme';

/**
 * Widget design tokens. They are the portal's theme colours, but read through CSS custom
 * properties so a host page can restyle an embedded widget (--atrium-accent, --atrium-radius,
 * --atrium-font, --atrium-z) and so the components need no ThemeProvider from whoever renders
 * them: the portal, a shadow root or a story.
 */
const c = theme.colors;

export const tokens = {
  accent: `var(--atrium-accent, ${c.accent})`,
  /** Darker accent for hover and pressed states, derived so a custom accent gets one too. */
  accentStrong: `color-mix(in srgb, var(--atrium-accent, ${c.accent}) 82%, #000)`,
  accentSoft: `color-mix(in srgb, var(--atrium-accent, ${c.accent}) 10%, #fff)`,
  onAccent: `var(--atrium-on-accent, ${c.onAccent})`,
  radius: `var(--atrium-radius, ${theme.radius.md})`,
  radiusLarge: `calc(var(--atrium-radius, ${theme.radius.md}) * 1.6)`,
  font: 'var(--atrium-font, inherit)',
  zIndex: `var(--atrium-z, ${theme.zIndex.widget})`,
  focus: c.focus,
  surface: c.surface,
  surfaceMuted: c.surfaceMuted,
  background: c.background,
  border: c.border,
  text: c.text,
  textMuted: c.textMuted,
  success: c.success,
  successSoft: c.successSoft,
  danger: c.danger,
  dangerSoft: c.dangerSoft,
  shadowCard: theme.shadow.card,
  shadowRaised: theme.shadow.raised,
  space: theme.space,
  fontSize: theme.fontSize,
  phoneMax: `${theme.breakpoints.phone}px`,
} as const;

/**
 * Typography and colour every widget root sets explicitly: inside a shadow root nothing else
 * does, and in the portal it keeps a widget looking the same as on a school's site.
 */
export const rootTypography = `
  box-sizing: border-box;
  font-family: ${tokens.font};
  font-size: 16px;
  line-height: 1.5;
  color: ${tokens.text};
  text-align: left;
  -webkit-font-smoothing: antialiased;
  & *, & *::before, & *::after { box-sizing: border-box; }
`;
