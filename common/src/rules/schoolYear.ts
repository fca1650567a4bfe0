/**
 * School years for CPD totals (issue 59): 1 September–31 August in the UK, July–June in much of
 * the US (the server's CPD_YEAR_START_MONTH). Dates are calendar days, YYYY-MM-DD.
 */

export interface SchoolYear {
  /** "2025–26" */
  label: string;
  /** First day, YYYY-MM-DD. */
  start: string;
  /** Last day, YYYY-MM-DD. */
  end: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The school year a day falls in, for years starting on the 1st of `startMonth` (1–12). */
export function schoolYearOf(day: string, startMonth: number): SchoolYear {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = month >= startMonth ? year : year - 1;
  return schoolYearFrom(first, startMonth);
}

export function schoolYearFrom(firstYear: number, startMonth: number): SchoolYear {
  if (startMonth === 1) return { label: String(firstYear), start: `${firstYear}-01-01`, end: `${firstYear}-12-31` };
  const endMonth = startMonth - 1;
  const lastDay = new Date(Date.UTC(firstYear + 1, endMonth, 0)).getUTCDate();
  return {
    label: `${firstYear}–${String((firstYear + 1) % 100).padStart(2, '0')}`,
    start: `${firstYear}-${pad(startMonth)}-01`,
    end: `${firstYear + 1}-${pad(endMonth)}-${pad(lastDay)}`,
  };
}
