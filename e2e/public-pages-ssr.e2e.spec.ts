import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { askEarlyStartIfOffered } from './support/learner';
import { newLearner } from './support/new-learner';

/**
 * Issue 21: the public pages arrive written by the server and the browser takes them over (hydration) without a
 * mismatch: no hydration error in the console, in French and English; then the page works as before — the search,
 * the filters, the pages of results, the language switch, booking.
 */

const SCREENSHOTS = join('test-results', 'screenshots');
type Course = { id: string; city: string; spotsLeft: number };

/** React's hydration errors (production builds name them by number: 418 text, 419/421/422/423/425 trees and Suspense). */
const HYDRATION = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)/i;

/**
 * Every console error or warning and uncaught error of the page, from now on, and every Content-Security-Policy
 * violation (a refused `eval` is caught by the code that tried it and logs nothing, but the browser reports it).
 */
async function consoleProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The page was written by the server and React has taken it over (main.tsx then lifts data-ssr). */
async function takenOver(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('data-ssr');
  await expect(page.locator('#root > *').first()).toBeVisible();
}

async function firstCourse(page: Page): Promise<Course> {
  const courses = (await (await page.request.get('/api/courses/search')).json()) as Course[];
  const course = [...courses].reverse().find((c) => c.spotsLeft > 3 && !['Toulon', 'Nice'].includes(c.city));
  if (!course) throw new Error('no demo course with room left');
  return course;
}

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

// A phone in French, a wide screen in English: what the browser decides by the screen (the search page's filters)
// must be what the server wrote while React takes the page over, on either.
for (const [language, locale, width] of [['fr', 'fr-FR', 360], ['en', 'en-US', 1280]] as const) {
  test(`every public page is written by the server and taken over without a hydration error (${language}, ${width} px)`, async ({ browser, baseURL }) => {
    const phone = width < 600;
    const context = await browser.newContext({ baseURL, locale, viewport: { width, height: phone ? 740 : 900 }, isMobile: phone, hasTouch: phone });
    const page = await context.newPage();
    const course = await firstCourse(page);
    const paths = ['/', '/courses', '/courses?location=Toulon', '/courses?page=2', `/courses/${course.id}`, '/how-it-works', '/faq', '/contact', '/legal-notice', '/privacy-policy', '/terms-and-conditions', '/cookies', '/no-such-page'];
    const problems = await consoleProblems(page);
    for (const path of paths) {
      problems.length = 0;
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
      // Written, in the visitor's language, before any script ran.
      expect(await response?.text()).toContain('id="ssr-state"');
      await takenOver(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The 404's own status is the one line the browser logs about it.
      const unexpected = problems.filter((problem) => !(path === '/no-such-page' && /status of 404/.test(problem)));
      expect(unexpected.filter((problem) => HYDRATION.test(problem)), `${language} ${path}`).toEqual([]);
      expect(unexpected, `${language} ${path}`).toEqual([]);
    }
    await context.close();
  });
}

test('without JavaScript a course page and the list are there, styled, at 360 and 1280 px, in French and English', async ({ browser, baseURL }) => {
  for (const [language, locale] of [['fr', 'fr-FR'], ['en', 'en-US']] as const) {
    const context = await browser.newContext({ baseURL, locale, javaScriptEnabled: false });
    const page = await context.newPage();
    const course = await firstCourse(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/courses/${course.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(course.city);
      // Styled by the server's styles: MUI's button, not the browser's.
      await expect(page.getByRole('link', { name: language === 'fr' ? 'Stages' : 'Courses', exact: true }).first()).toBeVisible();
      await page.screenshot({ path: join(SCREENSHOTS, `ssr-course-nojs-${language}-${width}.png`), fullPage: false });
      await page.goto('/courses');
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.screenshot({ path: join(SCREENSHOTS, `ssr-list-nojs-${language}-${width}.png`), fullPage: false });
      // Its links are links: a course's page opens from the list without JavaScript.
      await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
      await expect(page).toHaveURL(/\/courses\/[\w-]+$/u);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await context.close();
  }
});

test('after hydration the search, the filters, the pages of results and the language switch work', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const problems = await consoleProblems(page);
  await page.goto('/courses');
  await takenOver(page);

  // Pages of results.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/courses\?page=2$/u);
  await expect(page.getByText(/^Page 2 sur \d+$/u)).toBeVisible();

  // Search and filters.
  await page.getByLabel('Ville ou code postal').first().fill('Toulon');
  await page.getByRole('button', { name: 'Rechercher' }).first().click();
  await expect(page).toHaveURL(/location=Toulon/u);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Toulon');
  await expect(page.getByRole('article').first()).toBeVisible();
  const sort = page.getByRole('combobox', { name: 'Trier par' });
  await sort.click();
  await page.getByRole('option', { name: 'Prix' }).click();
  await expect(page).toHaveURL(/sort=price/u);

  // The language switch: the page is rewritten in English, and the next page the server writes is English too.
  await page.getByRole('button', { name: /changer de langue/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
  await page.goto('/courses');
  await takenOver(page);
  await expect(page.getByText(/^Page 1 of \d+$/u)).toBeVisible();
  expect(problems.filter((problem) => HYDRATION.test(problem))).toEqual([]);
});

test('after hydration a learner books from a course page written by the server', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await newLearner(page.request, `e2e-ssr-booking-${Date.now()}@example.test`);
  const course = await firstCourse(page);
  const problems = await consoleProblems(page);
  const response = await page.goto(`/courses/${course.id}`);
  expect(await response?.text()).toContain('id="ssr-state"');
  await takenOver(page);
  // The learner is shown signed in by the server already (their session cookie came with the request).
  await expect(page.getByRole('button', { name: 'Réserver' })).toBeEnabled();
  await page.getByLabel("J'accepte les conditions générales").check();
  await askEarlyStartIfOffered(page);
  await page.getByRole('button', { name: 'Réserver' }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/u);
  expect(problems.filter((problem) => HYDRATION.test(problem))).toEqual([]);
});

test('before its script has come, a page’s links work as links and its buttons take no click', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The entry never arrives (web/public/page-boot.js adds it once the page has been read): the page stays as written.
  await page.route(/\/assets\/index-[\w-]+\.js$/u, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('#root')).toHaveAttribute('data-ssr');
  const signUp = page.getByRole('button', { name: 'Inscription' });
  await expect(signUp).toBeVisible();
  // A click would do nothing before React has taken the page over: it is not taken (a person, or a test, waits for it).
  expect(await signUp.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe('none');
  await page.getByRole('link', { name: 'Stages', exact: true }).first().click();
  await expect(page).toHaveURL(/\/courses$/u);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});
