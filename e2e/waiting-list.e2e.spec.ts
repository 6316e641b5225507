import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { settle } from './support/a11y';
import { gridLoaded, signIn } from './support/admin';
import { CENTRE } from './support/centre';
import { answerBeforePaying } from './support/learner';
import { newLearner } from './support/new-learner';
import { cancelBooking, fillCourse, joinWaitingList, publishSmallCourse } from './support/waiting-list';

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
  // The checkout asks why the learner takes the course (and the licence details) before the card.
  await answerBeforePaying(page);
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

test('the centre sees how many wait on each of its courses and who, the administrators how many', async ({ page, baseURL }) => {
  const course = await publishSmallCourse(baseURL!, 1, 33, { title: 'Salon-de-Provence', city: 'Salon-de-Provence', postalCode: '13300', department: '13' });
  const fillers = await fillCourse(baseURL!, course.id, 1, 'centre-view');
  const waiting: APIRequestContext[] = [];
  for (let i = 0; i < 2; i += 1) {
    const api = await playwrightRequest.newContext({ baseURL });
    await newLearner(api, `e2e-centre-view-waiter-${i}-${Date.now()}@example.test`);
    await joinWaitingList(api, course.id);
    waiting.push(api);
  }
  // The first in line gets the place its booked learner gives up.
  await cancelBooking(fillers[0]!.api, fillers[0]!.bookingId);
  await expect
    .poll(async () => ((await (await waiting[0]!.get('/api/user/waiting-list')).json()) as Array<{ offer: unknown }>)[0]?.offer ?? null, { message: 'the offer' })
    .toBeTruthy();

  await signIn(page, CENTRE);
  await page.goto('/');
  for (const [language, width] of VIEWS) {
    await inLanguage(page, language, width, `/organization/bookings?courseId=${course.id}`);
    const list = page.getByTestId('course-waiting-list');
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(language === 'fr' ? 'Liste d’attente (2)' : 'Waiting list (2)');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText(/1\. Inès Roux/);
    await expect(list.getByRole('listitem').first()).toContainText(language === 'fr' ? 'Réservée jusqu’au' : 'Held until');
    await expect(list.getByRole('listitem').nth(1)).toContainText(language === 'fr' ? 'En attente' : 'Waiting');
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, `waiting-list-centre-bookings-${language}-${width}.png`), fullPage: true });
  }
  await inLanguage(page, 'fr', 1280, '/organization/courses?q=Salon-de-Provence');
  await gridLoaded(page);
  await expect(page.getByTestId('course-waiting').first()).toHaveText('2 en liste d’attente');
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, 'waiting-list-centre-courses-fr-1280.png'), fullPage: true });

  const admin = await page.context().browser()!.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
  const adminPage = await admin.newPage();
  await signIn(adminPage);
  await adminPage.goto(`/admin/courses?q=${course.id}&course=${course.id}`);
  await expect(adminPage.getByRole('dialog')).toContainText('2 personnes en attente');
  await adminPage.keyboard.press('Escape');
  await gridLoaded(adminPage);
  await expect(adminPage.getByRole('columnheader', { name: 'En attente' })).toBeVisible();
  await expect(adminPage.getByRole('row').filter({ hasText: 'Salon-de-Provence' }).first()).toBeVisible();
  await settle(adminPage);
  await adminPage.screenshot({ path: join(SCREENSHOTS, 'waiting-list-admin-courses-fr-1280.png'), fullPage: true });
  await admin.close();
  for (const api of [...waiting, ...fillers.map((f) => f.api)]) await api.dispose();
});
