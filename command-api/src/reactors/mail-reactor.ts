import type { EventStore } from '@recup/infra/event-store/port';
import { WrongExpectedRevisionError } from '@recup/infra/event-store/port';
import type { Mailer, MailMessage } from '@recup/infra/mail/port';
import { streams, type RecordedDomainEvent } from '@recup/shared-events';
import { readState } from '../core/decider';
import { commandMetadata } from '../core/metadata';
import { bookingDecider } from '../bookings/booking-decider';
import { courseDecider } from '../courses/course-decider';
import {
  bookingApprovedMail, bookingCancelledMail, bookingConfirmedMail, bookingExpiredMail, bookingMovedMail, centreIdentityApprovedMail, centreIdentityRejectedMail, centreVerificationWithdrawnMail,
  centreVerifiedAgainMail, courseCancelledMail, mailSafeTitle, paymentRefundedMail, type AlternativeCourse, type MoveMoneyLine,
} from '../mail/templates';
import { gazetteer } from '@recup/infra/geo/gazetteer';
import type { CourseCatalogue } from './course-catalogue';
import { organizationDecider } from '../organizations/organization-decider';
import { mailCourseDates } from '../mail/mail-dates';
import { userDecider } from '../users/user-decider';
import type { Reactor } from './reactor';

/** Older news is not mailed: a store replayed after an upgrade must not send last month's e-mails. */
const STALE_AFTER_MS = 24 * 3_600_000;
/** The events `messageFor` may mail about. */
const MAILED: ReadonlySet<string> = new Set([
  'BookingConfirmed', 'BookingCancelled', 'BookingExpired', 'PaymentRefunded', 'BookingMoved',
  'OrganizationUnverified', 'OrganizationVerified', 'OrganizationIdentityChangeApproved', 'OrganizationIdentityChangeRejected',
]);

/**
 * The learner's e-mails about their booking and their money: confirmed, approved, cancelled, refunded,
 * expired; and the training centre's about its verification withdrawn or given back and its change of
 * identity approved or rejected. One e-mail per event, even when the event is delivered again: what was sent
 * is recorded in `notification-<eventId>`, looked at before sending.
 */
/** How many other courses the e-mail of a cancelled course offers. */
export const ALTERNATIVES_OFFERED = 3;

export function mailReactor(eventStore: EventStore, mailer: Mailer, options: { siteUrl: string; now: () => Date; catalogue?: CourseCatalogue }): Reactor {
  const money = (lang: 'fr' | 'en', cents: number) => new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { style: 'currency', currency: 'EUR' }).format(cents / 100);

  async function courseLine(courseId: string, lang: 'fr' | 'en') {
    const course = await readState(eventStore, streams.course(courseId), courseDecider);
    if (course.state.status === 'absent') return null;
    const { title, startDate, endDate } = course.state.details;
    return { title: mailSafeTitle(lang, title), dates: mailCourseDates(startDate, endDate, lang) };
  }

  /**
   * The nearest courses with a free place to a cancelled one (by distance, then date), each checked against its own
   * stream and its centre's: on sale (scheduled, not started, a place left, its centre verified), and not one the
   * learner already holds a place on. Each links to its page, ready to book it in place of the cancelled booking.
   */
  async function alternativesTo(courseId: string, userId: string, bookingId: string, lang: 'fr' | 'en'): Promise<AlternativeCourse[]> {
    const catalogue = options.catalogue;
    const cancelled = await readState(eventStore, streams.course(courseId), courseDecider);
    if (!catalogue || cancelled.state.status === 'absent') return [];
    const place = gazetteer().locate(cancelled.state.details.city, cancelled.state.details.postalCode);
    const now = options.now();
    const offered: AlternativeCourse[] = [];
    for (const candidate of await catalogue.nearest(place, { after: now, except: courseId })) {
      if (offered.length >= ALTERNATIVES_OFFERED) break;
      const course = await readState(eventStore, streams.course(candidate.course.courseId), courseDecider);
      if (course.state.status !== 'scheduled' || Date.parse(course.state.details.startDate) <= now.getTime()) continue;
      const taken = Object.values(course.state.reservations);
      if (taken.length >= course.state.details.totalSpots || taken.includes(userId)) continue;
      const centre = await readState(eventStore, streams.organization(course.state.organizationId), organizationDecider);
      if (centre.state.status !== 'registered' || !centre.state.verified) continue;
      const { title, startDate, endDate, price } = course.state.details;
      offered.push({
        title: mailSafeTitle(lang, title), dates: mailCourseDates(startDate, endDate, lang), distanceKm: candidate.distanceKm, price: money(lang, price),
        url: `${options.siteUrl}/courses/${encodeURIComponent(candidate.course.courseId)}?replaces=${encodeURIComponent(bookingId)}`,
      });
    }
    return offered;
  }

  async function learnerAndCourse(bookingId: string) {
    const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
    if (booking.state.status === 'absent') return null;
    const [user, course] = await Promise.all([
      readState(eventStore, streams.user(booking.state.userId), userDecider),
      readState(eventStore, streams.course(booking.state.courseId), courseDecider),
    ]);
    if (user.state.status !== 'registered' || course.state.status === 'absent') return null;
    const lang = user.state.profile.language === 'EN' ? ('en' as const) : ('fr' as const);
    const { title, startDate, endDate } = course.state.details;
    return { booking: booking.state, user: user.state, lang, course: { title: mailSafeTitle(lang, title), dates: mailCourseDates(startDate, endDate, lang) } };
  }

  /** Whom a centre's news goes to: the account that runs it (in its language), or else the centre's contact address. */
  async function centreRecipient(organizationId: string): Promise<{ to: string; lang: 'fr' | 'en' } | null> {
    const organization = await readState(eventStore, streams.organization(organizationId), organizationDecider);
    if (organization.state.status !== 'registered') return null;
    if (organization.state.ownerUserId) {
      const owner = await readState(eventStore, streams.user(organization.state.ownerUserId), userDecider);
      if (owner.state.status === 'registered') return { to: owner.state.email, lang: owner.state.profile.language === 'EN' ? 'en' : 'fr' };
    }
    return { to: organization.state.profile.email, lang: 'fr' };
  }

  /** A verification given back after it was withdrawn (a centre's first verification, often given with its creation, is not mailed). */
  async function verifiedAgain(event: RecordedDomainEvent): Promise<boolean> {
    const before = await eventStore.readStream(event.streamName, { maxCount: event.revision });
    return before.some((e) => e.type === 'OrganizationUnverified');
  }

  async function messageFor(event: RecordedDomainEvent): Promise<MailMessage | null> {
    const dashboard = `${options.siteUrl}/dashboard`;
    switch (event.type) {
      case 'BookingConfirmed': {
        const c = await learnerAndCourse(event.data.bookingId);
        if (!c) return null;
        return event.data.by === 'payment'
          ? bookingConfirmedMail(c.lang, c.user.email, c.user.profile.firstName, c.course, c.booking.bookingReference, dashboard)
          : bookingApprovedMail(c.lang, c.user.email, c.user.profile.firstName, c.course, dashboard);
      }
      case 'BookingCancelled': {
        const c = await learnerAndCourse(event.data.bookingId);
        if (c && event.data.by === 'courseCancelled') {
          const alternatives = await alternativesTo(c.booking.courseId, c.booking.userId, c.booking.bookingId, c.lang);
          return courseCancelledMail(c.lang, c.user.email, c.user.profile.firstName, c.course, c.booking.bookingReference, event.data.refundDue, `${options.siteUrl}/courses`, alternatives);
        }
        const money = event.data.refundDue ? 'refunded' : c?.booking.paidBy ? 'notRefunded' : 'notCharged';
        return c && bookingCancelledMail(c.lang, c.user.email, c.user.profile.firstName, c.course, c.booking.bookingReference, money, dashboard);
      }
      case 'BookingMoved': {
        const c = await learnerAndCourse(event.data.bookingId);
        if (!c) return null;
        const [from, to] = await Promise.all([courseLine(event.data.fromCourseId, c.lang), courseLine(event.data.toCourseId, c.lang)]);
        if (!from || !to) return null;
        const { priceBefore, priceAfter } = event.data;
        // The money as it moved: a difference paid, refunded on the card, or owed to the centre for a booking paid there.
        const moved: MoveMoneyLine = event.data.topUpPaymentId ? { kind: 'paid', amount: money(c.lang, priceAfter - priceBefore) }
          : priceAfter === priceBefore ? { kind: 'none' }
          : !c.booking.paidBy ? { kind: 'dueAtCentre', amount: money(c.lang, priceAfter) }
          : priceAfter < priceBefore ? { kind: 'refund', amount: money(c.lang, priceBefore - priceAfter) }
          : { kind: 'none' };
        return bookingMovedMail(c.lang, c.user.email, c.user.profile.firstName, { reference: c.booking.bookingReference, from, to, by: event.data.by, money: moved }, dashboard);
      }
      case 'BookingExpired': {
        const c = await learnerAndCourse(event.data.bookingId);
        return c && bookingExpiredMail(c.lang, c.user.email, c.user.profile.firstName, c.course, `${options.siteUrl}/courses`);
      }
      case 'PaymentRefunded': {
        const c = await learnerAndCourse(event.data.bookingId);
        if (!c) return null;
        const amount = new Intl.NumberFormat(c.lang === 'fr' ? 'fr-FR' : 'en-US', { style: 'currency', currency: 'EUR' }).format(event.data.amount / 100);
        return paymentRefundedMail(c.lang, c.user.email, c.user.profile.firstName, amount, c.booking.bookingReference);
      }
      case 'OrganizationUnverified': {
        const r = await centreRecipient(event.data.organizationId);
        return r && centreVerificationWithdrawnMail(r.lang, r.to, `${options.siteUrl}/organization`);
      }
      case 'OrganizationVerified': {
        if (!(await verifiedAgain(event))) return null;
        const r = await centreRecipient(event.data.organizationId);
        return r && centreVerifiedAgainMail(r.lang, r.to, `${options.siteUrl}/organization`);
      }
      case 'OrganizationIdentityChangeApproved': {
        const r = await centreRecipient(event.data.organizationId);
        return r && centreIdentityApprovedMail(r.lang, r.to, `${options.siteUrl}/organization/profile`);
      }
      case 'OrganizationIdentityChangeRejected': {
        const r = await centreRecipient(event.data.organizationId);
        return r && centreIdentityRejectedMail(r.lang, r.to, `${options.siteUrl}/organization/profile`);
      }
      default:
        return null;
    }
  }

  return {
    name: 'mail',
    async handle(event) {
      // The catalogue of courses on offer follows the whole log, old events included.
      await options.catalogue?.apply(event);
      if (options.now().getTime() - Date.parse(event.metadata.occurredAt) > STALE_AFTER_MS) return;
      // Most events send no e-mail: they cost no read of their notification stream.
      if (!MAILED.has(event.type)) return;
      const stream = streams.notification(event.id);
      if ((await eventStore.readStream(stream, { maxCount: 1 })).length > 0) return;
      const message = await messageFor(event);
      if (!message) return;
      await mailer.send(message);
      const now = options.now();
      try {
        await eventStore.appendToStream(stream, [{
          type: 'NotificationSent',
          data: { eventId: event.id, kind: message.kind, to: message.to, sentAt: now.toISOString() },
          metadata: { ...commandMetadata({ type: 'system', name: 'mail' }, now, event.metadata.correlationId), causationId: event.id },
        }], { expectedRevision: 'no_stream' });
      } catch (error) {
        // Another instance recorded it first: the e-mail went out, which is all that matters here.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    },
  };
}
