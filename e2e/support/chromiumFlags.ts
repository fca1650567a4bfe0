/**
 * The flags without which Debian's Chromium hangs on these offline machines (it keeps trying to
 * reach Google's services), shared by the browser tests and the bench's Lighthouse runs.
 */
export const CHROMIUM_OFFLINE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
