import { createElement } from 'react';
import { defineWidget } from '../define.ts';
import { CourseGrid } from './CourseGrid.tsx';
import { isCurrency, type Currency } from '@atrium/common/rules/currency';

/** <atrium-course-grid [api-base] [portal-url] [signed-in] [currency="GBP|USD|EUR"]> */
defineWidget({
  tag: 'atrium-course-grid',
  attributes: { apiBase: 'string', portalUrl: 'string', signedIn: 'boolean', currency: 'string' },
  render: ({ portalUrl, signedIn, currency }, { apiBase, emit }) =>
    createElement(CourseGrid, {
      apiBase,
      portalUrl: portalUrl || undefined,
      signedIn,
      currency: isCurrency(currency?.toUpperCase()) ? (currency!.toUpperCase() as Currency) : undefined,
      onLoaded: (courses) => emit('loaded', { count: courses.length }),
      onError: (message) => emit('error', { message }),
    }),
});
