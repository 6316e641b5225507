import PDFDocument from 'pdfkit';
import type { Lang } from '@recup/infra/http/language';
import type { AnnualReport } from '../contracts/reports';
import { courseDays, REPORT_TEXT, reportDateTime } from './annual-report-text';

/**
 * The annual report the centre sends the prefecture (DOMAIN.md "After the course"): A4 portrait, the centre, its
 * approval and the year; the figures in tables (courses, trainees by case and by outcome, facilitators); then every
 * course of the year with its dates, place, number, trainees, completions and status.
 */
export function renderAnnualReportPdf(report: AnnualReport, lang: Lang): Promise<Buffer> {
  const t = REPORT_TEXT[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, info: { Title: `${t.title(report.year)} — ${report.centre.name}`, Author: report.centre.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  doc.fontSize(17).fillColor('#0b3d91').font('Helvetica-Bold').text(t.title(report.year), left, doc.page.margins.top, { width, align: 'center' });
  doc.fontSize(8.5).fillColor('#000').font('Helvetica').text(t.subtitle, { width, align: 'center' });
  doc.moveDown(0.8);
  doc.fontSize(10).font('Helvetica-Bold').text(report.centre.name, left, doc.y, { width });
  doc.font('Helvetica').text(`${report.centre.address}, ${report.centre.postalCode} ${report.centre.city}`, { width })
    .text(`${t.approval}${t.colon}${report.centre.prefectApprovalReference ?? t.none}`, { width })
    .text(`${t.year}${t.colon}${report.year}  ·  ${t.generatedAt} ${reportDateTime(report.generatedAt, lang)}`, { width });
  if (report.provisional) {
    doc.moveDown(0.3).fontSize(9).fillColor('#8a4b00').text(t.partial, { width }).fillColor('#000');
  }

  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom) {
      doc.addPage();
      doc.y = doc.page.margins.top;
    }
  };
  const heading = (text: string) => {
    ensureRoom(60);
    doc.moveDown(0.9).fontSize(12).font('Helvetica-Bold').fillColor('#0b3d91').text(text, left, doc.y, { width }).fillColor('#000');
    doc.moveDown(0.3);
  };

  /** A table of rows, with a bold head; cells wrap within their column, each row as tall as its tallest cell. */
  const table = (widths: number[], head: string[], rows: string[][], align: Array<'left' | 'right'> = []) => {
    const draw = (cells: string[], bold: boolean) => {
      doc.fontSize(8.5).font(bold ? 'Helvetica-Bold' : 'Helvetica');
      const height = Math.max(16, ...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 8 }) + 7));
      if (doc.y + height > bottom) {
        doc.addPage();
        doc.y = doc.page.margins.top;
        if (!bold) draw(head, true);
      }
      const y = doc.y;
      let x = left;
      cells.forEach((cell, i) => {
        const w = widths[i]!;
        if (bold) doc.rect(x, y, w, height).fillColor('#e8eef8').fill();
        doc.rect(x, y, w, height).lineWidth(0.5).strokeColor('#555').stroke();
        doc.fillColor('#000').font(bold ? 'Helvetica-Bold' : 'Helvetica').text(cell, x + 4, y + 4, { width: w - 8, align: bold ? 'left' : (align[i] ?? 'left') });
        x += w;
      });
      doc.y = y + height;
    };
    draw(head, true);
    for (const row of rows) draw(row, false);
    doc.x = left;
  };
  const figures = (rows: Array<[string, number | string]>) => table([width - 110, 110], [t.csv.item, t.count], rows.map(([label, value]) => [label, String(value)]), ['left', 'right']);

  heading(t.coursesHeading);
  figures([
    [t.declared, report.courses.declared],
    [t.held, report.courses.held],
    [t.cancelled, report.courses.cancelled],
    ...(report.courses.scheduled > 0 ? [[t.scheduled, report.courses.scheduled] as [string, number]] : []),
  ]);
  if (report.courses.cancellationReasons.length > 0) {
    doc.moveDown(0.5);
    table([width - 110, 110], [t.reason, t.count], report.courses.cancellationReasons.map(({ reason, count }) => [t.reasons[reason], String(count)]), ['left', 'right']);
  }

  heading(t.traineesHeading);
  figures([
    [t.total, report.trainees.total],
    ...report.trainees.byCase.map(({ case: learnerCase, count }) => [t.cases[learnerCase], count] as [string, number]),
  ]);
  doc.moveDown(0.5);
  figures([[t.completed, report.trainees.completed], [t.notCompleted, report.trainees.notCompleted], [t.notRecorded, report.trainees.notRecorded]]);

  heading(t.facilitatorsHeading);
  if (report.facilitators.length === 0) doc.fontSize(9).font('Helvetica').text(t.noFacilitators, left, doc.y, { width });
  else table([190, width - 300, 110], [t.role, t.name, t.courses], report.facilitators.map(({ role, name, courses }) => [t.roles[role], name, String(courses)]), ['left', 'left', 'right']);
  if (report.coursesHeldWithoutFacilitators > 0) doc.moveDown(0.3).fontSize(9).font('Helvetica').text(t.withoutFacilitators(report.coursesHeldWithoutFacilitators), left, doc.y, { width });

  heading(t.listHeading);
  if (report.courseList.length === 0) doc.fontSize(9).font('Helvetica').text(t.noCourse, left, doc.y, { width });
  else {
    const c = t.columns;
    table(
      [112, width - 112 - 78 - 50 - 46 - 50 - 70, 78, 50, 46, 50, 70],
      [c.date, c.place, c.ants, c.trainees, c.completed, c.notCompleted, c.status],
      report.courseList.map((course) => [
        courseDays(course.startDate, course.endDate, lang), `${course.address}, ${course.postalCode} ${course.city}`, course.antsNumber ?? '—',
        String(course.trainees), course.status === 'HELD' ? String(course.completed) : '—', course.status === 'HELD' ? String(course.notCompleted) : '—',
        course.status === 'CANCELLED' && course.cancellationReason ? `${t.statuses.CANCELLED} (${t.reasons[course.cancellationReason]})` : t.statuses[course.status],
      ]),
      ['left', 'left', 'left', 'right', 'right', 'right', 'left'],
    );
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(7).fillColor('#555').font('Helvetica').text(`${report.centre.name} · ${t.title(report.year)} · ${t.page(i + 1, range.count)}`, left, doc.page.height - margin + 12, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
