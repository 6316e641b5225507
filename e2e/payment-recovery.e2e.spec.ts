import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { answerBeforePaying, askEarlyStartIfOffered, LEARNER } from './support/learner';

/**
 * Issue 10, money path: a booking stays payable after a 3-D Secure challenge left on the way (the browser's
 * Back button), a paid booking's checkout says it is paid, and a failed challenge offers to try again.
 */

const WRITE = { 'x-requested-with': 'recup-points' };
type Course = { id: string; city: string; spotsLeft: number };

/** Signs the demo learner in (the browser's cookies) and picks a course they have not booked yet. */
async function signInAndPickCourse(page: Page, avoid: string[] = []): Promise<Course> {
  const login = await page.request.post('/api/auth/login', { headers: WRITE, data: LEARNER });
  expect(login.ok()).toBe(true);
  const booked = new Set(((await (await page.request.get('/api/user/bookings')).json()) as { course: { id: string } }[]).map((b) => b.course.id));
  const courses = (await (await page.request.get('/api/courses/search')).json()) as Course[];
  const free = courses.find((c) => !booked.has(c.id) && c.spotsLeft > 0 && !['Toulon', 'Nice', ...avoid].includes(c.city));
  if (!free) throw new Error('no free demo course left for the learner');
  return free;
}

async function bookFromCoursePage(page: Page, course: Course): Promise<string> {
  await page.goto(`/courses/${course.id}`);
  await page.getByLabel("J'accepte les conditions générales").check();
  await askEarlyStartIfOffered(page);
  await page.getByRole('button', { name: 'Réserver' }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
  await answerBeforePaying(page);
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function payWith(page: Page, cardNumber: string) {
  await answerBeforePaying(page);
  await page.getByLabel('Titulaire de la carte').fill('Camille Durand');
  await page.getByLabel('Numéro de carte').fill(cardNumber);
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Payer/ }).click();
}

/**
 * The dashboard card of one booking, found by its reference: the demo learner has bookings from other browser files,
 * some in the same city.
 */
async function cardOf(page: Page, bookingId: string) {
  const mine = (await (await page.request.get('/api/user/bookings')).json()) as { id: string; bookingReference: string }[];
  const reference = mine.find((booking) => booking.id === bookingId)?.bookingReference;
  expect(reference, `booking ${bookingId} among the learner's`).toBeTruthy();
  return page.getByTestId('booking-card').filter({ hasText: reference! });
}

/** The one success view, then the dashboard through its link (no timer takes the page away). */
async function fromSuccessToDashboard(page: Page) {
  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement réussi : votre place est confirmée' })).toBeVisible();
  await page.getByRole('link', { name: 'Voir mes réservations' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test('a learner who goes back from the 3-D Secure page pays with 4242… and is confirmed, once', async ({ page }) => {
  const course = await signInAndPickCourse(page);
  const bookingId = await bookFromCoursePage(page, course);

  // The secure-payment notice is a note, not an alert that screen readers would announce.
  await expect(page.getByRole('note', { name: 'Paiement sécurisé' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Paiement sécurisé' })).toHaveCount(0);

  await payWith(page, '4000 0027 6000 3184');
  await expect(page).toHaveURL(/\/api\/test-gateway\/challenge\//);
  const challengeUrl = page.url();

  // The browser's Back button on the bank's page, then another card.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/checkout/${bookingId}$`));
  await expect(page.getByRole('button', { name: /^Payer/ })).toBeEnabled();
  await payWith(page, '4242 4242 4242 4242');
  await fromSuccessToDashboard(page);
  await expect(page.getByText(/You cannot confirm|requires_action/)).toHaveCount(0);
  const card = await cardOf(page, bookingId);
  await expect(card.getByTestId('booking-status')).toHaveText('Confirmée');

  // The abandoned challenge can no longer take money.
  const late = await page.request.get(challengeUrl);
  expect(late.status()).toBe(404);
  const mine = (await (await page.request.get('/api/user/bookings')).json()) as { id: string; payment: { status: string } | null }[];
  expect(mine.find((b) => b.id === bookingId)?.payment?.status).toBe('SUCCEEDED');

  // The checkout of the paid booking says it is paid, with the way to the dashboard and to the invoice.
  await page.goto(`/checkout/${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Réservation déjà payée' })).toBeVisible();
  await expect(page.getByText('Erreur de paiement')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Télécharger la facture' })).toHaveAttribute('href', `/api/bookings/${bookingId}/invoice`);
  await page.getByRole('link', { name: 'Aller au tableau de bord' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('“Payer maintenant” on the dashboard pays a booking whose 3-D Secure challenge was left behind', async ({ page }) => {
  const course = await signInAndPickCourse(page);
  const bookingId = await bookFromCoursePage(page, course);
  await payWith(page, '4000 0027 6000 3184');
  await expect(page).toHaveURL(/\/api\/test-gateway\/challenge\//);
  await page.goBack();
  await page.goto('/dashboard');
  const card = await cardOf(page, bookingId);
  await card.getByRole('button', { name: 'Payer maintenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${bookingId}$`));
  await payWith(page, '4242 4242 4242 4242');
  await fromSuccessToDashboard(page);
  await expect((await cardOf(page, bookingId)).getByTestId('booking-status')).toHaveText('Confirmée');
});

test('a failed 3-D Secure challenge offers to try again, and the next card pays', async ({ page }) => {
  const course = await signInAndPickCourse(page);
  const bookingId = await bookFromCoursePage(page, course);
  await payWith(page, '4000 0027 6000 3184');
  await expect(page).toHaveURL(/\/api\/test-gateway\/challenge\//);
  await page.getByRole('button', { name: /Refuser/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByRole('heading', { name: 'Erreur lors de la confirmation du paiement' })).toBeVisible();
  await expect(page.getByText(/L’authentification 3-D Secure a échoué/)).toBeVisible();
  await expect(page.getByText(/unable to authenticate/i)).toHaveCount(0);

  await page.getByRole('link', { name: 'Réessayer le paiement' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${bookingId}$`));
  await payWith(page, '4242 4242 4242 4242');
  await fromSuccessToDashboard(page);
  await expect((await cardOf(page, bookingId)).getByTestId('booking-status')).toHaveText('Confirmée');
});

test('screenshots: the failed challenge and the paid checkout, at 360 and 1280 px, in French and English', async ({ page }) => {
  const dir = 'test-results/screenshots';
  mkdirSync(dir, { recursive: true });
  const course = await signInAndPickCourse(page);
  const bookingId = await bookFromCoursePage(page, course);
  await payWith(page, '4000 0027 6000 3184');
  await expect(page).toHaveURL(/\/api\/test-gateway\/challenge\//);
  await page.getByRole('button', { name: /Refuser/ }).click();
  await expect(page.getByRole('link', { name: 'Réessayer le paiement' })).toBeVisible();
  const failedUrl = page.url();
  const shoot = async (name: string, url: string, heading: { fr: string; en: string }) => {
    for (const lang of ['fr', 'en'] as const) {
      await page.evaluate((language) => window.localStorage.setItem('recup-points.language', language), lang);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url);
        await expect(page.getByRole('heading', { name: heading[lang] })).toBeVisible();
        await page.screenshot({ path: `${dir}/${name}-${lang}-${width}.png`, fullPage: true });
      }
    }
    await page.evaluate(() => window.localStorage.setItem('recup-points.language', 'fr'));
  };
  await shoot('payment-return-failed', failedUrl, { fr: 'Erreur lors de la confirmation du paiement', en: 'Error confirming the payment' });

  await page.goto(`/checkout/${bookingId}`);
  await payWith(page, '4242 4242 4242 4242');
  await fromSuccessToDashboard(page);
  await shoot('checkout-paid', `/checkout/${bookingId}`, { fr: 'Réservation déjà payée', en: 'Booking already paid' });
});
