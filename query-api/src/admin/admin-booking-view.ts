import type { ReadStore } from '@recup/infra/read-store/port';
import { BOOKINGS_COLLECTION, type BookingDocument } from '@recup/projector/bookings/booking-document';
import { COURSES_COLLECTION, type CourseDocument } from '@recup/projector/courses/course-document';
import { PAYMENTS_COLLECTION, type PaymentDocument } from '@recup/projector/payments/payment-document';
import { USERS_COLLECTION, type UserDocument } from '@recup/projector/users/user-document';
import { bookingMoveDto, bookingStatus, centrePaymentOf, movedFromDto } from '../bookings/booking-view';
import { DEFAULT_TRANSFER_CUTOFF_DAYS } from '@recup/shared-events/bookings/move-rules';
import type { AdminBookingDto, AdminPaymentSummaryDto } from '../contracts/admin';
import { creditNoteNumber } from '../invoices/credit-note-number';
import { isDueAtCentre } from '../organization/centre-money';
import { organizationNames } from '../organization-names';
import { byId } from './admin-lists';

const noUser = (id: string) => ({ _id: id, firstName: '', lastName: '', email: '', phoneNumber: null, licenseNumber: null });

export function toAdminPaymentSummary(payment: PaymentDocument): AdminPaymentSummaryDto {
  return {
    id: payment._id,
    bookingId: payment.bookingId,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    stripePaymentIntentId: payment.providerIntentId,
    provider: payment.provider,
    createdAt: payment.createdAt,
    succeededAt: payment.succeededAt,
    refundedAt: payment.refundedAt,
    refundPending: payment.refundDue,
    card: payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
    lastError: payment.lastError,
  };
}

/** The credit note that cancels a refunded payment's invoice. */
export function creditNoteOf(payment: Pick<PaymentDocument, 'status' | 'refundedAt'>, invoice: { number: string } | null) {
  return payment.status === 'REFUNDED' && payment.refundedAt && invoice ? { number: creditNoteNumber(invoice.number), date: payment.refundedAt } : null;
}

/** Bookings as administrators see them, with their course, centre, learner and payment, in a few queries. */
export async function toAdminBookings(readStore: ReadStore, bookings: BookingDocument[], now: Date): Promise<AdminBookingDto[]> {
  const [courses, users, payments] = await Promise.all([
    // With the courses they moved from, and the one a move waits to pay for.
    byId(readStore.collection<CourseDocument>(COURSES_COLLECTION), bookings.flatMap((b) => [b.courseId, ...(b.movedFrom ?? []).map((m) => m.courseId), ...(b.pendingMove ? [b.pendingMove.toCourseId] : [])])),
    byId(readStore.collection<UserDocument>(USERS_COLLECTION), bookings.map((b) => b.userId)),
    byId(readStore.collection<PaymentDocument>(PAYMENTS_COLLECTION), bookings.flatMap((b) => (b.paymentId ? [b.paymentId] : []))),
  ]);
  const names = await organizationNames(readStore, [...courses.values()].map((c) => c.organizationId));
  return bookings.flatMap((booking) => {
    const course = courses.get(booking.courseId);
    if (!course) return [];
    // A deleted account's bookings stay listed, without the name it no longer has.
    const user = users.get(booking.userId) ?? noUser(booking.userId);
    const payment = booking.paymentId ? payments.get(booking.paymentId) : undefined;
    const status = bookingStatus(booking, course, now);
    return [{
      id: booking._id,
      bookingReference: booking.bookingReference,
      reference: booking.bookingReference,
      status,
      createdAt: booking.createdAt,
      price: booking.price,
      learnerCase: booking.learnerCase ?? null,
      attendance: booking.attendance ?? null,
      course: {
        id: course._id, title: course.title, titleEn: course.titleEn ?? course.title, startDate: course.startDate, endDate: course.endDate,
        address: course.address, postalCode: course.postalCode, city: course.city,
        organization: { id: course.organizationId, name: names.get(course.organizationId) ?? '' },
      },
      user: { id: user._id, firstName: user.firstName, lastName: user.lastName, email: user.email, phoneNumber: user.phoneNumber, licenseNumber: user.licenseNumber },
      payment: payment ? toAdminPaymentSummary(payment) : null,
      invoice: booking.invoice,
      confirmedAt: booking.confirmedAt,
      confirmedBy: booking.confirmedBy,
      cancelledAt: booking.cancelledAt,
      cancelledBy: booking.cancelledBy,
      expired: booking.status === 'EXPIRED',
      movedFrom: movedFromDto(booking, courses),
      move: bookingMoveDto(booking, status, course, now, 'admin', DEFAULT_TRANSFER_CUTOFF_DAYS, courses),
      paidAtCentre: centrePaymentOf(booking),
      dueAtCentre: isDueAtCentre(booking, payment ?? null, status),
    }];
  });
}

export const bookingsCollection = (readStore: ReadStore) => readStore.collection<BookingDocument>(BOOKINGS_COLLECTION);
