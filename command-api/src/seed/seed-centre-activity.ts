import type { Clock, IdGenerator } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import { EmbeddedTestGateway } from '@recup/infra/payments/embedded-test-gateway';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';
import { DEFAULT_COURSE_DESCRIPTION, type DemoVenue } from '@recup/infra/seed/demo-catalog';
import { addDays, COURSE_HALF_DAYS, nextLegalCourseStart, parisCalendarDay, parisDayStart, streams, type CourseDetails } from '@recup/shared-events';
import { attendanceDecider } from '../bookings/attendance-decider';
import { approveBooking, cancelBooking, recordCentrePayment } from '../bookings/manage-booking';
import { placeBooking } from '../bookings/place-booking';
import { handleCommand, readState } from '../core/decider';
import { commandMetadata } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import { prefecturePackDecider } from '../courses/prefecture-pack-decider';
import { organizationDecider } from '../organizations/organization-decider';
import { confirmPayment, createPaymentIntent } from '../payments/pay-booking';
import { registerAccount } from '../users/accounts';

const DAY = 86_400_000;

/** Learners of the demo centre; they sign in with the demo password too. */
const DEMO_CENTRE_LEARNERS = [
  { firstName: 'Zoé', lastName: 'Lefèvre', title: 'MRS', language: 'EN', city: 'Marseille', postalCode: '13005', dateOfBirth: '1994-02-11', licenseNumber: '130694200871' },
  { firstName: 'Lucas', lastName: 'Martin', title: 'MR', language: 'FR', city: 'Aix-en-Provence', postalCode: '13100', dateOfBirth: '1987-09-23', licenseNumber: '130587100432' },
  { firstName: 'Emma', lastName: 'Girard', title: 'MRS', language: 'FR', city: 'Aubagne', postalCode: '13400', dateOfBirth: '1999-06-02', licenseNumber: '130699300215' },
  { firstName: 'Hugo', lastName: 'Moreau', title: 'MR', language: 'FR', city: 'Martigues', postalCode: '13500', dateOfBirth: '1979-12-30', licenseNumber: '130479500654' },
  { firstName: 'Chloé', lastName: 'Fontaine', title: 'MRS', language: 'FR', city: 'Marseille', postalCode: '13008', dateOfBirth: '1991-03-17', licenseNumber: '130691800123' },
  { firstName: 'Théo', lastName: 'Rousseau', title: 'MR', language: 'EN', city: 'Arles', postalCode: '13200', dateOfBirth: '2001-10-08', licenseNumber: '130601200987' },
  { firstName: 'Léa', lastName: 'Garnier', title: 'MRS', language: 'FR', city: 'Salon-de-Provence', postalCode: '13300', dateOfBirth: '1985-05-26', licenseNumber: '130585300346' },
  { firstName: 'Mathis', lastName: 'Dubois', title: 'MR', language: 'FR', city: 'Marseille', postalCode: '13012', dateOfBirth: '1996-08-14', licenseNumber: '130696120578' },
] as const;

const emailOf = (learner: (typeof DEMO_CENTRE_LEARNERS)[number]) =>
  `${learner.firstName}.${learner.lastName}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().concat('@demo.test');

type Fate = 'paid' | 'approved' | 'pending' | 'cancelled';

interface CentreActivityInput {
  eventStore: EventStore;
  payments?: PaymentGateway;
  /** Who sells: on the invoices of the paid bookings. */
  seller: SellerIdentity;
  clock: Clock;
  ids: IdGenerator;
  organizationId: string;
  /** The demo centre's upcoming courses, soonest first. */
  courses: ReadonlyArray<{ courseId: string; details: CourseDetails }>;
  venue: DemoVenue;
  passwordHash: string;
}

/**
 * What the demo centre finds on first sign-in: learners who booked its courses in every state — paid,
 * approved by the centre (to be paid at the centre, or paid there), awaiting approval, cancelled and refunded —, a course 10 days or less away short of
 * its 6 participants, and a course that already took place. Everything goes through the same commands as in
 * use, dated in the past (so no e-mail goes out for it); money goes through the test gateway, so that a
 * refund later on is real. With another payment provider the paid bookings are left out.
 */
export async function seedCentreActivity(input: CentreActivityInput): Promise<{ learners: number; bookings: number }> {
  const today = input.clock.now().getTime();
  const at = (daysAgo: number) => ({ now: () => new Date(today - daysAgo * DAY) });
  const gateway = input.payments instanceof EmbeddedTestGateway ? input.payments : null;
  const metadata = (daysAgo: number) => commandMetadata({ type: 'system', name: 'demo-seed' }, at(daysAgo).now());

  const learners: string[] = [];
  for (const learner of DEMO_CENTRE_LEARNERS) {
    const userId = input.ids.next();
    learners.push(userId);
    await registerAccount(input.eventStore, {
      userId, email: emailOf(learner), passwordHash: input.passwordHash, role: 'USER', verified: true,
      profile: {
        title: learner.title, firstName: learner.firstName, lastName: learner.lastName, dateOfBirth: learner.dateOfBirth, countryOfBirth: 'FR', placeOfBirth: learner.city,
        address: '12 rue de la République', addressDetails: null, postalCode: learner.postalCode, city: learner.city, country: 'FR', phoneNumber: '06 12 34 56 78',
        landlinePhone: null, licenseNumber: learner.licenseNumber, language: learner.language,
      },
    }, metadata(60), at(60).now());
  }

  /** A course of the demo centre declared `declaredDaysAgo` days ago, starting on `startDay`. */
  async function extraCourse(startDay: string, declaredDaysAgo: number, totalSpots: number) {
    const courseId = input.ids.next();
    const { venue } = input;
    const time = (day: string, hour: number) => new Date(parisDayStart(day).getTime() + hour * 3_600_000).toISOString();
    const details: CourseDetails = {
      title: venue.city, titleEn: venue.city, description: DEFAULT_COURSE_DESCRIPTION.fr, descriptionEn: DEFAULT_COURSE_DESCRIPTION.en, address: venue.address,
      city: venue.city, postalCode: venue.postalCode, department: venue.department, startDate: time(startDay, 8), endDate: time(addDays(startDay, 1), 17),
      price: 22_900, totalSpots, antsNumber: `ANTS-${venue.department}-${String(40_000 + declaredDaysAgo)}`,
    };
    const meta = metadata(declaredDaysAgo);
    await handleCommand(input.eventStore, streams.organization(input.organizationId), organizationDecider, { type: 'AddOrganizationCourses', courseIds: [courseId], batchId: null }, { metadata: meta });
    await handleCommand(input.eventStore, streams.course(courseId), courseDecider, {
      type: 'ScheduleCourse', courseId, organizationId: input.organizationId, organizationVerified: true, details, now: at(declaredDaysAgo).now(),
    }, { metadata: meta });
    return { courseId, details };
  }

  let bookings = 0;
  async function book(courseId: string, startDate: string, userId: string, fate: Fate, daysAgo: number): Promise<string | null> {
    if ((fate === 'paid' || fate === 'cancelled') && !gateway) return null;
    const clock = at(daysAgo);
    // A booking awaiting the centre's approval (paid at the centre) keeps its place until the course starts.
    const holdMinutes = Math.ceil((Date.parse(startDate) - clock.now().getTime()) / 60_000);
    const deps = { eventStore: input.eventStore, clock, ids: input.ids, payments: input.payments!, seller: input.seller, bookingHoldMinutes: holdMinutes };
    const learnerMeta = commandMetadata({ type: 'user', userId, role: 'USER' }, clock.now());
    const placed = await placeBooking(deps, { courseId, userId, earlyStartRequested: true }, learnerMeta);
    bookings += 1;
    if (fate === 'approved') {
      await approveBooking(deps, placed.bookingId, (await centreOwner()) ?? '', commandMetadata({ type: 'system', name: 'demo-seed' }, clock.now()));
    } else if (fate === 'paid' || fate === 'cancelled') {
      const intent = await createPaymentIntent(deps, placed.bookingId, userId, learnerMeta);
      const year = new Date(today).getUTCFullYear() + 3;
      gateway!.confirmCard(intent.intent.id, { clientSecret: intent.intent.clientSecret, cardholderName: 'Demo', cardNumber: '4242424242424242', expMonth: 12, expYear: year, cvc: '123' });
      await confirmPayment(deps, placed.bookingId, userId, intent.intent.id, learnerMeta);
      if (fate === 'cancelled') await cancelBooking({ ...deps, clock: at(daysAgo - 1) }, placed.bookingId, { userId, role: 'USER' }, learnerMeta);
    }
    return placed.bookingId;
  }

  let owner: string | null | undefined;
  async function centreOwner() {
    if (owner === undefined) {
      const organization = await readState(input.eventStore, streams.organization(input.organizationId), organizationDecider);
      owner = organization.state.status === 'absent' ? null : organization.state.ownerUserId;
    }
    return owner;
  }

  const [zoe, lucas, emma, hugo, chloe, theo, lea, mathis] = learners as [string, string, string, string, string, string, string, string];
  const todayDay = parisCalendarDay(new Date(today));

  // The soonest course: paid, approved, awaiting approval, cancelled and refunded.
  const first = input.courses[0];
  if (first) {
    const plan: Array<[string, Fate]> = [[zoe, 'paid'], [lucas, 'paid'], [emma, 'approved'], [hugo, 'pending'], [chloe, 'pending'], [theo, 'cancelled']];
    for (const [userId, fate] of plan) await book(first.courseId, first.details.startDate, userId, fate, 4);
  }
  // A second one, filling up.
  const second = input.courses[1];
  if (second) {
    for (const [userId, fate] of [[lea, 'paid'], [mathis, 'approved'], [hugo, 'approved']] as Array<[string, Fate]>) await book(second.courseId, second.details.startDate, userId, fate, 3);
  }
  // Declared three weeks ago, a week away: 2 confirmed of the 6 the law requires — flagged on the dashboard.
  const soon = await extraCourse(nextLegalCourseStart(addDays(todayDay, 6)), 21, 14);
  for (const [userId, fate] of [[lea, 'approved'], [mathis, 'paid'], [chloe, 'pending']] as Array<[string, Fate]>) await book(soon.courseId, soon.details.startDate, userId, fate, 10);
  // Ended about a week ago, paid online: its attendance is still to record (issue 20), within the centre's 15 days.
  const lastWeek = await extraCourse(nextLegalCourseStart(addDays(todayDay, -9)), 30, 10);
  for (const userId of [zoe, lucas, emma, lea, mathis]) await book(lastWeek.courseId, lastWeek.details.startDate, userId, 'paid', 20);
  // Held last month: its bookings are COMPLETED.
  const past = await extraCourse(nextLegalCourseStart(addDays(todayDay, -30)), 50, 12);
  const pastBookings = new Map<string, string | null>();
  for (const userId of [zoe, lucas, emma, hugo, chloe, theo, lea]) pastBookings.set(userId, await book(past.courseId, past.details.startDate, userId, userId === zoe || userId === theo ? 'paid' : 'approved', 40));
  // On its first day the centre took the money of those it had confirmed unpaid; Léa's is still due.
  const firstDay = parisCalendarDay(new Date(past.details.startDate));
  const atCourseEnd = { eventStore: input.eventStore, clock: { now: () => new Date(past.details.endDate) }, ids: input.ids, payments: input.payments!, seller: input.seller };
  for (const [userId, method] of [[lucas, 'CASH'], [emma, 'CHEQUE'], [hugo, 'TRANSFER'], [chloe, 'CASH']] as const) {
    const bookingId = pastBookings.get(userId);
    if (bookingId) await recordCentrePayment(atCourseEnd, bookingId, (await centreOwner()) ?? '', { method, receivedOn: firstDay }, commandMetadata({ type: 'system', name: 'demo-seed' }, atCourseEnd.clock.now()));
  }

  // Held five weeks ago, its paperwork done (issue 20): facilitators named and attendance recorded the day after (Hugo
  // absent on the second afternoon), attestations sent, the prefecture's pack marked sent on the ninth day.
  const done = await extraCourse(nextLegalCourseStart(addDays(todayDay, -40)), 70, 12);
  const doneBookings: Array<[string, string]> = [];
  for (const userId of [mathis, theo, zoe, lea, hugo, chloe]) {
    const bookingId = await book(done.courseId, done.details.startDate, userId, 'paid', 60);
    if (bookingId) doneBookings.push([userId, bookingId]);
  }
  const doneEnd = Date.parse(done.details.endDate);
  const afterEnd = (days: number) => new Date(doneEnd + days * DAY);
  const centreMeta = async (when: Date) => commandMetadata({ type: 'user', userId: (await centreOwner()) ?? 'demo-centre', role: 'ORGANIZATION' }, when);
  if (doneBookings.length > 0) {
    const namedBy = (await centreOwner()) ?? '';
    await handleCommand(input.eventStore, streams.course(done.courseId), courseDecider, {
      type: 'NameFacilitators', courseId: done.courseId, namedBy, now: afterEnd(1),
      facilitators: [{ role: 'ROAD_SAFETY_EXPERT', name: 'Jean Martin' }, { role: 'PSYCHOLOGIST', name: 'Claire Petit' }],
    }, { metadata: await centreMeta(afterEnd(1)) });
    const course = { courseId: done.courseId, startDate: done.details.startDate, endDate: done.details.endDate };
    for (const [userId, bookingId] of doneBookings) {
      const presences = Object.fromEntries(COURSE_HALF_DAYS.map((halfDay) => [halfDay, userId === hugo && halfDay === 'DAY2_AFTERNOON' ? 'ABSENT' : 'PRESENT'] as const));
      await handleCommand(input.eventStore, streams.booking(bookingId), attendanceDecider, {
        type: 'RecordAttendance', bookingId, course, presences, by: 'centre', recordedBy: namedBy, now: afterEnd(1),
      }, { metadata: await centreMeta(afterEnd(1)) });
      if (userId === hugo) continue;
      await handleCommand(input.eventStore, streams.booking(bookingId), attendanceDecider, {
        type: 'SendAttestation', bookingId, course, now: afterEnd(1),
      }, { metadata: commandMetadata({ type: 'system', name: 'demo-seed' }, afterEnd(1)) });
    }
    await handleCommand(input.eventStore, streams.course(done.courseId), prefecturePackDecider, {
      type: 'MarkPrefecturePackSent', courseId: done.courseId, sentBy: namedBy, now: afterEnd(9),
    }, { metadata: await centreMeta(afterEnd(9)) });
  }

  return { learners: learners.length, bookings };
}
