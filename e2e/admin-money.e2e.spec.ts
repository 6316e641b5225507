import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { ADMIN, gridLoaded, signIn, WRITE } from './support/admin';

/**
 * Money an administrator gives back (issue 17, point 18): refunding the payment of a confirmed booking is one
 * action, confirmed once in a dialog that says both what happens to the money and to the booking; the booking
 * is then cancelled and its seat released, so that nobody keeps a seat for free.
 */

async function api(baseURL: string, account: { email: string; password: string }) {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'fr' } });
  const login = await context.post('/api/auth/login', { ...WRITE, data: account });
  expect(login.ok(), `sign-in of ${account.email}`).toBe(true);
  return context;
}

async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first()).toBeVisible();
}

async function search(page: Page, label: string, text: string) {
  await page.getByRole('textbox', { name: label }).fill(text);
  await page.getByRole('search', { name: label }).getByRole('button', { name: 'Rechercher' }).click();
  await gridLoaded(page);
}

type Course = { id: string; spotsLeft: number; price: number };

/** A learner of this test's own, who books a course and pays it with the test gateway's 4242 card. */
async function paidBooking(baseURL: string) {
  const admin = await api(baseURL, ADMIN);
  const email = `remi.fabre.${Date.now()}@example.test`;
  const created = await admin.post('/api/admin/users', { ...WRITE, data: { email, firstName: 'Rémi', lastName: 'Fabre', role: 'USER', language: 'FR', password: 'learner-password', isVerified: true } });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
  const learner = await api(baseURL, { email, password: 'learner-password' });
  const course = ((await (await learner.get('/api/courses/search')).json()) as Course[]).find((c) => c.spotsLeft > 1)!;
  const booking = (await (await learner.post('/api/bookings', { ...WRITE, data: { earlyStartRequested: true, courseId: course.id } })).json()) as { id: string; bookingReference: string };
  const intent = (await (await learner.post(`/api/bookings/${booking.id}/create-payment-intent`, WRITE)).json()) as { paymentIntentId: string; clientSecret: string };
  const card = { clientSecret: intent.clientSecret, cardholderName: 'Rémi Fabre', cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
  expect((await learner.post(`/api/test-gateway/payment-intents/${intent.paymentIntentId}/confirm`, { ...WRITE, data: card })).ok()).toBe(true);
  const confirmed = await learner.post(`/api/bookings/${booking.id}/confirm-payment`, { ...WRITE, data: { paymentIntentId: intent.paymentIntentId } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const spotsLeft = async () => ((await (await learner.get(`/api/courses/${course.id}`)).json()) as Course).spotsLeft;
  return { booking, course, spotsLeft, learner };
}

test('refunding a confirmed booking’s payment: one dialog says both, the booking is cancelled and its seat released', async ({ page, baseURL }) => {
  const { booking, spotsLeft, learner } = await paidBooking(baseURL!);
  const spotsBefore = await spotsLeft();

  await signIn(page);
  await page.goto('/admin/payments');
  await gridLoaded(page);
  await search(page, 'Rechercher un paiement', 'Rémi Fabre');
  await page.getByRole('button', { name: `Rembourser #${booking.bookingReference}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Rembourser ce paiement et annuler la réservation ?');
  await expect(dialog).toContainText('sera remboursé intégralement sur la carte utilisée, et un avoir annulera sa facture');
  await expect(dialog).toContainText(`La réservation ${booking.bookingReference} sera annulée en même temps : sa place sera libérée et le stagiaire prévenu par e-mail.`);
  await dialog.getByRole('button', { name: /^Rembourser .+ et annuler$/ }).click();
  await toast(page, 'Paiement remboursé, réservation annulée');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: booking.bookingReference })).toContainText('Remboursé');
  await expect(page.getByRole('button', { name: `Rembourser #${booking.bookingReference}` })).toHaveCount(0);

  // The booking is cancelled, by an administrator, and its seat is free again.
  await page.getByRole('button', { name: /^Voir / }).first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Voir la réservation' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\?booking=/);
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText('Annulée');
  await expect(detail).toContainText('un administrateur');
  await expect(detail.getByRole('button', { name: 'Annuler la réservation' })).toHaveCount(0);
  expect(await spotsLeft()).toBe(spotsBefore + 1);
  const mine = (await (await learner.get('/api/user/bookings')).json()) as Array<{ id: string; status: string }>;
  expect(mine.find((b) => b.id === booking.id)?.status).toBe('CANCELLED');
  await learner.dispose();
});
