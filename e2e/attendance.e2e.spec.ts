import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Download, type Page } from '@playwright/test';
import { pdfText } from '../query-api/src/testing/pdf-text';
import { checkA11y, ready } from './support/a11y';
import { signIn } from './support/centre';

/**
 * After the course (issue 20 §1–2): the centre opens the demo course that ended about a week ago, names its
 * facilitators, records its participants' presence with the keyboard (everyone present, one learner absent the last
 * half-day), downloads an attestation; the learner who came sees "Stage suivi" and downloads hers, the one absent
 * sees "Stage non suivi". The screens are photographed at 360 and 1280 px in French and English.
 */
const SCREENSHOTS = join('test-results', 'screenshots');
const COMPLETER = { email: 'lucas.martin@demo.test', name: 'Lucas Martin' };
const ABSENT = { email: 'emma.girard@demo.test', name: 'Emma Girard' };

async function pdfOf(download: Download): Promise<string> {
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  return pdfText(readFileSync(path)).flat().join(' ');
}

async function endedLastWeek(page: Page): Promise<{ id: string; title: string }> {
  const courses = (await (await page.request.get('/api/organization/courses')).json()) as Array<{ id: string; title: string; status: string; endDate: string }>;
  const course = courses.find((c) => c.status === 'COMPLETED' && Date.now() - Date.parse(c.endDate) < 12 * 86_400_000);
  expect(course, 'the demo course that ended a week ago').toBeTruthy();
  return course!;
}

async function photograph(browser: Browser, baseURL: string, path: string, name: string, account?: { email: string; password: string }) {
  for (const language of ['fr', 'en'] as const) {
    for (const width of [360, 1280] as const) {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: language === 'fr' ? 'fr-FR' : 'en-US' });
      await context.addInitScript((lang) => localStorage.setItem('recup-points.language', lang), language);
      const page = await context.newPage();
      if (account) await signIn(page, account.email, account.password);
      else await signIn(page);
      await page.goto(path);
      await ready(page);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${language}-${width}.png`), fullPage: true });
      await context.close();
    }
  }
}

test.describe('after the course', () => {
  test('the centre records attendance, one learner absent one half-day; attestations for the one who came', async ({ page, browser, baseURL }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await signIn(page);
    const course = await endedLastWeek(page);

    // From the course's bookings.
    await page.goto(`/organization/bookings?courseId=${course.id}`);
    await page.getByRole('link', { name: 'Présence' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Présence au stage' })).toBeVisible();
    await expect(page.getByText(/Saisie ouverte jusqu’au/)).toBeVisible();

    // The facilitators, named on the same screen.
    await page.getByLabel('Expert en sécurité routière (BAFM)').fill('Jean Martin');
    await page.getByLabel('Psychologue').fill('Claire Petit');
    const named = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/facilitators') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Enregistrer les animateurs' }).click();
    expect((await named).status()).toBe(200);
    await expect(page.getByText('Animateurs enregistrés')).toBeVisible();

    // Everyone present, then Emma absent the last afternoon, chosen with the keyboard.
    await page.getByRole('button', { name: 'Tous présents' }).click();
    const cell = page.getByLabel(`${ABSENT.name}, Jour 2 après-midi`, { exact: false });
    await cell.focus();
    await cell.selectOption('ABSENT');
    await expect(page.getByRole('status').filter({ hasText: /modifications? non enregistrées?/ })).toBeVisible();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/attendance') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Enregistrer la présence' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Présence enregistrée')).toBeVisible();
    const emmaRow = page.getByTestId('attendance-row').filter({ hasText: ABSENT.name });
    await expect(emmaRow).toContainText('Stage non suivi');
    const lucasRow = page.getByTestId('attendance-row').filter({ hasText: COMPLETER.name });
    await expect(lucasRow).toContainText('Stage suivi');
    await checkA11y(page, 'centre attendance, recorded (fr, 1280 px)');

    // The centre downloads Lucas's attestation.
    const downloading = page.waitForEvent('download');
    await lucasRow.getByRole('button', { name: `Attestation de stage de ${COMPLETER.name}` }).click();
    const attestation = await pdfOf(await downloading);
    for (const expected of ['ATTESTATION DE SUIVI DE STAGE', 'MARTIN Lucas', '130587100432', 'Jean Martin', 'Claire Petit']) expect(attestation).toContain(expected);

    // The attendance sheet prints what was recorded.
    const sheetDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Feuille d’émargement (PDF)' }).click();
    const sheet = await pdfOf(await sheetDownload);
    expect(sheet).toContain('Absent(e)');
    expect(sheet).toContain('Cachet du centre');
    await photograph(browser, baseURL!, `/organization/courses/${course.id}/attendance`, 'centre-attendance');

    // The booking's details on the bookings screen say it too, with the attestation.
    await page.goto(`/organization/bookings?courseId=${course.id}`);
    await page.locator('.MuiDataGrid-row', { hasText: COMPLETER.name }).getByRole('button', { name: /^Détails de la réservation/ }).click();
    await expect(page.getByRole('dialog').getByTestId('detail-attendance')).toContainText('Stage suivi');
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Télécharger l’attestation de stage' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();

    // Lucas sees the course completed and downloads his attestation; Emma sees it not completed.
    const learner = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const lucas = await learner.newPage();
    await signIn(lucas, COMPLETER.email, 'demo-password');
    await lucas.goto('/dashboard');
    await lucas.getByRole('tab', { name: /Historique/ }).click();
    const card = lucas.getByTestId('booking-card').filter({ has: lucas.getByTestId('booking-attendance') }).filter({ hasText: 'Stage suivi' }).first();
    await expect(card.getByTestId('booking-attendance')).toHaveText('Stage suivi');
    const learnerDownload = lucas.waitForEvent('download');
    await card.getByRole('link', { name: 'Attestation de stage' }).click();
    expect(await pdfOf(await learnerDownload)).toContain('MARTIN Lucas');
    await learner.close();

    const absentContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const emma = await absentContext.newPage();
    await signIn(emma, ABSENT.email, 'demo-password');
    await emma.goto('/dashboard');
    await emma.getByRole('tab', { name: /Historique/ }).click();
    const missed = emma.getByTestId('booking-attendance').filter({ hasText: 'Stage non suivi' });
    await expect(missed).toContainText('Absence le 2e jour après-midi');
    await expect(emma.getByRole('link', { name: 'Attestation de stage' })).toHaveCount(0);
    await absentContext.close();
    await photograph(browser, baseURL!, '/dashboard#history', 'learner-attendance', { email: ABSENT.email, password: 'demo-password' });
    await photograph(browser, baseURL!, '/dashboard#history', 'learner-attestation', { email: COMPLETER.email, password: 'demo-password' });
  });
});
