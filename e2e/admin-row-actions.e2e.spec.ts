import { join } from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { settle } from './support/a11y';
import { gridLoaded, signIn, useLanguage } from './support/admin';
import { allCourses, bookAndPay, newLearner } from './support/new-learner';

const SCREENSHOTS = join('test-results', 'screenshots', 'admin');

const LABELS = {
  fr: { search: 'Rechercher une réservation', searchButton: 'Rechercher', view: 'Voir', move: 'Changer la date de', cancel: 'Annuler la réservation' },
  en: { search: 'Search bookings', searchButton: 'Search', view: 'View', move: 'Change the date of', cancel: 'Cancel the booking' },
} as const;

/**
 * A confirmed booking that can still change date has three row actions (see, change the date, cancel): on a phone they
 * are wider than the actions column. Each one stays whole inside its cell and a tap on it opens what it names.
 */
test('on a phone and a laptop, every row action of a movable confirmed booking is whole in its cell and opens its dialog', async ({ browser, baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL });
  let reference: string;
  try {
    await newLearner(api, `e2e-row-actions-${Date.now()}@example.test`);
    // More than 14 days ahead: the booking may change date (until 7 days before), and the checks all hold.
    const course = (await allCourses(api)).find((c) => c.status === 'SCHEDULED' && c.spotsLeft > 1 && Date.parse(c.startDate) > Date.now() + 14 * 86_400_000 && !['Toulon', 'Nice'].includes(c.city));
    expect(course, 'a demo course more than 14 days ahead').toBeTruthy();
    const bookingId = await bookAndPay(api, course!.id);
    const bookings = (await (await api.get('/api/user/bookings')).json()) as Array<{ id: string; bookingReference: string }>;
    reference = bookings.find((booking) => booking.id === bookingId)!.bookingReference;
  } finally {
    await api.dispose();
  }

  for (const language of ['fr', 'en'] as const) {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const labels = LABELS[language];
        await useLanguage(page, language);
        await signIn(page);
        await page.goto('/admin/bookings');
        await gridLoaded(page);
        await page.getByRole('textbox', { name: labels.search }).fill(reference);
        await page.getByRole('search', { name: labels.search }).getByRole('button', { name: labels.searchButton }).click();
        await gridLoaded(page);
        const row = page.getByRole('row').filter({ hasText: reference });
        await expect(row).toHaveCount(1);

        const cell = row.locator('[data-field="actions"]');
        const names = [`${labels.view} ${reference}`, `${labels.move} ${reference}`, `${labels.cancel} ${reference}`];
        const box = (await cell.boundingBox())!;
        for (const name of names) {
          const button = row.getByRole('button', { name, exact: true });
          const inner = (await button.boundingBox())!;
          expect(inner.x, `${name} starts inside its cell (${language}, ${width} px)`).toBeGreaterThanOrEqual(box.x - 0.5);
          expect(inner.x + inner.width, `${name} ends inside its cell (${language}, ${width} px)`).toBeLessThanOrEqual(box.x + box.width + 0.5);
          expect(inner.y, `${name} is not cut at the top (${language}, ${width} px)`).toBeGreaterThanOrEqual(box.y - 0.5);
          expect(inner.y + inner.height, `${name} is not cut at the bottom (${language}, ${width} px)`).toBeLessThanOrEqual(box.y + box.height + 0.5);
        }
        await settle(page);
        await page.screenshot({ path: join(SCREENSHOTS, `bookings-row-actions-${language}-${width}.png`), fullPage: true });

        // A tap in the middle of each one opens its dialog (with no `force`: nothing else may take the tap).
        for (const name of names) {
          await row.getByRole('button', { name, exact: true }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }
      } finally {
        await context.close();
      }
    }
  }
});
