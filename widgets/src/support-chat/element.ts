import { createShadowMount, defineOnce, emitWidgetEvent, HOST_CSS, resolveApiBase, scriptContext } from '../host.ts';
import { theme } from '@atrium/common/ui/theme';
import { CHAT_LAYOUT } from './layout.ts';
import { PANEL_FILE, type MountedPanel, type MountPanel, type PanelProps } from './panelContract.ts';

/**
 * <atrium-support-chat [open] [api-base] [z-index]>: a plain custom element, no React, so the
 * script a school pastes stays tiny. The panel (React, styles, the bot and the form) comes from a
 * second file, fetched when the visitor hovers, focuses or clicks the launcher.
 */

const ICON_CHAT =
  '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z"/></svg>';
const ICON_CLOSE =
  '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M18 6 6 18M6 6l12 12"/></svg>';

const { colors } = theme;
const LAUNCHER_CSS = `${HOST_CSS}
.launcher {
  position: fixed;
  right: ${CHAT_LAYOUT.edge}px;
  bottom: ${CHAT_LAYOUT.edge}px;
  z-index: var(--atrium-z, ${theme.zIndex.widget});
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${CHAT_LAYOUT.launcherSize}px;
  height: ${CHAT_LAYOUT.launcherSize}px;
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: 50%;
  color: var(--atrium-on-accent, ${colors.onAccent});
  background: var(--atrium-accent, ${colors.accent});
  box-shadow: 0 6px 20px rgba(23, 32, 51, 0.25);
  cursor: pointer;
  transition: transform 150ms ease, filter 150ms ease;
}
.launcher:hover { filter: brightness(0.88); transform: scale(1.05); }
.launcher:focus-visible { outline: 3px solid ${colors.focus}; outline-offset: 3px; }
.launcher[aria-busy="true"] { cursor: progress; }
@media (prefers-reduced-motion: reduce) { .launcher { transition: none; } .launcher:hover { transform: none; } }
/* On a phone the open panel covers the screen and has its own close button. */
@media (max-width: ${CHAT_LAYOUT.phoneMax}px) { :host([open]) .launcher { display: none; } }
`;

let panelLoad: Promise<MountPanel> | null = null;

/** Adds the panel's script once per page, with the launcher's nonce, resolved next to it. */
function loadPanel(): Promise<MountPanel> {
  const ready = window.AtriumWidgets?.supportChatPanel;
  if (ready) return Promise.resolve(ready);
  panelLoad ??= new Promise<MountPanel>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL(PANEL_FILE, scriptContext.src ?? document.baseURI).href;
    script.async = true;
    script.crossOrigin = 'anonymous';
    if (scriptContext.nonce) script.nonce = scriptContext.nonce;
    script.onload = () => {
      const mount = window.AtriumWidgets?.supportChatPanel;
      if (mount) resolve(mount);
      else reject(new Error('The support chat panel did not register itself'));
    };
    script.onerror = () => reject(new Error(`Could not load ${script.src}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    panelLoad = null;
    throw error;
  });
  return panelLoad;
}

class AtriumSupportChatElement extends HTMLElement {
  static get observedAttributes() {
    return ['open', 'api-base', 'z-index'];
  }

  readonly #shadow: ShadowRoot;
  readonly #root: HTMLDivElement;
  readonly #slot: HTMLDivElement;
  readonly #launcher: HTMLButtonElement;
  #panel: MountedPanel | null = null;
  #mounting = false;
  #wasOpen = false;

  constructor() {
    super();
    const { shadow, mount } = createShadowMount(this, scriptContext.nonce, LAUNCHER_CSS);
    this.#shadow = shadow;
    this.#root = mount;
    this.#slot = document.createElement('div');
    this.#launcher = document.createElement('button');
    this.#launcher.type = 'button';
    this.#launcher.className = 'launcher';
    this.#launcher.setAttribute('part', 'launcher');
    this.#launcher.addEventListener('pointerenter', this.#warmUp);
    this.#launcher.addEventListener('focus', this.#warmUp);
    this.#launcher.addEventListener('click', () => {
      this.open = !this.open;
    });
    mount.append(this.#slot, this.#launcher);
  }

  get open(): boolean {
    return this.hasAttribute('open') && this.getAttribute('open')?.toLowerCase() !== 'false';
  }

  set open(value: boolean) {
    this.toggleAttribute('open', Boolean(value));
  }

  get apiBase(): string {
    return resolveApiBase(this.getAttribute('api-base'));
  }

  set apiBase(value: string | null) {
    if (value) this.setAttribute('api-base', value);
    else this.removeAttribute('api-base');
  }

  connectedCallback() {
    this.#render();
  }

  disconnectedCallback() {
    this.#panel?.unmount();
    this.#panel = null;
  }

  attributeChangedCallback(name: string) {
    if (name === 'z-index') {
      const z = this.getAttribute('z-index');
      if (z && /^-?\d+$/.test(z.trim())) this.#root.style.setProperty('--atrium-z', z.trim());
      else this.#root.style.removeProperty('--atrium-z');
      return;
    }
    if (this.isConnected) this.#render();
  }

  #warmUp = () => {
    loadPanel().catch(() => undefined);
  };

  #props(): PanelProps {
    return {
      apiBase: this.apiBase,
      open: this.open,
      onClose: () => {
        this.open = false;
        this.#launcher.focus();
      },
      onMessageSent: () => emitWidgetEvent(this, 'support-chat', 'message-sent'),
    };
  }

  #render() {
    const open = this.open;
    this.#launcher.innerHTML = open ? ICON_CLOSE : ICON_CHAT;
    this.#launcher.setAttribute('aria-label', open ? 'Close support chat' : 'Open support chat');
    this.#launcher.setAttribute('aria-expanded', String(open));
    if (open !== this.#wasOpen) {
      this.#wasOpen = open;
      emitWidgetEvent(this, 'support-chat', open ? 'open' : 'close');
    }
    if (this.#panel) {
      this.#panel.update(this.#props());
    } else if (open && !this.#mounting) {
      this.#mounting = true;
      this.#launcher.setAttribute('aria-busy', 'true');
      loadPanel().then(
        (mount) => {
          this.#mounting = false;
          this.#launcher.removeAttribute('aria-busy');
          if (this.isConnected && !this.#panel) this.#panel = mount(this.#slot, this.#props(), { styleTarget: this.#shadow, nonce: scriptContext.nonce });
        },
        (error: unknown) => {
          this.#mounting = false;
          this.#launcher.removeAttribute('aria-busy');
          this.open = false;
          emitWidgetEvent(this, 'support-chat', 'error', { message: error instanceof Error ? error.message : String(error) });
        },
      );
    }
  }
}

defineOnce('atrium-support-chat', AtriumSupportChatElement);
