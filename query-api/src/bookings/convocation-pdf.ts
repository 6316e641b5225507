import PDFDocument from 'pdfkit';
import { attendanceRule, cancellationTerm, centreCommitment, languageNote, learnerCaseLabel, moveTerm, thingsToBring } from '@recup/shared-events/bookings/convocation-terms';
import { courseSessions } from '@recup/shared-events/calendar/course-sessions';
import { parisMinutesOfDay } from '@recup/shared-events/calendar/paris';
import type { LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';


/**
 * A convocation (DOMAIN.md, "Before the course"): what the centre hands a trainee at registration, printed from
 * this one record in the reader's language. Instants are ISO; the document writes them on the Paris wall clock.
 */
export interface ConvocationRecord {
  lang: 'fr' | 'en';
  /** When it was drawn (the date printed on it). */
  issuedAt: string;
  bookingReference: string;
  learner: { title: 'MR' | 'MRS' | null; firstName: string; lastName: string; dateOfBirth: string | null; licenseNumber: string | null };
  /** Printed when known: the case is named, and for the 48N case the letter joins what to bring. */
  learnerCase?: LearnerCaseRecord | null;
  course: { title: string; address: string; postalCode: string; city: string; startDate: string; endDate: string; antsNumber: string | null };
  centre: { name: string; prefectApprovalReference: string | null; phoneNumber: string; email: string };
  /** Until when the learner moves free of charge, and until when a cancellation is refunded (null: not paid online). */
  terms: { moveUntil: string; refundUntil: string | null };
}

const TEXT = {
  fr: {
    title: 'CONVOCATION',
    subtitle: 'Stage de sensibilisation à la sécurité routière (récupération de points), 2 jours, 14 heures',
    booking: 'Réservation', issued: 'Établie le',
    learner: 'Stagiaire', civility: { MR: 'M.', MRS: 'Mme' }, born: 'Date de naissance', licence: 'N° de permis de conduire', learnerCase: 'Cas',
    schedule: 'Dates et horaires', and: 'et',
    place: 'Lieu du stage',
    centre: 'Centre organisateur', approval: 'N° d’agrément préfectoral', phone: 'Téléphone', email: 'E-mail', ants: 'N° du stage (préfecture, ANTS)', notGiven: 'communiqué par le centre',
    bring: 'À apporter le premier jour',
    rules: 'Présence et horaires',
    centreCancels: 'Si le centre annule le stage',
    yourChoices: 'Changer de date ou annuler',
    footer: (centre: string) => `Convocation établie par Récup'Points pour le compte de ${centre}, centre agréé qui organise le stage. Présentez-la à l’accueil, imprimée ou sur votre téléphone.`,
    at: 'à',
  },
  en: {
    title: 'CONVOCATION',
    subtitle: 'Road safety awareness course (points recovery), 2 days, 14 hours',
    booking: 'Booking', issued: 'Issued on',
    learner: 'Trainee', civility: { MR: 'Mr', MRS: 'Mrs' }, born: 'Date of birth', licence: 'Driving licence no.', learnerCase: 'Case',
    schedule: 'Dates and times', and: 'and',
    place: 'Venue',
    centre: 'Organising centre', approval: 'Prefectoral approval no.', phone: 'Phone', email: 'E-mail', ants: 'Course no. (prefecture, ANTS)', notGiven: 'given by the centre',
    bring: 'What to bring on the first day',
    rules: 'Attendance and times',
    centreCancels: 'If the centre cancels the course',
    yourChoices: 'Moving to another date or cancelling',
    footer: (centre: string) => `Convocation issued by Récup'Points on behalf of ${centre}, the approved centre that runs the course. Show it on arrival, printed or on your phone.`,
    at: 'at',
  },
} as const;

type ConvocationLineStyle = 'title' | 'subtitle' | 'meta' | 'heading' | 'strong' | 'body' | 'bullet' | 'footer';

/** One line (or paragraph) of the document as it is printed: the model a test reads before anything is drawn. */
interface ConvocationLine {
  style: ConvocationLineStyle;
  text: string;
}

interface ConvocationDocument {
  title: string;
  author: string;
  lines: ConvocationLine[];
}

/** Intl's narrow and no-break spaces are not in the PDF fonts' encoding: plain spaces print the same. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Everything a convocation says (DOMAIN.md, "Before the course", and issue 19), in order. */
export function convocationDocument(record: ConvocationRecord): ConvocationDocument {
  const { lang, learner, course, centre } = record;
  const t = TEXT[lang];
  const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
  const colon = lang === 'fr' ? ' : ' : ': ';
  const day = (iso: string) => plain(new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso)));
  const date = (isoDay: string) => plain(new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDay.slice(0, 10)}T12:00:00Z`)));
  const time = (iso: string) => {
    const minutes = parisMinutesOfDay(new Date(iso));
    const [hour, minute] = [Math.floor(minutes / 60), minutes % 60].map((n) => String(n).padStart(2, '0')) as [string, string];
    return lang === 'fr' ? `${Number(hour)}h${minute}` : `${hour}:${minute}`;
  };
  const moment = (iso: string) => `${day(iso)} ${t.at} ${time(iso)}`;
  const line = (style: ConvocationLineStyle, text: string): ConvocationLine => ({ style, text });

  const learnerCase = record.learnerCase ?? null;
  const name = [learner.title ? t.civility[learner.title] : null, learner.firstName, learner.lastName.toLocaleUpperCase(locale)].filter(Boolean).join(' ');
  const sessions = courseSessions(course.startDate, course.endDate).map((session) => {
    const hours = session.halfDays.map((half) => `${time(half.start)} – ${time(half.end)}`).join(` ${t.and} `);
    return line('strong', `${capitalised(day(session.start))}${colon}${hours}`);
  });
  const note = languageNote(lang);

  return {
    title: `${t.title} — ${record.bookingReference}`,
    author: centre.name,
    lines: [
      line('title', t.title),
      line('subtitle', t.subtitle),
      line('meta', `${t.booking} ${record.bookingReference}`),
      line('meta', `${t.issued} ${date(record.issuedAt)}`),
      line('heading', t.learner),
      line('strong', name),
      ...(learner.dateOfBirth ? [line('body', `${t.born}${colon}${date(learner.dateOfBirth)}`)] : []),
      ...(learner.licenseNumber ? [line('body', `${t.licence}${colon}${learner.licenseNumber}`)] : []),
      ...(learnerCase ? [line('body', `${t.learnerCase}${colon}${learnerCaseLabel(lang, learnerCase.case, learnerCase.letterReceivedOn ? date(learnerCase.letterReceivedOn) : null)}`)] : []),
      line('heading', t.schedule),
      ...sessions,
      line('heading', t.place),
      line('strong', course.address),
      line('strong', `${course.postalCode} ${course.city}`),
      line('heading', t.centre),
      line('strong', centre.name),
      line('body', `${t.approval}${colon}${centre.prefectApprovalReference ?? t.notGiven}`),
      line('body', `${t.phone}${colon}${centre.phoneNumber} — ${t.email}${colon}${centre.email}`),
      line('body', `${t.ants}${colon}${course.antsNumber ?? t.notGiven}`),
      line('heading', t.bring),
      ...thingsToBring(lang, learnerCase?.case ?? null).map((item) => line('bullet', capitalised(item))),
      line('heading', t.rules),
      line('body', attendanceRule(lang)),
      ...(note ? [line('body', note)] : []),
      line('heading', t.centreCancels),
      line('body', centreCommitment(lang)),
      line('heading', t.yourChoices),
      line('body', moveTerm(lang, moment(record.terms.moveUntil))),
      line('body', cancellationTerm(lang, record.terms.refundUntil ? moment(record.terms.refundUntil) : null)),
      line('footer', t.footer(centre.name)),
    ],
  };
}

const STYLE: Record<ConvocationLineStyle, { size: number; color: string; bold: boolean; align: 'left' | 'right' | 'center'; gapBefore: number }> = {
  title: { size: 22, color: '#0b3d91', bold: true, align: 'center', gapBefore: 0 },
  subtitle: { size: 10.5, color: '#333333', bold: false, align: 'center', gapBefore: 0.2 },
  meta: { size: 10.5, color: '#000000', bold: true, align: 'right', gapBefore: 0.6 },
  heading: { size: 11.5, color: '#0b3d91', bold: true, align: 'left', gapBefore: 0.9 },
  strong: { size: 10.5, color: '#000000', bold: true, align: 'left', gapBefore: 0 },
  body: { size: 10, color: '#000000', bold: false, align: 'left', gapBefore: 0.15 },
  bullet: { size: 10, color: '#000000', bold: false, align: 'left', gapBefore: 0 },
  footer: { size: 8.5, color: '#555555', bold: false, align: 'left', gapBefore: 1.4 },
};

/** The convocation as one A4 PDF (one page, two at most), drawn from its document. */
export function renderConvocationPdf(record: ConvocationRecord, options: { compress?: boolean } = {}): Promise<Buffer> {
  const document = convocationDocument(record);
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: options.compress ?? true, info: { Title: document.title, Author: document.author } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  let previous: ConvocationLineStyle | null = null;
  for (const { style, text } of document.lines) {
    const look = STYLE[style];
    if (look.gapBefore && previous !== style) doc.moveDown(look.gapBefore);
    // A heading never ends a page alone: it goes with what follows it.
    if (style === 'heading' && doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    doc.fontSize(look.size).fillColor(look.color).font(look.bold ? 'Helvetica-Bold' : 'Helvetica');
    if (style === 'heading') {
      doc.text(text, left, doc.y, { width });
      doc.moveTo(left, doc.y + 1).lineTo(left + width, doc.y + 1).lineWidth(0.5).strokeColor('#0b3d91').stroke();
      doc.y += 5;
    } else if (style === 'bullet') {
      doc.text(`•  ${text}`, left + 8, doc.y, { width: width - 8, indent: 0 });
    } else {
      doc.text(text, left, doc.y, { width, align: look.align });
    }
    previous = style;
  }
  doc.end();
  return done;
}
