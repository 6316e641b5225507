import type { EventStore } from '@recup/infra/event-store/port';
import { WrongExpectedRevisionError } from '@recup/infra/event-store/port';
import type { Mailer, MailMessage } from '@recup/infra/mail/port';
import { streams, type RecordedDomainEvent } from '@recup/shared-events';
import { readState } from '../core/decider';
import { commandMetadata } from '../core/metadata';
import { bookingDecider } from '../bookings/booking-decider';
import { courseDecider } from '../courses/course-decider';
import { spotsForSale } from '../courses/course';
import {
  adminCentreAwaitingApprovalMail, centreApprovalExpiringMail, centreApprovedMail, centreBookingCancelledMail, centreBookingMovedMail, centreLowEnrolmentMail, centreNewBookingMail,
  attestationMail, bookingApprovedMail, bookingCancelledMail, bookingConfirmedMail, bookingExpiredMail, bookingMovedMail, bookingNoLongerPayableMail, bookingReminderMail, centreIdentityApprovedMail,
  centreIdentityRejectedMail, centreVerificationWithdrawnMail, centreVerifiedAgainMail, courseCancelledMail, courseFollowUpMail, mailSafeTitle, paymentRefundedMail, prefecturePackDueMail,
  spotOfferedMail, spotOfferExpiredMail, type AlternativeCourse, type MoveMoneyLine,
} from '../mail/templates';
import { gazetteer } from '@recup/infra/geo/gazetteer';
import type { CourseCatalogue } from './course-catalogue';
import { convocationBrief } from '../mail/convocation-brief';
import { DEFAULT_TRANSFER_CUTOFF_DAYS } from '@recup/shared-events/bookings/booking-terms';
import { organizationDecider } from '../organizations/organization-decider';
import { mailCourseDates, mailDay, mailTime } from '../mail/mail-dates';
import { userDecider } from '../users/user-decider';
import { adminsDecider } from '../users/admins-decider';
import type { CentreNotifications } from '@recup/shared-events';
import { parisDay } from '@recup/shared-events/calendar/paris';
import type { Reactor } from './reactor';

/** Older news is not mailed: a store replayed after an upgrade must not send last month's e-mails. */
const STALE_AFTER_MS = 24 * 3_600_000;
/** The events `messageFor` may mail about. */
const MAILED: ReadonlySet<string> = new Set([
  'BookingConfirmed', 'BookingCancelled', 'BookingExpired', 'PaymentRefunded', 'BookingMoved', 'BookingReminderSent', 'BookingFollowUpSent', 'BookingAttestationSent',
  'OrganizationUnverified', 'OrganizationVerified', 'OrganizationIdentityChangeApproved', 'OrganizationIdentityChangeRejected',
  'SpotOffered', 'SpotOfferExpired', 'CoursePrefecturePackReminderSent',
  'OrganizationRegistered', 'CourseLowEnrolmentNoticed', 'OrganizationApprovalExpiryNoticed',
]);

/**
 * The learner's e-mails about their booking and their money: confirmed or approved (with the convocation's
 * essentials and its links), reminded before the course, told after it, cancelled, refunded, expired; a learner in
 * line's about a place held for them, and about its end; and the training centre's about its verification withdrawn
 * or given back and its change of identity approved or rejected.
 * A verification withdrawn also tells each learner whose booking of the centre still awaits payment that it can no
 * longer be paid online. Each e-mail goes once, even when the event is delivered again: what was sent is recorded in
 * `notification-<eventId>` (`notification-<eventId>_<bookingId>` for a learner told of the centre's), looked at
 * before sending.
 */
/** How many other courses the e-mail of a cancelled course offers. */
const ALTERNATIVES_OFFERED = 3;

export function mailReactor(
  eventStore: EventStore,
  mailer: Mailer,
  options: { siteUrl: string; now: () => Date; catalogue?: CourseCatalogue; refundCutoffHours?: number; transferCutoffDays?: number },
): Reactor {
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
      // A place left is one nobody holds (total − active reservations − offers held) and no learner in line waits for.
      if (Object.values(course.state.reservations).includes(userId) || spotsForSale(course.state, now, userId) < 1) continue;
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
    const courseState = course.state;
    const bookingState = booking.state;
    /** The convocation's essentials, with the centre as it stands now. */
    const brief = async () => {
      const organization = await readState(eventStore, streams.organization(courseState.organizationId), organizationDecider);
      return convocationBrief({
        lang, booking: bookingState, course: courseState, organization: organization.state.status === 'absent' ? null : organization.state, siteUrl: options.siteUrl,
        refundCutoffHours: options.refundCutoffHours ?? 72, transferCutoffDays: options.transferCutoffDays ?? DEFAULT_TRANSFER_CUTOFF_DAYS, now: options.now(),
      });
    };
    return { booking: booking.state, user: user.state, lang, brief, course: { title: mailSafeTitle(lang, title), dates: mailCourseDates(startDate, endDate, lang) } };
  }

  /** A learner in line and the course they wait for, in the learner's language. */
  async function waiterAndCourse(userId: string, courseId: string) {
    const [user, course] = await Promise.all([readState(eventStore, streams.user(userId), userDecider), readState(eventStore, streams.course(courseId), courseDecider)]);
    if (user.state.status !== 'registered' || course.state.status !== 'scheduled') return null;
    const lang = user.state.profile.language === 'EN' ? ('en' as const) : ('fr' as const);
    const { title, startDate, endDate } = course.state.details;
    return { user: user.state, lang, course: { title: mailSafeTitle(lang, title), dates: mailCourseDates(startDate, endDate, lang) } };
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

  /**
   * The centre's own address (its profile's e-mail), in the language of the account that runs it or else French,
   * and the e-mails it chose to receive (issue 20 §5).
   */
  async function centreAddress(organizationId: string): Promise<{ to: string; lang: 'fr' | 'en'; notifications: CentreNotifications; approvalReference: string | null } | null> {
    const organization = await readState(eventStore, streams.organization(organizationId), organizationDecider);
    if (organization.state.status !== 'registered') return null;
    let lang: 'fr' | 'en' = 'fr';
    if (organization.state.ownerUserId) {
      const owner = await readState(eventStore, streams.user(organization.state.ownerUserId), userDecider);
      if (owner.state.status === 'registered' && owner.state.profile.language === 'EN') lang = 'en';
    }
    return { to: organization.state.profile.email, lang, notifications: organization.state.notifications, approvalReference: organization.state.profile.prefectApprovalReference };
  }

  /** A course of the centre as its e-mails name it, with its confirmed bookings counted on their own streams. */
  async function centreCourse(courseId: string, lang: 'fr' | 'en') {
    const course = await readState(eventStore, streams.course(courseId), courseDecider);
    if (course.state.status === 'absent') return null;
    let confirmed = 0;
    for (const bookingId of Object.keys(course.state.reservations)) {
      const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
      if (booking.state.status === 'CONFIRMED') confirmed += 1;
    }
    const { title, startDate, endDate, totalSpots } = course.state.details;
    return {
      organizationId: course.state.organizationId, status: course.state.status, month: parisDay(new Date(startDate)).slice(0, 7), confirmed, totalSpots,
      line: { title: mailSafeTitle(lang, title), dates: mailCourseDates(startDate, endDate, lang) },
    };
  }

  /**
   * The e-mails an event sends besides its own: to the centre's address about its bookings and courses (each kind
   * unless the centre turned it off), and to each administrator about a centre waiting for approval. Each is sent
   * once, under its own key.
   */
  async function otherMessages(event: RecordedDomainEvent): Promise<Array<{ key: string; compose: () => Promise<MailMessage | null> }>> {
    const bookingsUrl = `${options.siteUrl}/organization/bookings`;
    const profileUrl = `${options.siteUrl}/organization/profile`;
    const toCentreOfBooking = (bookingId: string, kind: 'newBooking' | 'cancellationOrMove', mail: typeof centreNewBookingMail) => [{
      key: `${event.id}_centre`,
      compose: async () => {
        const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
        if (booking.state.status === 'absent') return null;
        const course = await readState(eventStore, streams.course(booking.state.courseId), courseDecider);
        if (course.state.status === 'absent') return null;
        const centre = await centreAddress(course.state.organizationId);
        if (!centre?.notifications[kind]) return null;
        const line = await centreCourse(booking.state.courseId, centre.lang);
        return line && mail(centre.lang, centre.to, { reference: booking.state.bookingReference, course: line.line, confirmed: line.confirmed, totalSpots: line.totalSpots }, bookingsUrl, profileUrl);
      },
    }];
    switch (event.type) {
      case 'BookingConfirmed':
        // A booking the centre approved itself is news to nobody there.
        return event.data.by === 'payment' ? toCentreOfBooking(event.data.bookingId, 'newBooking', centreNewBookingMail) : [];
      case 'BookingCancelled':
        // A course the centre cancelled cancels its bookings: the centre knows.
        return event.data.by === 'courseCancelled' ? [] : toCentreOfBooking(event.data.bookingId, 'cancellationOrMove', centreBookingCancelledMail);
      case 'BookingMoved': {
        if (event.data.by === 'centre') return [];
        const { bookingId, fromCourseId, toCourseId } = event.data;
        const centres = new Set<string>();
        for (const courseId of [fromCourseId, toCourseId]) {
          const course = await readState(eventStore, streams.course(courseId), courseDecider);
          if (course.state.status !== 'absent') centres.add(course.state.organizationId);
        }
        return [...centres].map((organizationId) => ({
          key: `${event.id}_centre_${organizationId}`,
          compose: async () => {
            const centre = await centreAddress(organizationId);
            if (!centre?.notifications.cancellationOrMove) return null;
            const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
            const [from, to] = await Promise.all([centreCourse(fromCourseId, centre.lang), centreCourse(toCourseId, centre.lang)]);
            if (booking.state.status === 'absent' || !from || !to) return null;
            return centreBookingMovedMail(centre.lang, centre.to, { reference: booking.state.bookingReference, from: from.line, to: to.line }, bookingsUrl, profileUrl);
          },
        }));
      }
      case 'CourseLowEnrolmentNoticed':
        return [{
          key: event.id,
          compose: async () => {
            const centre = await centreAddress(event.data.organizationId);
            if (!centre?.notifications.lowEnrolment) return null;
            const course = await centreCourse(event.data.courseId, centre.lang);
            // Cancelled meanwhile: nothing left to decide.
            if (course?.status !== 'scheduled') return null;
            // The centre's courses of that month: the link carries nothing the centre typed.
            const courseUrl = `${options.siteUrl}/organization/courses?month=${course.month}`;
            return centreLowEnrolmentMail(centre.lang, centre.to, { ...course.line, participants: event.data.participants, minimum: event.data.minimum }, courseUrl, profileUrl);
          },
        }];
      case 'OrganizationApprovalExpiryNoticed':
        return [{
          key: event.id,
          compose: async () => {
            const centre = await centreAddress(event.data.organizationId);
            if (!centre) return null;
            const day = mailDay(`${event.data.approvalExpiresOn}T12:00:00.000Z`, centre.lang);
            return centreApprovalExpiringMail(centre.lang, centre.to, { day, reference: centre.approvalReference }, profileUrl);
          },
        }];
      case 'OrganizationRegistered': {
        // A centre that registered itself waits for approval; one an administrator created is known to them.
        const actor = event.metadata.actor;
        if (actor.type !== 'user' || actor.role !== 'ORGANIZATION') return [];
        const admins = await readState(eventStore, streams.admins, adminsDecider);
        return admins.state.admins.map((userId) => ({
          key: `${event.id}_admin_${userId}`,
          compose: async () => {
            const admin = await readState(eventStore, streams.user(userId), userDecider);
            if (admin.state.status !== 'registered') return null;
            const lang = admin.state.profile.language === 'EN' ? ('en' as const) : ('fr' as const);
            const centre = { name: mailSafeTitle(lang, event.data.name), city: mailSafeTitle(lang, event.data.city) };
            return adminCentreAwaitingApprovalMail(lang, admin.state.email, centre, `${options.siteUrl}/admin/organizations?verified=false`);
          },
        }));
      }
      default:
        return [];
    }
  }

  /** Whether the centre registered itself (its registration by its own account), rather than being created by an administrator. */
  async function registeredItself(event: RecordedDomainEvent): Promise<boolean> {
    const [first] = await eventStore.readStream(event.streamName, { maxCount: 1 });
    return first?.type === 'OrganizationRegistered' && first.metadata.actor.type === 'user' && first.metadata.actor.role === 'ORGANIZATION';
  }

  /**
   * The bookings of the centre's courses that still await an online payment (PENDING, not paid, their spot held):
   * as the streams say now, so that one expired or cancelled meanwhile is left alone, and nobody is told when the
   * centre was verified again meanwhile.
   */
  async function bookingsAwaitingPayment(organizationId: string): Promise<string[]> {
    const organization = await readState(eventStore, streams.organization(organizationId), organizationDecider);
    if (organization.state.status === 'absent' || organization.state.verified) return [];
    const now = options.now().getTime();
    const found: string[] = [];
    for (const courseId of organization.state.courseIds) {
      const course = await readState(eventStore, streams.course(courseId), courseDecider);
      if (course.state.status === 'absent') continue;
      for (const bookingId of Object.keys(course.state.reservations)) {
        const booking = await readState(eventStore, streams.booking(bookingId), bookingDecider);
        if (booking.state.status === 'PENDING' && !booking.state.paidBy && Date.parse(booking.state.holdExpiresAt) > now) found.push(bookingId);
      }
    }
    return found;
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
        const brief = await c.brief();
        return event.data.by === 'payment'
          ? bookingConfirmedMail(c.lang, c.user.email, c.user.profile.firstName, brief)
          : bookingApprovedMail(c.lang, c.user.email, c.user.profile.firstName, brief);
      }
      case 'BookingReminderSent': {
        const c = await learnerAndCourse(event.data.bookingId);
        // Cancelled between the reminder and this e-mail: nothing to remind of.
        if (c?.booking.status !== 'CONFIRMED') return null;
        return bookingReminderMail(c.lang, c.user.email, c.user.profile.firstName, await c.brief(), event.data.daysBefore);
      }
      case 'BookingFollowUpSent': {
        const c = await learnerAndCourse(event.data.bookingId);
        return c && courseFollowUpMail(c.lang, c.user.email, c.user.profile.firstName, c.course, c.booking.bookingReference, dashboard);
      }
      case 'BookingAttestationSent': {
        const c = await learnerAndCourse(event.data.bookingId);
        return c && attestationMail(
          c.lang, c.user.email, c.user.profile.firstName, c.course, c.booking.bookingReference, `${options.siteUrl}/api/bookings/${event.data.bookingId}/attestation`, dashboard,
          c.booking.learnerCase?.case === 'PROBATION_48N',
        );
      }
      case 'BookingCancelled': {
        const c = await learnerAndCourse(event.data.bookingId);
        // Money the centre received is the centre's to give back: never "nothing was charged" for it.
        const atCentre = c?.booking.paidAtCentre ? 'paidAtCentre' : 'notCharged';
        if (c && event.data.by === 'courseCancelled') {
          const alternatives = await alternativesTo(c.booking.courseId, c.booking.userId, c.booking.bookingId, c.lang);
          return courseCancelledMail(c.lang, c.user.email, c.user.profile.firstName, c.course, c.booking.bookingReference, event.data.refundDue ? 'refunded' : atCentre, `${options.siteUrl}/courses`, alternatives);
        }
        const money = event.data.refundDue ? 'refunded' : c?.booking.paidBy ? 'notRefunded' : atCentre;
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
        // The booking's documents, which name its course as it stands now.
        const { links } = await c.brief();
        return bookingMovedMail(c.lang, c.user.email, c.user.profile.firstName, { reference: c.booking.bookingReference, from, to, by: event.data.by, money: moved }, dashboard, links);
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
      case 'SpotOffered': {
        const w = await waiterAndCourse(event.data.userId, event.data.courseId);
        if (!w) return null;
        const until = w.lang === 'fr' ? `${mailDay(event.data.expiresAt, 'fr')} à ${mailTime(event.data.expiresAt, 'fr')}` : `${mailDay(event.data.expiresAt, 'en')} at ${mailTime(event.data.expiresAt, 'en')}`;
        return spotOfferedMail(w.lang, w.user.email, w.user.profile.firstName, w.course, until, `${options.siteUrl}/courses/${encodeURIComponent(event.data.courseId)}`);
      }
      case 'SpotOfferExpired': {
        const w = await waiterAndCourse(event.data.userId, event.data.courseId);
        return w && spotOfferExpiredMail(w.lang, w.user.email, w.user.profile.firstName, w.course, `${options.siteUrl}/courses/${encodeURIComponent(event.data.courseId)}`);
      }
      case 'OrganizationUnverified': {
        const r = await centreRecipient(event.data.organizationId);
        return r && centreVerificationWithdrawnMail(r.lang, r.to, `${options.siteUrl}/organization`);
      }
      case 'OrganizationVerified': {
        if (!(await verifiedAgain(event))) {
          // Its first verification: a centre that registered itself and waited is told it is approved.
          if (!(await registeredItself(event))) return null;
          const centre = await centreAddress(event.data.organizationId);
          return centre && centreApprovedMail(centre.lang, centre.to, `${options.siteUrl}/organization`);
        }
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
      case 'CoursePrefecturePackReminderSent': {
        // To the centre's address, in its language or French, unless it turned the pack's e-mails off (issue 20 §5).
        const course = await readState(eventStore, streams.course(event.data.courseId), courseDecider);
        if (course.state.status !== 'scheduled' || course.state.prefecturePackSent) return null;
        const r = await centreAddress(course.state.organizationId);
        if (!r?.notifications.packDue) return null;
        const line = await courseLine(event.data.courseId, r.lang);
        return line && prefecturePackDueMail(
          r.lang, r.to, line, mailDay(`${event.data.deadline}T12:00:00.000Z`, r.lang), event.data.day === 15,
          `${options.siteUrl}/api/organization/courses/${event.data.courseId}/prefecture-pack`, `${options.siteUrl}/organization`,
        );
      }
      default:
        return null;
    }
  }

  /** Sends the e-mail once: unless `notification-<key>` says it went out already, composes, sends and records it. */
  async function sendOnce(event: RecordedDomainEvent, key: string, compose: () => Promise<MailMessage | null>) {
    const stream = streams.notification(key);
    if ((await eventStore.readStream(stream, { maxCount: 1 })).length > 0) return;
    const message = await compose();
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
  }

  return {
    name: 'mail',
    async handle(event) {
      // The catalogue of courses on offer follows the whole log, old events included.
      await options.catalogue?.apply(event);
      if (options.now().getTime() - Date.parse(event.metadata.occurredAt) > STALE_AFTER_MS) return;
      // Most events send no e-mail: they cost no read of their notification stream.
      if (!MAILED.has(event.type)) return;
      await sendOnce(event, event.id, () => messageFor(event));
      for (const other of await otherMessages(event)) await sendOnce(event, other.key, other.compose);
      if (event.type !== 'OrganizationUnverified') return;
      // The centre sells nothing more: each learner whose booking of it awaits payment learns it cannot be paid online.
      for (const bookingId of await bookingsAwaitingPayment(event.data.organizationId)) {
        await sendOnce(event, `${event.id}_${bookingId}`, async () => {
          const c = await learnerAndCourse(bookingId);
          return c && bookingNoLongerPayableMail(c.lang, c.user.email, c.user.profile.firstName, c.course, c.booking.bookingReference, `${options.siteUrl}/dashboard`);
        });
      }
    },
  };
}
