import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';

/** A small but real PDF (one empty page). */
export function pdfBytes(note = 'Atrium test'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n% ${note}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

const OOXML_MAIN: Record<'docx' | 'xlsx' | 'pptx', { part: string; type: string }> = {
  docx: { part: '/word/document.xml', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml' },
  xlsx: { part: '/xl/workbook.xml', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml' },
  pptx: { part: '/ppt/presentation.xml', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml' },
};

/** An Office Open XML package as Word, Excel or PowerPoint write it: `[Content_Types].xml` first. */
export function officeBytes(kind: 'docx' | 'xlsx' | 'pptx'): Buffer {
  const { part, type } = OOXML_MAIN[kind];
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="${part}" ContentType="${type}"/></Types>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(contentTypes),
      [part.slice(1)]: strToU8('<?xml version="1.0"?><root/>'),
    }),
  );
}

/** A plain ZIP archive of two text files. */
export function zipBytes(): Buffer {
  return Buffer.from(zipSync({ 'checklist.txt': strToU8('1. Consent forms\n'), 'notes/readme.txt': strToU8('Read me') }));
}

export function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#3355aa' } })
    .png()
    .toBuffer();
}

export const svgBytes = () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const htmlBytes = () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
/** The first bytes of a Windows executable. */
export const exeBytes = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0)]);
