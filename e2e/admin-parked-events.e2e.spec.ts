import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { checkA11y, checkReflow, ready, settle } from './support/a11y';
import { signIn, useLanguage } from './support/admin';

const SCREENSHOTS = join('test-results', 'screenshots', 'admin');

/**
 * The parked events on the administrators' dashboard (issue 22). A real platform parks none unless a reactor has a bug,
 * so the list the screen reads is given here (its shape is the query API's contract, the retry's the command API's;
 * the routes themselves are proved by `platform/parked-events.int.spec.ts`): one event, retried with its button.
 */
const TEXT = {
  fr: { title: 'Événements en attente', retry: /^Relancer BookingCancelled/, pending: 'relance demandée', done: /Relance demandée/, tries: /5 essais/ },
  en: { title: 'Parked events', retry: /^Retry BookingCancelled/, pending: 'retry requested', done: /Retry requested/, tries: /5 tries/ },
} as const;

for (const language of ['fr', 'en'] as const) {
  for (const width of [360, 1280] as const) {
    test(`parked events, ${language}, ${width} px: listed with their error, retried with one click`, async ({ browser }) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      let retryRequestedAt: string | null = null;
      const parked = () => ({
        count: 1,
        items: [{
          id: 'refund-keeper:7b2bb1c4-8055-4b85-9724-c3bf9a16890d', reactor: 'refund-keeper', eventId: '7b2bb1c4-8055-4b85-9724-c3bf9a16890d', eventType: 'BookingCancelled',
          streamName: 'booking-ecf522a0-b988-452e-a611-cc852169b1f7', position: 186, occurredAt: '2026-11-21T09:00:00.000Z',
          error: 'refund-keeper cannot read booking ecf522a0-b988-452e-a611-cc852169b1f7', attempts: 5, parkedAt: '2026-11-21T09:00:31.000Z', retryRequestedAt,
        }],
      });
      await page.route(/\/api\/admin\/parked-events(\?.*)?$/, (route) => route.fulfill({ json: parked() }));
      await page.route(/\/api\/admin\/parked-events\/[^/?]+\/retry(\?.*)?$/, (route) => {
        retryRequestedAt = '2026-11-21T10:00:00.000Z';
        return route.fulfill({ status: 202, json: { id: parked().items[0]!.id, retryRequestedAt } });
      });
      await useLanguage(page, language);
      await signIn(page);
      await page.goto('/admin');
      await ready(page);
      const section = page.getByTestId('parked-events');
      await expect(section.getByRole('heading', { name: TEXT[language].title })).toBeVisible();
      await expect(section.getByText('refund-keeper cannot read booking')).toBeVisible();
      await expect(section.getByText(TEXT[language].tries)).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await settle(page);
      await checkA11y(page, `parked events (${language}, ${width} px)`);
      await checkReflow(page, `parked events (${language}, ${width} px)`);
      await section.screenshot({ path: join(SCREENSHOTS, `parked-events-${language}-${width}.png`) });

      const retry = section.getByRole('button', { name: TEXT[language].retry });
      await retry.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(TEXT[language].done).first()).toBeVisible();
      await expect(section.getByText(TEXT[language].pending)).toBeVisible();
      await expect(retry).toBeDisabled();
      await section.screenshot({ path: join(SCREENSHOTS, `parked-events-retried-${language}-${width}.png`) });
      await context.close();
    });
  }
}
