import { describe, expect, it } from 'vitest';
import { achievementNarrative } from './credentials.ts';

const config = { brandName: 'Atrium' };

describe('achievementNarrative', () => {
  it('asks for the videos alone when the course asks nothing more', () => {
    expect(achievementNarrative(config, 'School videos', { finalQuiz: false, assignments: 0 })).toBe(
      `Complete the video course "School videos" on Atrium's learning portal: watch every module and complete each one. The certificate is issued when every requirement is met.`,
    );
  });

  it('names the final knowledge check and the assignments the certificate waited for', () => {
    const both = achievementNarrative(config, 'Podcasting', { finalQuiz: true, assignments: 2 });
    expect(both).toContain('watch every module and complete each one, pass the final knowledge check and complete its 2 assignments');
    expect(both).toContain('once it is approved');
    expect(achievementNarrative(config, 'Podcasting', { finalQuiz: false, assignments: 1 })).toContain(
      'watch every module and complete each one and complete the assignment (',
    );
    expect(achievementNarrative(config, 'Podcasting', { finalQuiz: true, assignments: 0 })).toContain(
      'watch every module and complete each one and pass the final knowledge check.',
    );
  });
});
