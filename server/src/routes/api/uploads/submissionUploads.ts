import { SUBMISSION_FILE_LIMITS, type SubmissionFileKind } from '@atrium/common';
import { checkStorageQuota } from '../../../commands/storageQuota.ts';
import { attachSubmissionFile, writableAssignment } from '../../../commands/submissions.ts';
import { badRequest, HttpError } from '../../../errors.ts';
import { draftOf, fileCountOf } from '../../../queries/assignments.ts';
import { declaredKind, formatLimit, storeSubmissionFile } from '../../../services/uploads/submissionFile.ts';
import type { UploadPurpose } from '../../../services/uploads/tus.ts';

const KIND_NAME: Record<SubmissionFileKind, string> = { image: 'photos', audio: 'recordings', video: 'videos', pdf: 'PDFs' };
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The largest file of any kind: what tus lets through before an upload's own limit applies. */
export const LARGEST_SUBMISSION_FILE = Math.max(...Object.values(SUBMISSION_FILE_LIMITS));

/**
 * Resumable uploads are submission files (ASSIGN-CONTRACT.md "Uploads"). `Upload-Metadata`
 * carries `assignmentId`, `filename` and `filetype` (declared, untrusted: it only chooses the
 * limit checked before any byte is staged; the bytes decide when the upload finishes).
 */
export const submissionUploads: UploadPurpose = {
  async checkCreate({ deps, user }, { size, metadata }) {
    if (!/^[1-9]\d{0,9}$/.test(metadata.assignmentId ?? '')) throw badRequest('Upload-Metadata must name the assignmentId');
    const assignment = await writableAssignment(deps.db, user.id, Number(metadata.assignmentId));
    const fileKinds = assignment.accepts.filter((kind): kind is SubmissionFileKind => kind in SUBMISSION_FILE_LIMITS);
    if (!fileKinds.length) throw new HttpError(415, 'unsupported_media_type', 'This assignment takes a link, not files');
    const declared = declaredKind(metadata.filetype);
    if (declared && !fileKinds.includes(declared)) throw new HttpError(415, 'unsupported_media_type', `This assignment does not accept ${KIND_NAME[declared]}`);
    const limit = declared ? SUBMISSION_FILE_LIMITS[declared] : Math.max(...fileKinds.map((kind) => SUBMISSION_FILE_LIMITS[kind]));
    if (size > limit)
      throw new HttpError(413, 'file_too_large', `${declared ? capitalise(KIND_NAME[declared]) : 'Files'} may be at most ${formatLimit(limit)}`);
    // Uploads in flight are not counted: attachSubmissionFile re-checks the room when one finishes.
    const draft = await draftOf(deps.db, user.id, assignment.id);
    if (draft && (await fileCountOf(deps.db, draft.id)) >= assignment.maxFiles)
      throw new HttpError(
        409,
        'conflict',
        `This assignment takes at most ${assignment.maxFiles} ${assignment.maxFiles === 1 ? 'file' : 'files'}; remove one first`,
      );
    // Refused before a byte is staged when the declared length cannot fit; checked again when it finishes.
    await checkStorageQuota(deps.db, deps.config, user.id, size);
    return { assignmentId: String(assignment.id), filename: metadata.filename ?? '', filetype: metadata.filetype ?? '' };
  },

  /**
   * Stores the file (sniffed, photos re-encoded without metadata) and attaches it to the
   * learner's draft. Access is checked again: it may have ended since the upload began.
   */
  async finish({ deps, user }, upload) {
    const assignment = await writableAssignment(deps.db, user.id, Number(upload.metadata.assignmentId));
    const stored = await storeSubmissionFile(deps.storage, upload, {
      filename: upload.metadata.filename || null,
      filetype: upload.metadata.filetype || null,
      accepts: assignment.accepts,
    });
    // Re-checks access, the kind and the room in the draft in its transaction; deletes the stored object when it refuses.
    const { fileId } = await attachSubmissionFile(deps, { userId: user.id, assignmentId: assignment.id, ...stored });
    return fileId;
  },
};
