import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { pdfText } from '../query-api/src/testing/pdf-text';
import { useLanguage } from './support/admin';
import { signIn, WRITE } from './support/centre';
import { bookAndPay, newLearner } from './support/new-learner';

/**
 * Issue 20 §6: a centre reads its month's statement (its own booking paid online this month is on it) and downloads
 * it as PDF and CSV; an administrator marks a statement paid. The test makes its own course, learner and centre.
 */
const SCREENSHOTS = join('test-results', 'screenshots', 'statements');

const parisMonth = (date: Date) => parisCalendarDay(date).slice(0, 7);
const previousMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
};

async function pageOf(browser: Browser, baseURL: string, email: string, width: number, language: 'fr' | 'en'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: language === 'fr' ? 'fr-FR' : 'en-GB', acceptDownloads: true });
  const page = await context.newPage();
  await useLanguage(page, language);
  await signIn(page, email, 'demo-password');
  return page;
}

test.describe('the centre’s statements', () => {
  test('a centre reads its statement and downloads it; an administrator marks a statement paid', async ({ page, baseURL, browser }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const month = parisMonth(new Date());
    // The demo centre publishes a course; a learner of this test's own books and pays it online, this month.
    await signIn(page);
    const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), 40));
    const published = await page.request.post('/api/courses', {
      ...WRITE,
      data: {
        title: 'Digne', address: '2 boulevard Gassendi', city: 'Digne-les-Bains', postalCode: '04000', department: '04', price: 21_500, totalSpots: 12, antsNumber: 'R0400400777',
        startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
      },
    });
    expect(published.status(), await published.text()).toBe(201);
    const course = (await published.json()) as { id: string };
    const learnerApi = await playwrightRequest.newContext({ baseURL });
    await newLearner(learnerApi, `releve.${Date.now()}@example.test`);
    const bookingId = await bookAndPay(learnerApi, course.id);
    const reference = ((await (await learnerApi.get('/api/user/bookings')).json()) as Array<{ id: string; bookingReference: string }>).find((b) => b.id === bookingId)!.bookingReference;
    await learnerApi.dispose();

    for (const [language, width] of [['fr', 360], ['en', 1280], ['fr', 1280], ['en', 360]] as const) {
      const centre = await pageOf(browser, baseURL!, 'centre@demo.test', width, language);
      await centre.goto(`/organization/statements?month=${month}`);
      const row = centre.getByRole('row').filter({ hasText: reference });
      await expect(row).toBeVisible();
      await expect(row).toContainText(language === 'fr' ? '215,00' : '215.00');
      await expect(centre.getByTestId('statement-state')).toHaveText(language === 'fr' ? 'Mois en cours : ce relevé peut encore changer' : 'Current month: this statement may still change');
      await expect(centre.getByRole('heading', { name: language === 'fr' ? 'Ce que le centre a encaissé' : 'What the centre took' })).toBeVisible();
      await centre.screenshot({ path: join(SCREENSHOTS, `centre-statement-${language}-${width}.png`), fullPage: true });
      if (language === 'fr' && width === 360) {
        // The documents, read back: the PDF names the booking, the CSV is the participants.csv dialect.
        const [pdf] = await Promise.all([centre.waitForEvent('download'), centre.getByRole('button', { name: 'Télécharger le PDF' }).click()]);
        expect(pdf.suggestedFilename()).toBe(`releve-${month}.pdf`);
        const pdfPath = join(SCREENSHOTS, `releve-${month}.pdf`);
        await pdf.saveAs(pdfPath);
        expect(pdfText(readFileSync(pdfPath)).flat().join('\n')).toContain(reference);
        const [csv] = await Promise.all([centre.waitForEvent('download'), centre.getByRole('button', { name: 'Télécharger le CSV' }).click()]);
        const csvPath = join(SCREENSHOTS, `releve-${month}.csv`);
        await csv.saveAs(csvPath);
        const text = readFileSync(csvPath, 'utf8');
        expect(text.startsWith('\uFEFF"Référence";"Stagiaire";"Stage";"Date";"Payé en ligne (€)";"Remboursé (€)"\r\n')).toBe(true);
        expect(text).toContain(`"${reference}";"ROUX Inès";"Digne"`);
        // The month picker works from the keyboard: the previous month, then back.
        await centre.getByRole('button', { name: 'Mois précédent' }).focus();
        await centre.keyboard.press('Enter');
        await expect(centre).toHaveURL(new RegExp(`month=${previousMonth(month)}`));
        await expect(centre.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
      }
      await centre.context().close();
    }

    // An administrator creates a centre of this test's own and pays its statement of last month (nothing taken: 0 €).
    const admin = await pageOf(browser, baseURL!, 'admin@demo.test', 1280, 'fr');
    const name = `Centre relevé ${Date.now()}`;
    const created = await admin.request.post('/api/admin/organizations', {
      ...WRITE, data: { name, address: '1 cours Mirabeau', city: 'Aix-en-Provence', postalCode: '13100', email: 'releve@example.test', phoneNumber: '04 42 00 00 00', prefectApprovalReference: 'R1301300999' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const organizationId = ((await created.json()) as { id: string }).id;
    const last = previousMonth(month);
    for (const [language, width] of [['fr', 1280], ['en', 360]] as const) {
      const shotPage = await pageOf(browser, baseURL!, 'admin@demo.test', width, language);
      await shotPage.goto(`/admin/statements?month=${last}`);
      await expect(shotPage.getByTestId(`statement-${organizationId}`)).toBeVisible();
      await shotPage.screenshot({ path: join(SCREENSHOTS, `admin-statements-${language}-${width}.png`), fullPage: true });
      await shotPage.context().close();
    }
    await admin.goto(`/admin/statements?month=${last}`);
    const row = admin.getByTestId(`statement-${organizationId}`);
    await expect(row).toContainText('Non payé');
    await row.getByRole('button', { name: `Marquer payé le relevé de ${name}` }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText(`Vous confirmez que la plateforme a réglé à ${name} 0,00`);
    await admin.screenshot({ path: join(SCREENSHOTS, 'admin-mark-paid-fr-1280.png') });
    await dialog.getByRole('button', { name: 'Marquer payé' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText(/Payé le \d{2}\/\d{2}\/\d{4} : 0,00/);
    await expect(row.getByRole('button', { name: /^Marquer payé/ })).toHaveCount(0);
    // Paid once: asked again, the API says so.
    const again = await admin.request.post(`/api/admin/statements/${organizationId}/${last}/paid`, { ...WRITE, data: { amount: 0 } });
    expect(again.status()).toBe(409);
    // The current month is not paid yet: there is no button, and the API refuses in words.
    const early = await admin.request.post(`/api/admin/statements/${organizationId}/${month}/paid`, { ...WRITE, data: { amount: 0 } });
    expect(early.status()).toBe(409);
    expect(((await early.json()) as { message: string }).message).toMatch(/une fois le mois terminé/);
    await admin.context().close();
  });
});
