/**
 * Invisible characters no stored name or label keeps: C0 and C1 controls, DEL, and the
 * bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, the
 * U+200E/U+200F/U+061C marks), with which `report\u202Efdp.exe` reads as `reportexe.pdf`.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A label as it may be stored and shown (a caption track's, say): controls and bidirectional characters dropped. */
export function withoutInvisibleControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '').trim();
}

/**
 * A file name as it may be stored and shown: no invisible controls (withoutInvisibleControls), none
 * of the characters Windows refuses in names (`<>:"/\|?*`), runs of white space one space.
 */
export function withoutUnsafeCharacters(name: string): string {
  return withoutInvisibleControls(name.replace(/[<>:"/\\|?*]/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The name a stored file is downloaded as: the uploaded name's last path segment without its
 * extension and unsafe characters (at most 200 characters), ending in `extension`, the one of the
 * type its bytes were judged to be. Whatever the name said (`a.html`, `.hta`), the file opens as
 * what it is. `fallback` names it when nothing of the uploaded name is left.
 */
export function nameWithExtension(uploadedName: string, extension: string, fallback: string): string {
  const stemOf = (name: string) =>
    Array.from(withoutUnsafeCharacters(name).replace(/\.[A-Za-z0-9]{1,5}$/, ''))
      .slice(0, 200)
      .join('')
      .replace(/^[\s.]+|[\s.]+$/g, '');
  const stem = stemOf(uploadedName.split(/[\\/]/).pop() ?? '') || stemOf(fallback) || 'file';
  return `${stem}.${extension}`;
}
