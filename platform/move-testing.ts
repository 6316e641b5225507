import { expect } from 'vitest';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import type { MoveBookingResponse } from '@recup/command-api/contracts/moves';
import type { CourseDto } from '@recup/query-api/contracts';
import { parseStreamName, streams, toDomainEvent, waitingListOpen } from '@recup/shared-events';
import type { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/** A place a test course is held at: the commune, its postal code and department. */
const PLACES = {
  arles: { city: 'Arles', postalCode: '13200', department: '13' as const, address: '12 boulevard des Lices' },
  marseille: { city: 'Marseille', postalCode: '13001', department: '13' as const, address: '3 rue de Rome' },
  aix: { city: 'Aix-en-Provence', postalCode: '13100', department: '13' as const, address: '1 cours Mirabeau' },
  toulon: { city: 'Toulon', postalCode: '83000', department: '83' as const, address: '14 boulevard de Strasbourg' },
  nice: { city: 'Nice', postalCode: '06000', department: '06' as const, address: '5 avenue Jean Médecin' },
};

/** The demo centre of the Bouches-du-Rhône (run by centre@demo.test), and a centre of another department. */
export async function centresOf(client: TestClient) {
  const [demo] = (await client.get('/api/courses/search?department=13')).json() as CourseDto[];
  const other = ((await client.get('/api/courses/search?department=83')).json() as CourseDto[]).find((c) => c.organization.id !== demo!.organization.id);
  return { demo: demo!.organization.id, other: other!.organization.id };
}

/** A course of its own for a test, at a place and a price, starting at `startDate` (two days). */
export async function scheduleAt(
  platform: Platform, id: string, startDate: string,
  options: { organizationId: string; place?: keyof typeof PLACES; price?: number; totalSpots?: number },
) {
  const place = PLACES[options.place ?? 'arles'];
  const endDate = new Date(Date.parse(startDate) + 33 * 3_600_000).toISOString();
  await handleCommand(platform.adapters.eventStore, streams.course(id), courseDecider, {
    type: 'ScheduleCourse', courseId: id, organizationId: options.organizationId, organizationVerified: true, now: platform.clock.now(),
    details: {
      title: place.city, titleEn: null, description: 'Stage', descriptionEn: null, address: place.address, city: place.city, postalCode: place.postalCode, department: place.department,
      startDate, endDate, price: options.price ?? 21_000, totalSpots: options.totalSpots ?? 10, antsNumber: null,
    },
  }, { metadata: commandMetadata({ type: 'system', name: 'test' }, platform.clock.now()) });
}

export async function move(client: TestClient, bookingId: string, courseId: string, extra: Record<string, unknown> = {}) {
  return client.post(`/api/bookings/${bookingId}/transfer`, { courseId, ...extra });
}

export async function moved(client: TestClient, bookingId: string, courseId: string, extra: Record<string, unknown> = {}): Promise<MoveBookingResponse> {
  const response = await move(client, bookingId, courseId, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MoveBookingResponse;
}

/**
 * The spots invariant, from the log itself: on every course, the reservations are exactly the active bookings that
 * hold it (their course, or the course of the move they wait to pay for), never more than its places; and the
 * course read model shows totalSpots − reservations − offers held (and, while offers can still be made, less the
 * places promised to learners in line without one).
 */
export async function expectSpotsExact(platform: Platform, client: TestClient) {
  const reservations = new Map<string, Set<string>>();
  const total = new Map<string, number>();
  const holders = new Map<string, Set<string>>();
  const bookings = new Map<string, { status: string; courseId: string; pending: string | null }>();
  const starts = new Map<string, string>();
  /** Per course: who waits, and the offers held (offer id → learner). */
  const waiting = new Map<string, Set<string>>();
  const offers = new Map<string, Map<string, string>>();
  for (const recorded of await platform.adapters.eventStore.readAll()) {
    const event = toDomainEvent(recorded);
    const { id } = parseStreamName(event.streamName);
    const booking = bookings.get(id);
    switch (event.type) {
      case 'CourseScheduled':
        total.set(id, event.data.totalSpots);
        starts.set(id, event.data.startDate);
        reservations.set(id, new Set());
        waiting.set(id, new Set());
        offers.set(id, new Map());
        break;
      case 'CourseDetailsChanged':
        total.set(id, event.data.totalSpots);
        starts.set(id, event.data.startDate);
        break;
      case 'WaitingListJoined':
        waiting.get(id)?.add(event.data.userId);
        break;
      case 'WaitingListLeft':
        waiting.get(id)?.delete(event.data.userId);
        for (const [offerId, userId] of offers.get(id) ?? []) if (userId === event.data.userId) offers.get(id)?.delete(offerId);
        break;
      case 'SpotOffered':
        offers.get(id)?.set(event.data.offerId, event.data.userId);
        break;
      case 'SpotOfferTaken':
      case 'SpotOfferExpired':
        offers.get(id)?.delete(event.data.offerId);
        break;
      case 'SpotReserved':
        reservations.get(id)?.add(event.data.bookingId);
        break;
      case 'SpotReleased':
        reservations.get(id)?.delete(event.data.bookingId);
        break;
      case 'BookingPlaced':
        bookings.set(id, { status: 'PENDING', courseId: event.data.courseId, pending: null });
        break;
      case 'BookingConfirmed':
      case 'BookingCancelled':
      case 'BookingExpired':
      case 'BookingDeleted':
      case 'BookingCompleted':
        if (booking) booking.status = event.type === 'BookingConfirmed' ? 'CONFIRMED' : event.type === 'BookingCompleted' ? 'COMPLETED' : 'ENDED';
        break;
      case 'BookingMoveStarted':
        if (booking) booking.pending = event.data.toCourseId;
        break;
      case 'BookingMoveAbandoned':
        if (booking) booking.pending = null;
        break;
      case 'BookingMoved':
        if (booking) Object.assign(booking, { courseId: event.data.toCourseId, pending: null });
        break;
      default:
        break;
    }
  }
  for (const [bookingId, booking] of bookings) {
    if (booking.status === 'ENDED') continue;
    for (const courseId of [booking.courseId, ...(booking.pending ? [booking.pending] : [])]) {
      holders.set(courseId, new Set([...(holders.get(courseId) ?? []), bookingId]));
    }
  }
  for (const [courseId, reserved] of reservations) {
    expect([...reserved].sort(), `reservations of ${courseId}`).toEqual([...(holders.get(courseId) ?? [])].sort());
    expect(reserved.size + offers.get(courseId)!.size, `places of ${courseId}`).toBeLessThanOrEqual(total.get(courseId)!);
  }
  for (const courseId of reservations.keys()) {
    const shown = await client.get(`/api/courses/${courseId}`);
    if (shown.statusCode !== 200) continue;
    const held = offers.get(courseId)!.size;
    const promised = waitingListOpen(platform.clock.now(), starts.get(courseId)!) ? waiting.get(courseId)!.size - held : 0;
    expect((shown.json() as CourseDto).spotsLeft, `spots left of ${courseId}`).toBe(Math.max(0, total.get(courseId)! - reservations.get(courseId)!.size - held - promised));
  }
}
