import { describe, expect, it } from 'vitest';
import { validateCaptionFile } from './captions.ts';

describe('validateCaptionFile on a large file', () => {
  it('gives the event loop turns while it reads many lines, and still names the problem', async () => {
    const text = `WEBVTT\n${'\n'.repeat(100_000)}`;
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 0);
    try {
      await expect(validateCaptionFile(text, 'vtt')).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/no cues/) });
    } finally {
      clearInterval(ticking);
    }
    // 100,000 lines are 20 turns of 5,000; read as one block, no timer could run until the end.
    expect(turns).toBeGreaterThan(5);
  });

  it('reads every line ending (CRLF, LF, CR) as WebVTT does, so line numbers agree', async () => {
    const text = 'WEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\rfirst\n\n00:00:03.000 --> 00:00:04.000\nsecond\n';
    await expect(validateCaptionFile(text, 'vtt')).resolves.toMatchObject({ cueCount: 2 });
    await expect(validateCaptionFile('WEBVTT\n\nnot a cue\r\n', 'vtt')).rejects.toMatchObject({ message: expect.stringMatching(/Line 3/) });
  });
});
