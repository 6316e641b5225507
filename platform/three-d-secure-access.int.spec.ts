import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDto } from '@recup/query-api/contracts';
import { answerChallenge, book, CARDS, openPayment, payByCard } from './money-testing';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/**
 * Issue 18, point 2: the test gateway's 3-D Secure page is the paying learner's, as a bank's page is its
 * cardholder's. Knowing the payment intent's id (a centre used to read it in its bookings) gives nothing.
 */
describe('the 3-D Secure challenge of a learner’s payment', () => {
  let platform: Platform;
  let learner: TestClient;
  let centre: TestClient;
  let otherLearner: TestClient;
  let admin: TestClient;
  let anonymous: TestClient;
  let bookingId: string;
  let intentId: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = new TestClient(platform.app);
    await admin.login('admin@demo.test');
    expect((await admin.post('/api/admin/users', { email: 'other.learner@example.test', firstName: 'Otto', lastName: 'Autre', role: 'USER', language: 'FR', password: 'other-password' })).statusCode).toBe(201);
    learner = new TestClient(platform.app);
    await learner.login('learner@demo.test');
    centre = new TestClient(platform.app);
    await centre.login('centre@demo.test');
    otherLearner = new TestClient(platform.app);
    await otherLearner.login('other.learner@example.test', 'other-password');
    anonymous = new TestClient(platform.app);
    // A course of the demo centre's own (Bouches-du-Rhône): its bookings are the centre's to read.
    const [course] = (await learner.get('/api/courses/search?department=13')).json() as CourseDto[];
    bookingId = await book(learner, course!.id);
    const intent = await openPayment(learner, bookingId);
    intentId = intent.paymentIntentId;
    expect((await payByCard(learner, intent, CARDS.challenge, bookingId)).json()).toMatchObject({ status: 'requires_action' });
    await platform.settled();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('is not handed to the centre: its bookings carry the payment’s state, not the provider’s ids', async () => {
    const response = await centre.get('/api/organization/bookings');
    expect(response.statusCode).toBe(200);
    const mine = (response.json() as Array<{ id: string; payment: Record<string, unknown> | null }>).find((b) => b.id === bookingId);
    expect(mine?.payment).toMatchObject({ status: 'PENDING', amount: expect.any(Number) });
    expect(mine?.payment).not.toHaveProperty('stripePaymentIntentId');
    expect(response.body).not.toContain(intentId);
  });

  it('shows nobody but the paying learner the amount and the card’s last digits', async () => {
    const page = `/api/test-gateway/challenge/${intentId}`;
    const strangers = { anonymous: 401, centre: 404, otherLearner: 404, admin: 404 } as const;
    for (const [who, status] of Object.entries(strangers)) {
      const client = { anonymous, centre, otherLearner, admin }[who as keyof typeof strangers];
      const response = await client.get(page);
      expect(response.statusCode, who).toBe(status);
      expect(response.headers['content-type'], who).toMatch(/problem\+json/);
      expect(response.body, who).not.toContain('3184');
    }
    const own = await learner.get(page);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('3184');
  });

  it('lets nobody but the paying learner pass or fail it', async () => {
    for (const [who, client, status] of [['anonymous', anonymous, 401], ['centre', centre, 404], ['otherLearner', otherLearner, 404], ['admin', admin, 404]] as const) {
      for (const action of ['complete', 'fail'] as const) {
        const response = await answerChallenge(client, intentId, action);
        expect(response.statusCode, `${who} ${action}`).toBe(status);
      }
    }
    // Still the learner's to answer.
    expect(await platform.adapters.testGateway.retrieveIntent(intentId)).toMatchObject({ status: 'requires_action' });
    const answered = await answerChallenge(learner, intentId, 'complete');
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toMatch(/redirect_status=succeeded/);
    expect(await platform.adapters.testGateway.retrieveIntent(intentId)).toMatchObject({ status: 'succeeded' });
  });
});
