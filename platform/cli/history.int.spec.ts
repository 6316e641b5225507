import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamHistoryResponse } from '@recup/command-api/contracts';
import { handleCommand } from '@recup/command-api/core/decider';
import { commandMetadata } from '@recup/command-api/core/metadata';
import { courseDecider } from '@recup/command-api/courses/course-decider';
import type { CourseDto } from '@recup/query-api/contracts';
import { streams } from '@recup/shared-events';
import { startTestPlatform, TestClient } from '../testing';
import { runHistoryCommand } from './history-command';
import type { CliStores } from './stores';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('the history of a booking placed, paid, cancelled and refunded', () => {
  let platform: Platform;
  let learner: TestClient;
  let admin: TestClient;
  let learnerId: string;
  let adminId: string;
  let bookingId: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    learner = new TestClient(platform.app, 'en');
    learnerId = (await learner.login('learner@demo.test')).id;
    admin = new TestClient(platform.app, 'en');
    adminId = (await admin.login('admin@demo.test')).id;

    // A course far enough ahead for the cancellation to be refunded.
    const [demo] = (await learner.get('/api/courses/search?department=13')).json() as CourseDto[];
    await handleCommand(platform.adapters.eventStore, streams.course('audit'), courseDecider, {
      type: 'ScheduleCourse', courseId: 'audit', organizationId: demo!.organization.id, organizationVerified: true, now: platform.clock.now(),
      details: { title: 'Arles', titleEn: null, description: 'Stage', descriptionEn: null, address: '12 boulevard des Lices', city: 'Arles', postalCode: '13200', department: '13', startDate: '2026-12-10T07:00:00.000Z', endDate: '2026-12-11T16:00:00.000Z', price: 21_000, totalSpots: 10, antsNumber: null },
    }, { metadata: commandMetadata({ type: 'system', name: 'test' }, platform.clock.now()) });

    bookingId = ((await learner.post('/api/bookings', { earlyStartRequested: true, courseId: 'audit' })).json() as { id: string }).id;
    platform.clock.advance(60_000);
    const intent = (await learner.post(`/api/bookings/${bookingId}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
    await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect((await learner.post(`/api/bookings/${bookingId}/confirm-payment`, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
    platform.clock.advance(10 * 60_000);
    expect((await admin.post(`/api/bookings/${bookingId}/cancel`)).json()).toMatchObject({ refund: 'REFUNDED' });
    await platform.settled();
  });
  afterAll(async () => {
    await platform.close();
  });

  const fromLog = (): Promise<CliStores> => Promise.resolve({ log: 'test', eventStore: platform.adapters.eventStore, liveReadStore: null, close: async () => {} });
  async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runHistoryCommand(args, { out: (text) => out.push(text), err: { write: (text) => err.push(text) }, env }, fromLog);
    return { code, out: out.join('\n'), err: err.join('') };
  }

  it('lists the booking’s events and its payment’s, in order, with who did each', async () => {
    const response = await admin.get(`/api/admin/history/booking/${bookingId}`);
    expect(response.statusCode).toBe(200);
    const history = response.json() as StreamHistoryResponse;
    const paymentStream = history.streams[1]!;
    expect(history.streams).toEqual([`booking-${bookingId}`, expect.stringMatching(/^payment-/), 'invoiceNumbers-2026']);
    expect(history.events.map((e) => [e.type, e.stream])).toEqual([
      ['BookingPlaced', `booking-${bookingId}`],
      ['BookingPaymentStarted', `booking-${bookingId}`],
      ['PaymentIntentCreated', paymentStream],
      ['PaymentSucceeded', paymentStream],
      ['BookingConfirmed', `booking-${bookingId}`],
      ['InvoiceNumberAssigned', 'invoiceNumbers-2026'],
      ['BookingCancelled', `booking-${bookingId}`],
      ['PaymentRefundRequested', paymentStream],
      ['PaymentRefunded', paymentStream],
    ]);
    const positions = history.events.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(history.events.filter((e) => e.stream === `booking-${bookingId}`).map((e) => e.revision)).toEqual([0, 1, 2, 3]);

    const actorOf = (type: string) => history.events.find((e) => e.type === type)!.actor;
    expect(actorOf('BookingPlaced')).toEqual({ type: 'user', userId: learnerId, role: 'USER' });
    expect(actorOf('PaymentSucceeded')).toEqual({ type: 'user', userId: learnerId, role: 'USER' });
    expect(actorOf('BookingCancelled')).toEqual({ type: 'user', userId: adminId, role: 'ADMIN' });
    expect(history.events.find((e) => e.type === 'BookingCancelled')!.data).toMatchObject({ by: 'admin', refundDue: true });
    // The refund is part of the administrator's cancellation: same actor, same correlation.
    expect(actorOf('PaymentRefunded')).toEqual({ type: 'user', userId: adminId, role: 'ADMIN' });
    expect(history.events.find((e) => e.type === 'PaymentRefunded')!.correlationId).toBe(history.events.find((e) => e.type === 'BookingCancelled')!.correlationId);

    // Who, by name; what caused what: the refund was asked for by the cancellation, and carried out after the request.
    const byType = (type: string) => history.events.find((e) => e.type === type)!;
    expect(byType('BookingPlaced').actorName).toBe('Camille Durand');
    expect(byType('BookingCancelled').actorName).toMatch(/\S+ \S+/);
    expect(byType('PaymentRefundRequested').causationId).toBe(byType('BookingCancelled').id);
    expect(byType('PaymentRefunded').causationId).toBe(byType('PaymentRefundRequested').id);
    expect(byType('InvoiceNumberAssigned').data).toMatchObject({ bookingId, number: 'RP-2026-000001' });

    const placed = history.events[0]!;
    expect(placed.occurredAt).toBe('2026-11-21T09:00:00.000Z');
    expect(placed.occurredAtParis).toBe('2026-11-21T10:00:00+01:00');
  });

  it('prints the same history on the command line, and the same JSON with --json', async () => {
    const api = (await admin.get(`/api/admin/history/booking/${bookingId}`)).json() as StreamHistoryResponse;
    const json = await cli(['booking', bookingId, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual(api);

    const text = await cli(['booking', bookingId]);
    expect(text.code).toBe(0);
    const types = [...text.out.matchAll(/^\[(\d+)\] (\w+) {2}(\S+) · revision (\d+)/gm)].map((m) => [Number(m[1]), m[2], m[3], Number(m[4])]);
    expect(types).toEqual(api.events.map((e, i) => [i + 1, e.type, e.stream, e.revision]));
    expect(text.out).toContain(`History of booking-${bookingId} with ${api.streams[1]}, invoiceNumbers-2026: 9 event(s)`);
    expect(text.out).toContain('2026-11-21 10:00:00 Europe/Paris (UTC+01:00) · 2026-11-21T09:00:00.000Z');
    expect(text.out).toContain(`actor        USER ${learnerId}`);
    expect(text.out).toContain(`actor        ADMIN ${adminId}`);
    expect(text.out).toMatch(/"refundDue": true/);

    const french = await cli(['booking', bookingId], { LANG: 'fr_FR.UTF-8' });
    expect(french.out).toContain(`Historique de booking-${bookingId} avec ${api.streams[1]}, invoiceNumbers-2026 : 9 événement(s)`);
    expect(french.out).toContain(`acteur       USER ${learnerId}`);
  });

  it('tells a payment’s story with its booking and its invoice', async () => {
    const booking = (await admin.get(`/api/admin/history/booking/${bookingId}`)).json() as StreamHistoryResponse;
    const paymentId = booking.streams[1]!.slice('payment-'.length);
    const payment = (await admin.get(`/api/admin/history/payment/${paymentId}`)).json() as StreamHistoryResponse;
    expect(payment.streams).toEqual([`payment-${paymentId}`, `booking-${bookingId}`, 'invoiceNumbers-2026']);
    expect(payment.events.map((e) => e.id)).toEqual(booking.events.map((e) => e.id));
  });

  it('never shows password or token hashes', async () => {
    const history = (await admin.get(`/api/admin/history/user/${learnerId}`)).json() as StreamHistoryResponse;
    const registered = history.events.find((e) => e.type === 'UserRegistered')!;
    expect(registered.data).toMatchObject({ email: 'learner@demo.test', passwordHash: '[redacted]' });
    expect(JSON.stringify(history)).not.toMatch(/\$argon2|scrypt\$/);
    const text = await cli(['user', learnerId]);
    expect(text.out).toContain('"passwordHash": "[redacted]"');
    expect(text.out).not.toMatch(/\$argon2|scrypt\$/);
  });

  it('is for administrators only, and says what is wrong with a request', async () => {
    const url = `/api/admin/history/booking/${bookingId}`;
    expect((await new TestClient(platform.app).get(url)).statusCode).toBe(401);
    expect((await learner.get(url)).statusCode).toBe(403);
    const centre = new TestClient(platform.app);
    await centre.login('centre@demo.test');
    expect((await centre.get(url)).statusCode).toBe(403);

    const unknown = await admin.get('/api/admin/history/booking/no-such-booking');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'STREAM_NOT_FOUND', message: 'No events for booking "no-such-booking".' });
    const french = await new TestClient(platform.app, 'fr');
    await french.login('admin@demo.test');
    expect((await french.get('/api/admin/history/course/nowhere')).json()).toMatchObject({ message: 'Aucun événement pour le stage « nowhere ».' });

    const badCategory = await admin.get(`/api/admin/history/invoice/${bookingId}`);
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'category' });
  });

  it('answers wrong arguments on the command line with a message and exit code 2', async () => {
    expect(await cli([])).toMatchObject({ code: 2, err: expect.stringContaining('Missing category: one of booking, payment, course, user, organization.') });
    expect(await cli(['invoice', 'x'])).toMatchObject({ code: 2, err: expect.stringContaining('Unknown category "invoice"') });
    expect(await cli(['booking'])).toMatchObject({ code: 2, err: expect.stringContaining('Missing id.') });
    expect(await cli(['booking', 'a', 'b'])).toMatchObject({ code: 2, err: expect.stringContaining('Unexpected argument "b"') });
    expect(await cli(['booking', 'no-such-booking'])).toMatchObject({ code: 1, err: 'No events for booking "no-such-booking".\n' });
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run history -- <category> <id> [--json]');
  });
});
