import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@recup/infra/event-store/port';
import { sellerOf } from '@recup/infra/config';
import { SellerVariables } from '@recup/infra/seller-identity';
import { pdfText } from '@recup/query-api/testing/pdf-text';
import { streams } from '@recup/shared-events';
import { scheduleCourse } from './admin-testing';
import { ForwardingEventStore } from './forwarding-event-store';
import { bookAndPay, eventsAbout } from './money-testing';
import { learnerRegistration, signUpLearner, startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * Issue 18, point 4: an invoice, and its credit note, print for ever what was recorded when they were issued.
 * Each test issues an invoice, then changes everything it names (the learner's name and address, the course's
 * address, the centre's name and approval number): the same invoice number still prints the old values.
 */

const CENTRE = {
  name: 'Provence Sécurité Routière', address: '42 rue Paradis', city: 'Marseille', postalCode: '13006', email: 'contact@provence-securite.test',
  phoneNumber: '04 91 23 45 67', website: null, prefectApprovalReference: 'R1301300010', description: null, descriptionEn: null,
};
const COURSE = { title: 'Arles', address: '12 boulevard des Lices', city: 'Arles', postalCode: '13200', startDate: '2026-12-10T07:00:00.000Z', endDate: '2026-12-11T16:00:00.000Z', price: 21_000, totalSpots: 10 };

/** The lines of each page of the booking's invoice PDF, as a reader sees them. */
async function invoicePages(client: TestClient, bookingId: string) {
  const response = await client.get(`/api/bookings/${bookingId}/invoice`);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return { pages: pdfText(response.rawPayload).map((lines) => lines.join('\n')), file: String(response.headers['content-disposition']) };
}

/** Everything an invoice names, changed at once, through the screens' own calls. */
async function changeEverything(platform: Platform, admin: TestClient, learner: TestClient, centreId: string, courseId: string, settle = true) {
  const profile = learnerRegistration('unused@example.test', { firstName: 'Lucie', lastName: 'Nouvelle', address: '99 avenue Neuve', postalCode: '84000', city: 'Avignon' });
  const { email: _email, password: _password, ...fields } = profile;
  const renamed = await learner.request('PATCH', '/api/users/profile', { ...fields, addressDetails: null });
  expect(renamed.statusCode, renamed.body).toBe(200);
  const moved = await admin.request('PATCH', `/api/courses/${courseId}`, { ...COURSE, address: '1 place Nouvelle', department: '13' });
  expect(moved.statusCode, moved.body).toBe(200);
  const centre = await admin.request('PATCH', `/api/admin/organizations/${centreId}`, { ...CENTRE, name: 'Centre Rebaptisé', prefectApprovalReference: 'R9999999999', isVerified: true });
  expect(centre.statusCode, centre.body).toBe(200);
  if (settle) await platform.settled();
  for (const client of [admin, learner]) client.minPosition = Math.max(admin.minPosition, learner.minPosition);
}

function expectPrintsWhatWasIssued(page: string) {
  expect(page).toContain('Léa Martin');
  expect(page).toContain('3 rue de Rome');
  expect(page).toContain('Lieu : 12 boulevard des Lices, 13200 Arles');
  expect(page).toContain('Stage assuré par Provence Sécurité Routière, centre agréé (agrément préfectoral R1301300010).');
  expect(page).toContain('Total TTC : 210,00 €');
  for (const later of ['Lucie', 'Nouvelle', '99 avenue Neuve', '1 place Nouvelle', 'Centre Rebaptisé', 'R9999999999']) expect(page).not.toContain(later);
}

async function openCentre(platform: Platform, admin: TestClient, id: string) {
  const created = await admin.post('/api/admin/organizations', CENTRE);
  expect(created.statusCode, created.body).toBe(201);
  const centreId = (created.json() as { id: string }).id;
  await scheduleCourse(platform, id, centreId, { city: COURSE.city, startDate: COURSE.startDate, endDate: COURSE.endDate, price: COURSE.price });
  return centreId;
}

describe('an issued invoice and its credit note', () => {
  let platform: Platform;
  let admin: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000 });
    admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('print what was recorded when they were issued, whatever changes after', async () => {
    const centreId = await openCentre(platform, admin, 'issued-invoice');
    const learner = await signUpLearner(platform, 'lea.issued@example.test');
    const paid = await bookAndPay(learner, 'issued-invoice');
    const before = await invoicePages(learner, paid.bookingId);
    expect(before.pages).toHaveLength(1);
    expectPrintsWhatWasIssued(before.pages[0]!);
    const [issued] = await eventsAbout(platform, paid.bookingId, 'InvoiceNumberAssigned');
    expect(issued!.data).toMatchObject({ document: { buyer: { firstName: 'Léa', lastName: 'Martin' }, centre: { prefectApprovalReference: 'R1301300010' }, seller: { siren: '000000000' } } });

    await changeEverything(platform, admin, learner, centreId, 'issued-invoice');
    const after = await invoicePages(learner, paid.bookingId);
    expect(after.file).toBe(before.file);
    expect(after.pages).toEqual(before.pages);

    // Refunded: the credit note that cancels it reproduces it, dated by the refund, as it was issued too.
    platform.clock.advance(24 * 3_600_000);
    await admin.login('admin@demo.test');
    expect((await admin.post(`/api/admin/payments/${paid.paymentId}/refund`)).json()).toMatchObject({ refund: 'REFUNDED' });
    await learner.login('lea.issued@example.test', 'learner-password');
    learner.minPosition = admin.minPosition;
    const refunded = await invoicePages(learner, paid.bookingId);
    expect(refunded.pages).toHaveLength(2);
    expect(refunded.pages[0]).toBe(before.pages[0]);
    const credit = refunded.pages[1]!;
    expect(credit).toContain('AVOIR');
    expect(credit).toContain('Date : 22 novembre 2026');
    expect(credit).toContain('Total remboursé TTC : -210,00 €');
    expectPrintsWhatWasIssued(credit.replace('Total remboursé TTC : -210,00 €', 'Total TTC : 210,00 €'));
  });
});

describe('an issued invoice, after a restart with another seller configured', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'recup-restart-'));
  // The seller configured after the restart: another company's numbers (La Poste's, as public registers give them).
  const nextSeller = sellerOf(SellerVariables.parse({
    SELLER_NAME: 'Points Provence SA', SELLER_LEGAL_FORM: 'société anonyme', SELLER_SHARE_CAPITAL_CENTS: '10000000', SELLER_ADDRESS: '3 quai de Rive-Neuve, 13007 Marseille, France',
    SELLER_SIREN: '356000000', SELLER_SIRET: '35600000000048', SELLER_RCS: 'RCS Marseille 356 000 000', SELLER_EMAIL: 'contact@points-provence.example', SELLER_PHONE: '04 91 00 00 01',
  }));
  let platform: Platform | null = null;
  afterAll(async () => {
    await platform?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reprints unchanged, seller included, while a new invoice names the seller configured now', async () => {
    // Issued under the demonstration seller.
    platform = await startTestPlatform({ dataDir, authRateLimitPerMinute: 1000 });
    let admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
    const centreId = await openCentre(platform, admin, 'restart-invoice');
    let learner = await signUpLearner(platform, 'lea.restart@example.test');
    const paid = await bookAndPay(learner, 'restart-invoice');
    const before = await invoicePages(learner, paid.bookingId);
    expect(before.pages[0]).toContain("Récup'Points SAS");
    expect(before.pages[0]).toContain('SIREN 000 000 000');
    await platform.close();

    // Restarted on the same data with another seller; then the centre is renamed and given another approval.
    platform = await startTestPlatform({ dataDir, now: '2026-11-23T09:00:00.000Z', authRateLimitPerMinute: 1000, config: { seller: nextSeller } });
    admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
    learner = new TestClient(platform.app);
    await learner.login('lea.restart@example.test', 'learner-password');
    const edited = await admin.request('PATCH', `/api/admin/organizations/${centreId}`, { ...CENTRE, name: 'Centre Rebaptisé', prefectApprovalReference: 'R9999999999', isVerified: true });
    expect(edited.statusCode, edited.body).toBe(200);
    await platform.settled();
    learner.minPosition = await platform.adapters.eventStore.headPosition();

    const reprinted = await invoicePages(learner, paid.bookingId);
    expect(reprinted.file).toBe(before.file);
    expect(reprinted.pages).toEqual(before.pages);
    for (const later of ['Points Provence', '356 000 000', 'Centre Rebaptisé', 'R9999999999', '23 novembre']) expect(reprinted.pages[0]).not.toContain(later);

    // A booking paid now is invoiced by the seller configured now, for the centre as it is now.
    const other = await signUpLearner(platform, 'hugo.restart@example.test');
    const next = await bookAndPay(other, 'restart-invoice');
    const { pages } = await invoicePages(other, next.bookingId);
    const sellerLines = pages[0]!.slice(pages[0]!.indexOf('Vendeur'), pages[0]!.indexOf('Client'));
    expect(sellerLines).toContain('Points Provence SA');
    expect(sellerLines).toContain('SIREN 356 000 000');
    expect(sellerLines).toContain('N° TVA intracommunautaire : FR39356000000');
    expect(sellerLines).not.toContain("Récup'Points SAS");
    expect(pages[0]).toContain('Stage assuré par Centre Rebaptisé, centre agréé (agrément préfectoral R9999999999).');
    expect(pages[0]).toContain('Date : 23 novembre 2026');
  });
});

/**
 * An event store as the platform's older versions wrote to it: invoice numbers without their document. Until
 * `upgraded`, nothing may record one (that version had no such event): the upgrade happens later.
 */
class OlderVersionEventStore extends ForwardingEventStore {
  upgraded = false;
  override async appendToStream(...args: Parameters<EventStore['appendToStream']>) {
    const [stream, events, options] = args;
    if (!this.upgraded && events.some((e) => e.type === 'InvoiceDocumentRecorded')) throw new Error('this version does not know InvoiceDocumentRecorded');
    // The invoice number as that version made it, without its document: the event itself, so that the process that
    // appends it knows it so too, as that version's did (not a copy stripped on its way to the log).
    if (!this.upgraded) for (const e of events) if (e.type === 'InvoiceNumberAssigned') delete (e.data as Record<string, unknown>).document;
    return this.store.appendToStream(stream, events, options);
  }
}

describe('an invoice issued before invoices recorded what they print (a log in the older shape)', () => {
  let platform: Platform;
  let store: OlderVersionEventStore;
  let admin: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform({ authRateLimitPerMinute: 1000, eventStore: (inner) => (store = new OlderVersionEventStore(inner)) });
    admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('prints the log as it stood when it was numbered, even when its document is derived after everything changed', async () => {
    const centreId = await openCentre(platform, admin, 'older-invoice');
    const learner = await signUpLearner(platform, 'lea.older@example.test');
    const paid = await bookAndPay(learner, 'older-invoice');
    const [numbered] = await eventsAbout(platform, paid.bookingId, 'InvoiceNumberAssigned');
    expect(numbered!.data).not.toHaveProperty('document');
    // Not derived yet: the invoice says so, and when to ask again, rather than print today's values.
    const early = await learner.get(`/api/bookings/${paid.bookingId}/invoice`);
    expect(early.statusCode).toBe(503);
    expect(early.headers['retry-after']).toBe('2');
    expect(early.json()).toMatchObject({ code: 'INVOICE_NOT_READY' });

    await changeEverything(platform, admin, learner, centreId, 'older-invoice', false);
    store.upgraded = true;
    // The invoice keeper, retried after the upgrade, derives the invoice's document as of its number.
    const deadline = Date.now() + 10_000;
    while ((await eventsAbout(platform, paid.bookingId, 'InvoiceDocumentRecorded')).length === 0) {
      if (Date.now() > deadline) throw new Error('the invoice keeper did not record the document');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await platform.settled();
    learner.minPosition = await platform.adapters.eventStore.headPosition();
    const [recorded] = await eventsAbout(platform, paid.bookingId, 'InvoiceDocumentRecorded');
    expect(recorded!.data).toMatchObject({ number: (numbered!.data as { number: string }).number, asOfPosition: numbered!.position });
    expect((await platform.adapters.eventStore.readStream(streams.invoiceNumbers(2026))).filter((e) => e.type === 'InvoiceDocumentRecorded')).toHaveLength(1);

    const { pages } = await invoicePages(learner, paid.bookingId);
    expectPrintsWhatWasIssued(pages[0]!);
  });
});
