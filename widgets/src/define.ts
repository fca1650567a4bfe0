import r2wc from '@r2wc/react-to-web-component';
import { createElement, useMemo, type ReactNode } from 'react';
import { StyleSheetManager } from 'styled-components';
import { createShadowMount, defineOnce, emitWidgetEvent, kebabCase, resolveApiBase, scriptContext } from './host.ts';

export type AttributeType = 'string' | 'boolean' | 'number';
export type AttributeSpec = Record<string, AttributeType>;

type ValueOf<T extends AttributeType> = T extends 'boolean' ? boolean : T extends 'number' ? number | undefined : string | undefined;
export type AttributeValues<S extends AttributeSpec> = { [K in keyof S]: ValueOf<S[K]> };

export interface WidgetContext {
  host: HTMLElement;
  /** `api-base` when set, else the origin of the script tag that defined the element. */
  apiBase: string;
  nonce: string | undefined;
  /** Dispatches `atrium:<widget>:<event>` from the host element. */
  emit(event: string, detail?: unknown): void;
}

/**
 * Boolean attributes are HTML booleans: present means true (`open`, `open=""`, `open="open"`),
 * absent means false; "false" is also read as false because people write it.
 */
export function parseAttribute(type: AttributeType, raw: string | null | undefined): boolean | number | string | undefined {
  if (type === 'boolean') return raw !== null && raw !== undefined && raw.trim().toLowerCase() !== 'false';
  if (raw === null || raw === undefined) return undefined;
  if (type === 'number') {
    const value = Number(raw.trim());
    return raw.trim() !== '' && Number.isFinite(value) ? value : undefined;
  }
  return raw;
}

function parseAttributes<S extends AttributeSpec>(spec: S, raw: Record<string, unknown>): AttributeValues<S> {
  const values: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(spec)) {
    const value = raw[name];
    values[name] = parseAttribute(type, typeof value === 'string' ? value : null);
  }
  return values as AttributeValues<S>;
}

// r2wc keeps an element's props and its render method under these registered symbols; the
// subclass below fills the props itself because r2wc skips empty and removed attributes.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

interface R2wcElement extends HTMLElement {
  container: Element | ShadowRoot;
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
}

export interface WidgetDefinition<S extends AttributeSpec> {
  /** The element name, `atrium-<widget>`. */
  tag: `atrium-${string}`;
  /** Props by camelCase name; the attributes are their kebab-case names. */
  attributes: S;
  render(attributes: AttributeValues<S>, context: WidgetContext): ReactNode;
}

/**
 * Defines `<atrium-…>`: an r2wc custom element rendering into an open shadow root, with
 * styled-components writing into that shadow root (text nodes, not CSSOM, with the script's
 * nonce), typed attributes, and a guard so loading the script twice defines nothing twice.
 */
export function defineWidget<S extends AttributeSpec>(definition: WidgetDefinition<S>): CustomElementConstructor | undefined {
  const { tag, attributes, render } = definition;
  const widget = tag.replace(/^atrium-/, '');
  const names = Object.keys(attributes);
  const nonce = scriptContext.nonce;

  function Hosted(props: Record<string, unknown> & { container: ShadowRoot }) {
    const shadow = props.container;
    const host = shadow.host as HTMLElement;
    const values = parseAttributes(attributes, props);
    const apiBase = resolveApiBase(typeof props.apiBase === 'string' ? props.apiBase : null);
    const context = useMemo<WidgetContext>(
      () => ({ host, apiBase, nonce, emit: (event, detail) => emitWidgetEvent(host, widget, event, detail) }),
      [host, apiBase],
    );
    return createElement(StyleSheetManager, { target: shadow, nonce, disableCSSOMInjection: true }, render(values, context));
  }

  const Base = r2wc(Hosted as never, {
    shadow: 'open',
    props: Object.fromEntries(names.map((name) => [name, 'string'])) as Record<string, 'string'>,
  }) as unknown as new () => R2wcElement;

  class AtriumWidgetElement extends Base {
    constructor() {
      super();
      const { shadow, mount } = createShadowMount(this, nonce);
      // r2wc renders into `container` and passes props.container down; styles go to the shadow
      // root, the React tree into the mount point next to the reset stylesheet.
      this.container = mount;
      this[R2WC_PROPS].container = shadow;
      for (const name of names) this[R2WC_PROPS][name] = this.getAttribute(kebabCase(name)) ?? undefined;
    }

    attributeChangedCallback(attribute: string, previous: string | null, value: string | null) {
      if (previous === value) return;
      const name = names.find((candidate) => kebabCase(candidate) === attribute);
      if (!name) return;
      this[R2WC_PROPS][name] = value ?? undefined;
      this[R2WC_RENDER]();
    }
  }

  // Typed properties: `el.open = true` toggles the attribute, `el.number` reads the parsed value.
  for (const name of names) {
    const attribute = kebabCase(name);
    const type = attributes[name]!;
    Object.defineProperty(AtriumWidgetElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return parseAttribute(type, this.getAttribute(attribute));
      },
      set(this: HTMLElement, value: unknown) {
        if (type === 'boolean') this.toggleAttribute(attribute, Boolean(value));
        else if (value === null || value === undefined) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }

  return defineOnce(tag, AtriumWidgetElement) ? AtriumWidgetElement : undefined;
}
