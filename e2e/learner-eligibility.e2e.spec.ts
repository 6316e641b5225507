import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { settle } from './support/a11y';
import { allCourses, bookAndPay, newLearner, pay, type FoundCourse } from './support/new-learner';
import { askEarlyStartIfOffered } from './support/learner';

/**
 * Points eligibility looks both ways (issue 17, learner point 1): a learner who holds a paid course and books one a
 * few days before it is told, before booking and before paying, that the course already held would then earn nothing.
 */

const SCREENSHOTS = join('test-results', 'screenshots');
const LANGUAGE_KEY = 'recup-points.language';

/** "vendredi 4 – samedi 5 décembre 2026" / "Friday, December 4 – Saturday, December 5, 2026", spaces made plain. */
function courseDates(course: FoundCourse, language: 'fr' | 'en') {
  const format = new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });
  return plain(format.formatRange(new Date(course.startDate), new Date(course.endDate)));
}

/** Text with its spaces made plain and the spaces around a dash taken out (ICU versions differ on them). */
function plain(text: string) {
  return text.replace(/\s+/gu, ' ').replace(/ ?– ?/gu, '–');
}

async function textOf(locator: Locator) {
  return plain(await locator.innerText());
}

const parisDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(iso));

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test('a course booked before a paid one names the paid course that would then earn no points, on its page, at the checkout and on the dashboard', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  try {
    const api = context.request;
    await newLearner(api, `eligibility-${Date.now()}@example.test`);

    // Two courses of this learner's own, a few days apart: the later one paid first.
    const candidates = (await allCourses(api)).filter((course) => course.status === 'SCHEDULED' && course.spotsLeft > 2 && !['Toulon', 'Nice'].includes(course.city) && !/^Les? /u.test(course.city));
    const earlier = candidates[0]!;
    const later = candidates.find((course) => parisDay(course.startDate) > parisDay(earlier.endDate) && course.city !== earlier.city);
    expect(later, 'a course after the first one').toBeTruthy();
    await bookAndPay(api, later!.id);

    const answer = (await (await api.get(`/api/courses/${earlier.id}/eligibility`)).json()) as { earnsPoints: boolean; coursesLosingPoints: Array<{ id: string; startDate: string; endDate: string }> };
    expect(answer).toMatchObject({ earnsPoints: true, coursesLosingPoints: [{ id: later!.id, startDate: later!.startDate, endDate: later!.endDate }] });

    const page = await context.newPage();
    await page.goto('/courses');
    for (const language of ['fr', 'en'] as const) {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/courses/${earlier.id}`);
        const warning = page.getByTestId('points-eligibility-warning');
        await expect(warning).toBeVisible();
        const text = await textOf(warning);
        expect(text).toContain(language === 'fr' ? `Votre stage à ${later!.city} ne vous ferait plus récupérer de points` : `Your course in ${later!.city} would no longer give you points back`);
        expect(text).toContain(courseDates(later!, language));
        await settle(page);
        await page.screenshot({ path: join(SCREENSHOTS, `learner-eligibility-course-${language}-${width}.png`), fullPage: true });
      }
    }

    // Booked anyway: the checkout says it again before the card.
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, 'fr']);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/courses/${earlier.id}`);
    await page.getByLabel("J'accepte les conditions générales").check();
    await askEarlyStartIfOffered(page);
    await page.getByRole('button', { name: 'Réserver' }).click();
    await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
    const atCheckout = page.getByTestId('points-eligibility-warning');
    await expect(atCheckout).toBeVisible();
    expect(await textOf(atCheckout)).toContain(courseDates(later!, 'fr'));
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-eligibility-checkout-fr-1280.png'), fullPage: true });

    // Paid: the earlier course earns the points, and the dashboard says which course earns none.
    const bookingId = page.url().split('/').pop()!;
    await pay(api, bookingId);
    for (const language of ['fr', 'en'] as const) {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/dashboard');
        const card = (city: string) => page.getByTestId('booking-card').filter({ has: page.getByRole('heading', { name: city, exact: true }) });
        await expect(card(later!.city).getByTestId('booking-points')).toContainText(language === 'fr' ? 'Aucun point attendu' : 'No points expected');
        const taken = card(earlier.city).getByTestId('booking-points-taken');
        await expect(taken).toBeVisible();
        expect(await textOf(taken)).toContain(courseDates(later!, language));
        await settle(page);
        await page.screenshot({ path: join(SCREENSHOTS, `learner-eligibility-dashboard-${language}-${width}.png`), fullPage: true });
      }
    }
  } finally {
    await context.close();
  }
});
