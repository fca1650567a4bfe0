/**
 * What every embedded widget needs from the page, without React: the script tag it came from
 * (for the API origin and the CSP nonce), a shadow root with the reset styles, a definition
 * that survives the script being loaded twice, and the outward events.
 */

export interface ScriptContext {
  /** Absolute URL of the widget's own script, or null when it was not loaded by a tag. */
  src: string | null;
  /** Origin of that script: the default API origin. Empty means "this page's origin". */
  origin: string;
  /** The script tag's CSP nonce, copied onto every style and script the widget adds. */
  nonce: string | undefined;
}

/**
 * Read once while the bundle is being executed: document.currentScript is only set then.
 * Inside the portal (ES modules) there is no current script and everything is same-origin.
 */
export function captureScript(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): ScriptContext {
  const script = doc?.currentScript;
  if (!script || !('src' in script) || !script.src) return { src: null, origin: '', nonce: script?.nonce || undefined };
  const src = new URL(script.src, doc.baseURI).href;
  return { src, origin: new URL(src).origin, nonce: script.nonce || script.getAttribute('nonce') || undefined };
}

export const scriptContext: ScriptContext = captureScript();

/** The `api-base` attribute when given, else the origin the script was served from. */
export function resolveApiBase(attribute: string | null | undefined, context: ScriptContext = scriptContext): string {
  const value = attribute?.trim();
  return (value ? value : context.origin).replace(/\/+$/, '');
}

/** `atrium:<widget>:<event>`, bubbling out of the shadow root to the page. */
export function emitWidgetEvent(host: EventTarget, widget: string, event: string, detail?: unknown): boolean {
  return host.dispatchEvent(new CustomEvent(`atrium:${widget}:${event}`, { bubbles: true, composed: true, detail }));
}

/**
 * The host element stays styleable by the page (display, margin, width); the mount point inside
 * the shadow root resets every inherited property the page may have set on the host (colour,
 * size, spacing, transforms of text) except the font family, which a widget inherits by default.
 */
export const HOST_CSS = `
:host { display: block; }
:host([hidden]) { display: none; }
.atrium-mount {
  all: initial;
  display: block;
  font-family: var(--atrium-font, inherit);
}
`;

export interface ShadowMount {
  shadow: ShadowRoot;
  /** Where the widget renders; styles go to the shadow root beside it. */
  mount: HTMLDivElement;
}

export function createShadowMount(host: HTMLElement, nonce: string | undefined, css = HOST_CSS): ShadowMount {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  const mount = document.createElement('div');
  mount.className = 'atrium-mount';
  mount.setAttribute('part', 'root');
  shadow.append(style, mount);
  return { shadow, mount };
}

/** A second copy of the same script (or another version of it) must not throw or redefine. */
export function defineOnce(tag: string, element: CustomElementConstructor): boolean {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return false;
  customElements.define(tag, element);
  return true;
}

export const kebabCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
