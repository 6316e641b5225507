import type { HistoryEvent, StreamHistoryResponse } from '@recup/command-api/contracts';
import { creditNoteNumber } from '@recup/query-api/contracts/admin';
import type { TFunction } from 'i18next';
import { attendanceOutcome, COURSE_HALF_DAYS, type AttendanceSheetRow } from '@recup/shared-events/courses/attendance';
import { formatMoney, formatShortDate } from '../../../lib/format';
import { formatShortDateTime } from '../admin-format';
import type { Language } from '../../../lib/language';

/** One event as an auditor reads it: when, who, what happened, what changed, what caused it. */
export interface TimelineItem {
  id: string;
  occurredAt: string;
  who: string;
  title: string;
  details: string[];
  causedBy: { id: string; title: string } | null;
  event: HistoryEvent;
}

type Data = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));

/** Fields an update event does not "change" in a way worth reading: ids and timestamps. */
const NOT_CHANGES = new Set(['userId', 'organizationId', 'courseId', 'bookingId', 'paymentId', 'updatedAt', 'changedAt']);

/**
 * The history as a readable timeline. Each event is told in the user's language with its amounts; an update
 * lists the fields it changed (compared with what the stream said before); a refund names the credit note it
 * issues against the booking's invoice; an event caused by another names it.
 */
export function describeHistory(history: StreamHistoryResponse, t: TFunction<'admin'>, language: Language): TimelineItem[] {
  const money = (cents: unknown) => (typeof cents === 'number' ? formatMoney(cents, language) : '—');
  const when = (iso: unknown) => (typeof iso === 'string' ? formatShortDateTime(iso, language) : '—');
  /** A calendar day (`YYYY-MM-DD`), read as the day it names. */
  const day = (value: unknown) => (typeof value === 'string' ? formatShortDate(`${value}T12:00:00.000Z`, language) : '—');
  const records = new Map<string, Data>();
  const invoice = history.events.find((e) => e.type === 'InvoiceNumberAssigned')?.data as Data | undefined;
  const titles = new Map<string, string>();

  const fieldLabel = (stream: string, field: string) => {
    const key = field === 'title' && stream.startsWith('user-') ? 'civility' : field;
    const label = t(`history.fields.${key}` as never);
    return label === `history.fields.${key}` ? field : label;
  };

  const changesOf = (event: HistoryEvent, data: Data): string[] => {
    const before = records.get(event.stream) ?? {};
    return Object.entries(data)
      .filter(([field, value]) => !NOT_CHANGES.has(field) && JSON.stringify(before[field] ?? null) !== JSON.stringify(value ?? null))
      .map(([field, value]) => {
        const show = (v: unknown) => (field === 'price' && typeof v === 'number' ? money(v) : /Date$/.test(field) && typeof v === 'string' ? when(v) : (text(v) ?? t('history.empty_')));
        return t('history.changed', { field: fieldLabel(event.stream, field), from: show(before[field]), to: show(value) });
      });
  };

  const describe = (event: HistoryEvent): { title: string; details: string[] } => {
    const data = (event.data ?? {}) as Data;
    const e = (key: string, params: Record<string, unknown> = {}) => t(`history.events.${key}` as never, params as never) as unknown as string;
    // A reason the code wrote, in the user's language when it is a known one.
    const known = (key: string, fallback: unknown) => {
      const translated = e(key);
      return translated === `history.events.${key}` ? String(fallback) : translated;
    };
    switch (event.type) {
      case 'BookingPlaced':
        return { title: e('BookingPlaced', { reference: data.bookingReference, amount: money(data.price) }), details: [] };
      case 'BookingPaymentStarted':
        return { title: e('BookingPaymentStarted'), details: [] };
      case 'BookingConfirmed':
        return { title: e(data.by === 'centre' ? 'BookingConfirmedCentre' : 'BookingConfirmedPayment'), details: [] };
      case 'BookingPaidAtCentre':
        return { title: e('BookingPaidAtCentre', { amount: money(data.amount), method: e(`centreMethods.${String(data.method)}`), day: typeof data.receivedOn === 'string' ? formatShortDate(`${data.receivedOn}T12:00:00Z`, language) : '—' }), details: [] };
      case 'BookingReminderSent':
        return { title: e(data.daysBefore === 1 ? 'BookingReminderSentDayBefore' : 'BookingReminderSent', { count: typeof data.daysBefore === 'number' ? data.daysBefore : 0 }), details: [] };
      case 'BookingFollowUpSent':
        return { title: e('BookingFollowUpSent'), details: [] };
      case 'BookingAttendanceRecorded': {
        const halfDays = (data.halfDays ?? {}) as Record<string, string>;
        const outcome = attendanceOutcome(halfDays as AttendanceSheetRow);
        return {
          title: e(data.by === 'admin' ? 'BookingAttendanceRecordedAdmin' : 'BookingAttendanceRecordedCentre', { outcome: e(`attendanceOutcomes.${outcome}`) }),
          details: COURSE_HALF_DAYS.filter((h) => halfDays[h]).map((h) => e('halfDayPresence', { halfDay: e(`halfDays.${h}`), presence: known(`presences.${String(halfDays[h])}`, halfDays[h]) })),
        };
      }
      case 'BookingAttestationSent':
        return { title: e('BookingAttestationSent'), details: [] };
      case 'CourseFacilitatorsNamed': {
        const facilitators = Array.isArray(data.facilitators) ? (data.facilitators as Array<{ role: string; name: string }>) : [];
        return { title: e('CourseFacilitatorsNamed', { names: facilitators.map((f) => `${f.name} (${known(`facilitatorRoles.${f.role}`, f.role)})`).join(', ') }), details: [] };
      }
      case 'CoursePrefecturePackSent':
        return { title: e('CoursePrefecturePackSent'), details: [] };
      case 'CoursePrefecturePackReminderSent':
        return { title: e('CoursePrefecturePackReminderSent', { day: Number(data.day), deadline: formatShortDate(`${String(data.deadline)}T12:00:00Z`, language) }), details: [] };
      case 'BookingCaseDeclared':
        return {
          title: e('BookingCaseDeclared', { learnerCase: known(`learnerCases.${String(data.learnerCase)}`, data.learnerCase) }),
          details: typeof data.letterReceivedOn === 'string' ? [e('letterReceivedOn', { day: formatShortDate(`${data.letterReceivedOn}T12:00:00Z`, language) })] : [],
        };
      case 'BookingCancelled': {
        const key = data.by === 'admin' ? 'BookingCancelledAdmin' : data.by === 'courseCancelled' ? 'BookingCancelledCourse' : 'BookingCancelledLearner';
        return { title: `${e(key)} (${e(data.refundDue ? 'refundDue' : 'noRefund')})`, details: [] };
      }
      case 'PaymentIntentCreated':
        return { title: e('PaymentIntentCreated', { amount: money(data.amount), provider: data.provider === 'stripe' ? 'Stripe' : 'test', intent: data.providerIntentId }), details: [] };
      case 'PaymentSucceeded':
        return { title: e('PaymentSucceeded', { amount: money(data.amount) }), details: data.cardLast4 ? [e('card', { brand: String(data.cardBrand ?? '').toUpperCase(), last4: data.cardLast4 })] : [] };
      case 'PaymentFailed':
        return { title: e('PaymentFailed', { reason: data.reason }), details: [] };
      case 'PaymentRefundRequested':
        return { title: e('PaymentRefundRequested', { amount: money(data.amount), reason: known(`refundReasons.${String(data.reason)}`, data.reason) }), details: [] };
      case 'PaymentRefunded': {
        const number = invoice && typeof invoice.number === 'string' ? invoice.number : null;
        return { title: e('PaymentRefunded', { amount: money(data.amount), refund: data.providerRefundId }), details: number ? [e('creditNote', { number: creditNoteNumber(number), invoice: number })] : [] };
      }
      case 'PaymentRefundFailed':
        return { title: e('PaymentRefundFailed', { reason: data.reason }), details: [] };
      case 'InvoiceNumberAssigned':
        return { title: e('InvoiceNumberAssigned', { number: data.number }), details: [] };
      case 'CourseScheduled':
        return { title: e('CourseScheduled', { city: data.city, start: when(data.startDate), end: when(data.endDate), price: money(data.price), spots: data.totalSpots }), details: [] };
      case 'CourseCancelled': {
        const reason = known(`courseCancelReasons.${String(data.reason)}`, data.reason);
        return { title: text(data.reason) ? e('CourseCancelledReason', { reason }) : e('CourseCancelled'), details: [] };
      }
      case 'CourseBatchPublished':
        return { title: e('CourseBatchPublished', { count: Array.isArray(data.courseIds) ? data.courseIds.length : 0 }), details: [] };
      case 'OrganizationCoursesAdded':
        return { title: e('OrganizationCoursesAdded', { count: Array.isArray(data.courseIds) ? data.courseIds.length : 0 }), details: [] };
      case 'OrganizationOwnerChanged':
        return { title: e('OrganizationOwnerChanged'), details: changesOf(event, data) };
      case 'SpotReserved':
        return { title: e('SpotReserved', { booking: data.bookingId }), details: [] };
      case 'SpotReleased':
        return { title: e('SpotReleased', { booking: data.bookingId, reason: e(`spotReasons.${String(data.reason)}`) }), details: [] };
      case 'WaitingListJoined':
        return { title: e('WaitingListJoined', { user: data.userId }), details: [] };
      case 'WaitingListLeft':
        return { title: e('WaitingListLeft', { user: data.userId, reason: known(`waitingListReasons.${String(data.reason)}`, data.reason) }), details: [] };
      case 'SpotOffered':
        return { title: e('SpotOffered', { user: data.userId, until: when(data.expiresAt) }), details: [] };
      case 'SpotOfferTaken':
        return { title: e('SpotOfferTaken', { booking: data.bookingId }), details: [] };
      case 'CourseLowEnrolmentNoticed':
        return { title: e('CourseLowEnrolmentNoticed', { participants: data.participants, minimum: data.minimum }), details: [] };
      case 'OrganizationApprovalDatesRecorded':
        return data.approvalGrantedOn
          ? { title: e('OrganizationApprovalDatesRecorded', { granted: day(data.approvalGrantedOn), expires: day(data.approvalExpiresOn) }), details: [] }
          : { title: e('OrganizationApprovalDatesCleared'), details: [] };
      case 'OrganizationApprovalExpiryNoticed':
        return { title: e('OrganizationApprovalExpiryNoticed', { expires: day(data.approvalExpiresOn) }), details: [] };
      case 'OrganizationNotificationsChanged': {
        const chosen = (data.notifications ?? {}) as Record<string, boolean>;
        const off = Object.keys(chosen).filter((kind) => !chosen[kind]).map((kind) => e(`notificationKinds.${kind}`));
        return { title: off.length === 0 ? e('OrganizationNotificationsAllOn') : e('OrganizationNotificationsChanged', { off: off.join(', ') }), details: [] };
      }
      case 'SpotOfferExpired':
        return { title: e('SpotOfferExpired', { user: data.userId }), details: [] };
      case 'UserRegistered':
        return { title: e('UserRegistered', { role: t(`status.role.${String(data.role)}` as never), email: data.email }), details: [] };
      case 'UserPasswordChanged':
        return { title: e(data.by === 'admin' ? 'UserPasswordChangedAdmin' : 'UserPasswordChangedSelf'), details: [] };
      case 'UserEmailChanged':
        return { title: e('UserEmailChanged', { from: data.previousEmail, to: data.email }), details: [] };
      case 'UserRoleChanged':
        return { title: e('UserRoleChanged', { from: t(`status.role.${String(data.previousRole)}` as never), to: t(`status.role.${String(data.role)}` as never) }), details: [] };
      case 'OrganizationRegistered':
        return { title: e('OrganizationRegistered', { name: data.name }), details: [] };
      // A change of identity reads as its fields, from the values in force to those asked for (or approved).
      case 'OrganizationIdentityChangeRequested':
      case 'OrganizationIdentityChangeApproved': {
        const { requestId: _requestId, requestedAt: _requestedAt, approvedAt: _approvedAt, ...identity } = data;
        return { title: e(event.type), details: changesOf(event, identity) };
      }
      case 'OrganizationIdentityChangeRejected':
      case 'OrganizationIdentityChangeWithdrawn':
        return { title: e(event.type), details: [] };
      case 'BookingExpired':
      case 'BookingDeleted':
      case 'BookingCompleted':
      case 'UserEmailVerified':
      case 'UserVerificationTokenIssued':
      case 'UserVerificationRevoked':
      case 'UserPasswordResetRequested':
      case 'UserPasswordReset':
      case 'UserDeleted':
      case 'OrganizationVerified':
      case 'OrganizationUnverified':
      case 'OrganizationDeleted':
        return { title: e(event.type), details: [] };
      default: {
        // An update of a record (a profile, a course, a centre) reads as the fields it changed.
        if (/(Updated|Changed)$/.test(event.type)) {
          const known_ = e(event.type);
          return { title: known_ === `history.events.${event.type}` ? e('updated') : known_, details: changesOf(event, data) };
        }
        return { title: e('unknown', { type: event.type }), details: [] };
      }
    }
  };

  const who = (event: HistoryEvent) => {
    const actor = event.actor;
    if (actor.type === 'system') {
      const name = t(`history.systemNames.${actor.name}` as never);
      return t('history.system', { name: name === `history.systemNames.${actor.name}` ? actor.name : name });
    }
    const name = event.actorName ?? t('history.unknownUser', { id: actor.userId });
    return t('history.userActor', { name, role: t(`status.role.${actor.role}`) });
  };

  return history.events.map((event) => {
    const { title, details } = describe(event);
    const data = (event.data ?? {}) as Data;
    // What the stream says of its record from now on (for the next update's changes).
    if (/Registered$|Scheduled$|Updated$|Changed$|ChangeApproved$/.test(event.type)) records.set(event.stream, { ...(records.get(event.stream) ?? {}), ...data });
    titles.set(event.id, title);
    const cause = titles.get(event.causationId);
    return { id: event.id, occurredAt: event.occurredAt, who: who(event), title, details, causedBy: cause ? { id: event.causationId, title: cause } : null, event };
  });
}
