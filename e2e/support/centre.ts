import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../../shared-events/src/calendar/course-days';

export const CENTRE = { email: 'centre@demo.test', password: 'demo-password' };
/** Calls that change something carry the header the API requires of the web app. */
export const WRITE = { headers: { 'x-requested-with': 'recup-points' } };

/**
 * A legal course start, as the form takes it (Paris wall clock): the first day at least `daysAhead` days away
 * that starts two legal days, at 08:00.
 */
export function legalStart(daysAhead: number): string {
  return `${nextLegalCourseStart(addDays(parisCalendarDay(new Date()), daysAhead))}T08:00`;
}

/** The first Sunday at least `daysAhead` days away, 08:00 on the Saturday before → 17:00 that Sunday. */
export function sundaySession(daysAhead: number): { start: string; end: string } {
  let day = addDays(parisCalendarDay(new Date()), daysAhead);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) day = addDays(day, 1);
  return { start: `${addDays(day, -1)}T08:00`, end: `${day}T17:00` };
}

/** Signs the page's browser context in (its cookie jar is the page's). */
export async function signIn(page: Page, email = CENTRE.email, password = CENTRE.password): Promise<void> {
  const response = await page.request.post('/api/auth/login', { ...WRITE, data: { email, password } });
  expect(response.ok(), `sign-in of ${email}: ${response.status()}`).toBe(true);
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A demo learner books a course through the API, and pays with 4242… when `pay`. */
export async function learnerBooks(api: APIRequestContext, email: string, courseId: string, pay: boolean): Promise<string> {
  await ok(await api.post('/api/auth/login', { ...WRITE, data: { email, password: 'demo-password' } }), `sign-in of ${email}`);
  const booking = await ok<{ id: string }>(await api.post('/api/bookings', { ...WRITE, data: { earlyStartRequested: true, courseId } }), 'booking');
  if (!pay) return booking.id;
  const intent = await ok<{ paymentIntentId: string; clientSecret: string }>(await api.post(`/api/bookings/${booking.id}/create-payment-intent`, WRITE), 'intent');
  await ok(await api.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, {
    ...WRITE, data: { clientSecret: intent.clientSecret, cardholderName: 'Lucas Martin', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' },
  }), 'card');
  await ok(await api.post(`/api/bookings/${booking.id}/confirm-payment`, { ...WRITE, data: { paymentIntentId: intent.paymentIntentId } }), 'confirmation');
  return booking.id;
}
