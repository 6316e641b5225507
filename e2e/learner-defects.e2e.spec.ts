import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type BrowserContextOptions, type Page } from '@playwright/test';
import { settle } from './support/a11y';
import { askEarlyStartIfOffered, prepareLearner } from './support/learner';
import { allCourses, bookAndPay, newLearner } from './support/new-learner';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * What a learner tripped over (issue 10, points 4 to 9), in the built app: the filter panel and the list agree,
 * typed dates stay, "weekend" means a Saturday, a course that earns no points says so, a date of birth is read
 * as typed, and search engines get a robots.txt, a sitemap and a title and description per page.
 */

const SCREENSHOTS = join('test-results', 'screenshots');
const LANGUAGE_KEY = 'recup-points.language';

type Course = { id: string; city: string; startDate: string; endDate: string; distanceKm: number | null; spotsLeft: number };

async function inLanguage(page: Page, language: 'fr' | 'en') {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
}

async function apiCourses(page: Page, query: string): Promise<Course[]> {
  const response = await page.request.get(`/api/courses/search${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Course[];
}

/** "14 stages trouvés" / "14 courses found" → 14 */
async function countShown(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { level: 2, name: /(stages? trouvés?|courses? found)$/ });
  await expect(heading).toBeVisible();
  return Number(/^(\d+)/.exec(await heading.innerText())![1]);
}

/** A day `days` from today in Paris, as DD/MM/YYYY digits and as YYYY-MM-DD. */
function dayAhead(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date).split('-') as [string, string, string];
  return { iso: `${year}-${month}-${day}`, fr: `${day}${month}${year}`, en: `${month}${day}${year}`, frText: `${day}/${month}/${year}`, enText: `${month}/${day}/${year}` };
}

/** The picker's field: a group of day, month and year sections, and the text it holds (its hidden input's value). */
const dateField = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
async function fieldText(page: Page, name: string) {
  const value = await dateField(page, name).locator('input').inputValue();
  return value.replace(/[\u2066-\u2069\u200e\u200f]/gu, '').trim();
}

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test.describe('the course search', () => {
  test('the filter panel shows what the list applies: from the home page, after Apply, a reload and Back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByLabel('Ville ou code postal').fill('Toulon');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/courses\?location=Toulon$/);

    const price = page.getByRole('slider', { name: 'Prix maximum' });
    const distance = page.getByRole('slider', { name: 'Distance maximale' });
    await expect(price).toHaveAttribute('aria-valuenow', '300');
    await expect(distance).toHaveAttribute('aria-valuenow', '50');
    const within50 = await apiCourses(page, '?location=Toulon&maxPrice=300&maxDistance=50');
    const everywhere = await apiCourses(page, '?location=Toulon');
    expect(within50.length).toBeGreaterThan(0);
    expect(within50.length).toBeLessThan(everywhere.length);
    expect(await countShown(page)).toBe(within50.length);

    // "Apply" without touching anything changes nothing: the list already applies what the panel shows.
    await page.getByRole('button', { name: 'Appliquer' }).click();
    expect(await countShown(page)).toBe(within50.length);

    await distance.focus();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page).toHaveURL(/maxDistance=30/);
    const within30 = await apiCourses(page, '?location=Toulon&maxPrice=300&maxDistance=30');
    await expect.poll(() => countShown(page)).toBe(within30.length);

    await page.reload();
    await expect(distance).toHaveAttribute('aria-valuenow', '30');
    expect(await countShown(page)).toBe(within30.length);
    // The reloaded page is written by the server; Back is pressed once React has taken it over.
    await expect(page.locator('#root')).not.toHaveAttribute('data-ssr');

    await page.goBack();
    await expect(page).toHaveURL(/\/courses\?location=Toulon$/);
    await expect(distance).toHaveAttribute('aria-valuenow', '50');
    await expect.poll(() => countShown(page)).toBe(within50.length);
  });

  test('"weekend only" lists only courses with a Saturday', async ({ page }) => {
    await page.goto('/courses');
    await page.getByRole('switch', { name: 'Week-end uniquement' }).check();
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page).toHaveURL(/weekend=true/);
    const weekend = await apiCourses(page, '?weekend=true&maxPrice=300');
    expect(weekend.length).toBeGreaterThan(0);
    await expect.poll(() => countShown(page)).toBe(weekend.length);
    const saturday = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'long' }).format(new Date(iso));
    for (const course of weekend) expect([saturday(course.startDate), saturday(course.endDate)], course.city).toContain('Saturday');
  });

  for (const language of ['fr', 'en'] as const) {
    test(`${language}: a start date typed at normal speed, pasted or picked stays and is applied; an impossible one says why`, async ({ page }) => {
      await inLanguage(page, language);
      const names = language === 'fr'
        ? { start: 'Date de début', apply: 'Appliquer', day: 'Jour', choose: /^Choisir la date/ }
        : { start: 'Start date', apply: 'Apply', day: 'Month', choose: /^Choose date/ };
      const message = language === 'fr'
        ? 'Date incomplète ou inexistante : saisissez un jour qui existe, au format JJ/MM/AAAA.'
        : 'Incomplete or impossible date: enter a day that exists, as MM/DD/YYYY.';
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/courses');
      await settle(page);

      // Typed digit by digit, as a person types: the day and month stay when the year starts.
      const typed = dayAhead(20);
      await dateField(page, names.start).getByRole('spinbutton', { name: names.day }).click();
      await page.keyboard.type(language === 'fr' ? typed.fr : typed.en, { delay: 90 });
      await expect.poll(() => fieldText(page, names.start)).toBe(language === 'fr' ? typed.frText : typed.enText);
      await page.keyboard.press('Tab');
      await expect(page.getByText(message)).toHaveCount(0);
      await page.getByRole('button', { name: names.apply }).click();
      await expect(page).toHaveURL(new RegExp(`startDate=${typed.iso}`));
      const fromTyped = await apiCourses(page, `?startDate=${typed.iso}&maxPrice=300`);
      await expect.poll(() => countShown(page)).toBe(fromTyped.length);
      await page.reload();
      await expect.poll(() => fieldText(page, names.start)).toBe(language === 'fr' ? typed.frText : typed.enText);

      // Pasted whole, without separators, into the day: read as a whole date.
      const pasted = dayAhead(30);
      await dateField(page, names.start).getByRole('spinbutton', { name: names.day }).click();
      await page.evaluate((text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, language === 'fr' ? pasted.fr : pasted.en);
      await expect.poll(() => fieldText(page, names.start)).toBe(language === 'fr' ? pasted.frText : pasted.enText);
      await page.getByRole('button', { name: names.apply }).click();
      await expect(page).toHaveURL(new RegExp(`startDate=${pasted.iso}`));

      // Picked in the calendar.
      await page.getByRole('button', { name: names.choose }).first().click();
      const calendar = page.getByRole('grid');
      await calendar.getByRole('gridcell', { name: '28' }).first().click();
      await expect(calendar).toBeHidden();
      await expect.poll(() => fieldText(page, names.start)).toMatch(language === 'fr' ? /^28\// : /^\d{2}\/28\//);
      await page.getByRole('button', { name: names.apply }).click();
      await expect(page).toHaveURL(/startDate=\d{4}-\d{2}-28/);

      // An impossible day: it stays as typed, says why once left, and is not applied.
      const url = page.url();
      await dateField(page, names.start).getByRole('spinbutton', { name: names.day }).click();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(language === 'fr' ? `3102${typed.iso.slice(0, 4)}` : `0231${typed.iso.slice(0, 4)}`, { delay: 90 });
      await page.keyboard.press('Tab');
      await expect(page.getByText(message)).toBeVisible();
      await page.screenshot({ path: join(SCREENSHOTS, `learner-date-error-${language}-1280.png`), fullPage: false });
      await page.getByRole('button', { name: names.apply }).click();
      expect(page.url()).toBe(url);
    });
  }
});

/** A Paris day as the page writes it in full: "12 décembre 2027" / "December 12, 2027". */
function longDay(iso: string, language: 'fr' | 'en') {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso));
}

/** The day after the anniversary of a course's last day (Paris): the first day a course earns points again. */
function firstDayEarningPoints(endDate: string) {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(endDate)).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + 1, month - 1, day + 1, 12)).toISOString();
}

test.describe('points eligibility', () => {
  // A learner of this test's own: the year that earns points runs from their courses only, which no other test books.
  let learner: { storageState: StorageState; confirmedCourseId: string; confirmedBookingId: string };
  test.beforeAll(async ({ baseURL }) => {
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'fr' } });
    try {
      await newLearner(api, `e2e-points-${Date.now()}@example.test`);
      const confirmed = (await allCourses(api)).find((course) => course.status === 'SCHEDULED' && course.spotsLeft > 1 && !['Toulon', 'Nice'].includes(course.city))!;
      expect(confirmed, 'a demo course with room').toBeTruthy();
      const confirmedBookingId = await bookAndPay(api, confirmed.id);
      learner = { storageState: await api.storageState(), confirmedCourseId: confirmed.id, confirmedBookingId };
    } finally {
      await api.dispose();
    }
  });

  test('a course less than a year after a confirmed one says it earns no points and from when one does, on its page, at the checkout and on the dashboard', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: learner.storageState, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      const earning = (await (await page.request.get(`/api/courses/${learner.confirmedCourseId}`)).json()) as Course;
      const later = (await apiCourses(page, '')).find((course) => course.startDate > earning.endDate && course.spotsLeft > 0 && !['Toulon', 'Nice', earning.city].includes(course.city));
      expect(later, 'a course after the confirmed one').toBeTruthy();
      const from = firstDayEarningPoints(earning.endDate);
      await page.goto('/courses');

      for (const language of ['fr', 'en'] as const) {
        await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`/courses/${later!.id}`);
          const warning = page.getByTestId('points-eligibility-warning');
          await expect(warning).toContainText(language === 'fr' ? 'Ce stage ne vous fera pas récupérer de points' : 'This course will not give you points back');
          await expect(warning).toContainText(longDay(earning.endDate, language));
          await expect(warning).toContainText(longDay(from, language));
          await settle(page);
          await page.screenshot({ path: join(SCREENSHOTS, `learner-course-points-warning-${language}-${width}.png`), fullPage: true });
        }
      }

      // The learner may still book it; the checkout says it again before the payment.
      await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, 'fr']);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/courses/${later!.id}`);
      await expect(page.getByTestId('points-eligibility-warning')).toBeVisible();
      await page.getByLabel("J'accepte les conditions générales").check();
      await askEarlyStartIfOffered(page);
      await page.getByRole('button', { name: 'Réserver' }).click();
      await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
      await expect(page.getByTestId('points-eligibility-warning')).toContainText(longDay(from, 'fr'));
      await settle(page);
      await page.screenshot({ path: join(SCREENSHOTS, 'learner-checkout-points-warning-fr-1280.png'), fullPage: true });

      // The confirmed course earns points whatever came after it; the one booked after it, less than a year later, none.
      const bookings = (await (await page.request.get('/api/user/bookings')).json()) as Array<{ id: string; bookingReference: string; course: { id: string } }>;
      expect(bookings, 'the confirmed booking and the one just made').toHaveLength(2);
      const laterReference = bookings.find((booking) => booking.course.id === later!.id)!.bookingReference;
      const first = bookings.find((booking) => booking.id === learner.confirmedBookingId)!;
      await page.goto('/dashboard');
      const card = (reference: string) => page.getByTestId('booking-card').filter({ hasText: reference });
      await expect(card(laterReference).getByTestId('booking-points')).toContainText('Aucun point attendu : moins d’un an après votre stage terminé le');
      await expect(card(laterReference).getByTestId('booking-points')).toContainText(`Un stage vous en fera récupérer à partir du`);
      await expect(card(first.bookingReference).getByTestId('booking-points')).toHaveText('Récupération de points attendue (jusqu’à 4 points)');
      for (const language of ['fr', 'en'] as const) {
        await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto('/dashboard');
          await expect(card(laterReference).getByTestId('booking-points')).toBeVisible();
          await settle(page);
          await page.screenshot({ path: join(SCREENSHOTS, `learner-dashboard-points-${language}-${width}.png`), fullPage: true });
        }
      }
    } finally {
      await context.close();
    }
  });
});

test.describe('the date of birth', () => {
  test('typed as digits at sign-up, it shows DD/MM/YYYY and is sent as an ISO date-time', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Inscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Mme' }).check();
    await dialog.getByLabel(/^Prénom/).fill('Camille');
    await dialog.getByLabel(/^Nom/).fill('Durand');
    await dialog.getByLabel(/^Email/).fill(`dob-${Date.now()}@example.test`);
    await dialog.getByLabel(/^Mot de passe/).fill('secret-1234');
    await dialog.getByLabel(/^Confirmer le mot de passe/).fill('secret-1234');
    const birth = dialog.getByLabel('Date de naissance');
    await birth.pressSequentially('14031988', { delay: 60 });
    await birth.blur();
    await expect(birth).toHaveValue('14/03/1988');
    await expect(dialog.getByText('Format : JJ/MM/AAAA')).toBeVisible();
    const sent = page.waitForRequest((request) => request.url().includes('/api/auth/register'));
    await dialog.getByRole('button', { name: "S'inscrire" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ dateOfBirth: '1988-03-14T00:00:00.000Z' });
    await expect(dialog.getByRole('heading', { name: 'Vérification de votre e-mail requise' })).toBeVisible();
  });

  test('in the profile, it is read as typed, shown in the format of the language, saved as the day, and an impossible one says why', async ({ browser, baseURL }) => {
    const fixture = await prepareLearner(baseURL!);
    const context = await browser.newContext({ baseURL, storageState: fixture.storageState, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await page.goto('/profile');
      const details = page.getByRole('form', { name: 'Informations personnelles' });
      const birth = details.getByLabel('Date de naissance');
      await birth.fill('');
      await birth.pressSequentially('14031988', { delay: 60 });
      await birth.blur();
      await expect(birth).toHaveValue('14/03/1988');
      const saved = page.waitForRequest((request) => request.url().includes('/api/users/profile') && request.method() === 'PATCH');
      await details.getByRole('button', { name: 'Enregistrer les modifications' }).click();
      expect((await saved).postDataJSON()).toMatchObject({ dateOfBirth: '1988-03-14' });
      await expect(page.getByText('Profil mis à jour').first()).toBeVisible();

      await page.reload();
      await expect(birth).toHaveValue('14/03/1988');
      await birth.fill('31/02/1988');
      await birth.blur();
      await expect(birth).toHaveAccessibleDescription('Cette date n’existe pas : vérifiez le jour et le mois (JJ/MM/AAAA).');

      await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, 'en']);
      await page.reload();
      await expect(page.getByRole('form', { name: 'Personal details' }).getByLabel('Date of birth')).toHaveValue('03/14/1988');
    } finally {
      await context.close();
    }
  });
});

test.describe('what search engines read', () => {
  test('robots.txt and sitemap.xml are real files with absolute addresses: the public pages and every upcoming course', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    const robotsText = await robots.text();
    expect(robotsText).not.toMatch(/<html|<!doctype/i);
    expect(robotsText).toContain('Disallow: /api/');
    expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/', '/courses', '/how-it-works', '/faq', '/contact', '/legal-notice', '/privacy-policy', '/terms-and-conditions', '/cookies']) {
      expect(locations).toContain(`${baseURL}${path}`);
    }
    const courses = (await (await request.get('/api/courses/search')).json()) as Course[];
    expect(locations.filter((location) => location?.startsWith(`${baseURL}/courses/`)).sort()).toEqual(courses.map((course) => `${baseURL}/courses/${course.id}`).sort());
  });

  test('every public page has its own title and description, in its language', async ({ page, baseURL }) => {
    const [course] = await apiCourses(page, '');
    const paths = ['/', '/courses', '/courses?location=Toulon', `/courses/${course!.id}`, '/how-it-works', '/faq', '/contact', '/legal-notice', '/privacy-policy', '/terms-and-conditions', '/cookies'];
    const seen: Record<string, { title: string; description: string }[]> = { fr: [], en: [] };
    for (const language of ['fr', 'en'] as const) {
      await page.goto('/');
      // As the language switch keeps a choice: in the browser, and in the cookie the server writes its pages by.
      await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
      await page.context().addCookies([{ name: LANGUAGE_KEY, value: language, url: baseURL! }]);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect.poll(() => page.title()).toMatch(/ \| Récup'Points$/);
        const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
        expect(description.length, `${language} ${path}`).toBeGreaterThan(40);
        expect(description.length).toBeLessThanOrEqual(160);
        seen[language]!.push({ title: await page.title(), description });
      }
    }
    for (const language of ['fr', 'en'] as const) {
      expect(new Set(seen[language]!.map((entry) => entry.title)).size, `${language} titles`).toBe(paths.length);
      expect(new Set(seen[language]!.map((entry) => entry.description)).size, `${language} descriptions`).toBe(paths.length);
    }
    // In its language: no page says the same in French and in English.
    seen.fr!.forEach((entry, index) => expect(entry.description).not.toBe(seen.en![index]!.description));
    expect(seen.en!.find((entry) => entry.title.startsWith('Legal notice'))?.description).toMatch(/publisher/i);
  });
});

test.describe('the seller', () => {
  test('the legal notice names the seller the invoices name', async ({ page, request, baseURL }) => {
    const seller = (await (await request.get('/api/legal/seller')).json()) as { name: string; siren: string; vatNumber: string | null; publicationDirector: string };
    await page.goto('/legal-notice');
    const main = page.getByRole('main');
    await expect(main.getByText(`SIREN ${seller.siren.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')} – SIRET`)).toBeVisible();
    await expect(main.getByText(`Numéro de TVA intracommunautaire : ${seller.vatNumber}`)).toBeVisible();
    await expect(main.getByText(`Le directeur de la publication est ${seller.publicationDirector}`)).toBeVisible();
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-legal-notice-fr-1280.png'), fullPage: true });

    // The invoice of a paid booking, kept beside the screenshots for a person to look at.
    const fixture = await prepareLearner(baseURL!);
    const context = await page.context().browser()!.newContext({ baseURL, storageState: fixture.storageState });
    try {
      const invoice = await context.request.get(`/api/bookings/${fixture.confirmed.bookingId}/invoice`);
      expect(invoice.headers()['content-type']).toBe('application/pdf');
      writeFileSync(join(SCREENSHOTS, 'learner-invoice.pdf'), await invoice.body());
    } finally {
      await context.close();
    }
  });
});
