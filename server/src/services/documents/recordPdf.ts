import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { cpdSummary, type PublicRecordDto } from '@atrium/common';
import { FONT, useDocumentFonts } from './pdfFonts.ts';

/** A verified CPD record as printed (issue 59): everything decided already, only laid out here. */
export interface RecordDocument {
  brandName: string;
  record: PublicRecordDto;
  /** The public page of this record: printed, and the QR code leads there. */
  verifyUrl: string;
}

const MARGIN = 50;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const QR_SIZE = 96;

const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const hours = (value: number) => `${Number(value.toFixed(2))}`;

/** Draws the QR code's dark modules as filled squares: vector, so it prints sharp at any size. */
function drawQr(pdf: PDFKit.PDFDocument, value: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  pdf.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1)
      if (modules.get(row, column)) pdf.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
  pdf.fill().restore();
}

/**
 * The record as PDF bytes (A4): the person, the verified hours per school year, each completed
 * course with its certificate number, and a QR code of the public page where the record and
 * each certificate can be checked. In the documents' embedded typeface (pdfFonts.ts), so every
 * word can be read back.
 * Self-reported training is never on it.
 */
export async function renderRecordPdf(doc: RecordDocument): Promise<Buffer> {
  const { record } = doc;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `CPD record of ${record.name}`, Author: doc.brandName, Subject: 'Verified professional development record' },
  });
  useDocumentFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - MARGIN * 2;
  const right = pdf.page.width - MARGIN;
  const textWidth = width - QR_SIZE - 16;

  pdf.fillColor(MUTED).font(FONT.bold).fontSize(9).text(doc.brandName.toUpperCase(), MARGIN, MARGIN, { width: textWidth });
  pdf.fillColor(INK).font(FONT.bold).fontSize(20).text('Verified CPD record', { width: textWidth });
  pdf.font(FONT.regular).fontSize(13).text(record.name, { width: textWidth });
  pdf
    .fillColor(MUTED)
    .fontSize(9)
    .moveDown(0.4)
    .text(`Verified hours in all: ${hours(record.totalVerifiedHours)}. Record produced ${longDay(record.generatedAt.slice(0, 10))}.`, { width: textWidth });
  pdf.text('Only courses completed and certified on this platform are listed. Check this record online:', { width: textWidth });
  pdf.fillColor(INK).text(doc.verifyUrl, { width: textWidth, link: doc.verifyUrl });
  drawQr(pdf, doc.verifyUrl, right - QR_SIZE, MARGIN, QR_SIZE);
  let y = Math.max(pdf.y, MARGIN + QR_SIZE) + 20;

  const heading = (text: string) => {
    pdf.fillColor(MUTED).font(FONT.bold).fontSize(8).text(text.toUpperCase(), MARGIN, y, { width });
    y = pdf.y + 4;
    pdf.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
    y += 6;
  };
  const ensureRoom = (needed: number) => {
    if (y + needed > pdf.page.height - MARGIN) {
      pdf.addPage();
      y = MARGIN;
    }
  };

  heading('Hours per school year');
  pdf.font(FONT.regular).fontSize(10).fillColor(INK);
  if (!record.years.length) {
    pdf.text('No courses completed yet.', MARGIN, y, { width });
    y = pdf.y + 6;
  }
  for (const year of record.years) {
    ensureRoom(16);
    pdf.text(`${year.label} (${longDay(year.start)} – ${longDay(year.end)})`, MARGIN, y, { width: width - 160 });
    pdf.text(`${hours(year.verifiedHours)} hours · ${year.courses} ${year.courses === 1 ? 'course' : 'courses'}`, right - 160, y, {
      width: 160,
      align: 'right',
    });
    y += 16;
  }

  y += 12;
  heading('Completed courses');
  // The date column fits "30 September 2026" on one line.
  const columns = [
    { x: MARGIN, w: 96 },
    { x: MARGIN + 102, w: width - 102 - 200 },
    { x: right - 190, w: 128 },
    { x: right - 56, w: 56 },
  ];
  for (const course of record.courses) {
    const name = course.courseName;
    const nameHeight = pdf.font(FONT.regular).fontSize(10).heightOfString(name, { width: columns[1]!.w });
    ensureRoom(nameHeight + 22);
    pdf.fillColor(INK).font(FONT.regular).fontSize(10);
    pdf.text(longDay(course.completedOn), columns[0]!.x, y, { width: columns[0]!.w });
    pdf.text(name, columns[1]!.x, y, { width: columns[1]!.w });
    pdf.text(cpdSummary(course) ?? 'No hours stated', columns[2]!.x, y, { width: columns[2]!.w, align: 'left' });
    pdf.text(course.quizScore === null ? '' : `Quiz ${course.quizScore}%`, columns[3]!.x, y, { width: columns[3]!.w, align: 'right' });
    y += Math.max(nameHeight, 12) + 2;
    pdf.fillColor(MUTED).fontSize(8).text(`Certificate ${course.certificateNumber}`, columns[1]!.x, y, { width: columns[1]!.w });
    y = pdf.y + 8;
  }
  pdf.end();
  return done;
}
