/**
 * Design tokens shared by the portal and the widgets. Colours meet WCAG AA contrast on the
 * surfaces they are meant for (text on background, onAccent on accent).
 */
export const theme = {
  colors: {
    background: '#f7f8fb',
    surface: '#ffffff',
    surfaceMuted: '#f1f3f8',
    border: '#dfe3ec',
    text: '#172033',
    textMuted: '#4f5a6e',
    accent: '#2f4ac0',
    accentHover: '#253c9e',
    accentSoft: '#e8ecfb',
    onAccent: '#ffffff',
    success: '#17733f',
    successSoft: '#e3f4ea',
    warning: '#8a5a00',
    warningSoft: '#fdf3dc',
    danger: '#b42318',
    dangerSoft: '#fde8e6',
    focus: '#f5b400',
    /** Form controls' border: 3:1 against the surface, as WCAG asks of a control's outline. */
    inputBorder: '#8a93a6',
    placeholder: '#6b7488',
    /** Stronger than `border`, for filled shapes that must stand out on surfaceMuted. */
    borderStrong: '#cdd3e1',
    accentBorder: '#c9d2f3',
    /** The dark end of the brand gradients (with `accent`) and their light end. */
    accentDeep: '#1f2f7a',
    accentBright: '#5b73e0',
    /** Text on accent gradients that is secondary to onAccent. */
    onAccentMuted: '#e3e8fb',
    skeleton: '#eceff5',
    skeletonShine: '#f5f7fa',
    /** Behind a dialog: the text colour at half strength. */
    scrim: 'rgba(23, 32, 51, 0.5)',
    /** Surfaces drawn over a busy background (sticky header, hero mock-ups). */
    translucentSurface: 'rgba(255, 255, 255, 0.94)',
    /** Dark chrome around video (the module player's bar and stage) and the footer's text on `text`. */
    inverse: {
      surface: '#0f1630',
      stage: '#0b1020',
      text: '#ffffff',
      textMuted: '#d5dbf0',
      textSubtle: '#b9c3e6',
      footerText: '#c9cfdc',
      footerLink: '#e8ecf5',
      border: 'rgba(255, 255, 255, 0.08)',
      divider: 'rgba(255, 255, 255, 0.15)',
      fill: 'rgba(255, 255, 255, 0.08)',
      fillHover: 'rgba(255, 255, 255, 0.18)',
      track: 'rgba(255, 255, 255, 0.3)',
    },
    /** The second stop of the course media gradients, per tone (the first is the tone's soft colour). */
    tint: { accent: '#d6defa', success: '#cdebd9', warning: '#f8e5b9', neutral: '#e2e6ef' },
  },
  font: {
    body: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  fontSize: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem', xxl: '1.75rem', hero: 'clamp(2rem, 5vw, 3.25rem)' },
  space: { xxs: '0.25rem', xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem', section: 'clamp(3rem, 8vw, 6rem)' },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(23, 32, 51, 0.06), 0 4px 12px rgba(23, 32, 51, 0.06)',
    raised: '0 8px 30px rgba(23, 32, 51, 0.16)',
    subtle: '0 1px 3px rgba(23, 32, 51, 0.12)',
  },
  /**
   * Stacking order: one list so nothing fights for the top. In the portal the support chat sits
   * above the page but below any dialog's overlay, so it never covers a dialog's buttons; on a
   * school's site, where we know nothing of the page, the widget takes `widget`.
   */
  zIndex: { base: 0, sticky: 10, dropdown: 50, supportChat: 90, overlay: 100, dialog: 110, toast: 120, widget: 2147483000 },
  breakpoints: { phone: 480, tablet: 768, desktop: 1024, wide: 1280 },
  maxWidth: '72rem',
} as const;

export type Theme = typeof theme;

/** Media query helpers: `${media.tablet} { ... }` applies from the tablet width up. */
export const media = {
  phoneOnly: `@media (max-width: ${theme.breakpoints.tablet - 1}px)`,
  tablet: `@media (min-width: ${theme.breakpoints.tablet}px)`,
  desktop: `@media (min-width: ${theme.breakpoints.desktop}px)`,
} as const;
