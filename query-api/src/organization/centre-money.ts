import type { BookingDocument } from '@recup/projector/bookings/booking-document';
import type { PaymentDocument } from '@recup/projector/payments/payment-document';
import type { BookingStatus } from '../contracts';

interface BookingMoney {
  /** Paid online and not refunded. */
  receivedOnline: number;
  /** Recorded by the centre as received. */
  receivedAtCentre: number;
  /** Confirmed by the centre unpaid: still to be paid at the centre. */
  dueAtCentre: number;
}

type Booking = Pick<BookingDocument, 'confirmedBy' | 'paidAtCentre' | 'price'>;
type Payment = (Pick<PaymentDocument, 'status' | 'amount'> & Partial<Pick<PaymentDocument, 'partiallyRefunded'>>) | null;

/**
 * A booking the centre confirmed unpaid is "to be paid at the centre" until the centre records the money it
 * received (ARCHITECTURE.md): confirmed (or completed), not paid online, its money not recorded.
 */
export function isDueAtCentre(booking: Booking, payment: Payment, status: BookingStatus): boolean {
  return booking.confirmedBy === 'centre' && (status === 'CONFIRMED' || status === 'COMPLETED') && !booking.paidAtCentre && payment?.status !== 'SUCCEEDED';
}

/**
 * The money of one booking, in integer cents (with the payments of its moves' differences, `differences`): only money
 * received counts as revenue, online or at the centre,
 * as on the administrators' dashboard (which counts succeeded payments less refunds, and the money centres
 * recorded); what a centre confirmed unpaid is due, not received.
 */
export function moneyOf(booking: Booking, payment: Payment, status: BookingStatus, differences: readonly NonNullable<Payment>[] = []): BookingMoney {
  const kept = (p: Payment) => (p?.status === 'SUCCEEDED' ? p.amount - (p.partiallyRefunded ?? 0) : 0);
  return {
    // Less the parts given back (moves to cheaper courses); with the differences paid for moves to dearer ones.
    receivedOnline: kept(payment) + differences.reduce((sum, difference) => sum + kept(difference), 0),
    receivedAtCentre: booking.paidAtCentre?.amount ?? 0,
    dueAtCentre: isDueAtCentre(booking, payment, status) ? booking.price : 0,
  };
}

export function sumMoney(items: Iterable<BookingMoney>): BookingMoney {
  const total: BookingMoney = { receivedOnline: 0, receivedAtCentre: 0, dueAtCentre: 0 };
  for (const item of items) {
    total.receivedOnline += item.receivedOnline;
    total.receivedAtCentre += item.receivedAtCentre;
    total.dueAtCentre += item.dueAtCentre;
  }
  return total;
}
