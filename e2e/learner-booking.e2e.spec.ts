import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { CENTRE } from './support/centre';
import { answerBeforePaying, askEarlyStartIfOffered } from './support/learner';
import { newLearner } from './support/new-learner';

/**
 * Issue 17, learner points 2, 4, 7 and 8, in the built app: toasts that go when their cause is fixed and never
 * cover the field being filled, Back after 3-D Secure reads as a page, an unpaid booking says until when its place
 * is held and can be cancelled, and one success view recaps what was paid for. Each test uses a learner of its own.
 */

const WRITE = { 'x-requested-with': 'recup-points' };
const PASSWORD = 'learner-secret-1';
type Course = { id: string; city: string; spotsLeft: number };

/** A new learner of this test's own, signed in on the page (its request context shares the page's cookies). */
async function freshLearner(page: Page, tag: string): Promise<string> {
  const email = `e2e-${tag}-${Date.now()}@example.test`;
  await newLearner(page.request, email, PASSWORD);
  return email;
}

/** A course with room, from the end of the list (the other browser tests take the first Toulon and Nice ones). */
async function roomyCourse(page: Page): Promise<Course> {
  const courses = (await (await page.request.get('/api/courses/search')).json()) as Course[];
  const course = [...courses].reverse().find((c) => c.spotsLeft > 3 && !['Toulon', 'Nice'].includes(c.city));
  if (!course) throw new Error('no demo course with room left');
  return course;
}

async function payWith(page: Page, cardNumber: string) {
  await answerBeforePaying(page);
  await page.getByLabel('Titulaire de la carte').fill('Camille Durand');
  await page.getByLabel('Numéro de carte').fill(cardNumber);
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Payer/ }).click();
}

/** Whether a toast on screen lies over this field. */
async function coveredByToast(page: Page, field: Locator): Promise<boolean> {
  const box = await field.boundingBox();
  if (!box) return false;
  return page.evaluate((area) => [...document.querySelectorAll('[data-toast]')].some((node) => {
    const toast = node.getBoundingClientRect();
    return toast.width > 0 && toast.left < area.x + area.width && area.x < toast.right && toast.top < area.y + area.height && area.y < toast.bottom;
  }), box);
}

const toasts = (page: Page) => page.locator('[data-toast]');

/** Where toasts appear on a phone and on a laptop, in both languages. */
const MATRIX = [['fr', 360], ['en', 360], ['fr', 1280], ['en', 1280]] as const;
const WORDS = {
  fr: {
    terms: "J'accepte les conditions générales", book: 'Réserver', authRequired: 'Authentification requise', signUp: 'Inscription', declined: 'Paiement refusé',
    card: { holder: 'Titulaire de la carte', number: 'Numéro de carte', expiry: "Date d'expiration (MM/AA)" },
    fields: [/^Prénom/, /^Nom/, /^Email/, /^Mot de passe/, /^Confirmer le mot de passe/, /^Adresse$/, /^Code postal/],
  },
  en: {
    terms: 'I accept the terms and conditions', book: 'Book', authRequired: 'Authentication required', signUp: 'Sign up', declined: 'Payment failed',
    card: { holder: 'Cardholder name', number: 'Card number', expiry: 'Expiry date (MM/YY)' },
    fields: [/^First name/, /^Last name/, /^Email/, /^Password/, /^Confirm password/, /^Address$/, /^Postal code/],
  },
} as const;

test.describe('toasts', () => {
  test('360 px: the terms error goes when the box is ticked, does not follow onto the checkout, and no toast covers the card form', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await freshLearner(page, 'terms');
    const course = await roomyCourse(page);
    await page.goto(`/courses/${course.id}`);
    await page.getByRole('button', { name: 'Réserver' }).click();
    await expect(toasts(page).filter({ hasText: 'Termes et conditions' })).toBeVisible();
    await page.getByLabel("J'accepte les conditions générales").check();
    await askEarlyStartIfOffered(page);
    await expect(toasts(page).filter({ hasText: 'Termes et conditions' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Réserver' }).click();
    // Nothing is booked before it is paid: the place is held until a time, to be paid to be confirmed.
    await expect(toasts(page).filter({ hasText: 'Place retenue' })).toContainText(/Votre place est retenue jusqu’(à|au .+ à) \d{1,2}h\d{2} : payez-la avant pour confirmer/);
    await expect(page.getByText('Votre place est réservée')).toHaveCount(0);
    await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
    await expect(page.getByText('Termes et conditions')).toHaveCount(0);
    await answerBeforePaying(page);
    for (const label of ['Titulaire de la carte', 'Numéro de carte', "Date d'expiration (MM/AA)", 'CVC']) {
      const field = page.getByLabel(label);
      await field.click();
      expect(await coveredByToast(page, field), `a toast covers "${label}"`).toBe(false);
    }
  });

  test('a failed sign-in is said in the form, and gone once signed in: never beside "Connexion réussie"', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = await freshLearner(page, 'login');
    await page.request.post('/api/auth/logout', { headers: WRITE });
    await page.goto('/courses');
    await page.getByRole('banner').getByRole('button', { name: 'Connexion' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByLabel(/^Mot de passe/).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Se connecter' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Échec de connexion');
    await dialog.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Se connecter' }).click();
    await expect(toasts(page).filter({ hasText: 'Connexion réussie' })).toBeVisible();
    await expect(page.getByText('Échec de connexion')).toHaveCount(0);
  });

  for (const [language, width] of MATRIX) {
    const words = WORDS[language];
    test(`${language}, ${width} px: on sign-up, a toast never covers the field being filled, the password confirmation included`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.addInitScript((lang) => window.localStorage.setItem('recup-points.language', lang), language);
      const course = await roomyCourse(page);
      await page.goto(`/courses/${course.id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // Booking signed out: a toast asks to sign in, and the modal opens; the learner signs up instead.
      await page.getByLabel(words.terms).check();
      await askEarlyStartIfOffered(page);
      await page.getByRole('button', { name: words.book, exact: true }).click();
      await expect(toasts(page).filter({ hasText: words.authRequired })).toBeVisible();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: words.signUp }).click();
      for (const position of ['end', 'start', 'center'] as const) {
        for (const name of words.fields) {
          const field = dialog.getByLabel(name).first();
          await field.evaluate((node, block) => node.scrollIntoView({ block }), position);
          await field.focus();
          expect(await coveredByToast(page, field), `a toast covers ${String(name)} scrolled to the ${position}`).toBe(false);
        }
        // Another toast for the next round.
        if (position !== 'center') {
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: words.book, exact: true }).click();
          // The new word replaces the one still on screen (on a wide screen it covered no field): one toast, not two.
          await expect(toasts(page).filter({ hasText: words.authRequired })).toHaveCount(1);
          await expect(toasts(page).filter({ hasText: words.authRequired })).toBeVisible();
          await dialog.getByRole('tab', { name: words.signUp }).click();
        }
      }
    });

    test(`${language}, ${width} px: a toast that appears while a field is being filled is shown where it does not cover that field`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.addInitScript((lang) => window.localStorage.setItem('recup-points.language', lang), language);
      await freshLearner(page, `toast-${language}-${width}`);
      const course = await roomyCourse(page);
      const booked = await page.request.post('/api/bookings', { headers: WRITE, data: { earlyStartRequested: true, courseId: course.id } });
      expect(booked.status(), await booked.text()).toBe(201);
      await page.goto(`/checkout/${((await booked.json()) as { id: string }).id}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await answerBeforePaying(page);
      // A card whose security code the bank refuses: the learner is in the CVC field when the toast says so.
      for (const [label, value] of [[words.card.holder, 'Camille Durand'], [words.card.number, '4000 0000 0000 0127'], [words.card.expiry, '12/30'], ['CVC', '123']] as const) {
        await page.getByLabel(label).fill(value);
      }
      const cvc = page.getByLabel('CVC');
      await cvc.focus();
      // The field just under the header, where toasts appear; Enter sends the payment.
      await cvc.evaluate((node) => window.scrollBy(0, node.getBoundingClientRect().top - 80));
      expect((await cvc.boundingBox())!.y, 'the CVC field lies where toasts appear').toBeLessThan(120);
      await page.keyboard.press('Enter');
      await expect(toasts(page).filter({ hasText: words.declined })).toBeVisible();
      await expect(cvc).toBeFocused();
      await page.screenshot({ path: `test-results/screenshots/toast-over-field-${language}-${width}.png` });
      expect(await coveredByToast(page, cvc), 'the toast covers the field being filled').toBe(false);
    });
  }
});

test.describe('paying', () => {
  test('by card: one success view recaps the course and stays; with 3-D Secure the same view, and Back shows a readable page, not JSON', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await freshLearner(page, 'pay');
    const courses = (await (await page.request.get('/api/courses/search')).json()) as Course[];
    const [first, second] = [...courses].reverse().filter((c) => c.spotsLeft > 3 && !['Toulon', 'Nice'].includes(c.city));
    const book = async (course: Course) => {
      await page.goto(`/courses/${course.id}`);
      // The refund rule is stated on the checkout before the card form.
      await page.getByLabel("J'accepte les conditions générales").check();
      await askEarlyStartIfOffered(page);
      await page.getByRole('button', { name: 'Réserver' }).click();
      await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
      await answerBeforePaying(page);
      await expect(page.getByRole('note', { name: 'Annulation' })).toContainText(/jusqu’à 72 heures avant le début du stage/);
    };

    // The page's timers run on a clock the test can move on (it flows as the real one until then).
    await page.clock.install();
    await book(first!);
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/payment-success\?/);
    const recap = page.getByTestId('booking-recap');
    await expect(page.getByRole('heading', { level: 1, name: 'Paiement réussi : votre place est confirmée' })).toBeVisible();
    await expect(recap).toContainText(first!.city);
    await expect(recap.getByRole('link', { name: /^Télécharger la facture RP-\d{4}-\d{6}$/ })).toBeVisible();
    // A minute on, at once: no timer takes the page away.
    await page.clock.fastForward('01:00');
    await expect(page).toHaveURL(/\/payment-success\?/);

    await book(second!);
    await payWith(page, '4000 0027 6000 3184');
    await expect(page).toHaveURL(/\/api\/test-gateway\/challenge\//);
    await page.getByRole('button', { name: /Confirmer/ }).click();
    await expect(page).toHaveURL(/\/payment-success\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Paiement réussi : votre place est confirmée' })).toBeVisible();
    await expect(recap).toContainText(second!.city);

    await page.goBack();
    await expect(page).toHaveURL(/\/api\/test-gateway\/challenge\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cette page n’existe pas ou n’est plus disponible');
    await expect(page.locator('body')).not.toContainText('CHALLENGE_NOT_FOUND"');
    await expect(page.locator('body')).not.toContainText('{"');
    await expect(page.locator('section[lang="en"]')).toContainText('no longer available');
    await page.getByRole('link', { name: 'Voir mes réservations' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('booking-card').filter({ hasText: second!.city }).first().getByTestId('booking-status')).toHaveText('Confirmée');
  });
});

test.describe('an unpaid booking', () => {
  test('says until when its place is held, can be cancelled, and then says it was cancelled with nothing charged', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await freshLearner(page, 'unpaid');
    const course = await roomyCourse(page);
    const booked = await page.request.post('/api/bookings', { headers: WRITE, data: { earlyStartRequested: true, courseId: course.id } });
    expect(booked.status()).toBe(201);
    const spotsBefore = course.spotsLeft - 1;

    await page.goto('/dashboard');
    const card = page.getByTestId('booking-card').first();
    await expect(card.getByTestId('booking-hold')).toHaveText(/^Place retenue jusqu’(à|au .+ à) \d{1,2}h\d{2} : payez avant pour confirmer votre réservation\.$/);
    await card.getByRole('button', { name: 'Annuler' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
    await expect(dialog).toContainText('Cette réservation n’est pas payée : rien ne vous sera débité');
    await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await expect(toasts(page).filter({ hasText: 'Réservation annulée' })).toBeVisible();

    await page.getByRole('tab', { name: /Historique des réservations/ }).click();
    const ended = page.getByTestId('booking-card').first();
    await expect(ended.getByTestId('booking-ending')).toHaveText(/^Annulée par vous le .+ – aucun débit$/);
    await expect(ended).not.toContainText('Échoué');
    const after = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as Course;
    expect(after.spotsLeft).toBe(spotsBefore + 1);
  });
});

test.describe('a booking its course’s cancellation ended', () => {
  test('reads "Annulée par le centre … – aucun débit", never "Échoué", in French and English', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // The demo centre's course of this test's own.
    const centre = await playwrightRequest.newContext({ baseURL });
    expect((await centre.post('/api/auth/login', { headers: WRITE, data: CENTRE })).ok()).toBe(true);
    const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), 45));
    const published = await centre.post('/api/courses', {
      headers: WRITE,
      data: {
        title: 'Gap', address: '5 rue Carnot', city: 'Gap', postalCode: '05000', department: '05', price: 22_900, totalSpots: 14, antsNumber: 'R0500500621',
        startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
      },
    });
    expect(published.status(), await published.text()).toBe(201);
    const course = (await published.json()) as { id: string };

    // A learner books it and their card is declined: the attempt is recorded as failed.
    await freshLearner(page, 'course-cancelled');
    const booked = await page.request.post('/api/bookings', { headers: WRITE, data: { earlyStartRequested: true, courseId: course.id } });
    expect(booked.status(), await booked.text()).toBe(201);
    await page.goto(`/checkout/${((await booked.json()) as { id: string }).id}`);
    await payWith(page, '4000 0000 0000 0002');
    await expect(toasts(page).filter({ hasText: 'Paiement refusé' })).toBeVisible();

    // The centre cancels the course: the booking ends, and the learner reads why and that nothing was charged.
    const removed = await centre.delete(`/api/courses/${course.id}`, { headers: WRITE });
    expect(removed.status(), await removed.text()).toBeLessThan(300);
    await centre.dispose();
    await page.goto('/dashboard#history');
    const card = page.getByTestId('booking-card').filter({ hasText: 'Gap' });
    await expect(card.getByTestId('booking-ending')).toHaveText(/^Annulée par le centre le \S+ \d+ \S+ \d{4} – aucun débit$/);
    await expect(card).not.toContainText('Échoué');
    await expect(card).not.toContainText('Paiement :');
    await card.screenshot({ path: 'test-results/screenshots/course-cancelled-card-fr-360.png' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.localStorage.setItem('recup-points.language', 'en'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(card.getByTestId('booking-ending')).toHaveText(/^Cancelled by the centre on \S+, \S+ \d+, \d{4} – nothing charged$/);
    await expect(card).not.toContainText('Failed');
    await card.screenshot({ path: 'test-results/screenshots/course-cancelled-card-en-1280.png' });
  });
});
