import type { Clock, IdGenerator } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import { hashPassword } from '@recup/infra/passwords';
import { DEFAULT_COURSE_DESCRIPTION, DEMO_ACCOUNTS, DEMO_CENTRES, DEMO_PASSWORD, type DemoVenue } from '@recup/infra/seed/demo-catalog';
import { seededRandom } from '@recup/infra/seeded-random';
import { parisDay, parisDayStart } from '@recup/infra/time/paris';
import { streams, type CourseDetails } from '@recup/shared-events';
import { addDays, addYears, nextLegalCourseStart } from '@recup/shared-events/calendar/index';
import { handleCommand, readState } from '../core/decider';
import { commandMetadata } from '../core/metadata';
import { courseDecider } from '../courses/course-decider';
import { organizationDecider } from '../organizations/organization-decider';
import { organizationManagerDecider } from '../organizations/organization-manager';
import { registerAccount } from '../users/accounts';
import { seedCentreActivity } from './seed-centre-activity';
import type { PaymentGateway } from '@recup/infra/payments/port';
import type { SellerIdentity } from '@recup/infra/seller-identity';

export interface SeedResult {
  seeded: boolean;
  accounts: { email: string; role: string }[];
  centres: number;
  courses: number;
}

/** A Paris wall-clock time on a `YYYY-MM-DD` day, as an ISO instant. */
function parisTime(day: string, hour: number): string {
  return new Date(parisDayStart(day).getTime() + hour * 3_600_000).toISOString();
}

/** A course is declared at least this many days before it starts (DOMAIN.md). */
const DECLARED_DAYS_AHEAD = 10;

/**
 * Two-day courses as the law has them (DOMAIN.md): two consecutive days, neither a Sunday nor a public holiday,
 * 8:00 on the first day to 17:00 on the second (Paris), declared at least 10 days ahead, 6 to 20 places; spread
 * over the next three months, in every venue, with realistic prices. Some run Friday–Saturday (weekend courses).
 */
export function demoCourses(today: string, venues: readonly DemoVenue[], random: () => number): CourseDetails[] {
  const courses: CourseDetails[] = [];
  venues.forEach((venue, v) => {
    const perVenue = 2 + (v % 2);
    for (let n = 0; n < perVenue; n += 1) {
      // Each course of a venue in its own four-week window (a closed day moves it by four days at most):
      // never two on the same dates.
      const day = nextLegalCourseStart(addDays(today, DECLARED_DAYS_AHEAD + n * 28 + Math.floor(random() * 22)));
      const second = addDays(day, 1);
      const price = 17_900 + Math.round(random() * 11) * 1_000;
      const totalSpots = [6, 12, 15, 18, 20, 20][Math.floor(random() * 6)]!;
      // Every advertised course shows its prefecture number (DOMAIN.md). The draws stay those of earlier seeds (a
      // second draw for six courses in ten), so that the rest of the catalogue is the same on every machine.
      const draw = random();
      const antsNumber = `ANTS-${venue.department}-${String(draw < 0.6 ? Math.floor(random() * 90_000) + 10_000 : Math.floor(draw * 90_000) + 10_000)}`;
      courses.push({
        title: venue.city,
        titleEn: venue.city,
        description: DEFAULT_COURSE_DESCRIPTION.fr,
        descriptionEn: DEFAULT_COURSE_DESCRIPTION.en,
        address: venue.address,
        city: venue.city,
        postalCode: venue.postalCode,
        department: venue.department,
        startDate: parisTime(day, 8),
        endDate: parisTime(second, 17),
        price,
        totalSpots,
        antsNumber,
      });
    }
  });
  return courses;
}

/**
 * Seeds the demo accounts, centres and courses on a store that holds no event yet, through the same
 * deciders as every other change; and, unless `centreActivity` is false, the demo centre's learners and
 * their bookings in every state (`seedCentreActivity`).
 */
export async function seedDemoData(
  deps: { eventStore: EventStore; clock: Clock; ids: IdGenerator; payments?: PaymentGateway; seller: SellerIdentity },
  options: { centreActivity?: boolean } = {},
): Promise<SeedResult> {
  const accounts = DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role }));
  if ((await deps.eventStore.headPosition()) > 0) return { seeded: false, accounts, centres: 0, courses: 0 };
  const now = deps.clock.now();
  const metadata = commandMetadata({ type: 'system', name: 'demo-seed' }, now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, string>();

  for (const account of DEMO_ACCOUNTS) {
    const userId = deps.ids.next();
    userIds.set(account.key, userId);
    await registerAccount(deps.eventStore, {
      userId, email: account.email, passwordHash, role: account.role, verified: true,
      profile: {
        title: account.title, firstName: account.firstName, lastName: account.lastName, dateOfBirth: account.dateOfBirth,
        // The demo learner's profile holds every licence detail the prefecture needs: only the case is asked before paying.
        countryOfBirth: account.dateOfBirth ? 'FR' : null, placeOfBirth: account.dateOfBirth ? account.city : null, address: account.address, addressDetails: null,
        postalCode: account.postalCode, city: account.city, country: 'FR', phoneNumber: account.phoneNumber, landlinePhone: null,
        licenseNumber: account.licenseNumber, language: 'FR',
      },
    }, metadata, now);
  }

  // Seeded: the same catalogue on every machine, only the dates move with today.
  const random = seededRandom(20_260_901).next;
  let courseCount = 0;
  let demoCentre: { organizationId: string; courses: Array<{ courseId: string; details: CourseDetails }>; venue: DemoVenue } | null = null;
  for (const [index, centre] of DEMO_CENTRES.entries()) {
    const organizationId = deps.ids.next();
    const stream = streams.organization(organizationId);
    await handleCommand(deps.eventStore, stream, organizationDecider, {
      type: 'RegisterOrganization', organizationId, ownerUserId: centre.owner ? userIds.get(centre.owner)! : null, now,
      profile: {
        name: centre.name, address: centre.address, city: centre.city, postalCode: centre.postalCode, email: centre.email,
        phoneNumber: centre.phoneNumber, website: centre.website, description: centre.description, descriptionEn: centre.descriptionEn,
        prefectApprovalReference: centre.prefectApprovalReference,
      },
    }, { metadata });
    if (centre.owner) {
      const userId = userIds.get(centre.owner)!;
      await handleCommand(deps.eventStore, streams.organizationManager(userId), organizationManagerDecider, { type: 'AssignManager', userId, organizationId }, { metadata });
    }
    // The approval's dates (issue 20 §7): the demo centre's runs 3 more years; the second centre's ends in 44 days, to
    // show among the approvals ending soon; the others' at various times well ahead.
    const approvalGrantedOn = centre.owner === 'centre' ? addYears(parisDay(now), -2)
      : index === 1 ? addDays(addYears(parisDay(now), -5), 45)
      : addDays(addYears(parisDay(now), -1 - (index % 3)), -30 * index);
    await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'RecordApprovalDates', approvalGrantedOn, now }, { metadata });
    await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'VerifyOrganization', organizationId, now }, { metadata });
    const organization = await readState(deps.eventStore, stream, organizationDecider);
    const verified = organization.state.status === 'registered' && organization.state.verified;
    const courses: Array<{ courseId: string; details: CourseDetails }> = [];
    if (centre.owner === 'centre') demoCentre = { organizationId, courses, venue: centre.venues[4] ?? centre.venues[0]! };

    for (const details of demoCourses(parisDay(now), centre.venues, random)) {
      const courseId = deps.ids.next();
      // The centre's stream knows every course it publishes (to cancel them if it is ever deleted).
      await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'AddOrganizationCourses', courseIds: [courseId], batchId: null }, { metadata });
      await handleCommand(deps.eventStore, streams.course(courseId), courseDecider, {
        type: 'ScheduleCourse', courseId, organizationId, organizationVerified: verified, details, now,
      }, { metadata });
      courses.push({ courseId, details });
      courseCount += 1;
    }
  }
  if (demoCentre && options.centreActivity !== false) {
    const { organizationId, venue } = demoCentre;
    const upcoming = [...demoCentre.courses].sort((a, b) => a.details.startDate.localeCompare(b.details.startDate));
    await seedCentreActivity({ eventStore: deps.eventStore, payments: deps.payments, seller: deps.seller, clock: deps.clock, ids: deps.ids, organizationId, courses: upcoming, venue, passwordHash });
  }
  return { seeded: true, accounts, centres: DEMO_CENTRES.length, courses: courseCount };
}
