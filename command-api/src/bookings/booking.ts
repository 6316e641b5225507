import type { AttendanceSheetRow, BookingEvent, CentrePaymentMethod, LearnerCaseRecord, MovedBy } from '@recup/shared-events';

type BookingStatus = 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'COMPLETED' | 'EXPIRED' | 'DELETED';

export type BookingState =
  | { status: 'absent' }
  | {
      status: BookingStatus;
      bookingId: string;
      bookingReference: string;
      courseId: string;
      userId: string;
      price: number;
      /** Unpaid, the booking holds its spot until then. */
      holdExpiresAt: string;
      /** The payment attempt under way or made, if any: the only one that may pay for the booking. */
      paymentId: string | null;
      confirmedBy: 'payment' | 'centre' | null;
      /** When it was confirmed: its reminders leave out those due too soon after the confirmation e-mail. */
      confirmedAt: string | null;
      /** The payment whose money the booking kept (confirmed by it, or paid after the centre's approval). */
      paidBy: string | null;
      /** Decided when it was cancelled: whether its money was due back. */
      refundDue: boolean;
      /** When the learner booked: the withdrawal period runs from then, and money is not received at the centre before. */
      placedAt: string;
      /** The money the centre received for a booking it confirmed unpaid, once it says so. */
      paidAtCentre: { method: CentrePaymentMethod; receivedOn: string; amount: number } | null;
      /** A learner's move to a dearer course, waiting for the difference to be paid (its new place held meanwhile). */
      pendingMove: PendingMove | null;
      /** The payments of the differences of moves to dearer courses that the booking kept, besides `paidBy`. */
      topUps: string[];
      /** The reminders sent, each as `<courseId>:<daysBefore>` (a moved booking is reminded of its new course). */
      remindersSent: string[];
      /** The courses whose message after the course was sent. */
      followUpsSent: string[];
      /** Why the learner takes the course, once they said it (the last declaration holds). */
      learnerCase: LearnerCaseRecord | null;
      /** The learner's presence at the course's half-days, as last recorded (null: nothing recorded). */
      attendance: AttendanceSheetRow | null;
      /** Whether the attestation was sent to the learner (once). */
      attestationSent: boolean;
    };

type PendingMove = {
  moveId: string;
  fromCourseId: string;
  toCourseId: string;
  by: MovedBy;
  movedBy: string;
  priceBefore: number;
  priceAfter: number;
  holdExpiresAt: string;
  earlyStartRequested: boolean;
  /** The payment attempt of the difference under way, if any: the only one that may pay for it. */
  paymentId: string | null;
};

export type ExistingBooking = Exclude<BookingState, { status: 'absent' }>;

/** How a sent reminder is remembered: the course it was about, and how many days before it. */
export const reminderKey = (courseId: string, daysBefore: number) => `${courseId}:${daysBefore}`;

export const initialBookingState = (): BookingState => ({ status: 'absent' });

export function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
  if (event.type === 'BookingPlaced') {
    const { bookingId, bookingReference, courseId, userId, price, holdExpiresAt, placedAt } = event.data;
    return {
      status: 'PENDING', bookingId, bookingReference, courseId, userId, price, holdExpiresAt, paymentId: null, confirmedBy: null, confirmedAt: null, paidBy: null, refundDue: false,
      placedAt, paidAtCentre: null, pendingMove: null, topUps: [], remindersSent: [], followUpsSent: [], learnerCase: null, attendance: null, attestationSent: false,
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'BookingPaymentStarted':
      return { ...state, paymentId: event.data.paymentId };
    case 'BookingConfirmed':
      return { ...state, status: 'CONFIRMED', confirmedBy: event.data.by, confirmedAt: event.data.confirmedAt, paidBy: event.data.by === 'payment' ? event.data.paymentId : state.paidBy };
    case 'BookingPaid':
      return { ...state, paidBy: event.data.paymentId };
    case 'BookingPaidAtCentre':
      return { ...state, paidAtCentre: { method: event.data.method, receivedOn: event.data.receivedOn, amount: event.data.amount } };
    case 'BookingCancelled':
      return { ...state, status: 'CANCELLED', refundDue: event.data.refundDue };
    case 'BookingExpired':
      return { ...state, status: 'EXPIRED' };
    case 'BookingDeleted':
      return { ...state, status: 'DELETED' };
    case 'BookingCompleted':
      return { ...state, status: 'COMPLETED' };
    case 'BookingMoved': {
      const { toCourseId, priceAfter, topUpPaymentId } = event.data;
      return { ...state, courseId: toCourseId, price: priceAfter, pendingMove: null, topUps: topUpPaymentId ? [...state.topUps, topUpPaymentId] : state.topUps };
    }
    case 'BookingMoveStarted': {
      const { moveId, fromCourseId, toCourseId, by, movedBy, priceBefore, priceAfter, holdExpiresAt, earlyStartRequested } = event.data;
      return { ...state, pendingMove: { moveId, fromCourseId, toCourseId, by, movedBy, priceBefore, priceAfter, holdExpiresAt, earlyStartRequested: earlyStartRequested === true, paymentId: null } };
    }
    case 'BookingMovePaymentStarted':
      return state.pendingMove?.moveId === event.data.moveId ? { ...state, pendingMove: { ...state.pendingMove, paymentId: event.data.paymentId } } : state;
    case 'BookingMoveAbandoned':
      return state.pendingMove?.moveId === event.data.moveId ? { ...state, pendingMove: null } : state;
    case 'BookingReminderSent':
      return { ...state, remindersSent: [...state.remindersSent, reminderKey(event.data.courseId, event.data.daysBefore)] };
    case 'BookingFollowUpSent':
      return { ...state, followUpsSent: [...state.followUpsSent, event.data.courseId] };
    case 'BookingCaseDeclared':
      return { ...state, learnerCase: { case: event.data.learnerCase, letterReceivedOn: event.data.letterReceivedOn } };
    case 'BookingAttendanceRecorded':
      return { ...state, attendance: event.data.halfDays };
    case 'BookingAttestationSent':
      return { ...state, attestationSent: true };
  }
}

/** Every payment whose money the booking keeps: its own, and the differences of moves paid since. */
export function paymentsKept(booking: Pick<ExistingBooking, 'paidBy' | 'topUps'>): string[] {
  return booking.paidBy ? [booking.paidBy, ...booking.topUps] : [...booking.topUps];
}
