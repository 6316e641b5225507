import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContextOptions, type Page } from '@playwright/test';

export const LEARNER = { email: 'learner@demo.test', password: 'demo-password' };

type Course = { id: string; city: string; spotsLeft: number; startDate: string };
type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** What the learner's pages show: one booking of each kind, and the session that sees them. */
export interface LearnerFixture {
  storageState: StorageState;
  /** A course nobody in this file has booked, to book through the pages. */
  freeCourseId: string;
  confirmed: { bookingId: string; paymentIntentId: string; courseId: string };
  /** Its case said (voluntary): its checkout asks for the card. */
  pendingBookingId: string;
  /** Unpaid and its case not said: its checkout asks why the learner takes the course, before the card. */
  undeclaredBookingId: string;
}

/** Calls that change something carry the header the API requires of the web app. */
const WRITE = { headers: { 'x-requested-with': 'recup-points' } };

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function pay(api: APIRequestContext, bookingId: string): Promise<string> {
  const intent = await json<{ paymentIntentId: string; clientSecret: string }>(
    await api.post(`/api/bookings/${bookingId}/create-payment-intent`, WRITE),
    'payment intent',
  );
  await json(
    await api.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
      ...WRITE,
      data: { clientSecret: intent.clientSecret, cardholderName: 'Camille Durand', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
    }),
    'card payment',
  );
  await json(await api.post(`/api/bookings/${bookingId}/confirm-payment`, { ...WRITE, data: { paymentIntentId: intent.paymentIntentId } }), 'confirmation');
  return intent.paymentIntentId;
}

/**
 * Signs the demo learner in through the API and gives them a confirmed booking, a pending one and a cancelled one
 * (so both dashboard tabs have content), and a pending one whose case is not said yet, on courses the other browser
 * tests do not pick (their first Toulon and Nice results), none already booked.
 */
export async function prepareLearner(baseURL: string): Promise<LearnerFixture> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'fr' } });
  try {
    await json(await api.post('/api/auth/login', { ...WRITE, data: LEARNER }), 'sign-in');
    const booked = new Set((await json<{ course: { id: string } }[]>(await api.get('/api/user/bookings'), 'bookings')).map((b) => b.course.id));
    const courses = (await json<Course[]>(await api.get('/api/courses/search'), 'course search')).filter(
      (course) => !['Toulon', 'Nice'].includes(course.city) && course.spotsLeft > 1 && !booked.has(course.id),
    );
    expect(courses.length, 'free demo courses').toBeGreaterThanOrEqual(5);
    // The confirmed one starts far enough ahead for its learner to change its date (issue 19 §4, 7 days before).
    const movable = courses.find((course) => Date.parse(course.startDate) > Date.now() + 14 * 86_400_000) ?? courses[0]!;
    const [toLeavePending, toCancel, free, toLeaveUndeclared] = courses.filter((course) => course !== movable) as [Course, Course, Course, Course];
    const toConfirm = movable;

    const book = async (course: Course, declared = true) => (await json<{ id: string }>(await api.post('/api/bookings', {
      ...WRITE, data: { earlyStartRequested: true, courseId: course.id, ...(declared ? { learnerCase: 'VOLUNTARY' } : {}) },
    }), 'booking')).id;
    const confirmedId = await book(toConfirm);
    const paymentIntentId = await pay(api, confirmedId);
    const pendingBookingId = await book(toLeavePending);
    const undeclaredBookingId = await book(toLeaveUndeclared, false);
    const cancelledId = await book(toCancel);
    await pay(api, cancelledId);
    await json(await api.post(`/api/bookings/${cancelledId}/cancel`, WRITE), 'cancellation');

    return {
      storageState: await api.storageState(),
      freeCourseId: free.id,
      confirmed: { bookingId: confirmedId, paymentIntentId, courseId: toConfirm.id },
      pendingBookingId,
      undeclaredBookingId,
    };
  } finally {
    await api.dispose();
  }
}

/**
 * A course that starts within the 14 days of the withdrawal period asks the learner, under the terms, to ask
 * for that start (the right then does not apply): the learner does, when asked.
 */
export async function askEarlyStartIfOffered(page: Page) {
  const early = page.getByRole('checkbox', { name: /avant la fin de mon délai de rétractation|before my 14-day withdrawal period ends/ });
  if ((await early.count()) > 0 && !(await early.isChecked())) await early.check();
}

/**
 * Before the card, the checkout asks why the learner takes the course (and the licence details a profile lacks): a
 * learner who did not say it on the course page answers "voluntary" there. Nothing to do when it was said already.
 */
export async function answerBeforePaying(page: Page) {
  const step = page.getByRole('heading', { name: /^(Avant de payer|Before you pay)$/ });
  const card = page.getByRole('heading', { name: /^(Paiement par carte|Card payment)$/ });
  await expect(step.or(card)).toBeVisible();
  if (await step.isVisible()) {
    await page.getByRole('radio', { name: /^(Stage volontaire|Voluntary course)/ }).check();
    // The licence details, when the learner's profile lacks them.
    const licence = page.getByRole('textbox', { name: /^(Numéro de permis|Driving licence number)/ });
    if (await licence.isVisible()) {
      const french = (await page.locator('html').getAttribute('lang')) !== 'en';
      await licence.fill('13AB12345678');
      await page.getByRole('textbox', { name: /^(Date de naissance|Date of birth)/ }).fill(french ? '08/03/1995' : '03/08/1995');
      await page.getByRole('textbox', { name: /^(Lieu de naissance|Place of birth)/ }).fill('Avignon');
      await page.getByRole('combobox', { name: /^(Pays de naissance|Country of birth)/ }).selectOption('FR');
    }
    await page.getByRole('button', { name: /^(Continuer vers le paiement|Continue to payment)$/ }).click();
  }
  await expect(card).toBeVisible();
}
