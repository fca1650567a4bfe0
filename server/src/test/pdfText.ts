import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdfjs measures the 14 standard fonts from its own files (the documents embed theirs; a PDF
// made elsewhere may not).
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** A PDF read back as a reader would: its page sizes (points) and its text, one string per page. */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: Array<{ width: number; height: number; text: string }> }> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: Array<{ width: number; height: number; text: string }> = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
    pages.push({ width: Math.round(width), height: Math.round(height), text: text.replace(/[ \t]+/g, ' ') });
  }
  await document.destroy();
  return { pages };
}
