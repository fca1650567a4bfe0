/** SPEC §5 and §9: images only, at most 5 MB, checked before anything is uploaded. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export interface FileProblem {
  title: string;
  description: string;
}

export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): FileProblem | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid File Type', description: 'Please select an image file' };
  if (file.size > AVATAR_MAX_BYTES) return { title: 'File Too Large', description: 'Please select an image smaller than 5MB' };
  return null;
}
