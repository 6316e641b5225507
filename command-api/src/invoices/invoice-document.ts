import { streams, toDomainEvent, VAT_RATE, vatBreakdown, type DomainEvent, type InvoiceRecord } from '@recup/shared-events';
import type { EventStore } from '@recup/infra/event-store/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import { readState, type Decider } from '../core/decider';
import { bookingDecider } from '../bookings/booking-decider';
import { courseDecider } from '../courses/course-decider';
import { organizationDecider } from '../organizations/organization-decider';
import { paymentDecider } from '../payments/payment-decider';
import { userDecider } from '../users/user-decider';

/** The invoice cannot be written: one of the records it names is missing from the log. */
export class InvoiceSourceMissing extends Error {
  constructor(readonly what: string) {
    super(`the invoice's ${what} is not in the log`);
    this.name = 'InvoiceSourceMissing';
  }
}

/**
 * A stream's state folded from its events up to a global position (all of them without one). A stream whose last
 * event is not after it (a centre's or a learner's, mostly) is folded from the states kept by `readState`, reading only
 * what it has not folded yet; one that moved on since (a course's places) is folded again from its start.
 */
async function stateAsOf<E extends DomainEvent, S>(eventStore: EventStore, stream: string, decider: Pick<Decider<unknown, E, S>, 'initialState' | 'evolve'>, upTo: number) {
  const current = await readState(eventStore, stream, decider);
  if (current.position <= upTo) return current.state;
  let state = decider.initialState();
  for (const recorded of await eventStore.readStream(stream)) {
    if (recorded.position > upTo) break;
    state = decider.evolve(state, toDomainEvent(recorded) as unknown as E);
  }
  return state;
}

/**
 * What the invoice of a paid booking prints (or, with `move`, the invoice that replaces it after a move: the new
 * course at the booking's new price, naming the invoice it replaces and the difference paid or refunded), from the log as it stands at `asOf` (a global position; now
 * without one): the seller given (the platform's configured identity), the learner who booked, the course and
 * the centre that runs it as they were then, the price paid and its VAT. Recorded in the event that issues the
 * invoice, it is what the invoice prints for ever.
 */
export async function invoiceDocumentOf(
  eventStore: EventStore,
  input: { bookingId: string; paymentId: string; seller: SellerIdentity; asOf?: number; move?: { replaces: string; difference: number } },
): Promise<InvoiceRecord> {
  const upTo = input.asOf ?? Number.MAX_SAFE_INTEGER;
  const booking = await stateAsOf(eventStore, streams.booking(input.bookingId), bookingDecider, upTo);
  if (booking.status === 'absent') throw new InvoiceSourceMissing('booking');
  const [payment, user, course] = await Promise.all([
    stateAsOf(eventStore, streams.payment(input.paymentId), paymentDecider, upTo),
    stateAsOf(eventStore, streams.user(booking.userId), userDecider, upTo),
    stateAsOf(eventStore, streams.course(booking.courseId), courseDecider, upTo),
  ]);
  if (user.status === 'absent') throw new InvoiceSourceMissing('buyer');
  if (course.status === 'absent') throw new InvoiceSourceMissing('course');
  const centre = await stateAsOf(eventStore, streams.organization(course.organizationId), organizationDecider, upTo);
  if (centre.status === 'absent') throw new InvoiceSourceMissing('centre');

  const { seller } = input;
  // A moved booking's invoice is for what the booking costs after the move, however many payments it took.
  const total = input.move || payment.status === 'absent' ? booking.price : payment.amount;
  const vatRate = seller.vatNumber === null ? 0 : VAT_RATE;
  const { net, vat } = vatBreakdown(total, vatRate);
  const { profile } = user;
  const details = course.details;
  return {
    seller: {
      name: seller.name, legalForm: seller.legalForm, shareCapitalCents: seller.shareCapitalCents, address: seller.address, siren: seller.siren, siret: seller.siret,
      rcs: seller.rcs, vatNumber: seller.vatNumber, vatExemption: seller.vatExemption, email: seller.email, phone: seller.phone,
    },
    buyer: { firstName: profile.firstName, lastName: profile.lastName, email: user.email, address: profile.address, postalCode: profile.postalCode, city: profile.city },
    centre: {
      name: centre.profile.name, address: centre.profile.address, postalCode: centre.profile.postalCode, city: centre.profile.city, email: centre.profile.email,
      phoneNumber: centre.profile.phoneNumber, prefectApprovalReference: centre.profile.prefectApprovalReference,
    },
    course: { title: details.title, address: details.address, postalCode: details.postalCode, city: details.city, startDate: details.startDate, endDate: details.endDate },
    bookingReference: booking.bookingReference,
    amounts: { total, net, vat, vatRate },
    paidAt: payment.status === 'absent' ? null : payment.succeededAt,
    ...(input.move ? { move: input.move } : {}),
  };
}
