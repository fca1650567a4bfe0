import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { ModuleWatchedTime, WatchedTime } from './WatchedTime.tsx';

const shown = (ui: React.ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>).container;

describe('WatchedTime', () => {
  it('says what was played, and flags modules marked complete without playing, in words', () => {
    const flagged = shown(<WatchedTime watching={{ playedSeconds: 120, durationSeconds: 600, completedWithoutPlaying: 1 }} />);
    expect(flagged).toHaveTextContent('watched 2 of 10 min');
    const badge = screen.getByText(/1 module completed without playing/);
    expect(badge).toHaveAttribute('title', expect.stringContaining('less than 90% of its video played'));
  });

  it('does not flag a course played to 95 %', () => {
    const played = shown(<WatchedTime watching={{ playedSeconds: 570, durationSeconds: 600, completedWithoutPlaying: 0 }} />);
    expect(played).toHaveTextContent('watched 9 of 10 min');
    expect(played).not.toHaveTextContent(/without playing/);
  });

  it('per module: marked complete not played, completed, or not completed', () => {
    const module = { playedSeconds: 120, durationSeconds: 600 };
    expect(shown(<ModuleWatchedTime module={{ ...module, isCompleted: true, completedWithoutPlaying: true }} />)).toHaveTextContent(
      'watched 2 of 10 min Marked complete, not played',
    );
    expect(
      shown(<ModuleWatchedTime module={{ playedSeconds: 570, durationSeconds: 600, isCompleted: true, completedWithoutPlaying: false }} />),
    ).toHaveTextContent('watched 9 of 10 min Completed');
    expect(shown(<ModuleWatchedTime module={{ ...module, isCompleted: false, completedWithoutPlaying: false }} />)).toHaveTextContent('Not completed');
  });
});
