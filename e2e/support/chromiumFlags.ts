/**
 * The flags without which Debian's Chromium hangs on these offline machines (it keeps trying to
 * reach Google's services), shared by the browser tests and the bench's Lighthouse runs.
 *
 * The last one saves CPU: headless Chromium still builds each window's address-bar popups as web
 * pages, two renderers per window that load and compile Chromium's own UI code. A journey opens a
 * window per browser context, so they were a third of its renderer time (discussion: 38 s of
 * renderer CPU against 26 s without them). Chromium merges this list with Playwright's own.
 */
export const CHROMIUM_OFFLINE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
] as const;
