import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The printed documents' typeface: DejaVu Sans Condensed, embedded (subset to the glyphs
 * used); condensed because its widths are close to Helvetica's, which the layouts were drawn for. The PDF
 * standard Helvetica only encodes Windows-1252, so a name such as "Łukasz Wiśniewski", "Ysgol
 * Bro Ŵyddfa" or "Ирина" came out as other letters; DejaVu covers Latin, Greek and Cyrillic in
 * full, and pdfkit writes a ToUnicode map, so every word can still be selected, searched and read
 * back. Characters it lacks (Chinese, Japanese, Korean) print as an empty box, never as wrong
 * letters.
 */
export const FONT = { regular: 'Body', bold: 'Body-Bold', oblique: 'Body-Oblique' } as const;

const files = { [FONT.regular]: 'DejaVuSansCondensed.ttf', [FONT.bold]: 'DejaVuSansCondensed-Bold.ttf', [FONT.oblique]: 'DejaVuSansCondensed-Oblique.ttf' };

let loaded: Array<[string, Buffer]> | undefined;

/** Read once per process: the three files are 2 MB together, and every document needs them. */
function fontFiles(): Array<[string, Buffer]> {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    loaded = Object.entries(files).map(([name, file]) => [name, readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))]);
  }
  return loaded;
}

/** Registers the typeface's three styles on a new document and makes the regular one current. */
export function useDocumentFonts(pdf: PDFKit.PDFDocument): void {
  for (const [name, bytes] of fontFiles()) pdf.registerFont(name, bytes);
  pdf.font(FONT.regular);
}
