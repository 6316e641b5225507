import { attendanceOutcome } from '@recup/shared-events';
import type { Projection } from '../projection';
import { BOOKINGS_COLLECTION, type BookingDocument } from './booking-document';

export const bookingProjection: Projection<BookingDocument> = {
  name: 'bookings',
  // 5: the learner's case (learnerCase); 6: moves to another date (movedFrom, pendingMove), merged after it.
  // 7: attendance and the attestation sent (issue 20).
  version: 7,
  collection: BOOKINGS_COLLECTION,
  indexes: [{ userId: 1 }, { courseId: 1 }, { status: 1 }],
  documentId: (event) => {
    if (event.type === 'InvoiceNumberAssigned') return event.data.bookingId;
    return event.streamName.startsWith('booking-') ? event.streamName.slice('booking-'.length) : null;
  },
  evolve(doc, event) {
    switch (event.type) {
      case 'BookingPlaced': {
        const { bookingId, placedAt, ...booking } = event.data;
        return {
          _id: bookingId, ...booking, status: 'PENDING', paymentId: null, createdAt: placedAt, confirmedAt: null, confirmedBy: null, cancelledAt: null, cancelledBy: null, refundDue: false, invoice: null,
          paidAtCentre: null, learnerCase: null, movedFrom: [], pendingMove: null, attendance: null, attestationSentAt: null,
        };
      }
      case 'BookingPaymentStarted':
        return doc && { ...doc, paymentId: event.data.paymentId };
      case 'BookingConfirmed':
        return doc && { ...doc, status: 'CONFIRMED', confirmedAt: event.data.confirmedAt, confirmedBy: event.data.by };
      case 'BookingPaidAtCentre': {
        const { method, receivedOn, amount, recordedAt } = event.data;
        return doc && { ...doc, paidAtCentre: { method, receivedOn, amount, recordedAt } };
      }
      case 'BookingCaseDeclared':
        return doc && { ...doc, learnerCase: { case: event.data.learnerCase, letterReceivedOn: event.data.letterReceivedOn } };
      case 'BookingCancelled':
        return doc && { ...doc, status: 'CANCELLED', cancelledAt: event.data.cancelledAt, cancelledBy: event.data.by, refundDue: event.data.refundDue };
      case 'BookingExpired':
        return doc && { ...doc, status: 'EXPIRED' };
      case 'BookingCompleted':
        return doc && { ...doc, status: 'COMPLETED' };
      case 'BookingDeleted':
        return null;
      case 'BookingMoved': {
        const { fromCourseId, toCourseId, movedAt, by, priceBefore, priceAfter } = event.data;
        return doc && { ...doc, courseId: toCourseId, price: priceAfter, pendingMove: null, movedFrom: [...(doc.movedFrom ?? []), { courseId: fromCourseId, movedAt, by, priceBefore, priceAfter }] };
      }
      case 'BookingMoveStarted': {
        const { moveId, toCourseId, holdExpiresAt, priceBefore, priceAfter } = event.data;
        return doc && { ...doc, pendingMove: { moveId, toCourseId, holdExpiresAt, priceBefore, priceAfter, paymentId: null } };
      }
      case 'BookingMovePaymentStarted':
        return doc && { ...doc, pendingMove: doc.pendingMove?.moveId === event.data.moveId ? { ...doc.pendingMove, paymentId: event.data.paymentId } : doc.pendingMove };
      case 'BookingMoveAbandoned':
        return doc && { ...doc, pendingMove: doc.pendingMove?.moveId === event.data.moveId ? null : doc.pendingMove };
      case 'BookingAttendanceRecorded':
        return doc && { ...doc, attendance: { halfDays: event.data.halfDays, outcome: attendanceOutcome(event.data.halfDays) } };
      case 'BookingAttestationSent':
        return doc && { ...doc, attestationSentAt: event.data.sentAt };
      case 'InvoiceNumberAssigned':
        return doc && { ...doc, invoice: { number: event.data.number, date: event.data.issuedAt } };
      default:
        return doc;
    }
  },
};
