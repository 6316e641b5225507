import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { CourseDto } from '@recup/query-api/contracts';
import { startTestPlatform, TestClient } from './testing';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

/** What Chromium sends when a person follows a link, types an address or presses Back. */
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

function expectReadablePage(response: LightMyRequestResponse, status: number, words: { fr: RegExp; en: RegExp }) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body).toMatch(/^<!doctype html>/);
  expect(response.body).toMatch(words.fr);
  expect(response.body).toMatch(words.en);
  // Ways on, and nothing a person would read as code.
  expect(response.body).toContain('href="/dashboard"');
  expect(response.body).toContain('href="/"');
  expect(response.body).not.toMatch(/"code"\s*:|application\/problem\+json|\{"/);
}

/**
 * Issue 17, point 4: the addresses a browser navigates to (the test gateway's 3-D Secure pages, the invoice,
 * the API's own addresses typed or followed) answer a person with a readable page in their language, and a
 * script with problem+json, as before.
 */
describe('errors met by a navigation', () => {
  let platform: Platform;
  let learner: TestClient;
  beforeAll(async () => {
    platform = await startTestPlatform();
    learner = new TestClient(platform.app, 'fr');
    await learner.login('learner@demo.test');
  });
  afterAll(async () => {
    await platform.close();
  });

  const navigate = (url: string, lang: 'fr' | 'en', extra: Record<string, string> = {}) =>
    platform.app.inject({ method: 'GET', url, headers: { ...NAVIGATION, 'accept-language': lang, ...extra } });

  it('Back to a 3-D Secure challenge already answered: a page saying so, in French and in English, with the way to the bookings', async () => {
    const [course] = (await learner.get('/api/courses/search?department=06')).json() as CourseDto[];
    const booking = (await learner.post('/api/bookings', { earlyStartRequested: true, courseId: course!.id })).json() as { id: string };
    const intent = (await learner.post(`/api/bookings/${booking.id}/create-payment-intent`)).json() as { paymentIntentId: string; clientSecret: string };
    const challenge = (await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber: '4000002760003184', expMonth: 12, expYear: 2030, cvc: '123' })).json() as { nextAction: { redirectUrl: string } };
    const url = challenge.nextAction.redirectUrl;
    const completed = await platform.app.inject({
      method: 'POST', url, payload: 'action=complete',
      headers: { ...NAVIGATION, ...learner.sessionHeaders(), 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(completed.statusCode).toBe(303);

    // Back on the bank's page, in the learner's own browser.
    const french = await navigate(url, 'fr', learner.sessionHeaders());
    expectReadablePage(french, 404, { fr: /plus disponible/, en: /no longer available/ });
    expect(french.body).toMatch(/<html lang="fr">/);
    expect(french.body).toContain('Aucune authentification en attente pour ce paiement.');
    const english = await navigate(url, 'en', learner.sessionHeaders());
    expectReadablePage(english, 404, { fr: /plus disponible/, en: /no longer available/ });
    expect(english.body).toMatch(/<html lang="en">/);
    expect(english.body.indexOf('No authentication awaits')).toBeLessThan(english.body.indexOf('Aucune authentification'));

    // The same form posted again (Back, then Confirm): a page too.
    const again = await platform.app.inject({
      method: 'POST', url, payload: 'action=complete',
      headers: { ...NAVIGATION, ...learner.sessionHeaders(), 'accept-language': 'fr', 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(again.headers['content-type']).toMatch(/^text\/html/);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);

    // A script asking the same address still reads problem+json with its stable code.
    const script = await platform.app.inject({ method: 'GET', url, headers: { ...learner.sessionHeaders(), accept: 'application/json', 'accept-language': 'fr' } });
    expect(script.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(script.json()).toMatchObject({ status: 404, code: 'CHALLENGE_NOT_FOUND' });
  });

  it('an invoice opened signed out, or one that is not theirs: a page asking to sign in, or saying it is not there', async () => {
    const signedOut = await navigate('/api/bookings/00000000-0000-4000-8000-000000000000/invoice', 'fr');
    expectReadablePage(signedOut, 401, { fr: /Connexion requise/, en: /Sign-in required/ });
    const cookie = (await platform.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'recup-points' }, payload: { email: 'learner@demo.test', password: 'demo-password' } })).headers['set-cookie'];
    const notTheirs = await navigate('/api/bookings/00000000-0000-4000-8000-000000000000/invoice', 'en', { cookie: String(Array.isArray(cookie) ? cookie[0] : cookie).split(';')[0]! });
    expectReadablePage(notTheirs, 404, { fr: /plus disponible/, en: /Booking not found\./ });
  });

  it('a verification link that is wrong or used, an unknown API address: pages too; the web app’s own calls keep problem+json', async () => {
    expectReadablePage(await navigate('/api/auth/verify-email?token=not-a-token', 'fr'), 400, { fr: /ne peut pas aboutir/, en: /cannot go through/ });
    expectReadablePage(await navigate('/api/no-such-thing', 'en'), 404, { fr: /n’existe pas/, en: /does not exist/ });
    // The web app's fetch: Sec-Fetch-Mode cors, JSON accepted.
    const fetched = await platform.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { accept: 'application/json, application/problem+json', 'sec-fetch-mode': 'cors', 'accept-language': 'en' } });
    expect(fetched.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(fetched.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
