import { nameWithExtension } from './fileNames.ts';

/** The largest file an admin may attach as a course resource (25 MB). */
export const RESOURCE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The kinds of file a course resource may be, by the media type sniffed from its bytes: each
 * with the extension it is downloaded with and the name learners see. SVG (a script carrier),
 * HTML and executables are never among them.
 */
export const RESOURCE_TYPES = {
  'application/pdf': { extension: 'pdf', label: 'PDF' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extension: 'docx', label: 'Word document' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extension: 'xlsx', label: 'Excel spreadsheet' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { extension: 'pptx', label: 'PowerPoint presentation' },
  'image/png': { extension: 'png', label: 'PNG image' },
  'image/jpeg': { extension: 'jpg', label: 'JPEG image' },
  'image/gif': { extension: 'gif', label: 'GIF image' },
  'image/webp': { extension: 'webp', label: 'WebP image' },
  'application/zip': { extension: 'zip', label: 'ZIP archive' },
} as const satisfies Record<string, { extension: string; label: string }>;

export type ResourceContentType = keyof typeof RESOURCE_TYPES;

export const isResourceContentType = (type: string): type is ResourceContentType => Object.hasOwn(RESOURCE_TYPES, type);

/** What the file picker offers (the server still decides by the bytes). */
export const RESOURCE_ACCEPT = Object.values(RESOURCE_TYPES)
  .map((type) => `.${type.extension}`)
  .concat('.jpeg')
  .join(',');

/** "PDF, Word, Excel, PowerPoint, images (PNG, JPEG, GIF, WebP) or ZIP": the sentence a refusal gives. */
export const RESOURCE_TYPES_SENTENCE = 'a PDF, Word (.docx), Excel (.xlsx) or PowerPoint (.pptx) file, an image (PNG, JPEG, GIF, WebP) or a ZIP archive';

/**
 * The name a resource is downloaded as: the uploaded name without its folders and characters that
 * file systems refuse or that reorder it on screen, ending in the extension of the type its bytes are.
 */
export function resourceFileName(uploadedName: string, contentType: ResourceContentType, fallback: string): string {
  return nameWithExtension(uploadedName, RESOURCE_TYPES[contentType].extension, fallback || 'resource');
}

/** "820 KB", "2.4 MB", "25 MB": a file's size as a learner reads it (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? Number(mb.toFixed(1)) : Math.round(mb)} MB`;
}
