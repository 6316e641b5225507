import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResponse, JoinWaitingListResponse } from '@recup/command-api/contracts/courses';
import type { CourseDto, WaitingListEntryDto } from '@recup/query-api/contracts';
import type { AdminCourseDto } from '@recup/query-api/contracts/admin';
import type { CourseWaitingListEntryDto, OrganizationCourseDto } from '@recup/query-api/contracts/organization';
import { streams } from '@recup/shared-events';
import { legalCourse, weeksLater } from './centre-fixtures';
import { book, scheduleCourse } from './money-testing';
import { signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
type Learner = { client: TestClient; email: string; id: string };
const HOUR = 3_600_000;

/**
 * The waiting list end to end (issue 19 §5), on the embedded platform with a clock the test moves: a full course,
 * learners in line, places that free, offers by e-mail held for a time, booked through or passed on.
 */
describe('the waiting list of a full course', () => {
  let platform: Platform;
  let centre: TestClient;
  let admin: TestClient;
  let visitor: TestClient;
  /** Learners who book to fill courses (their bookings confirmed by the centre, so that no hold runs out). */
  const fillers: Learner[] = [];
  /** Learners who wait. */
  const waiters: Learner[] = [];
  /** Learners a test signs up for itself. */
  const others: Learner[] = [];

  const signUp = async (email: string, lang: 'fr' | 'en' = 'fr'): Promise<Learner> => {
    const client = await signUpLearner(platform, email, lang);
    const me = (await client.get('/api/auth/me')).json() as { id: string };
    const learner = { client, email, id: me.id };
    others.push(learner);
    return learner;
  };

  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000 });
    centre = new TestClient(platform.app, 'fr');
    await centre.login('centre@demo.test');
    admin = new TestClient(platform.app, 'en');
    await admin.login('admin@demo.test');
    visitor = new TestClient(platform.app);
    for (let i = 0; i < 4; i += 1) fillers.push(await signUp(`filler.${i}@example.test`));
    for (let i = 0; i < 6; i += 1) waiters.push(await signUp(`waiter.${i}@example.test`, i === 1 ? 'en' : 'fr'));
    others.length = 0;
  }, 60_000);
  afterAll(async () => {
    await platform.close();
  });

  /** Everyone reads what everyone wrote: the projector and the reactors have caught up. */
  async function settle() {
    await platform.settled();
    const head = await platform.adapters.eventStore.headPosition();
    for (const client of [centre, admin, visitor, ...fillers.map((l) => l.client), ...waiters.map((l) => l.client)]) client.minPosition = Math.max(client.minPosition, head);
  }
  /** Sessions end after 30 minutes idle on the platform's clock: everyone signs in again once it moved. */
  async function signInAgain() {
    await centre.login('centre@demo.test');
    await admin.login('admin@demo.test');
    for (const learner of [...fillers, ...waiters, ...others]) await learner.client.login(learner.email, 'learner-password');
  }
  /** The clock moves, the reactors do what fell due. */
  async function later(ms: number) {
    platform.clock.advance(ms);
    await platform.reactors.sweep();
    await settle();
    await signInAgain();
  }

  /** A legal course of the demo centre, with these places, each taken by a filler (confirmed by the centre). */
  async function fullCourse(spots: number, weeks: number, extra: Partial<Record<string, unknown>> = {}) {
    const published = await centre.post('/api/courses', legalCourse({ totalSpots: spots, ...weeksLater(weeks), ...extra }));
    expect(published.statusCode, published.body).toBe(201);
    const courseId = (published.json() as CourseResponse).id;
    const bookings: Array<{ learner: Learner; bookingId: string }> = [];
    for (const learner of fillers.slice(0, spots)) {
      const bookingId = await book(learner.client, courseId);
      expect((await centre.post(`/api/bookings/${bookingId}/approve`)).statusCode).toBe(200);
      bookings.push({ learner, bookingId });
    }
    await settle();
    return { courseId, bookings };
  }

  const join = (learner: Learner, courseId: string) => learner.client.post(`/api/courses/${courseId}/waiting-list`);
  const lines = async (learner: Learner) => (await learner.client.get('/api/user/waiting-list')).json() as WaitingListEntryDto[];
  const lineOn = async (learner: Learner, courseId: string) => (await lines(learner)).find((e) => e.course.id === courseId);
  const course = async (courseId: string) => (await visitor.get(`/api/courses/${courseId}`)).json() as CourseDto;
  const courseEvents = async (courseId: string, type: string) => (await platform.adapters.eventStore.readStream(streams.course(courseId))).filter((e) => e.type === type);
  const mailsTo = async (learner: Learner, kind: string) => (await platform.adapters.mailer.list()).filter((m) => m.to === learner.email && m.kind === kind);
  const cancel = async (learner: Learner, bookingId: string) => {
    const cancelled = await learner.client.post(`/api/bookings/${bookingId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settle();
  };

  it('takes a signed-in learner in line on a full course, in order, each once', async () => {
    const { courseId } = await fullCourse(2, 1);
    const [a, b] = waiters;
    const first = await join(a!, courseId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ courseId, status: 'WAITING', position: 1 } satisfies Partial<JoinWaitingListResponse>);
    expect((await join(b!, courseId)).json()).toMatchObject({ position: 2 });

    const again = await join(a!, courseId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_WAITING', message: 'Vous êtes déjà sur la liste d’attente de ce stage.' });
    const booked = await join(fillers[0]!, courseId);
    expect(booked.statusCode).toBe(409);
    expect(booked.json()).toMatchObject({ code: 'ALREADY_BOOKED' });

    await settle();
    expect(await lineOn(a!, courseId)).toMatchObject({ position: 1, offer: null, offersClosed: false, course: { id: courseId, spotsLeft: 0, status: 'SCHEDULED' } });
    expect(await lineOn(b!, courseId)).toMatchObject({ position: 2, offer: null });
    expect(await course(courseId)).toMatchObject({ spotsLeft: 0, waitingCount: 2, waitlistOfferHours: 24 });

    const left = await b!.client.request('DELETE', `/api/courses/${courseId}/waiting-list`);
    expect(left.statusCode).toBe(204);
    await settle();
    expect(await lineOn(b!, courseId)).toBeUndefined();
    const notThere = await b!.client.request('DELETE', `/api/courses/${courseId}/waiting-list`);
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json()).toMatchObject({ code: 'NOT_ON_WAITING_LIST' });
    // Leaving and joining again puts the learner at the end of the line.
    expect((await join(b!, courseId)).json()).toMatchObject({ position: 2 });
  });

  it('sends a learner to book when places are free, and refuses unknown, cancelled and started courses', async () => {
    const published = await centre.post('/api/courses', legalCourse({ totalSpots: 6, ...weeksLater(2) }));
    const open = (published.json() as CourseResponse).id;
    const free = await join(waiters[0]!, open);
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ code: 'SPOTS_AVAILABLE', message: expect.stringMatching(/réservez-en une/) });
    expect((await join(waiters[0]!, 'no-such-course')).statusCode).toBe(404);

    const { courseId: cancelledId } = await fullCourse(1, 2);
    expect((await centre.request('DELETE', `/api/courses/${cancelledId}`)).statusCode).toBe(200);
    expect((await join(waiters[0]!, cancelledId)).json()).toMatchObject({ code: 'COURSE_CANCELLED' });

    const started = 'waiting-started';
    await scheduleCourse(platform, waiters[0]!.client, started, new Date(platform.clock.now().getTime() + HOUR).toISOString(), { totalSpots: 1 });
    platform.clock.advance(2 * HOUR);
    await waiters[0]!.client.login(waiters[0]!.email, 'learner-password');
    expect((await join(waiters[0]!, started)).json()).toMatchObject({ code: 'COURSE_ALREADY_STARTED' });
    platform.clock.advance(-2 * HOUR);
    await signInAgain();

    // Only learners wait.
    expect((await centre.post(`/api/courses/${open}/waiting-list`)).statusCode).toBe(403);
    expect((await visitor.post(`/api/courses/${open}/waiting-list`)).statusCode).toBe(401);
    expect((await centre.get('/api/user/waiting-list')).statusCode).toBe(403);
  });

  it('offers a freed place to the first in line, once, by e-mail, held from everyone else; the learner books it through the offer', async () => {
    const { courseId, bookings } = await fullCourse(2, 12);
    const [first, second, other] = [waiters[1]!, waiters[2]!, waiters[3]!];
    await join(first, courseId);
    await join(second, courseId);
    const freedAt = platform.clock.now();
    await cancel(bookings[0]!.learner, bookings[0]!.bookingId);

    const offers = await courseEvents(courseId, 'SpotOffered');
    expect(offers.map((e) => e.data)).toEqual([expect.objectContaining({ userId: first.id, expiresAt: new Date(freedAt.getTime() + 24 * HOUR).toISOString() })]);
    const mails = await mailsTo(first, 'spot-offered');
    expect(mails).toHaveLength(1);
    // In the learner's language (English), with the link to book and the offer's end in Paris time.
    expect(mails[0]).toMatchObject({ language: 'en', subject: expect.stringMatching(/A place has freed up for you/) });
    expect(mails[0]!.text).toContain('Sunday, November 22, 2026 at 10:00 AM (Paris time)');
    expect(mails[0]!.links).toContain(`http://localhost:3000/courses/${courseId}`);
    expect(await mailsTo(second, 'spot-offered')).toHaveLength(0);

    // The place shows as taken; nobody else may book it, the next in line neither.
    expect(await course(courseId)).toMatchObject({ spotsLeft: 0, waitingCount: 2 });
    expect(await lineOn(first, courseId)).toMatchObject({ position: null, offer: { expiresAt: new Date(freedAt.getTime() + 24 * HOUR).toISOString() } });
    expect(await lineOn(second, courseId)).toMatchObject({ position: 1, offer: null });
    const stranger = await other.client.post('/api/bookings', { earlyStartRequested: true, courseId });
    expect(stranger.json()).toMatchObject({ code: 'NO_SPOTS_LEFT' });
    expect((await second.client.post('/api/bookings', { earlyStartRequested: true, courseId })).json()).toMatchObject({ code: 'NO_SPOTS_LEFT' });

    // Booking through the offer is a normal booking.
    await later(20 * HOUR);
    const taken = await first.client.post('/api/bookings', { earlyStartRequested: true, courseId });
    expect(taken.statusCode, taken.body).toBe(201);
    await settle();
    expect((await courseEvents(courseId, 'SpotOfferTaken')).map((e) => e.data)).toEqual([expect.objectContaining({ userId: first.id, bookingId: (taken.json() as { id: string }).id })]);
    expect(await lineOn(first, courseId)).toBeUndefined();
    expect(await lineOn(second, courseId)).toMatchObject({ position: 1, offer: null });
    expect(await course(courseId)).toMatchObject({ spotsLeft: 0, waitingCount: 1 });
    // Its end passes: nothing happens to a taken offer. The booking holds its place as any booking: left unpaid,
    // it expires, and that place goes to the next in line.
    await later(5 * HOUR);
    expect(await courseEvents(courseId, 'SpotOfferExpired')).toHaveLength(0);
    expect((await courseEvents(courseId, 'SpotOffered')).map((e) => (e.data as { userId: string }).userId)).toEqual([first.id, second.id]);
  });

  it('passes an offer not taken in time to the next in line, when the clock passes its end', async () => {
    const { courseId, bookings } = await fullCourse(1, 13);
    const [first, second] = [waiters[3]!, waiters[4]!];
    await join(first, courseId);
    await join(second, courseId);
    await cancel(bookings[0]!.learner, bookings[0]!.bookingId);
    expect(await lineOn(first, courseId)).toMatchObject({ offer: expect.any(Object) });

    await later(23 * HOUR);
    expect(await courseEvents(courseId, 'SpotOfferExpired')).toHaveLength(0);
    await later(HOUR);
    expect((await courseEvents(courseId, 'SpotOfferExpired')).map((e) => e.data)).toEqual([expect.objectContaining({ userId: first.id })]);
    expect(await lineOn(first, courseId)).toBeUndefined();
    expect(await mailsTo(first, 'spot-offer-expired')).toHaveLength(1);
    expect(await lineOn(second, courseId)).toMatchObject({ position: null, offer: expect.any(Object) });
    expect(await mailsTo(second, 'spot-offered')).toHaveLength(1);
    const late = await first.client.post('/api/bookings', { earlyStartRequested: true, courseId });
    expect(late.json()).toMatchObject({ code: 'NO_SPOTS_LEFT' });

    // Nobody left in line: the next end frees the place for everyone.
    await later(24 * HOUR);
    expect(await course(courseId)).toMatchObject({ spotsLeft: 1, waitingCount: 0 });
  });

  it('offers two places freed at once to the first two in line, each once', async () => {
    const { courseId } = await fullCourse(2, 5);
    const line = waiters.slice(0, 3);
    for (const learner of line) await join(learner, courseId);
    const more = await centre.request('PATCH', `/api/courses/${courseId}`, legalCourse({ totalSpots: 4, ...weeksLater(5) }));
    expect(more.statusCode, more.body).toBe(200);
    await settle();
    expect((await courseEvents(courseId, 'SpotOffered')).map((e) => (e.data as { userId: string }).userId)).toEqual([line[0]!.id, line[1]!.id]);
    expect(await lineOn(line[2]!, courseId)).toMatchObject({ position: 1, offer: null });
    expect(await course(courseId)).toMatchObject({ spotsLeft: 0, totalSpots: 4 });
    // Fewer places than those booked and held: refused.
    const fewer = await centre.request('PATCH', `/api/courses/${courseId}`, legalCourse({ totalSpots: 3, ...weeksLater(5) }));
    expect(fewer.json()).toMatchObject({ code: 'TOTAL_SPOTS_BELOW_TAKEN' });
  });

  it('shows the centre its courses’ lines (count and names, its own only) and the administrators the count', async () => {
    const { courseId } = await fullCourse(1, 6);
    await join(waiters[0]!, courseId);
    await join(waiters[1]!, courseId);
    await settle();
    const mine = ((await centre.get('/api/organization/courses')).json() as OrganizationCourseDto[]).find((c) => c.id === courseId);
    expect(mine).toMatchObject({ waitingCount: 2, offersHeld: 0, bookedSpots: 1, spotsLeft: 0 });
    const names = (await centre.get(`/api/organization/courses/${courseId}/waiting-list`)).json() as CourseWaitingListEntryDto[];
    expect(names).toEqual([
      expect.objectContaining({ firstName: 'Léa', lastName: 'Martin', position: 1, offer: null }),
      expect.objectContaining({ position: 2, offer: null }),
    ]);
    const foreign = ((await visitor.get('/api/courses/search?department=06')).json() as CourseDto[])[0]!;
    expect((await centre.get(`/api/organization/courses/${foreign.id}/waiting-list`)).statusCode).toBe(404);
    const adminRow = ((await admin.get(`/api/admin/courses?q=${courseId}`)).json() as AdminCourseDto[]).find((c) => c.id === courseId);
    expect(adminRow).toMatchObject({ waitingCount: 2 });
  });

  it('ends the line and its offers cleanly when the course is cancelled', async () => {
    const { courseId, bookings } = await fullCourse(1, 7);
    await join(waiters[0]!, courseId);
    await join(waiters[1]!, courseId);
    await cancel(bookings[0]!.learner, bookings[0]!.bookingId);
    expect(await lineOn(waiters[0]!, courseId)).toMatchObject({ offer: expect.any(Object) });
    expect((await centre.request('DELETE', `/api/courses/${courseId}`)).statusCode).toBe(200);
    await settle();
    expect(await lineOn(waiters[0]!, courseId)).toBeUndefined();
    expect(await lineOn(waiters[1]!, courseId)).toBeUndefined();
    const left = await courseEvents(courseId, 'WaitingListLeft');
    expect(left.map((e) => (e.data as { reason: string }).reason)).toEqual(['courseCancelled', 'courseCancelled']);
    // Its end passes: nothing is left to expire, nobody is offered anything.
    await later(25 * HOUR);
    expect(await courseEvents(courseId, 'SpotOfferExpired')).toHaveLength(0);
    expect(await courseEvents(courseId, 'SpotOffered')).toHaveLength(1);
  });

  it('takes a deleted account off every line, its held place going to the next', async () => {
    const leaving = await signUp('leaving.waiter@example.test');
    const { courseId, bookings } = await fullCourse(1, 8);
    await join(leaving, courseId);
    await join(waiters[2]!, courseId);
    await cancel(bookings[0]!.learner, bookings[0]!.bookingId);
    expect((await courseEvents(courseId, 'SpotOffered')).map((e) => (e.data as { userId: string }).userId)).toEqual([leaving.id]);
    expect((await admin.request('DELETE', `/api/admin/users/${leaving.id}`)).statusCode).toBe(204);
    others.splice(others.indexOf(leaving), 1);
    await settle();
    expect((await courseEvents(courseId, 'WaitingListLeft')).map((e) => e.data)).toEqual([expect.objectContaining({ userId: leaving.id, reason: 'accountDeleted' })]);
    expect((await courseEvents(courseId, 'SpotOffered')).map((e) => (e.data as { userId: string }).userId)).toEqual([leaving.id, waiters[2]!.id]);
  });

  it('takes a learner off the lines they joined before a booking of another course was confirmed, not those joined after', async () => {
    const learner = await signUp('finds.elsewhere@example.test');
    const { courseId: before } = await fullCourse(1, 9);
    await join(learner, before);
    const published = await centre.post('/api/courses', legalCourse({ totalSpots: 6, ...weeksLater(10) }));
    const elsewhere = (published.json() as CourseResponse).id;
    platform.clock.advance(60_000);
    const bookingId = await book(learner.client, elsewhere);
    const { courseId: after } = await fullCourse(1, 11);
    platform.clock.advance(60_000);
    await join(learner, after);
    expect((await centre.post(`/api/bookings/${bookingId}/approve`)).statusCode).toBe(200);
    await settle();
    expect(await lineOn(learner, before)).toBeUndefined();
    expect((await courseEvents(before, 'WaitingListLeft')).map((e) => e.data)).toEqual([expect.objectContaining({ userId: learner.id, reason: 'bookedElsewhere' })]);
    expect(await lineOn(learner, after)).toMatchObject({ position: 1 });
  });

  it('never holds a place past 48 hours before the start, and makes no offer in the last 49 hours: the place goes on sale to everyone', async () => {
    const now = platform.clock.now().getTime();
    const soon = 'waiting-soon';
    const last = 'waiting-last';
    await scheduleCourse(platform, waiters[0]!.client, soon, new Date(now + 60 * HOUR).toISOString(), { totalSpots: 1 });
    await scheduleCourse(platform, waiters[0]!.client, last, new Date(now + 50 * HOUR).toISOString(), { totalSpots: 1 });
    const fill = async (courseId: string) => {
      const bookingId = await book(fillers[0]!.client, courseId);
      expect((await centre.post(`/api/bookings/${bookingId}/approve`)).statusCode).toBe(200);
      await join(waiters[4]!, courseId);
      await join(waiters[5]!, courseId);
      return bookingId;
    };
    const soonBooking = await fill(soon);
    const lastBooking = await fill(last);
    await settle();
    await later(1.5 * HOUR);
    await cancel(fillers[0]!, soonBooking);
    expect(await lineOn(waiters[4]!, soon)).toMatchObject({ offer: { expiresAt: new Date(now + 12 * HOUR).toISOString() }, offersClosed: false });

    await cancel(fillers[0]!, lastBooking);
    expect(await courseEvents(last, 'SpotOffered')).toHaveLength(0);
    expect(await lineOn(waiters[4]!, last)).toMatchObject({ position: 1, offer: null, offersClosed: true, course: { spotsLeft: 1 } });
    const closed = await join(waiters[3]!, last);
    expect(closed.json()).toMatchObject({ code: 'WAITING_LIST_CLOSED' });
    // Anyone may book it now, the learners in line too (they leave the line).
    const second = await waiters[5]!.client.post('/api/bookings', { earlyStartRequested: true, courseId: last });
    expect(second.statusCode, second.body).toBe(201);
    await settle();
    expect(await lineOn(waiters[5]!, last)).toBeUndefined();
    expect(await lineOn(waiters[4]!, last)).toMatchObject({ position: 1, course: { spotsLeft: 0 } });
  });

  it('offers no place while the course’s centre is not verified (nobody could book it), and offers it once it is verified again', async () => {
    const { courseId, bookings } = await fullCourse(1, 14);
    await join(waiters[0]!, courseId);
    const provenceId = (await course(courseId)).organization.id;
    const unverified = await admin.request('PATCH', `/api/admin/organizations/${provenceId}`, {
      name: 'Provence Sécurité Routière', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006', email: 'contact@provence-securite-routiere.test',
      phoneNumber: '04 91 23 45 67', prefectApprovalReference: 'R1301300010', isVerified: false,
    });
    expect(unverified.statusCode, unverified.body).toBe(200);
    await cancel(bookings[0]!.learner, bookings[0]!.bookingId);
    expect(await courseEvents(courseId, 'SpotOffered')).toHaveLength(0);
    expect((await admin.post(`/api/admin/organizations/${provenceId}/approve`)).statusCode).toBe(200);
    await settle();
    expect((await courseEvents(courseId, 'SpotOffered')).map((e) => (e.data as { userId: string }).userId)).toEqual([waiters[0]!.id]);
  });
});
