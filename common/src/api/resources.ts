/** A file attached to a course (moduleId null) or to one of its modules, as every caller sees it. */
export interface ResourceDto {
  id: number;
  courseId: number;
  moduleId: number | null;
  title: string;
  description: string;
  /** The name it downloads as, e.g. "Consent checklist.pdf". */
  fileName: string;
  /** Media type sniffed from the bytes when it was uploaded. */
  contentType: string;
  /** "PDF", "Word document" … */
  typeLabel: string;
  size: number;
  position: number;
  /** `GET` it to download (enrolled learners, licensed staff and admins). */
  downloadUrl: string;
}

/** A course's or a module's resources, and whether this caller may download them. */
export interface ResourceListDto {
  resources: ResourceDto[];
  /**
   * False for a visitor or a learner not enrolled: the list shows, downloads answer 401/403.
   * `access` says why, so the page can say how to get access.
   */
  canDownload: boolean;
  access: 'granted' | 'sign_in' | 'enroll';
}
