import '../test/setup.ts';
import type { CourseSummaryDto } from '@atrium/common/api/courses';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json, mockFetch } from '../test/setup.ts';
import { CourseCard } from './CourseCard.tsx';
import { CourseGrid } from './CourseGrid.tsx';
import { CourseGridView } from './CourseGridView.tsx';

const course = (overrides: Partial<CourseSummaryDto> = {}): CourseSummaryDto => ({
  id: 7,
  title: 'Smartphone Photography for School Marketing',
  description: 'Take photos parents stop scrolling for.',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 7,
  totalDuration: 4200,
  prices: { GBP: overrides.price ?? 49900 },
  ...overrides,
});

const mediaOf = (container: HTMLElement) => container.querySelector('[part="card-media"]')?.getAttribute('data-media');

describe('CourseCard (landing rules, SPEC §2)', () => {
  it('shows the preview video only for one of the four known titles', () => {
    const { container, unmount } = render(
      <CourseCard course={course({ title: 'Running a School Podcast', salesVideoId: '123456' })} href="/auth" actionLabel="Get Started" />,
    );
    expect(mediaOf(container)).toBe('video');
    expect(container.querySelector('iframe')?.getAttribute('src')).toContain('player.vimeo.com/video/123456');
    expect(container.querySelector('iframe')?.getAttribute('title')).toBe('Preview: Running a School Podcast');
    unmount();

    const other = render(<CourseCard course={course({ title: 'Podcasting for Governors', salesVideoId: '123456' })} href="/auth" actionLabel="Get Started" />);
    expect(mediaOf(other.container)).toBe('icon-podcast');
    expect(other.container.querySelector('iframe')).toBeNull();
  });

  it.each([
    ['Advanced PHOTO editing', 'icon-photo'],
    ['Video for open days', 'icon-video'],
    ['The weekly podcast', 'icon-podcast'],
    ['Writing a prospectus', 'icon-book'],
  ])('picks the icon for %j', (title, media) => {
    const { container } = render(<CourseCard course={course({ title, salesVideoId: null })} href="/auth" actionLabel="Get Started" />);
    expect(mediaOf(container)).toBe(media);
  });

  it('shows the price in pounds from pence, the module count, and links where told', () => {
    render(<CourseCard course={course({ price: 19900, totalModules: 5 })} href="https://portal.test/auth" actionLabel="Get Started" />);
    expect(screen.getByText('£199.00')).toBeTruthy();
    expect(screen.getByText('5 modules')).toBeTruthy();
    expect(screen.getByText('1 hour')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('https://portal.test/auth');
  });

  it('shows the price in the chosen currency, or in pounds with a note when the course has none', () => {
    const priced = course({ prices: { GBP: 49900, USD: 59900 } });
    const { container, rerender } = render(<CourseCard course={priced} href="/auth" actionLabel="Get Started" currency="USD" />);
    expect(container.querySelector('[part="card-price"]')!.textContent).toBe('$599.00');
    expect(container.querySelector('[part="card-price-note"]')).toBeNull();
    rerender(<CourseCard course={priced} href="/auth" actionLabel="Get Started" currency="EUR" />);
    expect(container.querySelector('[part="card-price"]')!.textContent).toBe('£499.00');
    expect(container.querySelector('[part="card-price-note"]')!.textContent).toBe('No euro price: shown in pounds');
  });

  it('says the CPD hours a course is worth when it has them (issue 59)', () => {
    const { container } = render(<CourseCard course={course({ cpdHours: 2, ceus: 0.2 })} href="/auth" actionLabel="Get Started" />);
    expect(container.querySelector('[part="card-cpd"]')?.textContent).toBe('2 CPD hours · 0.2 CEUs');
    const plain = render(<CourseCard course={course({ id: 8 })} href="/auth" actionLabel="Get Started" />);
    expect(plain.container.querySelector('[part="card-cpd"]')).toBeNull();
  });

  it('says "Multiple" when totalModules is absent', () => {
    const { totalModules: _omitted, ...withoutCount } = course();
    render(<CourseCard course={withoutCount} href="/auth" actionLabel="Get Started" />);
    expect(screen.getByText('Multiple modules')).toBeTruthy();
  });
});

describe('CourseGridView', () => {
  it('shows four placeholder cards while loading', () => {
    const { container } = render(<CourseGridView state={{ status: 'loading' }} linkFor={() => '/auth'} actionLabel="Get Started" onRetry={() => {}} />);
    expect(container.querySelectorAll('[data-placeholder]')).toHaveLength(4);
    expect(container.querySelector('[part="grid"]')?.getAttribute('aria-busy')).toBe('true');
  });

  it('offers a retry when loading failed', () => {
    const onRetry = vi.fn();
    render(<CourseGridView state={{ status: 'error', message: '500: boom' }} linkFor={() => '/auth'} actionLabel="Get Started" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load the courses");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('CourseGrid', () => {
  it('loads GET /api/courses and links visitors to /auth on the portal, keeping the course to come back to', async () => {
    const answer = deferred<Response>();
    const { calls } = mockFetch(() => answer.promise);
    const onLoaded = vi.fn();
    const { container } = render(<CourseGrid apiBase="https://atrium.test" portalUrl="https://portal.test/" onLoaded={onLoaded} />);
    expect(container.querySelectorAll('[data-placeholder]')).toHaveLength(4);
    expect(calls).toEqual([{ url: 'https://atrium.test/api/courses', method: 'GET', body: null }]);

    answer.resolve(json([course(), course({ id: 8, title: 'Running a School Podcast', price: 19900 })]));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(container.querySelectorAll('[data-placeholder]')).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: 'Get Started' }).map((link) => link.getAttribute('href'))).toEqual([
      'https://portal.test/auth?next=%2Fcourses%2F7',
      'https://portal.test/auth?next=%2Fcourses%2F8',
    ]);
    expect(onLoaded).toHaveBeenCalledWith([expect.objectContaining({ id: 7 }), expect.objectContaining({ id: 8 })]);
  });

  it('links a signed-in visitor to checkout, on the API origin by default', async () => {
    mockFetch(() => json([course({ id: 3 })]));
    render(<CourseGrid apiBase="https://atrium.test" signedIn />);
    const link = await screen.findByRole('link', { name: 'Purchase Course' });
    expect(link.getAttribute('href')).toBe('https://atrium.test/checkout/3');
  });

  it('shows the error state and loads again on retry', async () => {
    let fail = true;
    const { calls } = mockFetch(() => (fail ? new Response('database down', { status: 500 }) : json([course()])));
    const onError = vi.fn();
    render(<CourseGrid onError={onError} />);
    await screen.findByRole('alert');
    expect(onError).toHaveBeenCalledWith('500: database down');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(calls.map((call) => call.url)).toEqual(['/api/courses', '/api/courses']);
  });

  it('says so when there are no courses', async () => {
    mockFetch(() => json([]));
    render(<CourseGrid />);
    expect(await screen.findByText('No courses yet')).toBeTruthy();
  });
});
