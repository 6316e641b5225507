import { describe, expect, it } from 'vitest';
import { calendarProperty as property, parseCalendar, unescapeText } from '../testing/ics-reader';
import { calendarSequence, escapeText, foldLine, renderBookingCalendar, type BookingCalendarRecord } from './booking-calendar';

const record: BookingCalendarRecord = {
  lang: 'fr',
  bookingId: 'b-42',
  bookingReference: 'RP-ABCD2345',
  sequence: 300_012,
  cancelled: false,
  stampedAt: '2026-11-21T09:00:00.000Z',
  course: { title: 'Arles', address: '12, boulevard des Lices; bâtiment B', postalCode: '13200', city: 'Arles', startDate: '2026-12-04T07:00:00.000Z', endDate: '2026-12-05T16:00:00.000Z', antsNumber: '13-2026-0042' },
  centre: { name: 'Provence Sécurité Routière', phoneNumber: '04 91 23 45 67', email: 'contact@psr.test' },
};

describe('the calendar file of a booking', () => {
  it('is read strictly: a long line not folded, a bare line feed or a component left open is refused', () => {
    expect(() => parseCalendar(`BEGIN:VCALENDAR\r\nX-LONG:${'x'.repeat(80)}\r\nEND:VCALENDAR\r\n`)).toThrow(/75 octets/);
    expect(() => parseCalendar('BEGIN:VCALENDAR\nEND:VCALENDAR\r\n')).toThrow(/bare line feed/);
    expect(() => parseCalendar('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n')).toThrow(/without its BEGIN|not ended/);
  });

  it('holds Europe/Paris and two events, one a day, on the Paris wall clock', () => {
    const calendar = parseCalendar(renderBookingCalendar(record));
    expect(calendar.name).toBe('VCALENDAR');
    expect(property(calendar, 'VERSION')!.value).toBe('2.0');
    expect(property(calendar, 'PRODID')).toBeDefined();
    const [zone, ...events] = calendar.components;
    expect(zone!.name).toBe('VTIMEZONE');
    expect(property(zone!, 'TZID')!.value).toBe('Europe/Paris');
    expect(zone!.components.map((c) => c.name).sort()).toEqual(['DAYLIGHT', 'STANDARD']);
    expect(events.map((e) => e.name)).toEqual(['VEVENT', 'VEVENT']);
    expect(events.map((e) => [property(e, 'DTSTART')!.params.TZID, property(e, 'DTSTART')!.value, property(e, 'DTEND')!.value])).toEqual([
      ['Europe/Paris', '20261204T080000', '20261204T170000'],
      ['Europe/Paris', '20261205T080000', '20261205T170000'],
    ]);
    expect(property(events[1]!, 'DTEND')!.params.TZID).toBe('Europe/Paris');
  });

  it('gives each day a stable UID of the booking, the SEQUENCE it is given, and the full address as LOCATION', () => {
    const events = parseCalendar(renderBookingCalendar(record)).components.slice(1);
    expect(events.map((e) => property(e, 'UID')!.value)).toEqual(['b-42-day1@recup-points.fr', 'b-42-day2@recup-points.fr']);
    expect(events.map((e) => property(e, 'SEQUENCE')!.value)).toEqual(['300012', '300012']);
    expect(events.map((e) => property(e, 'STATUS')!.value)).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(property(events[0]!, 'DTSTAMP')!.value).toBe('20261121T090000Z');
    expect(property(events[0]!, 'LOCATION')!.value).toBe('12\\, boulevard des Lices\\; bâtiment B\\, 13200 Arles');
    expect(unescapeText(property(events[0]!, 'LOCATION')!.value)).toBe('12, boulevard des Lices; bâtiment B, 13200 Arles');
    expect(unescapeText(property(events[0]!, 'SUMMARY')!.value)).toBe('Stage de récupération de points (jour 1/2) – Arles');
    const description = unescapeText(property(events[0]!, 'DESCRIPTION')!.value);
    expect(description.split('\n').slice(0, 4)).toEqual([
      'Réservation RP-ABCD2345',
      'Horaires : 8h00 – 12h00 et 13h00 – 17h00',
      'Centre : Provence Sécurité Routière, tél. 04 91 23 45 67, contact@psr.test',
      'N° du stage (préfecture) : 13-2026-0042',
    ]);
  });

  it('says a cancelled booking’s events are cancelled', () => {
    const events = parseCalendar(renderBookingCalendar({ ...record, cancelled: true, lang: 'en' })).components.slice(1);
    expect(events.map((e) => property(e, 'STATUS')!.value)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(unescapeText(property(events[0]!, 'SUMMARY')!.value)).toBe('CANCELLED – Points recovery course (day 1 of 2) – Arles');
  });

  it('keeps the wall clock across a change of time', () => {
    // Saturday 24 – Sunday 25 October 2026 (not a legal course, but a schedule across the change): 08:00 both days.
    const events = parseCalendar(renderBookingCalendar({ ...record, course: { ...record.course, startDate: '2026-10-24T06:00:00.000Z', endDate: '2026-10-25T16:00:00.000Z' } })).components.slice(1);
    expect(events.map((e) => property(e, 'DTSTART')!.value)).toEqual(['20261024T080000', '20261025T080000']);
  });
});

describe('content lines', () => {
  it('escape backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('fold at 75 octets, never inside a character', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('the SEQUENCE', () => {
  it('rises with the booking’s revision and with the course’s, and a move to a course of a lower revision still raises it', () => {
    expect(calendarSequence(3, 12)).toBeGreaterThan(calendarSequence(3, 11));
    expect(calendarSequence(4, 0)).toBeGreaterThan(calendarSequence(3, 12));
    expect(calendarSequence(4, 2)).toBeGreaterThan(calendarSequence(3, 500));
  });
});
