import { createElement } from 'react';
import { defineWidget } from '../define.ts';
import { CourseGrid } from './CourseGrid.tsx';

/** <atrium-course-grid [api-base] [portal-url] [signed-in]> */
defineWidget({
  tag: 'atrium-course-grid',
  attributes: { apiBase: 'string', portalUrl: 'string', signedIn: 'boolean' },
  render: ({ portalUrl, signedIn }, { apiBase, emit }) =>
    createElement(CourseGrid, {
      apiBase,
      portalUrl: portalUrl || undefined,
      signedIn,
      onLoaded: (courses) => emit('loaded', { count: courses.length }),
      onError: (message) => emit('error', { message }),
    }),
});
