import type { Clock, IdGenerator } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import { EmbeddedTestGateway } from '@recup/infra/payments/embedded-test-gateway';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import { hashPassword } from '@recup/infra/passwords';
import { DEMO_PASSWORD } from '@recup/infra/seed/demo-catalog';
import { streams, type CourseScheduled, type EventOf } from '@recup/shared-events';
import { refundBookingPayment } from '../bookings/manage-booking';
import { placeBooking } from '../bookings/place-booking';
import { handleCommand } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { commandMetadata } from '../core/metadata';
import { organizationDecider } from '../organizations/organization-decider';
import { organizationManagerDecider } from '../organizations/organization-manager';
import { ADMIN_REFUND_REASON } from '../payments/admin-payment-routes';
import { confirmPayment, createPaymentIntent } from '../payments/pay-booking';
import { registerAccount } from '../users/accounts';

/** The centre that waits for an administrator's approval, and the account that runs it. */
const PENDING_CENTRE = { name: 'Azur Conduite Responsable', email: 'azur.conduite@demo.test', account: 'nouveau.centre@demo.test' } as const;
/** Learners whose payments show the administrators every state: paid, refunded, declined, started and left. */
const ADMIN_DEMO_LEARNERS = [
  { email: 'julie.bonnet@demo.test', firstName: 'Julie', lastName: 'Bonnet', title: 'MRS' as const },
  { email: 'marc.lefevre@demo.test', firstName: 'Marc', lastName: 'Lefèvre', title: 'MR' as const },
];

const PAYING_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

/**
 * The administrators' demo (issue 13), on top of the catalogue: a centre waiting for approval with its own
 * account, and payments in every state — succeeded (twice), refunded by an administrator, declined, and
 * started but never paid — all through the same deciders and the test gateway as a browser would. Skipped
 * when the payments go to Stripe (no card can be typed for it here).
 */
export async function seedAdminDemo(deps: { eventStore: EventStore; payments: PaymentGateway; clock: Clock; ids: IdGenerator; seller: SellerIdentity }) {
  const now = deps.clock.now();
  const seed = commandMetadata({ type: 'system', name: 'demo-seed' }, now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const profile = (first: string, last: string, title: 'MR' | 'MRS' | null) => ({
    title, firstName: first, lastName: last, dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null,
    postalCode: null, city: null, country: 'FR', phoneNumber: '06 20 30 40 50', landlinePhone: null, licenseNumber: null, language: 'FR' as const,
  });

  const centreUserId = deps.ids.next();
  await registerAccount(deps.eventStore, { userId: centreUserId, email: PENDING_CENTRE.account, passwordHash, role: 'ORGANIZATION', verified: true, profile: profile('Élodie', 'Garnier', 'MRS') }, seed, now);
  const organizationId = deps.ids.next();
  await handleCommand(deps.eventStore, streams.organization(organizationId), organizationDecider, {
    type: 'RegisterOrganization', organizationId, ownerUserId: centreUserId, now,
    profile: {
      name: PENDING_CENTRE.name, address: '12 promenade des Anglais', city: 'Nice', postalCode: '06000', email: PENDING_CENTRE.email, phoneNumber: '04 93 00 12 34',
      website: null, description: 'Stages de sensibilisation à la sécurité routière à Nice, en petits groupes.', descriptionEn: null, prefectApprovalReference: 'R-06-2026-0142',
    },
  }, { metadata: seed });
  await handleCommand(deps.eventStore, streams.organizationManager(centreUserId), organizationManagerDecider, { type: 'AssignManager', userId: centreUserId, organizationId }, { metadata: seed });

  if (!(deps.payments instanceof EmbeddedTestGateway)) return { organizationId, bookings: 0 };
  const gateway = deps.payments;
  // The soonest courses of the catalogue, far enough ahead to be refunded on cancellation.
  const courses = (await deps.eventStore.readAll())
    .filter((e): e is typeof e & { data: EventOf<typeof CourseScheduled>['data'] } => e.type === 'CourseScheduled')
    .map((e) => e.data)
    .filter((c) => Date.parse(c.startDate) - now.getTime() > 4 * 86_400_000)
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .map((c) => c.courseId);

  const learners = [];
  for (const learner of ADMIN_DEMO_LEARNERS) {
    const userId = deps.ids.next();
    await registerAccount(deps.eventStore, { userId, email: learner.email, passwordHash, role: 'USER', verified: true, profile: profile(learner.firstName, learner.lastName, learner.title) }, seed, now);
    learners.push(userId);
  }
  const [julie, marc] = learners as [string, string];

  const pay = async (userId: string, courseId: string, card: string | null) => {
    const metadata = commandMetadata({ type: 'user', userId, role: 'USER' }, deps.clock.now());
    const booking = await placeBooking(deps, { courseId, userId, earlyStartRequested: true }, metadata);
    if (card === null) return { ...booking, paymentId: null };
    const started = await createPaymentIntent(deps, booking.bookingId, userId, metadata);
    gateway.confirmCard(started.intent.id, { clientSecret: started.intent.clientSecret, cardholderName: 'Demo', cardNumber: card, expMonth: 12, expYear: 2035, cvc: '123' });
    try {
      await confirmPayment(deps, booking.bookingId, userId, started.intent.id, metadata);
    } catch (error) {
      // A declined card is recorded as such: the booking stays unpaid.
      if (!(error instanceof DomainError)) throw error;
    }
    return { ...booking, paymentId: started.paymentId };
  };

  await pay(julie, courses[0]!, PAYING_CARD);
  await pay(julie, courses[1]!, PAYING_CARD);
  const refunded = await pay(julie, courses[2]!, PAYING_CARD);
  // Refunded as an administrator refunds: the confirmed booking is cancelled with it.
  await refundBookingPayment(deps, { paymentId: refunded.paymentId!, bookingId: refunded.bookingId }, null, ADMIN_REFUND_REASON, commandMetadata({ type: 'system', name: 'demo-seed' }, deps.clock.now()));
  await pay(marc, courses[0]!, DECLINED_CARD);
  const started = await placeBooking(deps, { courseId: courses[1]!, userId: marc, earlyStartRequested: true }, commandMetadata({ type: 'user', userId: marc, role: 'USER' }, deps.clock.now()));
  await createPaymentIntent(deps, started.bookingId, marc, commandMetadata({ type: 'user', userId: marc, role: 'USER' }, deps.clock.now()));
  return { organizationId, bookings: 5 };
}
