import PDFDocument from 'pdfkit';
import { formatMoney, type Currency } from '@atrium/common';
import { FONT, useDocumentFonts } from './pdfFonts.ts';

/** The agency as the invoice names it (INVOICE_SELLER_* in config.ts). */
export interface SellerDetails {
  name: string;
  address: string;
  vatNumber: string | null;
  email: string;
  /** Days from the issue date to the due date. */
  paymentTermsDays: number;
}

export interface BillingLine {
  description: string;
  quantity: number;
  /** Minor units. */
  net: number;
  tax: number;
  gross: number;
}

/** An invoice or a receipt as printed: everything already decided, only laid out here. */
export interface BillingDocument {
  kind: 'invoice' | 'receipt';
  number: string;
  issuedAt: Date;
  currency: Currency;
  seller: SellerDetails;
  buyer: { name: string; address: string | null; country: string | null; email: string; vatNumber: string | null };
  /** "PO 2291", "ORD-000042", the card payment's reference… shown under the number. */
  references: Array<{ label: string; value: string }>;
  lines: BillingLine[];
  taxLabel: string;
  taxNote: string | null;
  /** Invoices: when and how to pay. Receipts: how it was paid. */
  footer: string[];
}

const MARGIN = 56;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';

const longDate = (date: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(date);

/**
 * The document as PDF bytes: A4 for pounds and euros, US Letter for dollars; in the documents'
 * embedded typeface (pdfFonts.ts), so every word can be selected, searched and read back.
 */
export async function renderBillingPdf(doc: BillingDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: doc.currency === 'USD' ? 'LETTER' : 'A4',
    margin: MARGIN,
    info: {
      Title: `${doc.kind === 'invoice' ? 'Invoice' : 'Receipt'} ${doc.number}`,
      Author: doc.seller.name,
      Subject: doc.lines.map((l) => l.description).join(', '),
    },
  });
  useDocumentFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const money = (minor: number) => formatMoney(minor, doc.currency, doc.currency === 'USD' ? 'en-US' : doc.currency === 'EUR' ? 'en-IE' : 'en-GB');
  const width = pdf.page.width - MARGIN * 2;
  const right = pdf.page.width - MARGIN;

  // Heading: the seller on the left, the document's title and number on the right.
  pdf
    .fillColor(INK)
    .font(FONT.bold)
    .fontSize(16)
    .text(doc.seller.name, MARGIN, MARGIN, { width: width / 2 });
  pdf
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text(doc.seller.address, { width: width / 2 });
  pdf.text(doc.seller.email, { width: width / 2 });
  if (doc.seller.vatNumber) pdf.text(`VAT number: ${doc.seller.vatNumber}`, { width: width / 2 });
  const leftBottom = pdf.y;

  pdf
    .fillColor(INK)
    .font(FONT.bold)
    .fontSize(22)
    .text(doc.kind === 'invoice' ? 'INVOICE' : 'RECEIPT', MARGIN + width / 2, MARGIN, { width: width / 2, align: 'right' });
  pdf
    .font(FONT.regular)
    .fontSize(10)
    .text(doc.number, { width: width / 2, align: 'right' });
  pdf
    .fillColor(MUTED)
    .fontSize(9)
    .text(`${doc.kind === 'invoice' ? 'Issued' : 'Paid'} ${longDate(doc.issuedAt)}`, { width: width / 2, align: 'right' });
  if (doc.kind === 'invoice') {
    const due = new Date(doc.issuedAt.getTime() + doc.seller.paymentTermsDays * 86_400_000);
    pdf.text(`Due ${longDate(due)}`, { width: width / 2, align: 'right' });
  }
  for (const reference of doc.references) pdf.text(`${reference.label}: ${reference.value}`, { width: width / 2, align: 'right' });

  // The buyer.
  let y = Math.max(leftBottom, pdf.y) + 28;
  pdf
    .fillColor(MUTED)
    .font(FONT.bold)
    .fontSize(8)
    .text(doc.kind === 'invoice' ? 'BILL TO' : 'RECEIVED FROM', MARGIN, y);
  pdf
    .fillColor(INK)
    .font(FONT.bold)
    .fontSize(11)
    .text(doc.buyer.name, { width: width / 2 });
  pdf.font(FONT.regular).fontSize(9);
  if (doc.buyer.address) pdf.text(doc.buyer.address, { width: width / 2 });
  if (doc.buyer.country) pdf.text(doc.buyer.country, { width: width / 2 });
  pdf.fillColor(MUTED).text(doc.buyer.email, { width: width / 2 });
  if (doc.buyer.vatNumber) pdf.text(`VAT / tax number: ${doc.buyer.vatNumber}`, { width: width / 2 });

  // The lines.
  y = pdf.y + 28;
  const columns = [
    { label: 'Description', x: MARGIN, w: width - 330, align: 'left' as const },
    { label: 'Qty', x: right - 330, w: 40, align: 'right' as const },
    { label: 'Net', x: right - 280, w: 90, align: 'right' as const },
    { label: 'Tax', x: right - 185, w: 85, align: 'right' as const },
    { label: 'Total', x: right - 95, w: 95, align: 'right' as const },
  ];
  pdf.fillColor(MUTED).font(FONT.bold).fontSize(8);
  for (const column of columns) pdf.text(column.label.toUpperCase(), column.x, y, { width: column.w, align: column.align });
  y += 14;
  pdf.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  y += 8;
  pdf.fillColor(INK).font(FONT.regular).fontSize(10);
  for (const line of doc.lines) {
    const cells = [line.description, String(line.quantity), money(line.net), money(line.tax), money(line.gross)];
    const height = pdf.heightOfString(line.description, { width: columns[0]!.w });
    cells.forEach((cell, index) => pdf.text(cell, columns[index]!.x, y, { width: columns[index]!.w, align: columns[index]!.align }));
    y += Math.max(height, 12) + 10;
    pdf
      .moveTo(MARGIN, y - 5)
      .lineTo(right, y - 5)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  // Totals.
  const net = doc.lines.reduce((sum, line) => sum + line.net, 0);
  const tax = doc.lines.reduce((sum, line) => sum + line.tax, 0);
  const gross = doc.lines.reduce((sum, line) => sum + line.gross, 0);
  y += 8;
  const totals: Array<[string, string, boolean]> = [
    ['Net', money(net), false],
    [doc.taxLabel, money(tax), false],
    [doc.kind === 'invoice' ? `Total due (${doc.currency})` : `Total paid (${doc.currency})`, money(gross), true],
  ];
  for (const [label, value, strong] of totals) {
    pdf
      .font(strong ? FONT.bold : FONT.regular)
      .fontSize(strong ? 12 : 10)
      .fillColor(INK);
    pdf.text(label, right - 300, y, { width: 200, align: 'right' });
    pdf.text(value, right - 95, y, { width: 95, align: 'right' });
    y += strong ? 20 : 16;
  }
  if (doc.taxNote) {
    y += 6;
    pdf.font(FONT.oblique).fontSize(9).fillColor(INK).text(doc.taxNote, MARGIN, y, { width });
    y = pdf.y;
  }

  // How to pay, or how it was paid.
  y += 28;
  pdf.fillColor(MUTED).font(FONT.regular).fontSize(9);
  for (const line of doc.footer) {
    pdf.text(line, MARGIN, y, { width });
    y = pdf.y + 4;
  }
  pdf.end();
  return done;
}
