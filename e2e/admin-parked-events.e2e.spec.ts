import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EmbeddedSqliteEventStore } from '../infra/src/event-store/embedded-sqlite-event-store';
import { EmbeddedSqliteProcessorStore } from '../infra/src/processor-store/embedded-sqlite-processor-store';
import { checkA11y, checkReflow, ready, settle } from './support/a11y';
import { signIn, useLanguage } from './support/admin';

const SCREENSHOTS = join('test-results', 'screenshots', 'admin');

/**
 * The parked events on the administrators' dashboard (issue 22). A real platform parks an event only when a reactor
 * has a bug; here a real event of the platform's log is parked in its processor store (as the reactor does after its
 * last try), with an error of its own. The screen lists it with its error; a retry asked for with the keyboard makes
 * the platform's refund keeper handle it again (a course's event: nothing to refund, so nothing changes twice), and
 * the event leaves the list.
 */
const TEXT = {
  fr: { title: 'Événements en attente', retry: /^Relancer CourseScheduled/, done: /Relance demandée/, tries: /5 essais/ },
  en: { title: 'Parked events', retry: /^Retry CourseScheduled/, done: /Retry requested/, tries: /5 tries/ },
} as const;

/** Parks the n-th course of the platform's log for the refund keeper, with this error; gives the parked event's id. */
async function parkACourseEvent(n: number, error: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR!;
  const events = new EmbeddedSqliteEventStore(join(dataDir, 'events.sqlite'));
  const processors = new EmbeddedSqliteProcessorStore(join(dataDir, 'processors.sqlite'));
  try {
    const scheduled = (await events.readAll({ maxCount: 5000 })).filter((event) => event.type === 'CourseScheduled');
    const event = scheduled[n]!;
    const id = `refund-keeper:${event.id}`;
    await processors.park({ id, reactor: 'refund-keeper', position: event.position, event, error, attempts: 5, parkedAt: new Date().toISOString(), retryRequestedAt: null });
    return id;
  } finally {
    await processors.close();
    await events.close();
  }
}

for (const language of ['fr', 'en'] as const) {
  for (const width of [360, 1280] as const) {
    test(`parked events, ${language}, ${width} px: listed with their error, retried with one click`, async ({ browser }) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const error = `refund-keeper could not read course (${language}, ${width} px)`;
      await parkACourseEvent((language === 'fr' ? 0 : 2) + (width === 360 ? 0 : 1), error);
      await useLanguage(page, language);
      await signIn(page);
      await page.goto('/admin');
      await ready(page);
      const section = page.getByTestId('parked-events');
      await expect(section.getByRole('heading', { name: TEXT[language].title })).toBeVisible();
      const row = section.getByTestId('parked-event').filter({ hasText: error });
      await expect(row).toBeVisible();
      await expect(row.getByText(TEXT[language].tries)).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await settle(page);
      await checkA11y(page, `parked events (${language}, ${width} px)`);
      await checkReflow(page, `parked events (${language}, ${width} px)`);
      await section.screenshot({ path: join(SCREENSHOTS, `parked-events-${language}-${width}.png`) });

      const retry = row.getByRole('button', { name: TEXT[language].retry });
      await retry.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(TEXT[language].done).first()).toBeVisible();
      await section.screenshot({ path: join(SCREENSHOTS, `parked-events-retried-${language}-${width}.png`) });
      // The platform's reactors run the retry (they look for asked retries four times a second): the event leaves the list.
      await expect(async () => {
        await page.reload();
        await ready(page);
        await expect(page.getByTestId('parked-events')).toBeVisible();
        await expect(page.getByTestId('parked-event').filter({ hasText: error })).toHaveCount(0);
      }).toPass({ timeout: 15_000 });
      await context.close();
    });
  }
}
