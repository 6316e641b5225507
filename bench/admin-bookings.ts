import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Query } from 'mingo';
import { commandApi } from '@recup/command-api';
import { seedDemoData } from '@recup/command-api/seed/seed-demo';
import { randomIds, systemClock } from '@recup/infra/clock';
import type { EventStore } from '@recup/infra/event-store/port';
import { openEmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import { createHttpServer } from '@recup/infra/launcher/http-server';
import { BOOKINGS_COLLECTION } from '@recup/projector/bookings/booking-document';
import { startProjector } from '@recup/projector/projector';
import { queryApi } from '@recup/query-api';
import { streams, validateDomainEvent, type Actor, type DomainEvent } from '@recup/shared-events';
import { formatDuration, formatNumber } from '../platform/cli/cli-io';
import { report } from './support/report';
import { DEMO_SELLER } from '@recup/infra/seller-identity';
import { seededRandom } from '@recup/infra/seeded-random';

/**
 * The administrators' bookings grid over 100 000 bookings (BENCH_BOOKINGS to change): the demo data seeded
 * through the deciders, then the bookings of 20 000 learners on 6 000 courses appended as the domain writes
 * them (events checked against their schemas, stream by stream with expected revisions), projected by the
 * projector. Then the admin signs in and the grid's first page is asked for through HTTP, as the web does.
 * Printed with, as a baseline measured in the same run, the same page sorted by mingo over the same
 * documents (the read store's path before it sorted pages itself).
 */
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const LEARNERS = Math.max(1, Math.round(BOOKINGS / 5));
const PER_COURSE = 16;
const RUNS = 15;
const n = (value: number) => formatNumber('en', value);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const out = (text: string) => process.stdout.write(`${text}\n`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;

async function appendBookings(eventStore: EventStore, now: number) {
  const random = seededRandom(7).next; // the same data on every run
  const revisions = new Map<string, number>();
  let correlation = 0;
  let events = 0;
  async function append(stream: string, actor: Actor, batch: DomainEvent[], at: number) {
    correlation += 1;
    const metadata = { actor, correlationId: `bench-${correlation}`, causationId: `command:bench-${correlation}`, occurredAt: new Date(at).toISOString() };
    const expected = revisions.get(stream) ?? -1;
    const result = await eventStore.appendToStream(stream, batch.map((event) => ({ ...validateDomainEvent(event), metadata })), { expectedRevision: expected < 0 ? 'no_stream' : expected });
    revisions.set(stream, result.nextExpectedRevision);
    events += batch.length;
  }
  const system: Actor = { type: 'system', name: 'bench' };
  const day = 86_400_000;
  const start = now - 300 * day;

  const centres = (['13', '83', '06', '84', '05', '04', '13'] as const).map((department, i) => ({ id: `bench-centre-${i}`, department, city: ['Marseille', 'Toulon', 'Nice', 'Avignon', 'Gap', 'Digne-les-Bains', 'Aix-en-Provence'][i]!, postalCode: ['13001', '83000', '06000', '84000', '05000', '04000', '13100'][i]! }));
  for (const centre of centres) {
    await append(streams.organization(centre.id), system, [
      { type: 'OrganizationRegistered', data: { organizationId: centre.id, ownerUserId: null, registeredAt: new Date(start).toISOString(), name: `Centre ${centre.city}`, address: '1 place de la Mairie', city: centre.city, postalCode: centre.postalCode, email: `${centre.id}@example.test`, phoneNumber: '0400000000', website: null, description: null, descriptionEn: null, prefectApprovalReference: `R-${centre.department}-001` } },
      { type: 'OrganizationVerified', data: { organizationId: centre.id, verifiedAt: new Date(start).toISOString() } },
    ], start);
  }
  for (let l = 0; l < LEARNERS; l += 1) {
    const userId = `bench-user-${l}`;
    const email = `bench-learner-${l}@example.test`;
    const at = start + Math.floor((l / LEARNERS) * 200 * day);
    await append(streams.userEmail(createHash('sha256').update(email).digest('hex')), system, [{ type: 'UserEmailClaimed', data: { userId, email } }], at);
    await append(streams.user(userId), system, [
      { type: 'UserRegistered', data: { userId, email, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0$YmVuY2hoYXNo', role: 'USER', registeredAt: new Date(at).toISOString(), title: l % 2 ? 'MR' : 'MRS', firstName: ['Camille', 'Léa', 'Hugo', 'Inès', 'Lucas'][l % 5]!, lastName: `Martin${l}`, dateOfBirth: '1990-04-12', countryOfBirth: 'FR', placeOfBirth: 'Marseille', address: '2 rue de la Paix', addressDetails: null, postalCode: '13001', city: 'Marseille', country: 'FR', phoneNumber: '0600000000', landlinePhone: null, licenseNumber: null, language: 'FR' } },
      { type: 'UserEmailVerified', data: { userId, verifiedAt: new Date(at).toISOString() } },
    ], at);
  }

  let course = { id: '', start: 0, price: 0, taken: 0 };
  let courses = 0;
  const invoiceSequence = new Map<number, number>();
  for (let b = 0; b < BOOKINGS; b += 1) {
    const placed = start + Math.floor((b / BOOKINGS) * 299 * day);
    if (course.taken >= PER_COURSE || course.start === 0) {
      const centre = centres[courses % centres.length]!;
      course = { id: `bench-course-${courses}`, start: placed + (12 + Math.floor(random() * 30)) * day, price: 17_900 + Math.floor(random() * 8) * 1_000, taken: 0 };
      courses += 1;
      await append(streams.course(course.id), system, [{ type: 'CourseScheduled', data: { courseId: course.id, organizationId: centre.id, title: centre.city, titleEn: null, description: 'Stage de sensibilisation à la sécurité routière', descriptionEn: null, address: '1 place de la Mairie', city: centre.city, postalCode: centre.postalCode, department: centre.department, startDate: new Date(course.start).toISOString(), endDate: new Date(course.start + 33 * 3_600_000).toISOString(), price: course.price, totalSpots: 20, antsNumber: null } }], placed - day);
    }
    course.taken += 1;
    const userId = `bench-user-${Math.floor(random() * LEARNERS)}`;
    const learner: Actor = { type: 'user', userId, role: 'USER' };
    const bookingId = `bench-booking-${b}`;
    const paymentId = `bench-payment-${b}`;
    const at = (minutes: number) => new Date(placed + minutes * 60_000).toISOString();
    await append(streams.course(course.id), learner, [{ type: 'SpotReserved', data: { courseId: course.id, bookingId, userId, reservedAt: at(0) } }], placed);
    const booking: DomainEvent[] = [{ type: 'BookingPlaced', data: { bookingId, bookingReference: `RP-${b.toString(36).toUpperCase().padStart(8, '0')}`, courseId: course.id, userId, price: course.price, currency: 'EUR', placedAt: at(0), holdExpiresAt: at(30) } }];
    if (random() < 0.1) {
      booking.push({ type: 'BookingExpired', data: { bookingId, expiredAt: at(31) } });
      await append(streams.booking(bookingId), learner, booking, placed);
      await append(streams.course(course.id), system, [{ type: 'SpotReleased', data: { courseId: course.id, bookingId, userId, reason: 'expired' } }], placed + 31 * 60_000);
      course.taken -= 1;
      continue;
    }
    const intentId = `pi_bench_${b}`;
    await append(streams.payment(paymentId), learner, [
      { type: 'PaymentIntentCreated', data: { paymentId, bookingId, userId, amount: course.price, currency: 'EUR', provider: 'test', providerIntentId: intentId, createdAt: at(2) } },
      { type: 'PaymentSucceeded', data: { paymentId, bookingId, providerIntentId: intentId, amount: course.price, cardBrand: 'visa', cardLast4: '4242', succeededAt: at(3) } },
    ], placed + 3 * 60_000);
    booking.push({ type: 'BookingPaymentStarted', data: { bookingId, paymentId } }, { type: 'BookingConfirmed', data: { bookingId, by: 'payment', paymentId, confirmedAt: at(3) } });
    await append(streams.booking(bookingId), learner, booking, placed + 3 * 60_000);
    const year = new Date(placed).getUTCFullYear();
    const sequence = (invoiceSequence.get(year) ?? 0) + 1;
    invoiceSequence.set(year, sequence);
    await append(streams.invoiceNumbers(year), learner, [{ type: 'InvoiceNumberAssigned', data: { bookingId, paymentId, year, sequence, number: `RP-${year}-${String(sequence).padStart(6, '0')}`, issuedAt: at(3) } }], placed + 3 * 60_000);
  }
  return { events, courses };
}

const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'recup-admin-bench-'));
const adapters = openEmbeddedAdapters({ dataDir: dir }, { mailLog: () => {} });
try {
  const now = systemClock.now();
  out(`Seeding the demo data through the deciders, then ${n(BOOKINGS)} bookings of ${n(LEARNERS)} learners into ${dir} ...`);
  let started = performance.now();
  await seedDemoData({ eventStore: adapters.eventStore, clock: systemClock, ids: randomIds, seller: DEMO_SELLER });
  const generated = await appendBookings(adapters.eventStore, now.getTime());
  out(`  ${n(generated.events)} events (${n(generated.courses)} courses) in ${formatDuration('en', performance.now() - started)}`);

  started = performance.now();
  const projector = await startProjector({ eventStore: adapters.eventStore, readStore: adapters.readStore, progress: adapters.progress });
  await projector.caughtUp;
  const bookings = adapters.readStore.collection(BOOKINGS_COLLECTION);
  out(`  projected by the projector (batch rebuild at start) in ${formatDuration('en', performance.now() - started)}: ${n(await bookings.countDocuments())} bookings in the read model`);

  const sessions = { store: adapters.sessionStore, secret: 'b'.repeat(40), secure: false };
  const app = await createHttpServer({
    registerApis: async (root) => {
      await root.register(commandApi, { eventStore: adapters.eventStore, payments: adapters.testGateway, sessions, mailer: adapters.mailer, clock: systemClock, ids: randomIds, seller: DEMO_SELLER });
      await root.register(queryApi, { readStore: adapters.readStore, progress: adapters.progress, sessions, clock: systemClock });
    },
  });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'bench' }, payload: { email: 'admin@demo.test', password: 'demo-password' } });
  if (login.statusCode !== 200) throw new Error(`admin sign-in failed: ${login.statusCode} ${login.body}`);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;

  async function timed(url: string) {
    const times: number[] = [];
    let body = '';
    for (let run = 0; run < RUNS; run += 1) {
      const t = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': 'fr' } });
      times.push(performance.now() - t);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      body = response.body;
    }
    return { times, body };
  }

  const firstPage = await timed('/api/admin/bookings?page=0&pageSize=25&sort=createdAt&order=desc');
  const page = JSON.parse(firstPage.body) as { total: number; items: Array<{ createdAt: string }> };
  // Every booking of the read model: the generated ones and the demo data's own.
  const total = await bookings.countDocuments();
  if (total < BOOKINGS || page.items.length !== 25 || page.total !== total) throw new Error(`unexpected page: ${page.items.length} rows of ${page.total} (${n(total)} in the read model)`);
  const filtered = await timed('/api/admin/bookings?page=0&pageSize=25&status=CONFIRMED');
  const deep = await timed(`/api/admin/bookings?page=${Math.floor(BOOKINGS / 25 / 2)}&pageSize=25&sort=price&order=asc`);
  const search = await timed('/api/admin/bookings?page=0&pageSize=25&q=martin4242');
  const payments = await timed('/api/admin/payments?page=0&pageSize=25');

  // Baseline: the same first page sorted by mingo over the same documents.
  const docs = await bookings.find({});
  const baseline: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const t = performance.now();
    new Query({}, {}).find(docs).sort({ createdAt: -1, _id: -1 }).limit(25).all();
    baseline.push(performance.now() - t);
  }

  const exportStart = performance.now();
  const csv = await app.inject({ method: 'GET', url: '/api/admin/bookings/export', headers: { cookie } });
  const exportMs = performance.now() - exportStart;
  const exportRows = csv.body.split('\r\n').length - 2;
  await app.close();
  await projector.close();

  const line = (label: string, r: { times: number[] }) => `  ${label.padEnd(52)} median ${ms(median(r.times)).padStart(7)}   p95 ${ms(p95(r.times)).padStart(7)}   first ${ms(r.times[0]!).padStart(7)}`;
  out(`
Figures (${n(BOOKINGS)} bookings, ${RUNS} requests each, through HTTP with the admin's session):
${line('first page of the bookings grid (25, newest first)', firstPage)}
${line('first page, status CONFIRMED', filtered)}
${line('a page in the middle, sorted by amount', deep)}
${line('search by learner name', search)}
${line('first page of the payments grid', payments)}
  baseline, same page sorted by mingo over the same documents:  median ${ms(median(baseline))}
  export of every booking (bookings_export.csv): ${n(exportRows)} rows in ${formatDuration('en', exportMs)}
  => first page in ${ms(median(firstPage.times))} (target < 300 ms): ${median(firstPage.times) < 300 ? 'met' : 'NOT met'}`);
  report({
    key: 'admin.bookingsFirstPage',
    label: `administrators' bookings grid, first page (25 of ${n(total)} bookings, newest first, through HTTP), median of ${RUNS}`,
    value: median(firstPage.times),
    unit: 'ms',
    baseline: { label: 'the same page sorted by mingo over the same documents', value: median(baseline) },
    goal: { on: 'value', max: 300, text: '< 300 ms' },
    note: `p95 ${ms(p95(firstPage.times))}; filtered by status ${ms(median(filtered.times))}, middle page by amount ${ms(median(deep.times))}, search by name ${ms(median(search.times))}`,
  });
  report({
    key: 'admin.bookingsExport',
    label: `bookings_export.csv, every booking streamed (${n(exportRows)} rows)`,
    value: exportMs / 1000,
    unit: 's',
    note: exportRows === total ? 'every row of the read model' : `${n(exportRows)} rows for ${n(total)} bookings`,
  });
  process.exitCode = median(firstPage.times) < 300 && exportRows === total ? 0 : 1;
} finally {
  await adapters.close();
  rmSync(dir, { recursive: true, force: true });
}
