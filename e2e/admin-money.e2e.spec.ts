import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { ADMIN, gridLoaded, signIn, WRITE } from './support/admin';
import { CENTRE } from './support/centre';
import { answerBeforePaying } from './support/learner';

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

/** A learner account of this test's own: its e-mail and password. */
async function ownLearner(baseURL: string, tag: string) {
  const admin = await api(baseURL, ADMIN);
  const email = `remi.fabre.${tag}.${Date.now()}@example.test`;
  const created = await admin.post('/api/admin/users', { ...WRITE, data: { email, firstName: 'Rémi', lastName: 'Fabre', role: 'USER', language: 'FR', password: 'learner-password', isVerified: true } });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
  return { email, password: 'learner-password' };
}

/** A learner of this test's own, who books a course and pays it with the test gateway's 4242 card. */
async function paidBooking(baseURL: string) {
  const learner = await api(baseURL, await ownLearner(baseURL, 'paid'));
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

/** The day as the administrators' screens write it: "vendredi 27 novembre 2026". */
const longDay = (iso: string) => new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso));

test('cancelling a booking whose online payment was already refunded says so, with its day, never that it was not paid', async ({ page, baseURL, browser }) => {
  // The demo centre's course, a booking of a learner of this test's own, and their card held up by 3-D Secure.
  const centre = await api(baseURL!, CENTRE);
  const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), 50));
  const published = await centre.post('/api/courses', {
    ...WRITE,
    data: {
      title: 'Gap', address: '5 rue Carnot', city: 'Gap', postalCode: '05000', department: '05', price: 22_900, totalSpots: 14, antsNumber: 'R0500500611',
      startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
    },
  });
  expect(published.status(), await published.text()).toBe(201);
  const course = (await published.json()) as { id: string };
  const learnerContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
  const learner = await learnerContext.newPage();
  const account = await ownLearner(baseURL!, 'late');
  expect((await learner.request.post('/api/auth/login', { ...WRITE, data: account })).ok()).toBe(true);
  const booked = await learner.request.post('/api/bookings', { ...WRITE, data: { earlyStartRequested: true, courseId: course.id } });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = (await booked.json()) as { id: string; bookingReference: string };
  await learner.goto(`/checkout/${booking.id}`);
  await answerBeforePaying(learner);
  await learner.getByLabel('Titulaire de la carte').fill('Rémi Fabre');
  await learner.getByLabel('Numéro de carte').fill('4000 0027 6000 3184');
  await learner.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
  await learner.getByLabel('CVC').fill('123');
  await learner.getByRole('button', { name: /^Payer/ }).click();
  await expect(learner).toHaveURL(/\/api\/test-gateway\/challenge\//);

  // Meanwhile the centre confirms the booking and records the cash it received; then the bank lets the card pay:
  // that money comes too late and goes back at once.
  expect((await centre.post(`/api/bookings/${booking.id}/approve`, WRITE)).ok()).toBe(true);
  const cash = await centre.post(`/api/bookings/${booking.id}/payment-received`, { ...WRITE, data: { method: 'CASH', receivedOn: parisCalendarDay(new Date()) } });
  expect(cash.ok(), await cash.text()).toBe(true);
  await learner.getByRole('button', { name: /Confirmer/ }).click();
  await expect(learner).toHaveURL(/\/payment-success\?/);
  const admin = await api(baseURL!, ADMIN);
  let refundedAt = '';
  await expect.poll(async () => {
    const seen = (await (await admin.get(`/api/admin/bookings/${booking.id}`)).json()) as { status: string; payment: { status: string; refundedAt: string | null } | null };
    refundedAt = seen.payment?.refundedAt ?? '';
    return `${seen.status} ${seen.payment?.status}`;
  }, { message: 'the late online payment refunded, the booking still confirmed' }).toBe('CONFIRMED REFUNDED');

  // The administrator cancels it: the dialog says what the history says, the refund and its day included.
  await signIn(page);
  await page.goto(`/admin/bookings?booking=${booking.id}`);
  const detail = page.getByRole('dialog');
  await expect(detail.getByTestId('centre-payment')).toContainText('Réglé au centre');
  await expect(detail).toContainText('Remboursé');
  await detail.getByRole('button', { name: 'Annuler la réservation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
  await expect(confirm).toContainText(`son paiement en ligne, arrivé ensuite, a déjà été remboursé le ${longDay(refundedAt)}`);
  await expect(confirm).toContainText(`Elle a été réglée au centre (espèces, le ${longDay(`${parisCalendarDay(new Date())}T12:00:00Z`)})`);
  await expect(confirm).not.toContainText('pas été payée');
  await confirm.screenshot({ path: 'test-results/screenshots/admin-cancel-already-refunded-fr-1280.png' });
  await confirm.getByRole('button', { name: 'Annuler la réservation' }).click();
  await toast(page, 'Réservation annulée');
  await expect(page.getByRole('dialog', { name: 'Annuler cette réservation ?' })).toHaveCount(0);

  // The learner reads that it was paid at the centre, which refunds it, not that it was refunded online.
  await learner.goto('/dashboard#history');
  const ended = learner.getByTestId('booking-card').filter({ hasText: booking.bookingReference }).getByTestId('booking-ending');
  await expect(ended).toHaveText(/^Annulée par l’administration le .+ – payée au centre : voyez son remboursement avec le centre$/);
  await admin.dispose();
  await centre.dispose();
  await learnerContext.close();
});
