import { createGlobalStyle } from 'styled-components';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import interLatinExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url';

/**
 * Base styles. The theme names the font "Inter"; the variable font is self-hosted (no third-party
 * font request) and declared under that name, with the system stack as the fallback.
 */
export const GlobalStyle = createGlobalStyle`
  @font-face {
    font-family: 'Inter';
    font-style: normal;
    font-display: swap;
    font-weight: 100 900;
    src: url(${interLatin}) format('woff2-variations'), url(${interLatin}) format('woff2');
    unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329,
      U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;
  }
  @font-face {
    font-family: 'Inter';
    font-style: normal;
    font-display: swap;
    font-weight: 100 900;
    src: url(${interLatinExt}) format('woff2-variations'), url(${interLatinExt}) format('woff2');
    unicode-range: U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF,
      U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF;
  }

  *, *::before, *::after { box-sizing: border-box; }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    scroll-behavior: smooth;
  }
  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto; }
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }

  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.font.body};
    font-size: ${({ theme }) => theme.fontSize.md};
    line-height: 1.6;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }

  #root { min-height: 100vh; display: flex; flex-direction: column; }

  h1, h2, h3, h4 {
    font-family: ${({ theme }) => theme.font.heading};
    line-height: 1.2;
    margin: 0;
    letter-spacing: -0.015em;
    color: ${({ theme }) => theme.colors.text};
  }
  p { margin: 0; }
  img, svg, video, iframe { display: block; max-width: 100%; }
  button, input, textarea, select { font: inherit; color: inherit; }
  a { color: ${({ theme }) => theme.colors.accent}; text-underline-offset: 0.15em; }
  a:hover { color: ${({ theme }) => theme.colors.accentHover}; }

  /* One visible focus ring everywhere, for keyboard users only. */
  :focus { outline: none; }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: 4px;
  }

  ::selection { background: ${({ theme }) => theme.colors.accentSoft}; }

  .visually-hidden {
    position: absolute !important;
    width: 1px; height: 1px;
    padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0);
    white-space: nowrap; border: 0;
  }

  @media print {
    body { background: ${({ theme }) => theme.colors.surface}; }
    .no-print { display: none !important; }
  }
`;
