import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { settle } from './support/a11y';

/**
 * What a learner tripped over (issue 10, points 4 to 9), in the built app: the filter panel and the list agree,
 * typed dates stay, "weekend" means a Saturday, a course that earns no points says so, a date of birth is read
 * as typed, and search engines get a robots.txt, a sitemap and a title and description per page.
 */

const SCREENSHOTS = join('test-results', 'screenshots');
const LANGUAGE_KEY = 'recup-points.language';

type Course = { id: string; city: string; startDate: string; endDate: string; distanceKm: number | null };

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
