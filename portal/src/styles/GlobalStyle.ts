import { createGlobalStyle } from 'styled-components';

/**
 * Base styles. The theme names the font "Inter", declared in fonts.css (a plain stylesheet:
 * styled-components takes over a server-rendered page's style tags when it starts, and a font
 * declared there would be declared anew, and drawn in the fallback font for a moment).
 */
export const GlobalStyle = createGlobalStyle`
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
