import { hoursFromQuarters, type CpdHoursDto } from '@atrium/common';
import { displayName } from '../models/User.ts';
import type { CpdRange, PersonCpdHours } from '../queries/cpdHours.ts';

/** The hours of a school's or trust's people in a range, and their total (added in quarters, so it never drifts). */
export function presentCpdHours(range: CpdRange, people: PersonCpdHours[]): CpdHoursDto {
  return {
    from: range.from,
    to: range.to,
    schoolYear: range.schoolYear?.label ?? null,
    totalHours: hoursFromQuarters(people.reduce((sum, person) => sum + person.quarterHours, 0)),
    people: people.map((person) => ({
      userId: person.userId,
      name: displayName(person),
      email: person.email,
      schoolName: person.schoolName,
      hours: hoursFromQuarters(person.quarterHours),
      courses: person.courses,
      wholeRecordShared: person.wholeRecordShared,
    })),
  };
}
