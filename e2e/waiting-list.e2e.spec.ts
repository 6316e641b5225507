import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { settle } from './support/a11y';
import { newLearner } from './support/new-learner';
import { cancelBooking, fillCourse, publishSmallCourse } from './support/waiting-list';

/**
 * Issue 19 §5 in the built app: a centre publishes a small course, learners fill it, a learner joins its waiting
 * list from the course page; a booked learner cancels, the waiting learner is mailed, sees the place held for
 * them on the dashboard and books it through the offer. Screens at 360 and 1280 px, in French and English, are
 * written under test-results/screenshots for a person to look at.
 */

const SCREENSHOTS = join('test-results', 'screenshots');
const LANGUAGE_KEY = 'recup-points.language';
const VIEWS = [['fr', 360], ['fr', 1280], ['en', 360], ['en', 1280]] as const;
type StoredMail = { to: string; kind: string; subject: string; text: string; links: string[] };

async function inLanguage(page: Page, language: 'fr' | 'en', width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test('a learner joins a full course’s waiting list, is offered the place a booked learner gave up, and books it through the offer', async ({ page, browser, baseURL }) => {
  const course = await publishSmallCourse(baseURL!, 2, 30);
  const fillers = await fillCourse(baseURL!, course.id, 2, 'waiting');

  // A visitor sees the course full and the waiting list; joining asks them to sign in first, as booking does.
  const visitor = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/courses/${course.id}`);
  await expect(visitorPage.getByText('Complet').first()).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: 'Réserver' })).toBeDisabled();
  await visitorPage.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
  await expect(visitorPage.getByRole('dialog')).toBeVisible();
  await expect(visitorPage.getByRole('dialog').getByRole('tab', { name: 'Connexion' })).toBeVisible();
  await visitor.close();

  // A learner of their own, signed in (the page's cookies).
  const email = `e2e-waiting-${Date.now()}@example.test`;
  await newLearner(page.request, email);
  await page.goto('/');
  for (const [language, width] of VIEWS) {
    await inLanguage(page, language, width, `/courses/${course.id}`);
    const panel = page.getByTestId('waiting-list');
    await expect(panel.getByRole('button', { name: language === 'fr' ? 'Rejoindre la liste d’attente' : 'Join the waiting list' })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, `waiting-list-course-${language}-${width}.png`), fullPage: true });
  }

  await inLanguage(page, 'fr', 1280, `/courses/${course.id}`);
  await page.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
  await expect(page.getByTestId('waiting-position')).toHaveText('Vous êtes n° 1 sur la liste d’attente.');
  await expect(page.getByRole('button', { name: 'Quitter la liste' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, 'waiting-list-course-joined-fr-1280.png'), fullPage: true });

  // A booked learner gives their place up: it is offered to the first in line, by e-mail.
  await cancelBooking(fillers[0]!.api, fillers[0]!.bookingId);
  let offerMail: StoredMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`)).json()) as StoredMail[];
      offerMail = mails.find((mail) => mail.kind === 'spot-offered');
      return offerMail;
    }, { message: 'the offer’s e-mail' })
    .toBeTruthy();
  expect(offerMail!.subject).toContain('Une place s\'est libérée pour vous');
  expect(offerMail!.text).toMatch(/Elle vous est réservée jusqu’au \S+ \d+ \S+ \d{4} à \d+h\d{2} \(heure de Paris\)/);
  expect(offerMail!.links.map((link) => new URL(link, baseURL).pathname)).toContain(`/courses/${course.id}`);

  // The dashboard shows the place held, and until when.
  for (const [language, width] of VIEWS) {
    await inLanguage(page, language, width, '/dashboard');
    const offer = page.getByTestId('waiting-entry-offer');
    await expect(offer).toContainText(language === 'fr' ? 'Une place vous est réservée jusqu’au' : 'A place is held for you until');
    await expect(page.getByRole('link', { name: language === 'fr' ? 'Réserver ma place' : 'Book my place' })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, `waiting-list-dashboard-${language}-${width}.png`), fullPage: true });
  }

  // Nobody else may book it meanwhile: the course shows full.
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await newLearner(strangerPage.request, `e2e-waiting-stranger-${Date.now()}@example.test`);
  const refused = await strangerPage.request.post('/api/bookings', { headers: { 'x-requested-with': 'recup-points' }, data: { courseId: course.id } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('NO_SPOTS_LEFT');
  await stranger.close();

  // The learner books the place held for them, as any booking, and pays it.
  await inLanguage(page, 'fr', 1280, '/dashboard');
  await page.getByRole('link', { name: 'Réserver ma place' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}$`));
  await expect(page.getByTestId('waiting-offer')).toContainText('Une place vous est réservée jusqu’au');
  await page.getByRole('checkbox', { name: "J'accepte les conditions générales" }).check();
  await page.getByRole('button', { name: 'Réserver' }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
  await page.getByLabel('Titulaire de la carte').fill('Inès Roux');
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);

  await page.goto('/dashboard');
  await expect(page.getByTestId('booking-card').filter({ hasText: 'Arles' })).toContainText('Confirmée');
  await expect(page.getByTestId('waiting-lists')).toHaveCount(0);
  for (const filler of fillers) await filler.api.dispose();
});
