import { expect, type APIRequestContext } from '@playwright/test';

/** Calls that change something carry the header the API requires of the web app. */
export const WRITE = { headers: { 'x-requested-with': 'recup-points' } };

type StoredMail = { to: string; links: string[] };

/** A course as the search answers it. */
export type FoundCourse = { id: string; city: string; title: string; titleEn: string; startDate: string; endDate: string; spotsLeft: number; status: string };

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The newest verification link sent to the address, as a path and query (the mail names the server's public address,
 * the test server listens on another port). Mails leave in the background: the outbox is polled.
 */
export async function verificationLink(api: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await api.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`);
      if (!response.ok()) return undefined;
      link = ((await response.json()) as StoredMail[]).flatMap((mail) => mail.links).find((candidate) => candidate.includes('/verify-email?'));
      return link;
    }, { message: `a verification link in the mailbox of ${email}` })
    .toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

/** A learner of their own (no other test books for them): registered, verified through the e-mailed link, signed in on `api`. */
export async function newLearner(api: APIRequestContext, email: string, password = 'learner-secret-1'): Promise<void> {
  await ok(await api.post('/api/auth/register', {
    ...WRITE,
    data: {
      email, password, title: 'MRS', firstName: 'Inès', lastName: 'Roux', dateOfBirth: '1988-06-02', countryOfBirth: 'FR', placeOfBirth: 'Arles',
      address: '4 rue de la République', addressDetails: null, postalCode: '13200', city: 'Arles', country: 'FR', phoneNumber: '0611223344',
      landlinePhone: null, licenseNumber: '130688201145', language: 'FR',
    },
  }), 'registration');
  const token = new URL(await verificationLink(api, email), 'http://localhost').searchParams.get('token')!;
  await ok(await api.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`), 'verification');
  await ok(await api.post('/api/auth/login', { ...WRITE, data: { email, password } }), 'sign-in');
}

/** Books a course and pays it with 4242… through the API. */
export async function bookAndPay(api: APIRequestContext, courseId: string): Promise<string> {
  const booking = await ok<{ id: string }>(await api.post('/api/bookings', { ...WRITE, data: { earlyStartRequested: true, courseId } }), 'booking');
  await pay(api, booking.id);
  return booking.id;
}

export async function pay(api: APIRequestContext, bookingId: string): Promise<void> {
  const intent = await ok<{ paymentIntentId: string; clientSecret: string }>(await api.post(`/api/bookings/${bookingId}/create-payment-intent`, WRITE), 'payment intent');
  await ok(await api.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
    ...WRITE, data: { clientSecret: intent.clientSecret, cardholderName: 'Inès Roux', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' },
  }), 'card payment');
  await ok(await api.post(`/api/bookings/${bookingId}/confirm-payment`, { ...WRITE, data: { paymentIntentId: intent.paymentIntentId } }), 'confirmation');
}

/** Every upcoming course, soonest first (the spec's array, without paging). */
export async function allCourses(api: APIRequestContext): Promise<FoundCourse[]> {
  return ok<FoundCourse[]>(await api.get('/api/courses/search?sort=date'), 'course search');
}
