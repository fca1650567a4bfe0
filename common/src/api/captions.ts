/** One caption track of a module, as listed (the cues themselves are served as WebVTT). */
export interface CaptionTrackDto {
  moduleId: number;
  lang: string;
  label: string;
  cueCount: number;
  sourceFormat: 'vtt' | 'srt';
  updatedAt: string;
  /** Where the WebVTT is served: `/api/modules/:id/captions/:lang.vtt`. */
  url: string;
}

/** A course's modules and the caption languages each has, for the public course page. */
export interface CourseCaptionsDto {
  courseId: number;
  modules: Array<{ moduleId: number; title: string; languages: Array<{ lang: string; label: string }> }>;
}
