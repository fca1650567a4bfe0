/**
 * A course's professional-development (CPD) value (issue 59): hours to a quarter hour, optional
 * CEUs (continuing education units, to a hundredth) and the standards or frameworks it maps to.
 * Hours travel as numbers of hours (1.25) and are stored as whole quarter hours (5), so adding
 * up a transcript never drifts by floating-point error.
 */

/** The most hours one course can carry: a year's part-time programme, far past any typo of minutes. */
export const MAX_CPD_HOURS = 500;
/** CEUs are usually a tenth of the contact hours; 50 is a 500-hour course. */
export const MAX_CEUS = 50;
export const MAX_CPD_STANDARDS = 12;
export const CPD_STANDARD_MAX = 60;

export const CPD_HOURS_QUARTER_ERROR = 'CPD hours go to the quarter hour, e.g. 1, 1.25, 1.5 or 1.75';
export const CPD_HOURS_RANGE_ERROR = `CPD hours must be between 0.25 and ${MAX_CPD_HOURS}`;
export const CEUS_ERROR = `CEUs must be a number between 0.01 and ${MAX_CEUS}, with at most two decimals (e.g. 0.15)`;

/** Whole quarter hours of `hours`, or null when it is not a whole number of quarters. */
export function quarterHoursOf(hours: number): number | null {
  const quarters = hours * 4;
  const whole = Math.round(quarters);
  return Number.isFinite(quarters) && Math.abs(quarters - whole) < 1e-9 ? whole : null;
}

export const hoursFromQuarters = (quarters: number): number => quarters / 4;

/** Hundredths of a CEU figure, or null when it has more than two decimals. */
export function ceuHundredthsOf(ceus: number): number | null {
  const hundredths = ceus * 100;
  const whole = Math.round(hundredths);
  return Number.isFinite(hundredths) && Math.abs(hundredths - whole) < 1e-6 ? whole : null;
}

/** Seconds rounded to the nearest quarter hour (half a quarter rounds up), in hours: the guide from the modules' running time. */
export function nearestQuarterHours(seconds: number): number {
  return Math.round(Math.max(0, seconds) / 900) / 4;
}

/** "1 hour", "1.25 hours", "0.5 hours": a figure of hours as a certificate or card writes it. */
export function cpdHoursText(hours: number): string {
  const figure = Number(hours.toFixed(2)).toString();
  return `${figure} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** "1.25 CPD hours · 0.13 CEUs" for a card or a certificate line. */
export function cpdSummary(value: { cpdHours?: number | null; ceus?: number | null }): string | null {
  if (value.cpdHours == null) return null;
  const hours = `${Number(value.cpdHours.toFixed(2))} CPD ${value.cpdHours === 1 ? 'hour' : 'hours'}`;
  return value.ceus == null ? hours : `${hours} · ${Number(value.ceus.toFixed(2))} ${value.ceus === 1 ? 'CEU' : 'CEUs'}`;
}

/** The sum of hours, added up in quarters. */
export function totalHours(hours: Iterable<number | null | undefined>): number {
  let quarters = 0;
  for (const value of hours) if (value != null) quarters += quarterHoursOf(value) ?? Math.round(value * 4);
  return hoursFromQuarters(quarters);
}

/** Standards as typed: comma-separated, trimmed, empties dropped, repeats (any case) once. */
export function splitStandards(text: string): string[] {
  return dedupeStandards(text.split(','));
}

export function dedupeStandards(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\s+/g, ' ');
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * The most external CPD entries one person may keep: years of a teacher's courses elsewhere fit
 * many times over, while the entries (each with evidence) cannot grow without end.
 */
export const EXTERNAL_CPD_MAX_ENTRIES = 500;

/** The largest evidence file an external CPD entry may carry (10 MB). */
export const CPD_EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What evidence of training done elsewhere may be, by the type sniffed from its bytes: a PDF, an
 * image of a certificate or a Word document. Never HTML, SVG or anything that runs.
 */
export const CPD_EVIDENCE_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
} as const satisfies Record<string, string>;

export type CpdEvidenceType = keyof typeof CPD_EVIDENCE_TYPES;

export const isCpdEvidenceType = (type: string): type is CpdEvidenceType => Object.hasOwn(CPD_EVIDENCE_TYPES, type);

/** What the file picker offers (the server still decides by the bytes). */
export const CPD_EVIDENCE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.docx';

export const CPD_EVIDENCE_REFUSED = 'Evidence must be a PDF, an image (PNG, JPEG or WebP) or a Word (.docx) document';
export const CPD_EVIDENCE_TOO_LARGE = 'The evidence file is larger than 10 MB. Make it smaller (compress the PDF or the photo) and try again.';

/** The most share links a person may have working at once. */
export const MAX_TRANSCRIPT_SHARES = 10;
