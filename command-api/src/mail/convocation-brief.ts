import { courseSessions } from '@recup/shared-events/calendar/course-sessions';
import { freeMoveDeadline, learnerRefundDeadline } from '@recup/shared-events/bookings/booking-terms';
import { directionsUrl } from '@recup/shared-events/courses/directions';
import { hiddenCharacterIn } from '@recup/shared-events/text/visible-text';
import type { ExistingBooking } from '../bookings/booking';
import type { ExistingCourse } from '../courses/course';
import type { ExistingOrganization } from '../organizations/organization';
import { mailCourseDates, mailDay, mailTime } from './mail-dates';
import { mailSafeTitle, type ConvocationBrief } from './templates';

type Lang = 'fr' | 'en';

/**
 * Text the centre typed (its name, its contact, the course's address) goes into the learner's e-mails: never
 * something a mail client would turn into a link of someone else's, nor hidden characters. A value that fails is
 * left out (the convocation itself still prints it).
 */
const LINK_LIKE = /[:/\\@<>]|www\.|[\p{L}\p{N}]\.[\p{L}]{2,}/iu;
const visible = (text: string | null | undefined, shape?: RegExp): string | null => {
  const value = text?.trim() ?? '';
  if (!value || hiddenCharacterIn(value) !== null) return null;
  if (shape) return shape.test(value) ? value : null;
  return LINK_LIKE.test(value) ? null : value;
};
const PHONE = /^\+?[\d .()-]{6,24}$/;
const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}$/i;
const CODE = /^[\p{L}\p{N}][\p{L}\p{N} ./-]{0,40}$/u;

/** "vendredi 11 décembre 2026 à 8h00" / "Friday, December 11, 2026 at 8:00 AM". */
const moment = (iso: string, lang: Lang) => `${mailDay(iso, lang)} ${lang === 'fr' ? 'à' : 'at'} ${mailTime(iso, lang)}`;

/**
 * The convocation's essentials for an e-mail, from the streams as they stand: the booking, its course and the
 * centre, with the deadlines the product applies (refund cut-off and withdrawal, free move).
 */
export function convocationBrief(input: {
  lang: Lang;
  booking: ExistingBooking;
  course: ExistingCourse;
  organization: ExistingOrganization | null;
  siteUrl: string;
  refundCutoffHours: number;
  transferCutoffDays: number;
  now: Date;
}): ConvocationBrief {
  const { lang, booking, course, organization, siteUrl, now } = input;
  const { title, startDate, endDate, address, postalCode, city, antsNumber } = course.details;
  const and = lang === 'fr' ? ' et ' : ' and ';
  const days = courseSessions(startDate, endDate).map((session) => {
    const hours = session.halfDays.map((half) => `${mailTime(half.start, lang)} – ${mailTime(half.end, lang)}`).join(and);
    return `${mailDay(session.start, lang)}${lang === 'fr' ? ' : ' : ': '}${hours}`;
  });
  const street = visible(address);
  const place = street && visible(city) && /^\d{5}$/.test(postalCode) ? `${street}, ${postalCode} ${city}` : null;
  const moveUntil = freeMoveDeadline(startDate, input.transferCutoffDays);
  const refundUntil = learnerRefundDeadline({ bookedAt: booking.placedAt, courseStartDate: startDate, refundCutoffHours: input.refundCutoffHours });
  const api = `${siteUrl}/api/bookings/${encodeURIComponent(booking.bookingId)}`;
  const profile = organization?.profile;
  return {
    reference: booking.bookingReference,
    course: { title: mailSafeTitle(lang, title), dates: mailCourseDates(startDate, endDate, lang) },
    days,
    place,
    centre: {
      name: visible(profile?.name),
      approval: visible(profile?.prefectApprovalReference, CODE),
      phone: visible(profile?.phoneNumber, PHONE),
      email: visible(profile?.email, EMAIL),
    },
    antsNumber: visible(antsNumber, CODE),
    learnerCase: booking.learnerCase?.case ?? null,
    moveUntil: moveUntil.getTime() > now.getTime() ? moment(moveUntil.toISOString(), lang) : null,
    refundUntil: booking.paidBy ? moment(refundUntil.toISOString(), lang) : null,
    links: {
      convocation: `${api}/convocation`,
      calendar: `${api}/calendar.ics`,
      directions: place ? directionsUrl({ address: street!, postalCode, city }) : null,
      dashboard: `${siteUrl}/dashboard`,
    },
  };
}
