import { setImmediate as nextTurn } from 'node:timers/promises';
import { ParseError, parseTextStream, parseVTTTimestamp, type VTTCue } from 'media-captions';
import { badRequest } from '../errors.ts';

export const CAPTION_MAX_BYTES = 1024 * 1024;

export type CaptionFormat = 'vtt' | 'srt';

/** A track ready to store: WebVTT text and how many cues it has. */
export interface ValidCaptionTrack {
  vtt: string;
  cueCount: number;
  sourceFormat: CaptionFormat;
}

/** The first thing wrong with a file, with the 1-based line it is on. */
interface Problem {
  line: number;
  reason: string;
}

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Which format an upload is: WebVTT when it says so on its first line; SubRip when its name or
 * declared type says .srt; anything else is read as WebVTT, whose parser then names line 1.
 */
export function captionFormatOf(text: string, fileName: string, mimeType: string): CaptionFormat {
  if (text.replace(BYTE_ORDER_MARK, '').startsWith('WEBVTT')) return 'vtt';
  if (fileName.toLowerCase().endsWith('.srt') || mimeType === 'application/x-subrip') return 'srt';
  return 'vtt';
}

/** Decodes the bytes as UTF-8 (a caption file in another encoding is refused, not guessed at). */
export function decodeCaptionFile(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(BYTE_ORDER_MARK, '');
  } catch {
    throw badRequest('The file is not UTF-8 text. Save it as UTF-8 and upload it again.', { file: 'The file is not UTF-8 text' });
  }
}

function refuse(problem: Problem): never {
  const sentence = `Line ${problem.line}: ${problem.reason}`;
  throw badRequest(`The captions file was refused. ${sentence}`, { file: sentence });
}

/** The cue-timing line's two times, cut out with the library's timestamp parser. */
function timingOf(line: string, format: CaptionFormat): { start: number | null; end: number | null } {
  const arrow = line.indexOf('-->');
  const startText = line.slice(0, arrow).trim();
  const rest = line.slice(arrow + 3).trim();
  let endLength = 0;
  while (endLength < rest.length && rest[endLength] !== ' ' && rest[endLength] !== '\t') endLength += 1;
  const endText = rest.slice(0, endLength);
  const normalise = (text: string) => (format === 'srt' ? text.replaceAll(',', '.') : text);
  return { start: parseVTTTimestamp(normalise(startText)), end: parseVTTTimestamp(normalise(endText)) };
}

/**
 * What media-captions lets pass silently: a block that is not a cue (no timing line where one
 * belongs), a cue that ends before it starts (dropped without an error), and cues out of time
 * order (which a transcript could not follow). Lines end at CRLF, LF or CR, WebVTT's rule and the
 * library's, so line numbers agree with its errors.
 */
function structuralProblem(text: string, format: CaptionFormat): Problem | null {
  const lines = text
    .replaceAll('\r\n', '\n')
    .replaceAll('\r', '\n')
    .split('\n')
    .map((line) => line.trim());
  let index = 0;
  if (format === 'vtt') {
    // The header block runs to the first blank line.
    while (index < lines.length && lines[index] !== '') index += 1;
  }
  let previousStart = -1;
  while (index < lines.length) {
    while (index < lines.length && lines[index] === '') index += 1;
    if (index >= lines.length) break;
    const blockStart = index;
    while (index < lines.length && lines[index] !== '') index += 1;
    const block = lines.slice(blockStart, index);
    const first = block[0]!;
    if (format === 'vtt' && (first.startsWith('NOTE') || first.startsWith('STYLE') || first.startsWith('REGION'))) continue;
    // A cue's timing is its first line, or its second after an identifier (SubRip's number).
    const timingOffset = first.includes('-->') ? 0 : block.length > 1 && block[1]!.includes('-->') ? 1 : -1;
    if (timingOffset < 0) {
      return { line: blockStart + 1, reason: 'expected a cue timing such as "00:00:01.000 --> 00:00:04.000"' };
    }
    const { start, end } = timingOf(block[timingOffset]!, format);
    // Unreadable times are the parser's to name.
    if (start === null || end === null) continue;
    const line = blockStart + timingOffset + 1;
    if (end <= start) return { line, reason: 'the cue ends before it starts' };
    if (start < previousStart) return { line, reason: 'the cue starts before the one above it; cues must be in time order' };
    previousStart = start;
  }
  return null;
}

function timestamp(seconds: number): string {
  const totalMs = Math.round(seconds * 1000);
  const ms = totalMs % 1000;
  const totalSeconds = (totalMs - ms) / 1000;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}.${pad(ms, 3)}`;
}

/** WebVTT written from parsed cues (how a SubRip file is converted). */
export function cuesToVtt(cues: readonly VTTCue[]): string {
  const blocks = cues.map((cue) => {
    const id = cue.id && !cue.id.includes('-->') ? `${cue.id}\n` : '';
    return `${id}${timestamp(cue.startTime)} --> ${timestamp(cue.endTime)}\n${cue.text}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** Lines handed to the parser between two turns of the event loop. */
const LINES_PER_TURN = 5000;

/**
 * The file's lines as the parser reads them, one per pull. media-captions' own parseText queues
 * every line up front, and reading that queue is quadratic in lines (a 1 MB file of blank lines
 * held the event loop for minutes); pulled one at a time it is linear, and every few thousand lines
 * the event loop gets a turn, so other requests are answered while a large file is checked.
 */
function linesOf(text: string): ReadableStream<string> {
  const lines = text.split(/\r\n|\n|\r/);
  let next = 0;
  return new ReadableStream<string>(
    {
      async pull(controller) {
        if (next >= lines.length) return controller.close();
        if (next > 0 && next % LINES_PER_TURN === 0) await nextTurn();
        controller.enqueue(lines[next++]!);
      },
    },
    { highWaterMark: 0 },
  );
}

async function strictParse(text: string, format: CaptionFormat): Promise<{ cues: VTTCue[] } | { problem: Problem }> {
  try {
    const result = await parseTextStream(linesOf(text), { strict: true, type: format });
    return { cues: result.cues };
  } catch (error) {
    if (error instanceof ParseError) {
      // The library ends its reasons with "on line N"; the line is said once, in front.
      const suffix = ` on line ${error.line}`;
      const reason = error.message.endsWith(suffix) ? error.message.slice(0, -suffix.length) : error.message;
      return { problem: { line: error.line, reason } };
    }
    throw error;
  }
}

/**
 * Checks a caption file with media-captions (strict mode) and the rules above, and answers the
 * WebVTT to store: a WebVTT file as uploaded, a SubRip file converted. A bad file is a 400 whose
 * message names the line of the first problem.
 */
export async function validateCaptionFile(text: string, format: CaptionFormat): Promise<ValidCaptionTrack> {
  const parsed = await strictParse(text, format);
  const structural = structuralProblem(text, format);
  const problems = [structural, 'problem' in parsed ? parsed.problem : null].filter((problem): problem is Problem => problem !== null);
  if (problems.length > 0) refuse(problems.reduce((first, problem) => (problem.line < first.line ? problem : first)));
  const { cues } = parsed as { cues: VTTCue[] };
  if (cues.length === 0) refuse({ line: 1, reason: 'the file has no cues' });
  if (format === 'vtt') return { vtt: text, cueCount: cues.length, sourceFormat: 'vtt' };
  const vtt = cuesToVtt(cues);
  // The conversion is read back by the same parser, so what is stored is known to be valid.
  const check = await strictParse(vtt, 'vtt');
  if ('problem' in check || check.cues.length !== cues.length) refuse({ line: 1, reason: 'the file could not be converted to WebVTT' });
  return { vtt, cueCount: cues.length, sourceFormat: 'srt' };
}
