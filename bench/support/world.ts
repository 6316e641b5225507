import type { Clock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import { hashPassword } from '@recup/infra/passwords';
import { DEFAULT_COURSE_DESCRIPTION, DEMO_CENTRES } from '@recup/infra/seed/demo-catalog';
import { parisDay, parisDayStart } from '@recup/infra/time/paris';
import { streams, type CourseInput } from '@recup/shared-events';
import { addDays, nextLegalCourseStart } from '@recup/shared-events/calendar/index';
import { placeBooking } from '@recup/command-api/bookings/place-booking';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { publishCourseBatch } from '@recup/command-api/courses/manage-course';
import { organizationDecider } from '@recup/command-api/organizations/organization-decider';
import { registerAccount } from '@recup/command-api/users/accounts';
import { DEMO_SELLER } from '@recup/infra/seller-identity';

/**
 * The benchmarks' data, made through the domain as a centre, an administrator and learners would make it
 * (the same functions the routes call, so every rule holds): verified centres, upcoming courses that obey
 * the law, verified learners, bookings. Nothing is written by hand into a read model.
 */
interface WorldDeps {
  eventStore: EventStore;
  payments: PaymentGateway;
  clock: Clock;
}

const ids = { next: () => crypto.randomUUID() };
const system = (now: Date) => commandMetadata({ type: 'system', name: 'bench' }, now);
export const BENCH_PASSWORD = 'bench-password';

/** Every venue of the demo centres, with the centre that runs it. */
const VENUES = DEMO_CENTRES.flatMap((centre, c) => centre.venues.map((venue) => ({ centre: c, venue })));

/** The demo centres, registered and verified; returns their ids in DEMO_CENTRES' order. */
export async function seedCentres(deps: WorldDeps): Promise<string[]> {
  const now = deps.clock.now();
  const metadata = system(now);
  const out: string[] = [];
  for (const centre of DEMO_CENTRES) {
    const organizationId = ids.next();
    const stream = streams.organization(organizationId);
    await handleCommand(deps.eventStore, stream, organizationDecider, {
      type: 'RegisterOrganization', organizationId, ownerUserId: null, now,
      profile: {
        name: centre.name, address: centre.address, city: centre.city, postalCode: centre.postalCode, email: centre.email,
        phoneNumber: centre.phoneNumber, website: centre.website, description: centre.description, descriptionEn: centre.descriptionEn,
        prefectApprovalReference: centre.prefectApprovalReference,
      },
    }, { metadata });
    await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'VerifyOrganization', organizationId, now }, { metadata });
    out.push(organizationId);
  }
  return out;
}

export interface SeededCourse {
  id: string;
  department: string;
  totalSpots: number;
  price: number;
}

/**
 * `count` upcoming courses published by their centres 50 at a time (the batch call's limit), spread over
 * every demo venue and the next year: two consecutive legal days, 08:00 to 17:00, at least 10 days ahead.
 */
export async function seedCourses(deps: WorldDeps, centreIds: string[], count: number, options: { totalSpots?: (i: number) => number } = {}): Promise<SeededCourse[]> {
  const now = deps.clock.now();
  const today = parisDay(now);
  const byCentre = new Map<number, CourseInput[]>();
  for (let i = 0; i < count; i += 1) {
    const { centre, venue } = VENUES[i % VENUES.length]!;
    const day = nextLegalCourseStart(addDays(today, 12 + ((i * 7) % 340)));
    const at = (d: string, hour: number) => new Date(parisDayStart(d).getTime() + hour * 3_600_000).toISOString();
    const input: CourseInput = {
      title: venue.city, titleEn: venue.city, description: DEFAULT_COURSE_DESCRIPTION.fr, descriptionEn: DEFAULT_COURSE_DESCRIPTION.en,
      address: venue.address, city: venue.city, postalCode: venue.postalCode, department: venue.department,
      startDate: at(day, 8), endDate: at(addDays(day, 1), 17), price: 17_900 + (i % 12) * 1_000,
      totalSpots: options.totalSpots?.(i) ?? [6, 12, 15, 18, 20, 20][i % 6]!, antsNumber: `ANTS-${venue.department}-${10_000 + i}`,
    };
    const list = byCentre.get(centre) ?? [];
    list.push(input);
    byCentre.set(centre, list);
  }
  const courses: SeededCourse[] = [];
  const metadata = system(now);
  for (const [centre, inputs] of byCentre) {
    for (let from = 0; from < inputs.length; from += 50) {
      const batch = inputs.slice(from, from + 50);
      const published = await publishCourseBatch({ ...deps, ids, refundCutoffHours: 72, seller: DEMO_SELLER }, { organizationId: centreIds[centre]!, inputs: batch, by: 'centre' }, metadata);
      published.courses.forEach((course, k) => courses.push({ id: course.courseId, department: batch[k]!.department!, totalSpots: batch[k]!.totalSpots!, price: batch[k]!.price! }));
    }
  }
  return courses;
}

interface SeededLearner {
  id: string;
  email: string;
}

/** `count` verified learners (one password hash shared by all: hashing is not what is measured). */
export async function seedLearners(deps: WorldDeps, count: number, prefix = 'learner'): Promise<SeededLearner[]> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const learners: SeededLearner[] = [];
  for (let i = 0; i < count; i += 1) {
    const learner = { id: ids.next(), email: `${prefix}-${i}@bench.test` };
    await registerAccount(deps.eventStore, {
      userId: learner.id, email: learner.email, passwordHash, role: 'USER', verified: true,
      profile: {
        title: i % 2 ? 'MR' : 'MRS', firstName: 'Camille', lastName: `Bench ${i}`, dateOfBirth: '1990-01-01', countryOfBirth: 'FR', placeOfBirth: 'Marseille',
        address: '1 rue de Rome', addressDetails: null, postalCode: '13001', city: 'Marseille', country: 'FR', phoneNumber: '0611223344', landlinePhone: null,
        licenseNumber: '123456789012', language: 'FR',
      },
    }, system(now), now);
    learners.push(learner);
  }
  return learners;
}

/** Learner books course, through the booking domain (course stream first, then the booking stream). */
export function bookThroughDomain(deps: WorldDeps, learnerId: string, courseId: string) {
  const now = deps.clock.now();
  return placeBooking({ ...deps, ids, bookingHoldMinutes: 30 }, { courseId, userId: learnerId, earlyStartRequested: true }, commandMetadata({ type: 'user', userId: learnerId, role: 'USER' }, now));
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
export async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  });
  await Promise.all(runners);
}
