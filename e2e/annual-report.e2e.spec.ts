import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { parseCsv } from '../query-api/src/csv/csv';
import { pdfText } from '../query-api/src/testing/pdf-text';
import { checkA11y, checkReflow, ready, settle, tabTo } from './support/a11y';
import { gridLoaded, signIn as signInAdmin, useLanguage } from './support/admin';
import { signIn, WRITE } from './support/centre';

/**
 * Issue 20 §4, the annual report: a centre opens "Bilan annuel", reads the year's figures (last year by default),
 * picks the year of a course of its own and finds it listed, and downloads the PDF (by keyboard) and the CSV, read
 * back here; an administrator reads the same report for the centre. Photographed at 360 and 1280 px in French and
 * English, for a person to look at (test-results/screenshots/annual-report-*).
 */

const SCREENSHOTS = join('test-results', 'screenshots');

type Figures = { year: number; centre: { name: string }; courses: { declared: number }; courseList: Array<{ antsNumber: string | null }> };

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { download, content: readFileSync(await download.path()) };
}

/** The panel has shown its figures, or said the year has none. */
async function reportShown(page: Page) {
  await expect(page.getByTestId('annual-report').locator('.MuiSkeleton-root')).toHaveCount(0);
  await expect(page.getByTestId('annual-report-figures').or(page.getByTestId('annual-report-empty'))).toBeVisible();
  await settle(page);
}

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test('a centre reads its annual report, finds its own course in it, and downloads the PDF and the CSV', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('recup-points.language', 'fr'));
  const page = await context.newPage();
  await signIn(page);

  // A course of this test's own, whose number it looks for in the report of its year.
  const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), 12));
  const antsNumber = `R-BILAN-${Date.now()}`;
  const published = await page.request.post('/api/courses', {
    ...WRITE,
    data: {
      title: 'Manosque', address: '5 place de l’Hôtel de Ville', city: 'Manosque', postalCode: '04100', department: '04', price: 22_000, totalSpots: 12, antsNumber,
      startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
    },
  });
  expect(published.status(), await published.text()).toBe(201);

  await page.goto('/organization');
  await page.getByRole('link', { name: 'Bilan annuel pour la préfecture' }).click();
  await expect(page).toHaveURL(/\/organization\/reports$/);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Bilan annuel' })).toBeVisible();
  const lastYear = Number(parisCalendarDay(new Date()).slice(0, 4)) - 1;
  const picker = page.getByLabel('Année');
  await expect(picker).toHaveValue(String(lastYear));
  await reportShown(page);

  // The figures shown are the report's.
  const figures = (await (await page.request.get(`/api/organization/reports/annual?year=${lastYear}&format=json`)).json()) as Figures;
  if (figures.courses.declared > 0) {
    await expect(page.getByTestId('annual-report-figures').getByRole('row', { name: /^Déclarés/ })).toContainText(String(figures.courses.declared));
  } else {
    await expect(page.getByTestId('annual-report-empty')).toContainText(String(lastYear));
  }

  // The PDF, by keyboard: the button reached with Tab, pressed with Enter.
  const pdfButton = page.getByTestId('annual-report-pdf');
  await picker.focus();
  await tabTo(page, pdfButton, 'the PDF download');
  const pdf = await downloaded(page, () => page.keyboard.press('Enter'));
  expect(pdf.download.suggestedFilename()).toBe(`bilan-annuel-${lastYear}.pdf`);
  expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf.content).flat().join(' ').replace(/\s+/g, ' ');
  expect(text).toContain(`Bilan annuel d’activité ${lastYear}`);
  expect(text).toContain(figures.centre.name);
  expect(text).toContain('N° d’agrément préfectoral');

  // The year of the course just published (the year in progress, but in late December the next one, not reportable yet).
  const courseYear = Number(day.slice(0, 4));
  if (courseYear <= lastYear + 1) {
    await picker.selectOption(String(courseYear));
    await reportShown(page);
    await expect(page.getByRole('row', { name: new RegExp(antsNumber) })).toContainText('À venir');
    await expect(page.getByText('bilan provisoire', { exact: false })).toBeVisible();
    const csv = await downloaded(page, () => page.getByTestId('annual-report-csv').click());
    expect(csv.download.suggestedFilename()).toBe(`bilan-annuel-${courseYear}.csv`);
    const body = csv.content.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(body, ';');
    expect(rows[0]?.slice(0, 3)).toEqual(['Rubrique', 'Libellé', 'Valeur']);
    expect(rows.find((row) => row[5] === antsNumber)?.slice(3)).toEqual([expect.any(String), expect.stringContaining('Manosque'), antsNumber, '0', '0', '0', 'À venir', '']);
  }

  await context.close();
});

test('an administrator reads any centre’s annual report', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await useLanguage(page, 'en');
  await signInAdmin(page);
  // From a centre's detail in the centres' grid.
  await page.goto('/admin/organizations');
  await gridLoaded(page);
  await page.getByRole('button', { name: /^View / }).first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Annual report' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?organizationId=/);
  await reportShown(page);
  // Or chosen on the reports page.
  await page.goto('/admin/reports');
  await ready(page);
  await expect(page.getByText('Choose a centre to show its report.')).toBeVisible();
  await page.getByLabel('Training centre').selectOption({ label: 'Provence Sécurité Routière (Marseille)' });
  await expect(page).toHaveURL(/organizationId=/);
  await reportShown(page);
  const csv = await downloaded(page, () => page.getByTestId('annual-report-csv').click());
  expect(csv.download.suggestedFilename()).toMatch(/^annual-report-\d{4}\.csv$/);
  expect(parseCsv(csv.content.toString('utf8'), ';')[0]?.slice(0, 3)).toEqual(['Section', 'Item', 'Value']);
  await context.close();
});

for (const language of ['fr', 'en'] as const) {
  for (const width of [360, 1280] as const) {
    test(`the annual report screens pass axe and reflow, ${language} at ${width} px (photographed)`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await useLanguage(page, language);
      await signIn(page);
      await page.goto('/organization/reports');
      await ready(page);
      await reportShown(page);
      await checkA11y(page, `centre annual report, last year (${language}, ${width} px)`);
      // The year in progress: the demo centre's courses, listed.
      await page.getByLabel(language === 'fr' ? 'Année' : 'Year').selectOption(parisCalendarDay(new Date()).slice(0, 4));
      await reportShown(page);
      await checkA11y(page, `centre annual report (${language}, ${width} px)`);
      await checkReflow(page, `centre annual report (${language}, ${width} px)`);
      await page.screenshot({ path: join(SCREENSHOTS, `annual-report-centre-${language}-${width}.png`), fullPage: true });

      const admin = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      const adminPage = await admin.newPage();
      await useLanguage(adminPage, language);
      await signInAdmin(adminPage);
      await adminPage.goto('/admin/reports');
      await ready(adminPage);
      await adminPage.getByLabel(language === 'fr' ? 'Centre de formation' : 'Training centre').selectOption({ index: 1 });
      await reportShown(adminPage);
      await adminPage.getByLabel(language === 'fr' ? 'Année' : 'Year').selectOption(parisCalendarDay(new Date()).slice(0, 4));
      await reportShown(adminPage);
      await checkA11y(adminPage, `admin annual report (${language}, ${width} px)`);
      await checkReflow(adminPage, `admin annual report (${language}, ${width} px)`);
      await adminPage.screenshot({ path: join(SCREENSHOTS, `annual-report-admin-${language}-${width}.png`), fullPage: true });
      await admin.close();
      await context.close();
    });
  }
}
