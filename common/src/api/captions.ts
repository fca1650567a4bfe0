import { z } from 'zod';

/** One caption track of a module, as listed (the cues themselves are served as WebVTT). */
export const captionTrackDtoSchema = z
  .object({
    moduleId: z.number(),
    lang: z.string(),
    label: z.string(),
    cueCount: z.number(),
    sourceFormat: z.enum(['vtt', 'srt']),
    /** ISO. */
    updatedAt: z.string(),
    /** Where the WebVTT is served: `/api/modules/:id/captions/:lang.vtt`. */
    url: z.string(),
  })
  .meta({ id: 'CaptionTrackDto' });
export type CaptionTrackDto = z.infer<typeof captionTrackDtoSchema>;

/** A course's modules and the caption languages each has, for the public course page. */
export const courseCaptionsDtoSchema = z
  .object({
    courseId: z.number(),
    modules: z.array(
      z.object({
        moduleId: z.number(),
        title: z.string(),
        languages: z.array(z.object({ lang: z.string(), label: z.string() })),
      }),
    ),
  })
  .meta({ id: 'CourseCaptionsDto' });
export type CourseCaptionsDto = z.infer<typeof courseCaptionsDtoSchema>;
