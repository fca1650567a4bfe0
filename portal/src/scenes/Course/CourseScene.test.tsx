import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CourseDetailDto } from '@atrium/common';
import { learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { CourseScene } from './CourseScene.tsx';

const course: CourseDetailDto = {
  id: 5,
  title: 'Safeguarding Basics',
  description: 'What every member of staff needs to know.',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 1,
  totalDuration: 300,
  isEnrolled: true,
  completedModules: 0,
  progressPercentage: 0,
  lastWatchedModule: null,
  modules: [{ id: 1, courseId: 5, title: 'Module 1', description: '', duration: 300, orderIndex: 1, isCompleted: false }],
};
const renderCourse = () => renderScene(<CourseScene />, { route: '/courses/5', path: '/courses/:id' });

describe('CourseScene: school access', () => {
  it('says which school gives access', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': ok({ ...course, schoolName: "St Mary's Primary" }) });
    renderCourse();
    expect(await screen.findByText("Access through St Mary's Primary")).toBeInTheDocument();
  });

  it('says nothing about schools for a personal enrollment', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': ok({ ...course, schoolName: null }) });
    renderCourse();
    expect(await screen.findByRole('heading', { level: 1, name: 'Safeguarding Basics' })).toBeInTheDocument();
    expect(screen.queryByText(/Access through/)).not.toBeInTheDocument();
  });
});
