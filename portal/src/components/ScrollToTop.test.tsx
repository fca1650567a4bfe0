import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './ErrorScreens.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ScrollToTop', () => {
  it('leaves the first page where the browser put it, and starts each next page at its top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/#faq']}>
        <ScrollToTop />
        <Link to="/courses/3">Course</Link>
        <Link to="/courses/3?tab=2">Same page</Link>
      </MemoryRouter>,
    );
    // A #link, a reload or a reader who scrolled the server's page before it was hydrated.
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Course' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    fireEvent.click(screen.getByRole('link', { name: 'Same page' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
