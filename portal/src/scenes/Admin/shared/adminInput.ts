import { formatDuration, parseDurationInput } from '@atrium/common/rules/format';
import { parseVimeoInput, type VimeoVideoRef } from '@atrium/common/rules/vimeo';
import { MAX_MODULE_DURATION } from '@atrium/common/schemas/catalogue';

export { poundsToPence } from '@atrium/common/rules/money';

/** Pence shown in the price field: 49900 → "499", 19999 → "199.99". */
export function penceToPounds(pence: number): string {
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

export { PRICE_ERROR } from '@atrium/common/rules/money';

/** Module duration as typed to seconds (empty = 0), or the message that says what to type. */
export function durationField(input: string): { seconds: number } | { error: string } {
  const seconds = parseDurationInput(input);
  if (seconds === null) return { error: 'Enter the duration as MM:SS (e.g. 12:30) or as minutes (e.g. 12.5)' };
  if (seconds > MAX_MODULE_DURATION) return { error: 'A module can be at most 12 hours long' };
  return { seconds };
}

/** The duration field's starting text for a stored module: 750 → "12:30"; 0 → "". */
export const durationText = (seconds: number) => (seconds > 0 ? formatDuration(seconds) : '');

/** A Vimeo id or link as typed, parsed; the value the API takes is "id" or "id/hash". */
export function vimeoField(input: string): { video: VimeoVideoRef; value: string } | { error: string } {
  if (input.trim() === '') return { error: 'Video id is required' };
  const video = parseVimeoInput(input);
  if (!video) return { error: 'Enter a Vimeo video id (e.g. 76979871) or a vimeo.com link' };
  return { video, value: vimeoValue(video) };
}

/** A parsed Vimeo reference as the API takes it: "id" or "id/hash". */
export const vimeoValue = (video: VimeoVideoRef) => (video.hash ? `${video.id}/${video.hash}` : video.id);

/** The video field's starting text for a stored module. */
export const vimeoText = (id: string | undefined, hash: string | null | undefined) => (id ? (hash ? `${id}/${hash}` : id) : '');
