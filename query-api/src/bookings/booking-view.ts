import type { BookingDocument } from '@recup/projector/bookings/booking-document';
import type { CourseDocument } from '@recup/projector/courses/course-document';
import type { PaymentDocument } from '@recup/projector/payments/payment-document';
import type { UserDocument } from '@recup/projector/users/user-document';
import { learnerCancellationRefunded } from '@recup/shared-events/bookings/withdrawal';
import { DEFAULT_TRANSFER_CUTOFF_DAYS, lastDayToMove, learnerMayMove } from '@recup/shared-events/bookings/move-rules';
import type { BookingDto, BookingEndingDto, BookingMoveDto, BookingStatus, CentrePaymentDto, MoveCourseDto, MovedFromDto, PointsEligibilityDto } from '../contracts';
import { isDueAtCentre } from '../organization/centre-money';

/**
 * The four statuses people see: an expired booking shows as CANCELLED (its spot went back), and a confirmed
 * booking of a course that has ended is COMPLETED even before the event saying so is written.
 */
export function bookingStatus(booking: Pick<BookingDocument, 'status'>, course: Pick<CourseDocument, 'endDate'>, now: Date): BookingStatus {
  if (booking.status === 'EXPIRED') return 'CANCELLED';
  if (booking.status === 'CONFIRMED' && Date.parse(course.endDate) <= now.getTime()) return 'COMPLETED';
  return booking.status;
}

/**
 * The same rule as the command side's: cancellable until the start (an unpaid PENDING booking too), refunded
 * within the withdrawal period or up to the cut-off when its money was taken online, whoever confirmed it (the
 * centre may approve a booking the learner then pays).
 */
function cancellationPreview(booking: Pick<BookingDocument, 'status' | 'createdAt'>, payment: Pick<PaymentDocument, 'status'> | null, course: Pick<CourseDocument, 'startDate'>, now: Date, refundCutoffHours: number) {
  // A learner may also give up an unpaid booking while it holds its spot (nothing to refund).
  const allowed = (booking.status === 'CONFIRMED' || booking.status === 'PENDING') && Date.parse(course.startDate) > now.getTime();
  const refunded = learnerCancellationRefunded({ bookedAt: booking.createdAt, courseStartDate: course.startDate, now, refundCutoffHours });
  return { allowed, refundDue: allowed && payment?.status === 'SUCCEEDED' && refunded };
}

/**
 * Why the booking ended, from what its events recorded: who cancelled it or that its hold ran out, and where its
 * money went (taken online and refunded or kept, paid at the centre, or never taken).
 */
export function bookingEnding(
  booking: Pick<BookingDocument, 'status' | 'cancelledBy' | 'cancelledAt' | 'holdExpiresAt' | 'refundDue' | 'paidAtCentre'>,
  payment: Pick<PaymentDocument, 'status'> | null,
): BookingEndingDto | null {
  // Money the centre received is the booking's money, whatever became of an online payment that came after it
  // (refunded at once: the booking never kept it).
  const money: BookingEndingDto['money'] =
    booking.paidAtCentre ? 'paidAtCentre'
    : payment?.status === 'REFUNDED' ? 'refunded'
    : payment?.status === 'SUCCEEDED' ? (booking.refundDue ? 'refundPending' : 'kept')
    : 'notCharged';
  if (booking.status === 'EXPIRED') return { reason: 'expired', at: booking.holdExpiresAt, money };
  if (booking.status !== 'CANCELLED') return null;
  const reason = booking.cancelledBy === 'admin' ? 'cancelledByAdmin' : booking.cancelledBy === 'courseCancelled' ? 'courseCancelled' : 'cancelledByLearner';
  return { reason, at: booking.cancelledAt ?? booking.holdExpiresAt, money };
}

/** Who reads a booking, for what they may do with it: its learner, the centre that runs its course, or an administrator. */
export type BookingViewer = 'learner' | 'centre' | 'admin';

/** How a view names the courses a booking moved from or to: what it knows of them (a course may be unknown there). */
type KnownCourses = ReadonlyMap<string, Pick<CourseDocument, '_id' | 'title' | 'titleEn' | 'city' | 'startDate' | 'endDate'>>;

function moveCourseDto(course: Pick<CourseDocument, '_id' | 'title' | 'titleEn' | 'city' | 'startDate' | 'endDate'> | undefined): MoveCourseDto | null {
  return course ? { id: course._id, title: course.title, titleEn: course.titleEn ?? course.title, city: course.city, startDate: course.startDate, endDate: course.endDate } : null;
}

export function movedFromDto(booking: Pick<BookingDocument, 'movedFrom'>, courses: KnownCourses): MovedFromDto[] {
  return (booking.movedFrom ?? []).map((move) => ({ ...move, course: moveCourseDto(courses.get(move.courseId)) }));
}

/**
 * Whether the viewer may move the booking to another date now (the command side's rules, `move-rules`): a confirmed
 * booking of a course not cancelled nor started; a learner until the cut-off before its first day. And the move
 * waiting for its difference, while its hold lasts.
 */
export function bookingMoveDto(
  booking: Pick<BookingDocument, 'pendingMove'>, status: BookingStatus, course: Pick<CourseDocument, 'startDate' | 'cancelled'>, now: Date, viewer: BookingViewer, cutoffDays: number, courses: KnownCourses,
): BookingMoveDto {
  const started = Date.parse(course.startDate) <= now.getTime();
  const open = status === 'CONFIRMED' && !course.cancelled && !started;
  const pending = booking.pendingMove && Date.parse(booking.pendingMove.holdExpiresAt) > now.getTime() ? booking.pendingMove : null;
  return {
    allowed: open && (viewer !== 'learner' || learnerMayMove(course.startDate, now, cutoffDays)),
    lastDay: viewer === 'learner' ? lastDayToMove(course.startDate, cutoffDays) : null,
    pending: pending && { courseId: pending.toCourseId, course: moveCourseDto(courses.get(pending.toCourseId)), holdExpiresAt: pending.holdExpiresAt, amount: pending.priceAfter - pending.priceBefore },
  };
}

/** What a view says of moves: who reads it, the cut-off, and the courses it knows to name them. */
type MoveView = { viewer: BookingViewer; transferCutoffDays?: number; courses?: KnownCourses };

/** The money the centre recorded as received, as the views show it (without when it was recorded). */
export function centrePaymentOf(booking: Pick<BookingDocument, 'paidAtCentre'>): CentrePaymentDto | null {
  return booking.paidAtCentre ? { method: booking.paidAtCentre.method, receivedOn: booking.paidAtCentre.receivedOn, amount: booking.paidAtCentre.amount } : null;
}

export function toBookingDto(
  booking: BookingDocument, course: CourseDocument, organizationName: string, user: UserDocument, payment: PaymentDocument | null, now: Date, refundCutoffHours = 72,
  pointsEligibility: PointsEligibilityDto | null = null, moves: MoveView = { viewer: 'learner' },
): BookingDto {
  const status = bookingStatus(booking, course, now);
  const known = moves.courses ?? new Map([[course._id, course]]);
  return {
    id: booking._id,
    bookingReference: booking.bookingReference,
    reference: booking.bookingReference,
    status,
    createdAt: booking.createdAt,
    price: booking.price,
    learnerCase: booking.learnerCase ?? null,
    attendance: booking.attendance ?? null,
    course: {
      id: course._id,
      title: course.title,
      titleEn: course.titleEn ?? course.title,
      startDate: course.startDate,
      endDate: course.endDate,
      address: course.address,
      postalCode: course.postalCode,
      city: course.city,
      organization: { name: organizationName },
    },
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, phoneNumber: user.phoneNumber, licenseNumber: user.licenseNumber },
    invoice: booking.invoice ?? null,
    cancellation: cancellationPreview(booking, payment, course, now, refundCutoffHours),
    pointsEligibility: status === 'CANCELLED' ? null : pointsEligibility,
    holdExpiresAt: booking.status === 'PENDING' ? booking.holdExpiresAt : null,
    ending: bookingEnding(booking, payment),
    movedFrom: movedFromDto(booking, known),
    move: bookingMoveDto(booking, status, course, now, moves.viewer, moves.transferCutoffDays ?? DEFAULT_TRANSFER_CUTOFF_DAYS, known),
    paidAtCentre: centrePaymentOf(booking),
    dueAtCentre: isDueAtCentre(booking, payment, status),
    payment: payment && {
      id: payment._id,
      bookingId: payment.bookingId,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      createdAt: payment.createdAt,
      stripePaymentIntentId: payment.providerIntentId,
    },
  };
}
