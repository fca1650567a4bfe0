import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import type { DashboardCourseDto } from '@atrium/common';
import { theme } from '@atrium/common/ui/theme';
import { CourseCard } from './CourseCard.tsx';

const course = (overrides: Partial<DashboardCourseDto> = {}): DashboardCourseDto => ({
  id: 3,
  title: 'Running a School Podcast',
  description: 'Start a podcast.',
  price: 19900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 5,
  totalDuration: 3000,
  isEnrolled: false,
  completedModules: 0,
  progressPercentage: 0,
  lastWatchedModule: null,
  ...overrides,
});

function renderCard(dto: DashboardCourseDto) {
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <CourseCard course={dto} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return screen.getByRole('article', { name: dto.title });
}

describe('CourseCard', () => {
  it("shows the price in the visitor's currency, or the pound price with a note when the course has none in it", () => {
    // No provider has answered GET /api/currency here: the browser's en-US decides (dollars).
    renderCard(course({ prices: { GBP: 19900, USD: 24900 } }));
    expect(screen.getByText('$249.00')).toBeInTheDocument();
    expect(screen.queryByText(/Priced in pounds/)).not.toBeInTheDocument();
  });

  it('says so when a course has no price in the chosen currency', () => {
    renderCard(course({ prices: { GBP: 19900 } }));
    expect(screen.getByText('£199.00')).toBeInTheDocument();
    expect(screen.getByText('Priced in pounds: no US dollar price for this course')).toBeInTheDocument();
  });

  it('not enrolled: modules, estimated hours, price in pounds and Purchase Course to checkout', () => {
    const card = renderCard(course());
    expect(within(card).getByText('5 modules')).toBeInTheDocument();
    expect(within(card).getByText('1 hour')).toBeInTheDocument();
    expect(within(card).getByText('£199.00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Purchase Course' })).toHaveAttribute('href', '/checkout/3');
    expect(card.querySelector('[data-icon="podcast"]')).not.toBeNull();
  });

  it('says the CPD hours and CEUs a course is worth (issue 59), and nothing for a course without', () => {
    const card = renderCard(course({ cpdHours: 1.25, ceus: 0.13, isEnrolled: true }));
    expect(within(card).getByText('1.25 CPD hours · 0.13 CEUs')).toBeInTheDocument();
    expect(within(renderCard(course({ id: 4, title: 'Other' }))).queryByText(/CPD/)).not.toBeInTheDocument();
  });

  it('a free course has nothing to purchase: it opens the course page', () => {
    const card = renderCard(course({ price: 0 }));
    expect(within(card).getByText('Free')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Course' })).toHaveAttribute('href', '/courses/3');
  });

  it('enrolled at 0 %: progress and Start Course', () => {
    const card = renderCard(course({ isEnrolled: true }));
    expect(within(card).getByText('0/5 modules completed')).toBeInTheDocument();
    expect(within(card).getByText('0%')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(within(card).getByRole('link', { name: 'Start Course' })).toHaveAttribute('href', '/courses/3');
    expect(within(card).queryByText('£199.00')).not.toBeInTheDocument();
  });

  it('enrolled and started: Continue Learning', () => {
    const card = renderCard(course({ isEnrolled: true, completedModules: 2, progressPercentage: 40 }));
    expect(within(card).getByText('2/5 modules completed')).toBeInTheDocument();
    expect(within(card).getByText('40%')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Continue Learning' })).toBeInTheDocument();
  });

  it('shows the preview video when there is one, else the thumbnail, else the keyword icon', () => {
    const withVideo = renderCard(course({ id: 4, title: 'Video A', salesVideoId: '123' }));
    expect(within(withVideo).getByRole('button', { name: 'Play video: Preview of Video A' })).toBeInTheDocument();
    const withThumb = renderCard(course({ id: 5, title: 'Thumb B', thumbnail: '/t.png' }));
    expect(withThumb.querySelector('img')).toHaveAttribute('src', '/t.png');
    const plain = renderCard(course({ id: 6, title: 'Governance' }));
    expect(plain.querySelector('[data-icon="book"]')).not.toBeNull();
  });
});
