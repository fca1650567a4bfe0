import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { SchoolSignIn } from './SchoolSignIn.tsx';

describe('SchoolSignIn', () => {
  it('asks for the work address and goes to the school sign-in start with it and the page to come back to', async () => {
    const go = vi.fn();
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <SchoolSignIn next="/courses/3?tab=modules" go={go} />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Sign in with your school' }));
    const field = screen.getByRole('textbox', { name: 'Your work e-mail address' });
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Continue to your school’s sign-in' }));
    expect(go).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, ' Jo.Teacher@Oak.sch.uk ');
    await user.click(screen.getByRole('button', { name: 'Continue to your school’s sign-in' }));
    expect(go).toHaveBeenCalledWith('/api/auth/sso/start?email=jo.teacher%40oak.sch.uk&returnTo=%2Fcourses%2F3%3Ftab%3Dmodules');
  });
});
