import { z } from 'zod';

/** A file attached to a course (moduleId null) or to one of its modules, as every caller sees it. */
export const resourceDtoSchema = z
  .object({
    id: z.number(),
    courseId: z.number(),
    moduleId: z.number().nullable(),
    title: z.string(),
    description: z.string(),
    /** The name it downloads as, e.g. "Consent checklist.pdf". */
    fileName: z.string(),
    /** Media type sniffed from the bytes when it was uploaded. */
    contentType: z.string(),
    /** "PDF", "Word document" … */
    typeLabel: z.string(),
    size: z.number(),
    position: z.number(),
    /** `GET` it to download (enrolled learners, licensed staff and admins). */
    downloadUrl: z.string(),
  })
  .meta({ id: 'ResourceDto' });
export type ResourceDto = z.infer<typeof resourceDtoSchema>;

/** A course's or a module's resources, and whether this caller may download them. */
export const resourceListDtoSchema = z
  .object({
    resources: z.array(resourceDtoSchema),
    /**
     * What the caller may do with these resources, decided by the server's course-access policy:
     * `download` is false for a visitor or a learner not enrolled (the list shows, downloads
     * answer 401/403). `access` says why, so the page can say how to get access.
     */
    can: z.object({ download: z.boolean() }),
    access: z.enum(['granted', 'sign_in', 'enroll']),
  })
  .meta({ id: 'ResourceListDto' });
export type ResourceListDto = z.infer<typeof resourceListDtoSchema>;
