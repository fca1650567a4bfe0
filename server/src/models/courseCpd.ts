import { ceuHundredthsOf, hoursFromQuarters, quarterHoursOf, type CourseInput, type CourseUpdateInput } from '@atrium/common';
import type { Course } from './Course.ts';

type CpdColumns = Pick<Course, 'cpdQuarterHours' | 'ceuHundredths' | 'cpdStandards'>;

/** The CPD value of a course or certificate row as the API says it (issue 59): hours, CEUs, standards; absent when unset. */
export interface CpdValue {
  cpdHours?: number;
  ceus?: number;
  cpdStandards?: string[];
}

export function cpdOf(row: Partial<CpdColumns>): CpdValue {
  const value: CpdValue = {};
  if (row.cpdQuarterHours !== null && row.cpdQuarterHours !== undefined) value.cpdHours = hoursFromQuarters(Number(row.cpdQuarterHours));
  if (row.ceuHundredths !== null && row.ceuHundredths !== undefined) value.ceus = Number(row.ceuHundredths) / 100;
  const standards = standardsOf(row.cpdStandards ?? null);
  if (standards.length) value.cpdStandards = standards;
  return value;
}

function standardsOf(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/** The CPD columns a create or update writes: an absent field keeps its column, null (or []) clears it. */
export function cpdColumns(input: Pick<CourseInput | CourseUpdateInput, 'cpdHours' | 'ceus' | 'cpdStandards'>): Partial<CpdColumns> {
  const columns: Partial<CpdColumns> = {};
  if (input.cpdHours !== undefined) columns.cpdQuarterHours = input.cpdHours === null ? null : quarterHoursOf(input.cpdHours);
  if (input.ceus !== undefined) columns.ceuHundredths = input.ceus === null ? null : ceuHundredthsOf(input.ceus);
  if (input.cpdStandards !== undefined) columns.cpdStandards = input.cpdStandards.length ? JSON.stringify(input.cpdStandards) : null;
  return columns;
}
