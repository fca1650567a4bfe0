import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './options.ts';

export interface FrontendSizes {
  /** Gzip bytes of the JavaScript loaded to show the landing route: entry, its preloads and the landing scene chunk. */
  landingFirstLoadJsGzip: number | null;
  landingFiles: string[];
  /** How the landing files were found: Vite's manifest (entry + landing scene) or index.html only. */
  landingMethod: 'manifest' | 'index.html' | 'index.html + landing scene' | null;
  /** Gzip bytes of each widget bundle file. */
  widgets: Record<string, number>;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** True once `npm run build` has built the portal the server serves. */
export const portalBuilt = () => existsSync(resolve(ROOT, 'portal/dist/index.html'));

const gzipSize = (file: string) => (existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);

/** A manifest chunk's file and everything it statically imports. */
function closure(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
}

function landingFiles(portalDist: string): { files: string[]; method: FrontendSizes['landingMethod'] } {
  const manifestFile = join(portalDist, '.vite/manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const files = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, files);
    // The app (src/startApp.tsx, which the entry loads once the page has painted) and the landing scene
    // with what they import statically, as portal/scripts/first-load-size.mjs counts them: the
    // scene's lazy parts (the phone menu, opened on a tap) are not part of the first load.
    for (const key of Object.keys(manifest)) if (/(?:^|\/)(?:src\/startApp|scenes\/Landing\/LandingScene)\.tsx$/.test(key)) closure(manifest, key, files);
    return { files: [...files].filter((file) => file.endsWith('.js')), method: 'manifest' };
  }
  // No manifest: the entry script and modulepreloads of index.html, their static imports, and the
  // lazily loaded landing scene chunk with its own (as portal/scripts/first-load-size.mjs counts).
  const html = readFileSync(join(portalDist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const files = new Set<string>();
  const follow = (file: string) => {
    if (files.has(file) || !existsSync(join(portalDist, file))) return;
    files.add(file);
    const code = readFileSync(join(portalDist, file), 'utf8');
    for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) follow(`assets/${match[1]}`);
  };
  entry.forEach(follow);
  const landing = entry[0] ? /\.\/(LandingScene-[\w-]+\.js)/.exec(readFileSync(join(portalDist, entry[0]), 'utf8'))?.[1] : undefined;
  if (landing) follow(`assets/${landing}`);
  return { files: [...files], method: landing ? 'index.html + landing scene' : 'index.html' };
}

/** Sizes from the built portal and widgets, when they have been built (npm run build). */
export function frontendSizes(): FrontendSizes {
  const portalDist = resolve(ROOT, 'portal/dist');
  const sizes: FrontendSizes = { landingFirstLoadJsGzip: null, landingFiles: [], landingMethod: null, widgets: {} };
  if (existsSync(join(portalDist, 'index.html'))) {
    const { files, method } = landingFiles(portalDist);
    sizes.landingFiles = files;
    sizes.landingMethod = method;
    sizes.landingFirstLoadJsGzip = files.reduce((sum, file) => sum + gzipSize(join(portalDist, file)), 0);
  }
  const widgetsDist = resolve(ROOT, 'widgets/dist');
  if (existsSync(widgetsDist)) {
    for (const name of readdirSync(widgetsDist).sort()) {
      if (name.endsWith('.js')) sizes.widgets[name] = gzipSize(join(widgetsDist, name));
    }
  }
  return sizes;
}
