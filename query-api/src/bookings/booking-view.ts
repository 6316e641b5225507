import type { BookingDocument } from '@recup/projector/bookings/booking-document';
import type { CourseDocument } from '@recup/projector/courses/course-document';
import type { PaymentDocument } from '@recup/projector/payments/payment-document';
import type { UserDocument } from '@recup/projector/users/user-document';
import { learnerCancellationRefunded } from '@recup/shared-events/bookings/withdrawal';
import type { BookingDto, BookingEndingDto, BookingStatus, CentrePaymentDto, PointsEligibilityDto } from '../contracts';
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
export function cancellationPreview(booking: Pick<BookingDocument, 'status' | 'createdAt'>, payment: Pick<PaymentDocument, 'status'> | null, course: Pick<CourseDocument, 'startDate'>, now: Date, refundCutoffHours: number) {
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

/** The money the centre recorded as received, as the views show it (without when it was recorded). */
export function centrePaymentOf(booking: Pick<BookingDocument, 'paidAtCentre'>): CentrePaymentDto | null {
  return booking.paidAtCentre ? { method: booking.paidAtCentre.method, receivedOn: booking.paidAtCentre.receivedOn, amount: booking.paidAtCentre.amount } : null;
}

export function toBookingDto(booking: BookingDocument, course: CourseDocument, organizationName: string, user: UserDocument, payment: PaymentDocument | null, now: Date, refundCutoffHours = 72, pointsEligibility: PointsEligibilityDto | null = null): BookingDto {
  const status = bookingStatus(booking, course, now);
  return {
    id: booking._id,
    bookingReference: booking.bookingReference,
    reference: booking.bookingReference,
    status,
    createdAt: booking.createdAt,
    price: booking.price,
    learnerCase: booking.learnerCase ?? null,
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
