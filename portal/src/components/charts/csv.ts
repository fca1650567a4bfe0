/** One column of a chart's data: what the table heads it and the CSV names it, and how a cell reads. */
export interface DataColumn<Row> {
  key: keyof Row & string;
  label: string;
  /** How the table shows the value (the CSV keeps the raw value, for spreadsheets to compute with). */
  format?: (value: Row[keyof Row], row: Row) => string;
}

/** A cell as RFC 4180 wants it; a leading = + - @ is made text, so a spreadsheet never runs it as a formula. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV of exactly the rows and columns a chart draws and its table shows. */
export function toCsv<Row>(columns: ReadonlyArray<DataColumn<Row>>, rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.label)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
