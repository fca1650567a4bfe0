import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, fail, learner, mockApi, ok, publicConfig } from './test/api.ts';
import { renderApp } from './test/render.tsx';
import { AppRoutes } from './routes.tsx';
import { rememberedDestination } from './session/destination.ts';
import { LONG_TEST_MS } from './test/limits.ts';

const visitor = { 'GET /api/user': fail(401, 'Not signed in'), 'GET /api/config': ok(publicConfig), 'GET /api/courses': ok([]) };
const signedIn = (user = learner) => ({
  'GET /api/user': ok(user),
  'GET /api/config': ok(publicConfig),
  'GET /api/dashboard': ok({ courses: [], stats: { overallProgress: 0, enrolledCourses: 0, completedModules: 0, totalWatchTime: 0 } }),
  'GET /api/admin/overview': ok({ totalStudents: 12, totalEnrollments: 30, totalCourses: 4, unhandledMessages: 1 }),
});
const location = () => screen.getByTestId('location').textContent;

describe('routing rules (SPEC §2)', () => {
  it('shows a loading state while the session is checked', async () => {
    mockApi({ ...visitor, 'GET /api/user': () => new Promise(() => {}) });
    renderApp(<AppRoutes />, '/');
    expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
  });

  it('says when the server cannot be reached for the session check', async () => {
    mockApi({ ...visitor, 'GET /api/user': fail(503, 'down') });
    renderApp(<AppRoutes />, '/');
    expect(await screen.findByRole('heading', { name: "We can't reach the server" })).toBeInTheDocument();
  });

  it(
    'visitors: / is the landing page',
    async () => {
      mockApi(visitor);
      renderApp(<AppRoutes />, '/');
      // The landing scene is a lazy chunk; its first transform in the test runner takes a while.
      expect(await screen.findByRole('link', { name: /Start Learning Today/ }, { timeout: 15_000 })).toHaveAttribute('href', '/auth');
    },
    LONG_TEST_MS,
  );

  it('visitors: /courses and /checkout paths go to /', async () => {
    mockApi(visitor);
    renderApp(<AppRoutes />, '/checkout/3');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('visitors: a module link goes to / and is remembered for after sign-in', async () => {
    mockApi(visitor);
    renderApp(<AppRoutes />, '/courses/3/modules/5');
    await waitFor(() => expect(location()).toBe('/'));
    expect(rememberedDestination()).toBe('/courses/3/modules/5');
  });

  it('visitors: admin routes go to /auth, which leads back to the admin page', async () => {
    mockApi(visitor);
    renderApp(<AppRoutes />, '/admin/courses/4');
    await waitFor(() => expect(location()).toBe('/auth?next=%2Fadmin%2Fcourses%2F4'));
    // The frame and the scene are lazy chunks of their own (issue 41).
    expect(await screen.findByRole('tab', { name: 'Login' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('visitors: other paths, signed-in pages included, show the 404 screen with the router hint', async () => {
    mockApi(visitor);
    renderApp(<AppRoutes />, '/profile');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/did you forget to add the page to the router/)).toBeInTheDocument();
  });

  it('signed in: /auth goes to /, which is the dashboard', async () => {
    mockApi(signedIn());
    renderApp(<AppRoutes />, '/auth');
    expect(await screen.findByRole('heading', { name: 'Welcome, Priya!' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('signed in, not admin: admin routes say Access Denied', async () => {
    mockApi(signedIn());
    renderApp(<AppRoutes />, '/admin/students/4');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this page.')).toBeInTheDocument();
  });

  it(
    'admins: the Admin link and the admin overview',
    async () => {
      mockApi(signedIn(admin));
      renderApp(<AppRoutes />, '/admin');
      expect(await screen.findByRole('heading', { name: 'Admin Dashboard' }, { timeout: 15_000 })).toBeInTheDocument();
      expect(await screen.findByText('Total Students')).toBeInTheDocument();
      expect(screen.getByText('12')).toBeInTheDocument();
      // The unanswered contact messages are counted beside the Admin link.
      expect(screen.getByRole('link', { name: 'Admin (1 unanswered message)' })).toHaveAttribute('href', '/admin');
      // The support chat is for schools and visitors, not on the admin's pages (issue 34).
      expect(screen.queryByRole('button', { name: 'Open support chat' })).not.toBeInTheDocument();
    },
    LONG_TEST_MS,
  );

  it(
    'signed in: the support chat is offered on the dashboard',
    async () => {
      mockApi(signedIn());
      renderApp(<AppRoutes />, '/');
      expect(await screen.findByRole('button', { name: 'Open support chat' }, { timeout: 15_000 })).toBeInTheDocument();
    },
    LONG_TEST_MS,
  );

  it('signed in: an unknown path is a 404', async () => {
    mockApi(signedIn());
    renderApp(<AppRoutes />, '/courses/3/oops');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
