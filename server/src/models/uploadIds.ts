/** Resumable upload ids the server hands out: the creator's user id, then 128 random bits. */
export const UPLOAD_ID_PATTERN = /^u([1-9]\d{0,15})-[0-9a-f]{32}$/;

/** The user who created an upload, read from its id; null for an id the server never makes. */
export function uploadOwner(id: string): number | null {
  const match = UPLOAD_ID_PATTERN.exec(id);
  return match ? Number(match[1]) : null;
}
