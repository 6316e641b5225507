import { attendanceRule, thingsToBring, type LearnerCaseName } from '@recup/shared-events/bookings/convocation-terms';
import { COURSE_TIME_ZONE } from '@recup/shared-events/calendar/calendar-day';
import { courseSessions } from '@recup/shared-events/calendar/course-sessions';
import { parisIsoString } from '@recup/shared-events/calendar/paris';

/**
 * A booking's course days as a calendar file (RFC 5545), drawn from this one record: one event per day, on the
 * Paris wall clock, at the course's address. The same booking and day keep the same UID, so that a calendar that
 * imports the file again updates its events (a higher SEQUENCE) or removes them (STATUS:CANCELLED).
 */
export interface BookingCalendarRecord {
  lang: 'fr' | 'en';
  bookingId: string;
  bookingReference: string;
  /** Raised whenever the booking or its course changed (`calendarSequence`). */
  sequence: number;
  cancelled: boolean;
  /** When the file was drawn (DTSTAMP). */
  stampedAt: string;
  /** The learner's case when declared: the 48N letter joins what to bring, or leaves it. */
  learnerCase?: LearnerCaseName | null;
  course: { title: string; address: string; postalCode: string; city: string; startDate: string; endDate: string; antsNumber: string | null };
  centre: { name: string; phoneNumber: string; email: string };
}

/** The domain our UIDs live in: fixed, so that a change of the site's address never duplicates an event. */
const UID_DOMAIN = 'recup-points.fr';

/**
 * A SEQUENCE that only rises, from the revisions the read models keep: the booking's first, then its course's. A
 * change of the course (its dates, its place) raises the course's revision; a change of the booking (cancelled,
 * moved to another course, whose revision may be lower) raises the booking's, which counts for more.
 */
export function calendarSequence(bookingRevision: number, courseRevision: number): number {
  return Math.max(0, bookingRevision) * 100_000 + Math.min(Math.max(0, courseRevision), 99_999);
}

const TEXT = {
  fr: {
    summary: (city: string, n: number, total: number) => `Stage de récupération de points (jour ${n}/${total}) – ${city}`,
    cancelled: 'ANNULÉ – ',
    booking: 'Réservation', hours: 'Horaires', and: 'et', centre: 'Centre', phone: 'tél.', ants: 'N° du stage (préfecture)', bring: 'À apporter',
  },
  en: {
    summary: (city: string, n: number, total: number) => `Points recovery course (day ${n} of ${total}) – ${city}`,
    cancelled: 'CANCELLED – ',
    booking: 'Booking', hours: 'Times', and: 'and', centre: 'Centre', phone: 'phone', ants: 'Course no. (prefecture)', bring: 'What to bring',
  },
} as const;

/** Europe/Paris as calendars need it to read TZID=Europe/Paris: the EU rules, in force since 1996. */
const PARIS_TIME_ZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${COURSE_TIME_ZONE}`,
  `X-LIC-LOCATION:${COURSE_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** A content line folded at 75 octets (§3.1), never inside a UTF-8 character: each continuation starts with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The Paris wall-clock time of an instant, as a DATE-TIME with TZID (`20261204T080000`). */
function parisLocal(iso: string): string {
  return parisIsoString(new Date(iso)).slice(0, 19).replace(/[-:]/g, '');
}

const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The calendar file: CRLF line ends, folded lines, escaped text. */
export function renderBookingCalendar(record: BookingCalendarRecord): string {
  const t = TEXT[record.lang];
  const { course, centre } = record;
  const time = (iso: string) => {
    const local = parisLocal(iso);
    return record.lang === 'fr' ? `${Number(local.slice(9, 11))}h${local.slice(11, 13)}` : `${local.slice(9, 11)}:${local.slice(11, 13)}`;
  };
  const sessions = courseSessions(course.startDate, course.endDate);
  const location = `${course.address}, ${course.postalCode} ${course.city}`;
  const colon = record.lang === 'fr' ? ' : ' : ': ';
  const events = sessions.flatMap((session, index) => {
    const hours = session.halfDays.map((half) => `${time(half.start)} – ${time(half.end)}`).join(` ${t.and} `);
    const description = [
      `${t.booking} ${record.bookingReference}`,
      `${t.hours}${colon}${hours}`,
      `${t.centre}${colon}${centre.name}, ${t.phone} ${centre.phoneNumber}, ${centre.email}`,
      ...(course.antsNumber ? [`${t.ants}${colon}${course.antsNumber}`] : []),
      `${t.bring}${colon}${thingsToBring(record.lang, record.learnerCase ?? null).join(' ; ')}`,
      attendanceRule(record.lang),
    ].join('\n');
    return [
      'BEGIN:VEVENT',
      `UID:${record.bookingId}-day${index + 1}@${UID_DOMAIN}`,
      `DTSTAMP:${utc(record.stampedAt)}`,
      `SEQUENCE:${record.sequence}`,
      `DTSTART;TZID=${COURSE_TIME_ZONE}:${parisLocal(session.start)}`,
      `DTEND;TZID=${COURSE_TIME_ZONE}:${parisLocal(session.end)}`,
      `SUMMARY:${escapeText(`${record.cancelled ? t.cancelled : ''}${t.summary(course.city, index + 1, sessions.length)}`)}`,
      `LOCATION:${escapeText(location)}`,
      `DESCRIPTION:${escapeText(description)}`,
      `STATUS:${record.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ];
  });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    "PRODID:-//Récup'Points//Convocation//FR",
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...PARIS_TIME_ZONE,
    ...events,
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
