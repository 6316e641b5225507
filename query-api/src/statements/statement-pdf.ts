import PDFDocument from 'pdfkit';
import type { Lang } from '@recup/infra/http/language';
import type { StatementDto } from '../contracts/statements';
import { STATEMENT_TEXT, dayLabel, euros, monthLabel, parisDayLabel, percentLabel } from './statement-text';

interface StatementPdfData {
  lang: Lang;
  statement: StatementDto;
  centre: { address: string; postalCode: string; city: string; prefectApprovalReference: string | null };
  /** Who issues it: the platform, as it sells (SELLER_* variables). */
  issuer: { name: string; address: string; siret: string };
}

/**
 * A centre's monthly statement (issue 20 §6), A4 portrait: the centre and the month, one line per booking (its
 * payment and refund that month), the totals, the platform's commission, what the platform owes the centre and
 * whether it was paid, and the rules that decided which month each sum belongs to.
 */
export function renderStatementPdf(data: StatementPdfData): Promise<Buffer> {
  const { statement, lang } = data;
  const t = STATEMENT_TEXT[lang];
  const money = (cents: number) => euros(cents, lang);
  const colon = lang === 'fr' ? ' : ' : ': ';
  const doc = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, info: { Title: `${t.title} — ${statement.organization.name} — ${statement.month}`, Author: data.issuer.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  doc.fontSize(16).fillColor('#0b3d91').font('Helvetica-Bold').text(t.title, left, doc.page.margins.top, { width });
  doc.fontSize(12).fillColor('#000').text(`${t.month}${colon}${monthLabel(statement.month, lang)}`, { width });
  doc.moveDown(0.6);
  const top = doc.y;
  const half = width / 2 - 10;
  doc.fontSize(9).font('Helvetica-Bold').text(t.centre, left, top, { width: half }).font('Helvetica')
    .text(statement.organization.name, { width: half })
    .text(`${data.centre.address}, ${data.centre.postalCode} ${data.centre.city}`, { width: half });
  if (data.centre.prefectApprovalReference) doc.text(`${t.approval}${colon}${data.centre.prefectApprovalReference}`, { width: half });
  const leftEnd = doc.y;
  const right = left + width / 2 + 10;
  doc.font('Helvetica-Bold').text(t.issuer, right, top, { width: half }).font('Helvetica')
    .text(data.issuer.name, { width: half }).text(data.issuer.address, { width: half }).text(`SIRET ${data.issuer.siret}`, { width: half });
  doc.y = Math.max(leftEnd, doc.y) + 12;

  const widths = [88, 105, 100, 60, 82, 80];
  const row = (cells: readonly string[], y: number, bold = false) => {
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor('#000');
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      doc.text(cell, x + 3, y + 5, { width: w - 6, height: 12, ellipsis: true, lineBreak: false, align: i >= 4 ? 'right' : 'left' });
      x += w;
    });
    doc.moveTo(left, y + 20).lineTo(left + width, y + 20).lineWidth(0.5).strokeColor(bold ? '#333' : '#bbb').stroke();
  };
  const rowHeight = 20;
  let y = doc.y;
  row(t.columns, y, true);
  y += rowHeight;
  if (statement.lines.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(9).text(t.none, left + 3, y + 6, { width });
    y += rowHeight;
  }
  for (const line of statement.lines) {
    if (y + rowHeight > bottom - 20) {
      doc.addPage();
      y = doc.page.margins.top;
      row(t.columns, y, true);
      y += rowHeight;
    }
    row([line.bookingReference, line.learner, line.courseTitle, dayLabel(line.date), line.amount ? money(line.amount) : '', line.refund ? money(line.refund) : ''], y);
    y += rowHeight;
  }

  if (y + 190 > bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 10;
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9.5).fillColor('#000');
    doc.text(label, left + width - 330, y, { width: 220, lineBreak: false });
    doc.text(value, left + width - 110, y, { width: 107, align: 'right', lineBreak: false });
    y += bold ? 18 : 15;
  };
  total(t.paidOnline, money(statement.paidOnline));
  total(t.refunded, `- ${money(statement.refunded)}`);
  total(t.net, money(statement.net));
  total(t.commission(percentLabel(statement.commissionPercent, lang)), `${statement.commission >= 0 ? '-' : '+'} ${money(Math.abs(statement.commission))}`);
  total(statement.due >= 0 ? t.due : t.owed, money(Math.abs(statement.due)), true);
  y += 4;
  const state = statement.payment ? t.paid(money(statement.payment.amount), parisDayLabel(statement.payment.paidAt)) : statement.closed ? t.unpaid : t.open;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(statement.payment ? '#1b5e20' : '#8a4b00').text(state, left, y, { width });
  doc.moveDown(1).font('Helvetica').fontSize(8).fillColor('#333');
  for (const rule of [t.monthRule, t.commissionRule, t.atCentreRule]) doc.text(rule, left, doc.y, { width }).moveDown(0.3);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(7).fillColor('#555').text(t.page(i + 1, range.count), left, doc.page.height - margin + 10, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
