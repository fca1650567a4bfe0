import { courseCaptionsDtoSchema, idParams, type CourseCaptionsDto } from '@atrium/common';
import { notFound } from '../../../errors.ts';
import { captionTracksOfModules } from '../../../queries/captions.ts';
import type { Routes } from '../../define.ts';

/** Which of a course's modules have captions, and in which languages: public, so a school can check before buying. */
export function courseCaptionRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/courses/:id/captions',
    access: 'public',
    params: idParams,
    answer: { body: courseCaptionsDtoSchema },
    async handler(ctx) {
      const entry = await ctx.deps.catalogue.course(ctx.input.params.id);
      if (!entry) throw notFound('Course not found');
      const tracks = await captionTracksOfModules(
        ctx.deps.db,
        entry.modules.map((module) => Number(module.id)),
      );
      const body: CourseCaptionsDto = {
        courseId: Number(entry.course.id),
        modules: entry.modules.map((module) => ({
          moduleId: Number(module.id),
          title: module.title,
          languages: tracks.filter((track) => Number(track.moduleId) === Number(module.id)).map((track) => ({ lang: track.lang, label: track.label })),
        })),
      };
      ctx.body = body;
    },
  });
}
