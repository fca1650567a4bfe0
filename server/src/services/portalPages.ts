import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CourseSummaryDto, CurrencyChoiceDto, DashboardDto, PublicConfigDto, UserDto } from '@atrium/common';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const PORTAL_DIST = resolve(root, 'portal/dist');
const SSR_ENTRY = resolve(root, 'portal/dist-ssr/entry-server.js');

/** portal/src/ssr/pageState.ts's PageState: the first screen's answers, written into the page. */
export interface PageState {
  user: UserDto | null;
  currency: CurrencyChoiceDto;
  courses?: CourseSummaryDto[];
  config?: PublicConfigDto;
  dashboard?: DashboardDto;
  locale?: string;
  money?: Record<string, string>;
  markup?: 'hydrate';
  contactSent?: true;
}

interface RenderedPage {
  html: string;
  styles: string;
  title: string;
  money: Record<string, string>;
}

/** What portal/src/entry-server.tsx exports. */
interface ServerEntry {
  renderHome(state: PageState): Promise<RenderedPage>;
  serializePageState(state: PageState): string;
  PAGE_STATE_ID: string;
}

/**
 * The portal's pages as the server writes them: the built index.html (portal/dist) with the
 * first screen's answers in a data block, and for the landing page the markup and styles of
 * the server-side build (portal/dist-ssr, `npm run build -w portal`) too.
 */
export class PortalPages {
  private template: string | null = null;
  private entry: Promise<ServerEntry> | null = null;
  private fontPreload = '';

  /** False until the portal has been built (the server then says how to build it). */
  isBuilt(): boolean {
    return existsSync(resolve(PORTAL_DIST, 'index.html')) && existsSync(SSR_ENTRY);
  }

  /**
   * Loads the server-side build and the page template ahead of the first visitor, who would
   * otherwise wait for them (about a second on a small machine). Nothing to do before a build.
   */
  async warm(): Promise<void> {
    if (!this.isBuilt()) return;
    this.indexHtml();
    await this.serverEntry();
  }

  /** The landing page for a visitor, every section in the HTML. */
  async landing(landingState: PageState): Promise<string> {
    const entry = await this.serverEntry();
    const state: PageState = { ...landingState, markup: 'hydrate' };
    const page = await entry.renderHome(state);
    return this.fill(
      entry,
      { ...state, money: page.money },
      {
        title: page.title,
        head: page.styles,
        root: page.html,
        // The page reads completely without script: the "needs JavaScript" notice does not apply.
        dropNoscript: true,
      },
    );
  }

  /**
   * A signed-in "/": the signed-in frame and the dashboard drawn in the HTML from the session's and
   * the dashboard's answers, which the page also carries for React to hydrate from, so the first
   * screen needs no request of its own.
   */
  async dashboard(dashboardState: PageState): Promise<string> {
    const entry = await this.serverEntry();
    const state: PageState = { ...dashboardState, markup: 'hydrate' };
    const page = await entry.renderHome(state);
    return this.fill(entry, { ...state, money: page.money }, { title: page.title, head: page.styles, root: page.html, dropNoscript: false });
  }

  /** The single-page app's shell with the answers it would ask for first, nothing drawn (a fallback). */
  async shell(state: PageState): Promise<string> {
    return this.fill(await this.serverEntry(), state, { head: '', root: '', dropNoscript: false });
  }

  private fill(entry: ServerEntry, state: PageState, parts: { title?: string; head: string; root: string; dropNoscript: boolean }): string {
    let html = this.indexHtml();
    // A drawn page is painted before the app is requested (portal/src/main.tsx): its preloads,
    // which would share the line with the page's text and font, go (portal/vite.config.ts).
    if (state.markup === 'hydrate') html = insertInto(html, /<link rel="modulepreload"[^>]* data-app>/g, '');
    if (parts.title) html = insertInto(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`);
    if (parts.dropNoscript) html = insertInto(html, /<noscript>[\s\S]*?<\/noscript>/, '');
    const data = `<script type="application/json" id="${entry.PAGE_STATE_ID}">${entry.serializePageState(state)}</script>`;
    // The font first: it is needed for the first paint, the scripts only after it.
    html = insertInto(html, '<head>', `<head>${this.fontPreload}`);
    html = insertInto(html, '</head>', `${parts.head}</head>`);
    return insertInto(html, '<div id="root"></div>', `<div id="root">${parts.root}</div>${data}`);
  }

  private indexHtml(): string {
    if (this.template === null) {
      this.template = inlineStylesheets(readFileSync(resolve(PORTAL_DIST, 'index.html'), 'utf8'));
      this.fontPreload = fontPreload();
    }
    return this.template;
  }

  private serverEntry(): Promise<ServerEntry> {
    this.entry ??= import(pathToFileURL(SSR_ENTRY).href) as Promise<ServerEntry>;
    return this.entry;
  }
}

/**
 * The entry's own stylesheet (styles/fonts.css: the font's declaration, under a kilobyte) written
 * into the page: one request fewer before the first paint. An inline style, which the CSP allows.
 */
function inlineStylesheets(template: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g, (link, file: string) => {
    const path = resolve(PORTAL_DIST, file);
    return existsSync(path) ? `<style>${readFileSync(path, 'utf8').replace(/<\//g, '<\\/')}</style>` : link;
  });
}

/**
 * The text font's Latin file (portal/src/styles/fonts.css, `font-display: swap`): requested with the
 * page rather than once its styles are applied, so the first paint can already use it.
 */
function fontPreload(): string {
  const assets = resolve(PORTAL_DIST, 'assets');
  const file = existsSync(assets) ? readdirSync(assets).find((name) => /^inter-latin-wght-normal-[\w-]+\.woff2$/.test(name)) : undefined;
  return file ? `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>` : '';
}

/**
 * Puts `text` where `needle` is, as it is. String.replace with a string would read `$&`, `$\``,
 * `$'` and `$$` in it as replacement patterns: a first name `Q$\`W` in the page's data would paste
 * the page's head there (its `</script>` included). A function's answer is never read so.
 */
export function insertInto(html: string, needle: string | RegExp, text: string): string {
  return html.replace(needle, () => text);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
