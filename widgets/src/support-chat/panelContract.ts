/**
 * How the support-chat launcher (support-chat.js, no React) and its lazily loaded panel bundle
 * find each other: the panel registers a mount function on a page global, the launcher calls it.
 */

export interface PanelProps {
  apiBase: string;
  open: boolean;
  onClose(): void;
  onMessageSent(): void;
}

export interface PanelMountOptions {
  /** Where styled-components writes the panel's styles: the launcher's shadow root. */
  styleTarget: ShadowRoot;
  nonce: string | undefined;
}

export interface MountedPanel {
  update(props: PanelProps): void;
  unmount(): void;
}

export type MountPanel = (container: HTMLElement, props: PanelProps, options: PanelMountOptions) => MountedPanel;

export interface AtriumWidgetsGlobal {
  supportChatPanel?: MountPanel;
}

declare global {
  interface Window {
    AtriumWidgets?: AtriumWidgetsGlobal;
  }
}

/** Replaced at build time by the content-hashed file name of the panel bundle. */
declare const __ATRIUM_PANEL_FILE__: string;
export const PANEL_FILE: string = typeof __ATRIUM_PANEL_FILE__ === 'string' ? __ATRIUM_PANEL_FILE__ : 'support-chat-panel.js';
