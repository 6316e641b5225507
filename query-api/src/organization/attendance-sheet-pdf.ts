import PDFDocument from 'pdfkit';
import type { Lang } from '@recup/infra/http/language';
import { courseSessions } from '@recup/shared-events/calendar/course-sessions';
import { COURSE_HALF_DAYS, type AttendanceSheetRow, type Facilitator } from '@recup/shared-events/courses/attendance';

export interface AttendanceSheetData {
  lang: Lang;
  centre: { name: string; address: string; postalCode: string; city: string; prefectApprovalReference: string | null };
  course: { title: string; address: string; postalCode: string; city: string; startDate: string; endDate: string; antsNumber: string | null };
  /**
   * Those expected: CONFIRMED bookings, by last name. `learnerCase`: the short label of the case of the law each
   * comes under ("Cas 2"), "—" when not given.
   */
  participants: ReadonlyArray<{
    lastName: string; firstName: string; dateOfBirth: string | null; licenseNumber: string | null; bookingReference: string; learnerCase: string;
    /** What the centre recorded for each half-day (issue 20): an absent half-day is struck through. */
    halfDays?: AttendanceSheetRow;
  }>;
  /** The course's facilitators as named by the centre, printed above their signature boxes. */
  facilitators?: readonly Facilitator[];
}

const TEXT = {
  fr: {
    title: 'FEUILLE D’ÉMARGEMENT',
    subtitle: 'Stage de sensibilisation à la sécurité routière (articles L. 223-6 et R. 223-5 à R. 223-9 du Code de la route)',
    centre: 'Centre organisateur', approval: 'N° d’agrément préfectoral', course: 'Stage', ants: 'N° de stage (ANTS)', place: 'Lieu', dates: 'Dates',
    none: 'non renseigné',
    columns: ['N°', 'Nom', 'Prénom', 'Né(e) le', 'N° de permis', 'Cas'],
    cases: 'Cas : 1 volontaire · 2 permis probatoire (lettre 48N) · 3 alternative aux poursuites ou peine complémentaire · 4 composition pénale (cas 3 et 4 : sans récupération de points).',
    morning: 'Matin', afternoon: 'Après-midi',
    instructions: 'Chaque stagiaire signe à son arrivée, à chaque demi-journée. Cette feuille est transmise à la préfecture avec les attestations de stage, dans les 15 jours suivant la fin du stage, et conservée 3 ans.',
    facilitators: 'Animateurs (présents pendant toute la durée du stage)',
    bafm: 'Expert en sécurité routière (BAFM) : nom et signature',
    psychologist: 'Psychologue : nom et signature',
    bafmRole: 'Expert en sécurité routière (BAFM)', psychologistRole: 'Psychologue',
    presence: { PRESENT: 'Présent(e)', ABSENT: 'Absent(e)', LATE_REFUSED: 'Retard refusé' },
    stamp: 'Cachet du centre et signature du responsable',
    page: (n: number, total: number) => `Page ${n} / ${total}`,
  },
  en: {
    title: 'ATTENDANCE SHEET',
    subtitle: 'Road safety awareness course (French Highway Code, articles L. 223-6 and R. 223-5 to R. 223-9)',
    centre: 'Organising centre', approval: 'Prefectoral approval no.', course: 'Course', ants: 'Course no. (ANTS)', place: 'Venue', dates: 'Dates',
    none: 'not given',
    columns: ['No.', 'Last name', 'First name', 'Born on', 'Licence no.', 'Case'],
    cases: 'Case: 1 voluntary · 2 probationary licence (48N letter) · 3 alternative to prosecution or additional penalty · 4 penal settlement (cases 3 and 4: no points back).',
    morning: 'Morning', afternoon: 'Afternoon',
    instructions: 'Each trainee signs on arrival, every half-day. This sheet goes to the prefecture with the course certificates within 15 days of the end of the course, and is kept for 3 years.',
    facilitators: 'Facilitators (present throughout the course)',
    bafm: 'Road safety expert (BAFM): name and signature',
    psychologist: 'Psychologist: name and signature',
    bafmRole: 'Road safety expert (BAFM)', psychologistRole: 'Psychologist',
    presence: { PRESENT: 'Present', ABSENT: 'Absent', LATE_REFUSED: 'Late, refused' },
    stamp: 'Centre’s stamp and manager’s signature',
    page: (n: number, total: number) => `Page ${n} / ${total}`,
  },
} as const;

/** Blank lines under the list, for a trainee added at the last minute. */
const SPARE_ROWS = 2;

/**
 * The course's "feuille d'émargement": the paper the centre sends the prefecture (DOMAIN.md), one signature
 * cell per participant and half-day, A4 landscape.
 */
export function renderAttendanceSheetPdf(data: AttendanceSheetData): Promise<Buffer> {
  const t = TEXT[data.lang];
  const locale = data.lang === 'fr' ? 'fr-FR' : 'en-GB';
  const day = (iso: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso));
  const shortDay = (iso: string) => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'Europe/Paris' }).format(new Date(iso));
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Paris' }).format(new Date(iso));
  const birth = (value: string | null) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
    return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
  };

  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, bufferPages: true, info: { Title: `${t.title} — ${data.course.title}`, Author: data.centre.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  const header = () => {
    doc.fontSize(16).fillColor('#0b3d91').font('Helvetica-Bold').text(t.title, left, doc.page.margins.top, { width, align: 'center' });
    doc.fontSize(9).fillColor('#000').font('Helvetica').text(t.subtitle, { width, align: 'center' });
    doc.moveDown(0.6);
    const top = doc.y;
    const half = width / 2 - 10;
    doc.fontSize(9).font('Helvetica-Bold').text(t.centre, left, top, { width: half }).font('Helvetica')
      .text(data.centre.name, { width: half }).text(`${data.centre.address}, ${data.centre.postalCode} ${data.centre.city}`, { width: half })
      .text(`${t.approval} : ${data.centre.prefectApprovalReference ?? t.none}`, { width: half });
    const leftEnd = doc.y;
    const right = left + width / 2 + 10;
    doc.font('Helvetica-Bold').text(`${t.course} : ${data.course.title}`, right, top, { width: half }).font('Helvetica')
      .text(`${t.ants} : ${data.course.antsNumber ?? t.none}`, { width: half })
      .text(`${t.place} : ${data.course.address}, ${data.course.postalCode} ${data.course.city}`, { width: half })
      .text(`${t.dates} : ${day(data.course.startDate)} ${time(data.course.startDate)} – ${day(data.course.endDate)} ${time(data.course.endDate)}`, { width: half });
    doc.y = Math.max(leftEnd, doc.y) + 8;
  };

  // Columns: number, names, birth date, licence, case, then four half-day signature cells.
  const fixed = [24, 116, 104, 62, 92, 40];
  const signature = (width - fixed.reduce((a, b) => a + b, 0)) / 4;
  const widths = [...fixed, signature, signature, signature, signature];
  // Each half-day's head names its day and times ("05/12 Matin 08:00–12:00"), from the course's own schedule.
  const times = courseSessions(data.course.startDate, data.course.endDate).flatMap((session) => session.halfDays.map((h) => `${time(h.start)}–${time(h.end)}`));
  const halfDays = [
    `${shortDay(data.course.startDate)} ${t.morning}`, `${shortDay(data.course.startDate)} ${t.afternoon}`,
    `${shortDay(data.course.endDate)} ${t.morning}`, `${shortDay(data.course.endDate)} ${t.afternoon}`,
  ].map((head, i) => (times[i] ? `${head}\n${times[i]}` : head));
  const rowHeight = 30;

  /** `struck`: the indexes of cells struck through (a half-day missed: nobody signs it). */
  const row = (cells: readonly string[], y: number, height: number, bold = false, struck: ReadonlySet<number> = new Set()) => {
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      doc.rect(x, y, w, height).lineWidth(0.6).strokeColor('#333').stroke();
      if (cell) doc.fillColor(i >= fixed.length ? '#555' : '#000').fontSize(i >= fixed.length && !bold ? 7 : 8.5).text(cell, x + 3, y + 4, { width: w - 6, height: height - 6, ellipsis: true });
      if (struck.has(i)) {
        doc.moveTo(x + 2, y + height - 3).lineTo(x + w - 2, y + 3).moveTo(x + 2, y + height / 2).lineTo(x + w - 2, y + height / 2).lineWidth(1.2).strokeColor('#000').stroke();
      }
      x += w;
    });
  };

  /** The table's head; returns where the first line goes. */
  const tableHeader = () => {
    const y = doc.y;
    row([...t.columns, ...halfDays], y, 34, true);
    return y + 34;
  };

  header();
  let y = tableHeader();
  const lines = [
    ...data.participants.map((p, i) => ({
      cells: [
        String(i + 1), p.lastName.toUpperCase(), p.firstName, birth(p.dateOfBirth), p.licenseNumber ?? '', p.learnerCase,
        ...COURSE_HALF_DAYS.map((halfDay) => { const presence = p.halfDays?.[halfDay]; return presence ? t.presence[presence] : ''; }),
      ],
      struck: new Set(COURSE_HALF_DAYS.flatMap((halfDay, k) => (p.halfDays?.[halfDay] === 'ABSENT' || p.halfDays?.[halfDay] === 'LATE_REFUSED' ? [fixed.length + k] : []))),
    })),
    ...Array.from({ length: SPARE_ROWS }, (_, i) => ({ cells: [String(data.participants.length + i + 1), '', '', '', '', '', '', '', '', ''], struck: new Set<number>() })),
  ];
  lines.forEach((line, i) => {
    // The last line keeps room below it for the facilitators' signatures.
    const room = i === lines.length - 1 ? 120 : 0;
    if (y + rowHeight + room > bottom) {
      doc.addPage();
      header();
      y = tableHeader();
    }
    row(line.cells, y, rowHeight, false, line.struck);
    y += rowHeight;
  });
  doc.y = y;

  if (doc.y > bottom - 110) {
    doc.addPage();
    header();
  }
  doc.moveDown(0.8).font('Helvetica').fontSize(8.5).fillColor('#333').text(t.instructions, left, doc.y, { width });
  doc.moveDown(0.3).text(t.cases, left, doc.y, { width });
  doc.moveDown(0.6).font('Helvetica-Bold').fillColor('#000').text(t.facilitators, left, doc.y, { width });
  const signaturesTop = doc.y + 4;
  // Three boxes: the two facilitators (named when the centre gave their names) and the centre's stamp.
  const third = (width - 20) / 3;
  const named = (role: Facilitator['role']) => data.facilitators?.find((f) => f.role === role)?.name;
  const boxes = [
    named('ROAD_SAFETY_EXPERT') ? `${t.bafmRole} : ${named('ROAD_SAFETY_EXPERT')}` : t.bafm,
    named('PSYCHOLOGIST') ? `${t.psychologistRole} : ${named('PSYCHOLOGIST')}` : t.psychologist,
    t.stamp,
  ];
  boxes.forEach((label, i) => {
    const x = left + i * (third + 10);
    doc.font('Helvetica').fontSize(8.5).fillColor('#000').text(label, x, signaturesTop, { width: third, height: 22, ellipsis: true });
    doc.rect(x, signaturesTop + 24, third, 44).lineWidth(0.6).strokeColor('#333').stroke();
  });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin: with the margin lifted, or PDFKit would start a new page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(7).fillColor('#555').text(t.page(i + 1, range.count), left, doc.page.height - margin + 8, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
