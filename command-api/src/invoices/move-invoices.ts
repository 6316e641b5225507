import { streams, toDomainEvent, type EventMetadata } from '@recup/shared-events';
import type { EventStore } from '@recup/infra/event-store/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import { readState } from '../core/decider';
import { bookingDecider } from '../bookings/booking-decider';
import { paymentDecider } from '../payments/payment-decider';
import { invoiceDocumentOf } from './invoice-document';
import { assignInvoiceNumber, firstInvoiceNumber } from './invoice-numbers';

/**
 * The invoices of a booking paid online that moved (README, "Invoices: who sells"): each move cancels the invoice in
 * force by its credit note (`AV-<number>`, dated by the move) and issues a new invoice, in the series of the move's
 * year, for the new course at the booking's new price, naming the invoice it replaces and the difference paid or
 * refunded. Walks the booking's history in order and issues whatever is missing (a crash between the move and its
 * invoice), each once: asked again, nothing changes. A booking paid online only after it moved was invoiced for
 * the course it then held: its earlier moves need none.
 */
export async function ensureMoveInvoices(deps: { eventStore: EventStore; seller: SellerIdentity }, bookingId: string, metadata: EventMetadata) {
  const { eventStore, seller } = deps;
  let state = bookingDecider.initialState();
  let inForce: string | null = null;
  let position = 0;
  for (const recorded of await eventStore.readStream(streams.booking(bookingId))) {
    const event = toDomainEvent(recorded);
    if (event.type !== 'BookingMoved') {
      state = bookingDecider.evolve(state, event as Parameters<typeof bookingDecider.evolve>[1]);
      continue;
    }
    const paidBy = state.status === 'absent' ? null : state.paidBy;
    state = bookingDecider.evolve(state, event);
    if (!paidBy) continue;
    const movedAt = new Date(event.data.movedAt);
    if (!inForce) {
      // The booking's first invoice, normally given when its payment was settled; given now if a crash left it without.
      const payment = await readState(eventStore, streams.payment(paidBy), paymentDecider);
      const paidAt = payment.state.status !== 'absent' && payment.state.succeededAt ? new Date(payment.state.succeededAt) : movedAt;
      inForce = await firstInvoiceNumber(eventStore, bookingId, paidAt, movedAt);
      if (!inForce) {
        const first = await assignInvoiceNumber(eventStore, {
          bookingId, paymentId: paidBy, now: paidAt, documentOf: () => invoiceDocumentOf(eventStore, { bookingId, paymentId: paidBy, seller, asOf: recorded.position - 1 }),
        }, metadata);
        inForce = first.number;
        position = Math.max(position, first.position);
      }
    }
    const replaces = inForce;
    const move = { replaces, difference: event.data.priceAfter - event.data.priceBefore };
    const issued = await assignInvoiceNumber(eventStore, {
      bookingId, paymentId: paidBy, now: movedAt, replaces: { number: replaces, movedEventId: recorded.id },
      documentOf: () => invoiceDocumentOf(eventStore, { bookingId, paymentId: paidBy, seller, asOf: recorded.position, move }),
    }, metadata);
    inForce = issued.number;
    position = Math.max(position, issued.position);
  }
  return { number: inForce, position };
}
