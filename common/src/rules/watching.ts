/**
 * How reports say what was played (issue 36): whole minutes played, rounded down so a learner is
 * never credited with a minute they did not play, of the course's minutes, rounded up.
 */
export const playedMinutes = (seconds: number): number => Math.floor(Math.max(0, seconds) / 60);

export const durationMinutes = (seconds: number): number => Math.ceil(Math.max(0, seconds) / 60);

/** "watched 4 of 12 min". */
export const watchedOf = (playedSeconds: number, durationSeconds: number): string =>
  `watched ${playedMinutes(playedSeconds)} of ${durationMinutes(durationSeconds)} min`;

/** Where a report flags modules completed without playing, this says what the flag means. */
export const WITHOUT_PLAYING_RULE = 'A module counts as completed without playing when it was marked complete with less than 90% of its video played.';
