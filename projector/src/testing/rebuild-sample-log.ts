import { createHash } from 'node:crypto';
import type { EventStore } from '@recup/infra/event-store/port';
import { seededRandom } from '@recup/infra/seeded-random';
import { streams, validateDomainEvent, type Actor, type DomainEvent, type EventMetadata } from '@recup/shared-events';

/**
 * A realistic log for rebuild tests and the benchmark: verified centres, scheduled courses, learners who
 * register, and bookings that are paid and invoiced, cancelled and refunded, cancelled too late for a
 * refund, declined once then paid, or left to expire. Every event is checked against its schema before it
 * is appended, through the port, stream by stream with expected revisions, as the command API does.
 */
interface SampleLogOptions {
  /** Stop once at least this many events are stored. */
  events: number;
  /** First event's time; each booking comes a few minutes after the last. */
  start?: string;
  /** Seeds the choices, so that a log can be generated again identically. */
  seed?: number;
}

export interface SampleLog {
  events: number;
  bookings: number;
  refunded: string[];
  expired: string[];
  learners: number;
  courses: number;
}

const CITIES = [
  { city: 'Marseille', postalCode: '13001', department: '13' },
  { city: 'Aix-en-Provence', postalCode: '13100', department: '13' },
  { city: 'Toulon', postalCode: '83000', department: '83' },
  { city: 'Nice', postalCode: '06000', department: '06' },
  { city: 'Avignon', postalCode: '84000', department: '84' },
  { city: 'Gap', postalCode: '05000', department: '05' },
  { city: 'Digne-les-Bains', postalCode: '04000', department: '04' },
] as const;

const system = (name: string): Actor => ({ type: 'system', name });
const learnerActor = (userId: string): Actor => ({ type: 'user', userId, role: 'USER' });
const ADMIN_ID = 'sample-admin';
const adminActor: Actor = { type: 'user', userId: ADMIN_ID, role: 'ADMIN' };

export async function appendSampleLog(eventStore: EventStore, options: SampleLogOptions): Promise<SampleLog> {
  // Seeded, so that a sample log is the same every time.
  const random = seededRandom(options.seed ?? 42).next;
  let clock = Date.parse(options.start ?? '2026-01-05T08:00:00.000Z');
  const at = (minutes = 0) => new Date(clock + minutes * 60_000).toISOString();
  let correlation = 0;
  let appended = 0;
  const revisions = new Map<string, number>();

  async function append(stream: string, actor: Actor, events: readonly DomainEvent[], causationId?: string) {
    correlation += 1;
    const metadata: EventMetadata = { actor, correlationId: `sample-${correlation}`, causationId: causationId ?? `command:sample-${correlation}`, occurredAt: at() };
    const expected = revisions.get(stream) ?? -1;
    const result = await eventStore.appendToStream(stream, events.map((event) => ({ ...validateDomainEvent(event), metadata })), {
      expectedRevision: expected < 0 ? 'no_stream' : expected,
    });
    revisions.set(stream, result.nextExpectedRevision);
    appended += events.length;
  }

  const log: SampleLog = { events: 0, bookings: 0, refunded: [], expired: [], learners: 0, courses: 0 };
  const organizations = CITIES.map((place, i) => ({ id: `sample-org-${i}`, ...place }));
  for (const org of organizations) {
    await append(streams.organization(org.id), system('seed'), [
      {
        type: 'OrganizationRegistered',
        data: {
          organizationId: org.id, ownerUserId: null, registeredAt: at(), name: `Stage ${org.city}`, address: '1 place de la Mairie', city: org.city, postalCode: org.postalCode,
          email: `contact-${org.id}@example.test`, phoneNumber: '0400000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: null,
        },
      },
      { type: 'OrganizationVerified', data: { organizationId: org.id, verifiedAt: at() } },
    ]);
  }

  const courses: Array<{ id: string; spots: number; taken: number; price: number; start: number }> = [];
  async function openCourse() {
    const org = organizations[courses.length % organizations.length]!;
    const id = `sample-course-${courses.length}`;
    const start = clock + (10 + Math.floor(random() * 60)) * 86_400_000;
    const course = { id, spots: 20 + Math.floor(random() * 20), taken: 0, price: 19_900 + Math.floor(random() * 6) * 1_000, start };
    courses.push(course);
    const details = {
      title: `Stage ${org.city}`, titleEn: null, description: 'Stage de récupération de points', descriptionEn: null,
      address: '1 place de la Mairie', city: org.city, postalCode: org.postalCode, department: org.department,
      startDate: new Date(start).toISOString(), endDate: new Date(start + 33 * 3_600_000).toISOString(), price: course.price, totalSpots: course.spots, antsNumber: null,
    };
    // One course in five is published with a batch: it shows once its batch is published, which changes several documents at once.
    const batchId = courses.length % 5 === 4 ? `sample-batch-${courses.length}` : undefined;
    if (batchId) await append(streams.courseBatch(batchId), system('seed'), [{ type: 'CourseBatchStarted', data: { batchId, organizationId: org.id, courses: [{ courseId: id, ...details }], startedAt: at() } }]);
    await append(streams.course(id), system('seed'), [{ type: 'CourseScheduled', data: { courseId: id, organizationId: org.id, ...details, ...(batchId && { batchId }) } }]);
    if (batchId) await append(streams.courseBatch(batchId), system('seed'), [{ type: 'CourseBatchPublished', data: { batchId, organizationId: org.id, courseIds: [id], publishedAt: at() } }]);
    // And one in three is changed by its centre afterwards.
    if (courses.length % 3 === 2) {
      course.price -= 1_000;
      await append(streams.course(id), system('seed'), [{ type: 'CourseDetailsChanged', data: { courseId: id, ...details, price: course.price, title: `Stage ${org.city} centre` } }]);
    }
    return course;
  }

  const invoiceSequence = new Map<number, number>();
  while (appended < options.events) {
    clock += (1 + Math.floor(random() * 10)) * 60_000;
    const n = log.bookings;
    const userId = `sample-user-${n}`;
    const email = `learner-${n}@example.test`;
    const emailHash = createHash('sha256').update(email).digest('hex');
    await append(streams.userEmail(emailHash), system('public-account-flow'), [{ type: 'UserEmailClaimed', data: { userId, email } }]);
    await append(streams.user(userId), system('public-account-flow'), [
      {
        type: 'UserRegistered',
        data: {
          userId, email, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FtcGxlc2FsdA$c2FtcGxlaGFzaA', role: 'USER', registeredAt: at(),
          title: n % 2 ? 'MR' : 'MRS', firstName: 'Camille', lastName: `Durand${n}`, dateOfBirth: '1990-04-12', countryOfBirth: 'FR', placeOfBirth: 'Marseille',
          address: '2 rue de la Paix', addressDetails: null, postalCode: '13001', city: 'Marseille', country: 'FR', phoneNumber: '0600000000', landlinePhone: null,
          licenseNumber: null, language: n % 5 ? 'FR' : 'EN',
        },
      },
      { type: 'UserVerificationTokenIssued', data: { userId, tokenHash: createHash('sha256').update(`token-${n}`).digest('hex'), expiresAt: at(24 * 60) } },
    ]);
    await append(streams.user(userId), learnerActor(userId), [{ type: 'UserEmailVerified', data: { userId, verifiedAt: at(2) } }]);
    log.learners += 1;

    const last = courses[courses.length - 1];
    const course = last && last.taken < last.spots ? last : await openCourse();
    const bookingId = `sample-booking-${n}`;
    const paymentId = `sample-payment-${n}`;
    const intentId = `pi_sample_${n}`;
    const actor = learnerActor(userId);
    course.taken += 1;
    log.bookings += 1;
    await append(streams.course(course.id), actor, [{ type: 'SpotReserved', data: { courseId: course.id, bookingId, userId, reservedAt: at(3) } }]);
    await append(streams.booking(bookingId), actor, [{
      type: 'BookingPlaced',
      data: { bookingId, bookingReference: `RP-${String(n).padStart(6, '0')}`, courseId: course.id, userId, price: course.price, currency: 'EUR', placedAt: at(3), holdExpiresAt: at(33) },
    }]);

    const fate = random();
    if (fate < 0.1) {
      // Never paid: the hold elapses and the spot keeper frees it.
      await append(streams.booking(bookingId), system('spot-keeper'), [{ type: 'BookingExpired', data: { bookingId, expiredAt: at(33) } }]);
      await append(streams.course(course.id), system('spot-keeper'), [{ type: 'SpotReleased', data: { courseId: course.id, bookingId, userId, reason: 'expired' } }]);
      course.taken -= 1;
      log.expired.push(bookingId);
      continue;
    }
    await append(streams.payment(paymentId), actor, [{
      type: 'PaymentIntentCreated',
      data: { paymentId, bookingId, userId, amount: course.price, currency: 'EUR', provider: 'test', providerIntentId: intentId, createdAt: at(5) },
    }]);
    await append(streams.booking(bookingId), actor, [{ type: 'BookingPaymentStarted', data: { bookingId, paymentId } }]);
    if (fate < 0.2) {
      await append(streams.payment(paymentId), actor, [{ type: 'PaymentFailed', data: { paymentId, bookingId, providerIntentId: intentId, code: 'card_declined', reason: 'Your card was declined.', failedAt: at(6) } }]);
    }
    await append(streams.payment(paymentId), actor, [{
      type: 'PaymentSucceeded',
      data: { paymentId, bookingId, providerIntentId: intentId, amount: course.price, cardBrand: 'visa', cardLast4: '4242', succeededAt: at(7) },
    }]);
    await append(streams.booking(bookingId), actor, [{ type: 'BookingConfirmed', data: { bookingId, by: 'payment', paymentId, confirmedAt: at(7) } }]);
    const year = new Date(clock).getUTCFullYear();
    const sequence = (invoiceSequence.get(year) ?? 0) + 1;
    invoiceSequence.set(year, sequence);
    await append(streams.invoiceNumbers(year), actor, [{
      type: 'InvoiceNumberAssigned',
      data: { bookingId, paymentId, year, sequence, number: `RP-${year}-${String(sequence).padStart(6, '0')}`, issuedAt: at(7) },
    }]);

    if (fate < 0.35) {
      // Cancelled well before the start: refunded in full by the refund keeper.
      const by = fate < 0.3 ? 'learner' : 'admin';
      await append(streams.booking(bookingId), by === 'learner' ? actor : adminActor, [{
        type: 'BookingCancelled', data: { bookingId, by, cancelledBy: by === 'learner' ? userId : ADMIN_ID, refundDue: true, cancelledAt: at(60) },
      }]);
      await append(streams.course(course.id), system('spot-keeper'), [{ type: 'SpotReleased', data: { courseId: course.id, bookingId, userId, reason: 'cancelled' } }]);
      course.taken -= 1;
      await append(streams.payment(paymentId), system('refund-keeper'), [
        { type: 'PaymentRefundRequested', data: { paymentId, bookingId, amount: course.price, reason: 'cancelled', requestedAt: at(61) } },
        { type: 'PaymentRefunded', data: { paymentId, bookingId, amount: course.price, providerRefundId: `re_sample_${n}`, refundedAt: at(61) } },
      ]);
      log.refunded.push(bookingId);
    } else if (fate < 0.4) {
      // Cancelled too late for a refund.
      await append(streams.booking(bookingId), actor, [{ type: 'BookingCancelled', data: { bookingId, by: 'learner', cancelledBy: userId, refundDue: false, cancelledAt: at(90) } }]);
      await append(streams.course(course.id), system('spot-keeper'), [{ type: 'SpotReleased', data: { courseId: course.id, bookingId, userId, reason: 'cancelled' } }]);
      course.taken -= 1;
    } else if (fate < 0.45) {
      await append(streams.user(userId), actor, [{
        type: 'UserProfileUpdated',
        data: {
          userId, title: 'MRS', firstName: 'Camille', lastName: `Martin${n}`, dateOfBirth: '1990-04-12', countryOfBirth: 'FR', placeOfBirth: 'Marseille',
          address: '8 cours Mirabeau', addressDetails: null, postalCode: '13100', city: 'Aix-en-Provence', country: 'FR', phoneNumber: '0611111111', landlinePhone: null,
          licenseNumber: '120475200123', language: 'FR',
        },
      }]);
    }
  }
  log.events = appended;
  log.courses = courses.length;
  return log;
}
