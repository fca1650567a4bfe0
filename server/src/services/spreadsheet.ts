import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** The Content-Type of an .xlsx download. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type SpreadsheetValue = string | number | Date | null | undefined;

export interface SpreadsheetColumn {
  header: string;
  /** Characters, as Excel measures column width. */
  width?: number;
  /** Excel number format, for dates and numbers (e.g. 'yyyy-mm-dd'). */
  numFmt?: string;
}

export interface SpreadsheetSource {
  sheetName: string;
  columns: SpreadsheetColumn[];
  /**
   * The data rows, a batch at a time. The next batch is asked for only once the reader has
   * taken most of the previous one, so a slow download never piles rows up in memory.
   */
  batches: AsyncIterable<SpreadsheetValue[][]>;
}

/**
 * Text always goes in as a string, never as an exceljs formula object, so a value such as
 * `=HYPERLINK("http://x","y")` or `@SUM(A1)` from a user's profile is stored as a text cell
 * (`t="str"` with no `<f>` element): Excel and LibreOffice show it, neither evaluates it. The
 * text is kept exactly as the user typed it, rather than prefixed with an apostrophe that would
 * then be part of the data. Control characters are dropped by exceljs (XML cannot hold them).
 */
function cellValue(value: SpreadsheetValue): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number') return value;
  return String(value);
}

/** Resolves once the reader has caught up with what has been written so far (or has gone). */
function drained(stream: PassThrough): Promise<void> {
  if (stream.destroyed || !stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** How much uncompressed sheet XML may wait for the zip before the next batch is written. */
const ZIP_BACKLOG_BYTES = 1024 * 1024;
/** Give up when the zip takes nothing in for this long (it has failed without saying so). */
const ZIP_STALL_MS = 60_000;

/** The zip's input for the sheet: a readable-stream PassThrough inside exceljs 4. */
interface ZipEntryInput {
  _writableState?: { length?: number };
  once(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
}

const isZipEntryInput = (value: unknown): value is ZipEntryInput =>
  typeof (value as ZipEntryInput | undefined)?._writableState?.length === 'number' && typeof (value as ZipEntryInput).once === 'function';

/** The next 'drain', or a short timeout so a stalled or finished stream is looked at again. */
function drainOrTick(entry: ZipEntryInput): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      entry.off('drain', done);
      resolve();
    };
    const timer = setTimeout(done, 50);
    entry.once('drain', done);
  });
}

/**
 * exceljs hands the sheet's XML to the zip without waiting for it to be compressed (its StreamBuf
 * ignores backpressure), so a producer that only watched the HTTP response would still pile the
 * whole sheet up in the zip's input buffer, and the export's memory would grow with its rows. It reads exceljs 4's internals (worksheet.stream.pipes); should
 * they ever change shape it degrades to a plain yield instead of failing the export.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet, output: PassThrough): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  if (!isZipEntryInput(entry)) return new Promise((resolve) => setImmediate(resolve));
  const backlog = () => entry._writableState!.length!;
  let last = backlog();
  let lastProgress = Date.now();
  while (backlog() > ZIP_BACKLOG_BYTES && !output.destroyed) {
    await drainOrTick(entry);
    if (backlog() < last) lastProgress = Date.now();
    else if (Date.now() - lastProgress > ZIP_STALL_MS) throw new Error('The spreadsheet zip stopped taking data');
    last = backlog();
  }
}

/**
 * Streams a one-sheet .xlsx workbook. Rows are written as they come with the streaming
 * WorkbookWriter and inline strings (a shared-strings table would hold every distinct value in
 * memory until the end), so memory stays flat however many rows there are. A failure part-way
 * destroys the stream, and the client sees a broken download rather than a truncated file.
 */
export function streamSpreadsheet(source: SpreadsheetSource, onError: (error: unknown) => void): Readable {
  return streamWorkbook([source], onError);
}

/**
 * A sheet name Excel accepts: at most 31 characters, none of []:*?/\, not blank, and unique
 * in the workbook (case-insensitively), so "Oak: North" twice becomes "Oak North" and "Oak North (2)".
 */
export function sheetNames(wanted: readonly string[]): string[] {
  const used = new Set<string>();
  return wanted.map((name) => {
    const base =
      name
        .replace(/[[\]:*?/\\]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '') || 'Sheet';
    for (let n = 1; ; n += 1) {
      const suffix = n === 1 ? '' : ` (${n})`;
      const candidate = `${base.slice(0, 31 - suffix.length).trim()}${suffix}`;
      if (!used.has(candidate.toLowerCase())) {
        used.add(candidate.toLowerCase());
        return candidate;
      }
    }
  });
}

/**
 * Streams a workbook of several sheets, one after another, each as streamSpreadsheet writes
 * its one (a sheet's batches are read only once the sheets before it are written, so a source
 * may query its rows lazily). Sheet names are made acceptable with sheetNames().
 */
export function streamWorkbook(sources: readonly SpreadsheetSource[], onError: (error: unknown) => void): Readable {
  const output = new PassThrough();
  const names = sheetNames(sources.map((source) => source.sheetName));
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    for (const [index, source] of sources.entries()) {
      const sheet = workbook.addWorksheet(names[index], { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = source.columns.map((column) => ({ width: column.width ?? 16 }));
      // The header row stays in view while scrolling (frozen above) and carries filter buttons.
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: source.columns.length } };
      const header = sheet.addRow(source.columns.map((column) => column.header));
      header.font = { bold: true };
      header.commit();
      // One style object per column, shared by all its cells: exceljs caches a style's id by object
      // identity, while a fresh object per cell is re-serialised and looked up every time (that
      // alone more than doubled the time to write 200,000 rows).
      const styles: Array<Partial<ExcelJS.Style>> = source.columns.map((column) => (column.numFmt ? { numFmt: column.numFmt } : {}));
      for await (const batch of source.batches) {
        // The client went away: stop reading the database (leaving the loop closes the source).
        if (output.destroyed) return;
        for (const values of batch) {
          const row = sheet.addRow(values.map(cellValue));
          row.eachCell((cell, column) => {
            cell.style = styles[column - 1]!;
          });
          row.commit();
        }
        await zipCaughtUp(sheet, output);
        await drained(output);
      }
      sheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
