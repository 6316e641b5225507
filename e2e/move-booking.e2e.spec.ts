import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { checkA11y, settle } from './support/a11y';
import { gridLoaded } from './support/admin';
import { CENTRE, WRITE } from './support/centre';
import { bookAndPay, newLearner, pay } from './support/new-learner';

/**
 * Changing the date (issue 19 §4), in the browser: a learner moves a paid booking to another date at the same
 * price, then to a dearer one, paying the difference with the test card; a training centre moves a learner to
 * another of its courses. Each test publishes its own courses (in Embrun, where the demo data holds none) and
 * registers its own learner. The move dialog is photographed at 360 and 1280 px, in French and English.
 */

const SCREENSHOTS = join('test-results', 'screenshots');
const LANGUAGE_KEY = 'recup-points.language';
type Course = { id: string; startDate: string; endDate: string };

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A course of the demo centre in Embrun, the first legal start at least `daysAhead` days away, published through its API. */
async function publishEmbrunCourse(centre: APIRequestContext, daysAhead: number, price: number, antsNumber: string): Promise<Course> {
  const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), daysAhead));
  return ok<Course>(await centre.post('/api/courses', {
    ...WRITE,
    data: {
      title: 'Embrun', address: '2 place Barthelon', city: 'Embrun', postalCode: '05200', department: '05', price, totalSpots: 12, antsNumber,
      startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
    },
  }), 'publication');
}

/** "samedi 19 – dimanche 20 décembre 2026", as the pages write a course's two days, spaces made plain. */
function courseDays(course: Course, language: 'fr' | 'en') {
  const format = new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });
  return plain(format.formatRange(new Date(course.startDate), new Date(course.endDate)));
}

function plain(text: string) {
  return text.replace(/\s+/gu, ' ').replace(/ ?– ?/gu, '–');
}

async function centreApi(baseURL: string | undefined, browser: Browser) {
  const context = await browser.newContext({ baseURL });
  await ok(await context.request.post('/api/auth/login', { ...WRITE, data: CENTRE }), 'centre sign-in');
  return context;
}

/** The option of the dialog for this course (its weekday dates name it). */
function optionFor(page: Page, course: Course, language: 'fr' | 'en' = 'fr') {
  return page.getByTestId('move-option').filter({ hasText: 'Embrun' }).filter({ hasText: new RegExp(courseDays(course, language).replace(/–/gu, ' ?– ?').replace(/ /gu, '\\s')) });
}

test('a learner moves to another date at the same price, then to a dearer one, paying the difference with the test card', async ({ browser, baseURL }) => {
  const centre = await centreApi(baseURL, browser);
  const stamp = String(Date.now()).slice(-6);
  const first = await publishEmbrunCourse(centre.request, 30, 22_900, `R05MV1${stamp}`);
  const same = await publishEmbrunCourse(centre.request, 44, 22_900, `R05MV2${stamp}`);
  const dearer = await publishEmbrunCourse(centre.request, 58, 26_900, `R05MV3${stamp}`);
  await centre.close();

  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const api = context.request;
  await newLearner(api, `mover-${stamp}@example.test`);
  const bookingId = await bookAndPay(api, first.id);
  const page = await context.newPage();
  await page.goto('/dashboard');

  // The dialog as a person sees it, in both languages, on a phone and a desktop.
  for (const language of ['fr', 'en'] as const) {
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      await page.getByRole('button', { name: language === 'fr' ? 'Changer de date' : 'Change date' }).click();
      const dialog = page.getByRole('dialog');
      await expect(optionFor(page, same, language)).toBeVisible();
      await settle(page);
      await page.screenshot({ path: join(SCREENSHOTS, `move-dialog-list-${language}-${width}.png`) });
      await optionFor(page, dearer, language).click();
      await expect(dialog.getByTestId('move-money')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: join(SCREENSHOTS, `move-dialog-confirm-${language}-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, 'fr']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');

  // Same price: nothing moves but the date.
  const card = page.getByTestId('booking-card');
  await expect(card).toContainText(courseDays(first, 'fr').split('–')[0]!);
  await expect(card.getByTestId('booking-move-until')).toContainText('Changement de date possible jusqu’au');
  await card.getByRole('button', { name: 'Changer de date' }).click();
  const dialog = page.getByTestId('move-dialog');
  await expect(dialog.getByRole('heading', { name: 'Changer de date' })).toBeVisible();
  await expect(optionFor(page, same)).toContainText('Même prix');
  await expect(optionFor(page, same)).toContainText('à 0 km');
  await optionFor(page, same).click();
  await expect(dialog.getByTestId('move-money')).toHaveText('Le prix est le même : rien à payer, rien à rembourser.');
  await dialog.getByRole('button', { name: 'Confirmer le changement' }).click();
  await expect(page.getByText('Date changée', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('booking-moved')).toContainText('auparavant : Embrun');
  expect(plain(await card.innerText())).toContain(courseDays(same, 'fr'));

  // Dearer: the difference is paid by card first, then the booking moves.
  await card.getByRole('button', { name: 'Changer de date' }).click();
  await expect(optionFor(page, dearer)).toContainText(/40,00\s€ à payer/u);
  await optionFor(page, dearer).click();
  await expect(dialog.getByTestId('move-money')).toContainText(/vous payez maintenant la différence de 40,00\s€ par carte/u);
  await dialog.getByRole('button', { name: /^Payer 40,00\s€ par carte$/u }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}/move/pay$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payer la différence' })).toBeVisible();
  await expect(page.getByTestId('move-hold')).toContainText('La place du nouveau stage vous est réservée jusqu’à');
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, 'move-pay-fr-1280.png'), fullPage: true });
  // The page that pays a move's difference is a page of the learner's own (not in the walk: it needs a move waiting).
  await checkA11y(page, 'move payment page (fr, 1280 px)');
  await page.getByLabel('Titulaire de la carte').fill('Inès Roux');
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/31');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Payer/ }).click();
  await expect(page.getByRole('heading', { name: 'Différence payée : votre date est changée' })).toBeVisible();
  await expect(page.getByTestId('booking-recap')).toContainText(/269,00\s€/u);

  await page.goto('/dashboard');
  await expect(card).toContainText(/269,00\s€/u);
  expect(plain(await card.innerText())).toContain(courseDays(dearer, 'fr'));
  for (const [language, width] of [['fr', 360], ['en', 1280]] as const) {
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    await expect(card.getByTestId('booking-moved')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, `move-dashboard-card-${language}-${width}.png`), fullPage: true });
  }
  const invoice = await api.get(`/api/bookings/${bookingId}/invoice`);
  expect(invoice.status()).toBe(200);
  await context.close();
});

test('a training centre moves a learner to another of its courses, and the learner is told', async ({ browser, baseURL }) => {
  const stamp = String(Date.now()).slice(-6);
  const centre = await centreApi(baseURL, browser);
  const from = await publishEmbrunCourse(centre.request, 72, 22_900, `R05MV4${stamp}`);
  const to = await publishEmbrunCourse(centre.request, 86, 22_900, `R05MV5${stamp}`);
  const learner = await browser.newContext({ baseURL });
  const email = `moved-by-centre-${stamp}@example.test`;
  await newLearner(learner.request, email);
  const bookingId = await bookAndPay(learner.request, from.id);
  const reference = (await ok<Array<{ id: string; bookingReference: string }>>(await learner.request.get('/api/user/bookings'), 'bookings')).find((b) => b.id === bookingId)!.bookingReference;
  await learner.close();

  const page = await centre.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/organization/bookings?courseId=${from.id}`);
  await gridLoaded(page);
  const row = page.locator('.MuiDataGrid-row', { hasText: 'Inès Roux' });
  await row.getByRole('button', { name: `Changer la date de la réservation ${reference}` }).click();
  const dialog = page.getByTestId('move-dialog');
  await expect(dialog.getByRole('heading', { name: 'Changer la date de Inès Roux' })).toBeVisible();
  await optionFor(page, to).click();
  await expect(dialog.getByRole('heading', { name: 'Confirmer le changement de date' })).toBeVisible();
  await expect(dialog.getByTestId('move-money')).toHaveText('Le prix est le même : rien à payer, rien à rembourser.');
  await expect(dialog).toContainText('Le stagiaire sera prévenu par e-mail, dans sa langue.');
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, 'move-dialog-centre-fr-1280.png') });
  await checkA11y(page, 'the centre’s move confirmation (fr, 1280 px)');
  await dialog.getByRole('button', { name: 'Confirmer le changement' }).click();
  await expect(page.getByText(`La réservation ${reference} est désormais pour le stage de Embrun`)).toBeVisible();

  await page.goto(`/organization/bookings?courseId=${to.id}`);
  await gridLoaded(page);
  await expect(page.locator('.MuiDataGrid-row', { hasText: 'Inès Roux' })).toBeVisible();

  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`)).json()) as Array<{ kind?: string; subject: string }>;
      return mails.map((mail) => mail.subject);
    }, { message: 'the learner’s e-mail about the move' })
    .toContain("Votre stage change de date — Récup'Points");
  await centre.close();
});

test('a learner who received a 48N letter is told which new dates end after its four months, before moving', async ({ browser, baseURL }) => {
  const stamp = String(Date.now()).slice(-6);
  const centre = await centreApi(baseURL, browser);
  const booked = await publishEmbrunCourse(centre.request, 30, 22_900, `R05MV6${stamp}`);
  const inTime = await publishEmbrunCourse(centre.request, 44, 22_900, `R05MV7${stamp}`);
  const late = await publishEmbrunCourse(centre.request, 150, 22_900, `R05MV8${stamp}`);
  await centre.close();

  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  const api = context.request;
  await newLearner(api, `mover-48n-${stamp}@example.test`);
  // The letter came 60 days ago: a course must end within about two months from now.
  const letterReceivedOn = addDays(parisCalendarDay(new Date()), -60);
  const placed = await ok<{ id: string }>(await api.post('/api/bookings', {
    ...WRITE, data: { earlyStartRequested: true, courseId: booked.id, learnerCase: 'PROBATION_48N', letterReceivedOn },
  }), 'booking');
  await pay(api, placed.id);
  const page = await context.newPage();
  for (const language of ['fr', 'en'] as const) {
    await page.goto('/dashboard');
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      await page.getByRole('button', { name: language === 'fr' ? 'Changer de date' : 'Change date' }).click();
      const dialog = page.getByTestId('move-dialog');
      await expect(optionFor(page, late, language).getByTestId('move-option-late-48n')).toHaveText(
        language === 'fr' ? 'Se termine après les 4 mois de votre lettre 48N : amende non remboursée' : 'Ends after the 4 months of your 48N letter: fine not refunded',
      );
      await expect(optionFor(page, inTime, language).getByTestId('move-option-late-48n')).toHaveCount(0);
      await optionFor(page, late, language).scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: join(SCREENSHOTS, `move-dialog-48n-list-${language}-${width}.png`) });
      await optionFor(page, late, language).click();
      await expect(dialog.getByTestId('learner-case-notice')).toContainText(
        language === 'fr' ? 'Ce stage se termine trop tard pour le remboursement de votre amende' : 'This course ends too late for your fine to be refunded',
      );
      await settle(page);
      await page.screenshot({ path: join(SCREENSHOTS, `move-dialog-48n-confirm-${language}-${width}.png`) });
      await checkA11y(page, `the move confirmation of a 48N learner (${language}, ${width} px)`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }
  await context.close();
});
