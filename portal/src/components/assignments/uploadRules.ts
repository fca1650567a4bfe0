import type { AssignmentAcceptKind, SubmissionFileKind } from '../../api/assignmentTypes.ts';

/**
 * What the file picker offers per kind. The server sniffs the bytes and decides; these only keep
 * the picker to files it would take (and let a phone offer its camera or recorder).
 */
export const PICKER_TYPES: Record<SubmissionFileKind, string[]> = {
  // No HEIC: naming it makes an iPhone hand over its original HEIC photo, which the server cannot
  // decode; without it iOS converts the photo to JPEG as it is picked.
  image: ['image/jpeg', 'image/png', 'image/webp', '.jpg', '.jpeg', '.png', '.webp'],
  audio: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/wav', 'audio/x-wav', '.mp3', '.m4a', '.wav'],
  video: ['video/mp4', 'video/quicktime', 'video/webm', '.mp4', '.mov', '.webm'],
  pdf: ['application/pdf', '.pdf'],
};

export const KIND_WORDS: Record<AssignmentAcceptKind, { one: string; many: string }> = {
  image: { one: 'photo', many: 'photos' },
  audio: { one: 'audio recording', many: 'audio recordings' },
  video: { one: 'video', many: 'videos' },
  pdf: { one: 'PDF', many: 'PDFs' },
  link: { one: 'link', many: 'links' },
};

const EXTENSIONS: Record<string, SubmissionFileKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  heic: 'image',
  heif: 'image',
  mp3: 'audio',
  m4a: 'audio',
  wav: 'audio',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  pdf: 'pdf',
};

/** The kind a file claims to be, from its type or else its name; null when it is none we take. */
export function declaredKind(file: Pick<File, 'name' | 'type'>): SubmissionFileKind | null {
  const type = file.type.toLowerCase();
  for (const [kind, types] of Object.entries(PICKER_TYPES) as [SubmissionFileKind, string[]][]) {
    if (type && types.includes(type)) return kind;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return extension ? (EXTENSIONS[extension] ?? null) : null;
}

/** The file kinds of an assignment (a link is typed, not uploaded). */
export const fileKinds = (accepts: readonly AssignmentAcceptKind[]): SubmissionFileKind[] =>
  accepts.filter((kind): kind is SubmissionFileKind => kind !== 'link');

/** The `accept` attribute of the file input: every type of every kind the assignment takes. */
export const acceptAttribute = (accepts: readonly AssignmentAcceptKind[]) =>
  fileKinds(accepts)
    .flatMap((kind) => PICKER_TYPES[kind])
    .join(',');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** "Photos and PDFs", "a video": what the assignment takes, in words. */
export function acceptsPhrase(accepts: readonly AssignmentAcceptKind[]): string {
  const words = accepts.map((kind) => KIND_WORDS[kind].many);
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`;
}

/**
 * Why a picked file will not be sent, before a byte goes up: a kind the assignment does not
 * take, a file over its kind's limit, no room left. Null when it may go (the server checks again).
 */
export function refusal(
  file: Pick<File, 'name' | 'type' | 'size'>,
  accepts: readonly AssignmentAcceptKind[],
  limits: Record<SubmissionFileKind, number>,
  roomLeft: number,
): string | null {
  const kind = declaredKind(file);
  if (!kind || !accepts.includes(kind)) return `${file.name}: this assignment takes ${acceptsPhrase(fileKinds(accepts))} only.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > limits[kind]) return `${file.name} is ${formatBytes(file.size)}; a ${KIND_WORDS[kind].one} may be up to ${formatBytes(limits[kind])}.`;
  if (roomLeft <= 0) return `${file.name} was not added: this assignment takes at most the files already there. Remove one first.`;
  return null;
}

/** http(s) URL as the server takes it (≤ 2,000 characters); null when fine, else the reason. */
export function linkProblem(value: string): string | null {
  const typed = value.trim();
  if (!typed) return null;
  if (typed.length > 2000) return 'The link is too long (at most 2,000 characters).';
  try {
    const url = new URL(typed);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter a web address starting with https://';
  } catch {
    return 'Enter a web address starting with https://';
  }
  return null;
}

/** Splits plain text into text and http(s) links, so instructions can show their addresses as links. */
export function linkify(text: string): ({ text: string } | { href: string })[] {
  const parts: ({ text: string } | { href: string })[] = [];
  const pattern = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ href: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
