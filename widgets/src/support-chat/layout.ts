/**
 * Where the launcher and the panel sit. Shared by the React launcher (portal), the plain
 * custom-element launcher (support-chat.js) and the panel, so the three line up.
 */
export const CHAT_LAYOUT = {
  /** Distance of the launcher from the right and bottom edges of the viewport. */
  edge: 20,
  launcherSize: 60,
  /** SPEC §2: 96 (Tailwind units, 384 px) wide by 500 px high. */
  panelWidth: 384,
  panelHeight: 500,
  /** Space between the top of the launcher and the bottom of the panel. */
  gap: 12,
  /** At or below this width the panel takes the whole screen. */
  phoneMax: 480,
} as const;

export const panelBottom = CHAT_LAYOUT.edge + CHAT_LAYOUT.launcherSize + CHAT_LAYOUT.gap;
