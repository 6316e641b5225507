import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { pdfText } from '../query-api/src/testing/pdf-text';
import { checkA11y, ready } from './support/a11y';
import { signIn } from './support/centre';

/**
 * The prefecture's pack (issue 20 §3): on its dashboard the centre sees the demo course that ended about a week ago
 * among the packs to send, with the days left; it downloads the pack (a ZIP: the attendance sheet, the attestations of
 * those who completed the course, the summary CSV), opens it, and marks it sent: the course leaves the list. The list
 * is photographed at 360 and 1280 px in French and English before.
 */
const SCREENSHOTS = join('test-results', 'screenshots');

async function endedLastWeek(page: Page): Promise<{ id: string; title: string }> {
  const courses = (await (await page.request.get('/api/organization/courses')).json()) as Array<{ id: string; title: string; status: string; endDate: string }>;
  const course = courses.find((c) => c.status === 'COMPLETED' && Date.now() - Date.parse(c.endDate) < 12 * 86_400_000);
  expect(course, 'the demo course that ended a week ago').toBeTruthy();
  return course!;
}

test.describe('the prefecture’s pack', () => {
  test('the centre downloads the pack of a course that ended, opens it, and marks it sent', async ({ page, browser, baseURL }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await signIn(page);
    const course = await endedLastWeek(page);

    // The list, photographed in both languages at both widths while the course is in it.
    for (const language of ['fr', 'en'] as const) {
      for (const width of [360, 1280] as const) {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: language === 'fr' ? 'fr-FR' : 'en-US' });
        await context.addInitScript((lang) => localStorage.setItem('recup-points.language', lang), language);
        const shot = await context.newPage();
        await signIn(shot);
        await shot.goto('/organization');
        await ready(shot);
        const list = shot.getByTestId('awaited-packs');
        await expect(list.locator(`[data-course-id="${course.id}"]`)).toBeVisible();
        await list.screenshot({ path: join(SCREENSHOTS, `pack-list-${language}-${width}.png`) });
        await shot.screenshot({ path: join(SCREENSHOTS, `pack-dashboard-${language}-${width}.png`), fullPage: true });
        await context.close();
      }
    }

    await page.goto('/organization');
    await ready(page);
    const row = page.getByTestId('awaited-packs').locator(`[data-course-id="${course.id}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('pack-days')).toHaveText(/^Restent \d+ jours \(jusqu’au .+\)$/);
    await expect(row).toHaveAttribute('data-late', 'false');

    // The pack: a ZIP with the sheet, an attestation per learner who completed the course, and the summary.
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Télécharger le dossier/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^dossier-prefecture-\d{4}-\d{2}-\d{2}(-[A-Za-z0-9-]+)?\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const names = Object.keys(files);
    const sheet = names.find((n) => n.startsWith('feuille-emargement-'));
    const summary = names.find((n) => n.startsWith('recapitulatif-stagiaires-'));
    expect(sheet, names.join(', ')).toBeTruthy();
    expect(summary, names.join(', ')).toBeTruthy();
    expect(pdfText(Buffer.from(files[sheet!]!)).flat().join(' ')).toContain('FEUILLE D’ÉMARGEMENT');
    const rows = parse(Buffer.from(files[summary!]!).toString('utf8'), { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBeGreaterThan(0);
    const attestations = names.filter((n) => n.startsWith('attestation-stage-'));
    expect(attestations).toHaveLength(rows.filter((r) => r['Résultat'] === 'Stage suivi').length);
    for (const name of attestations) expect(pdfText(Buffer.from(files[name]!)).flat().join(' ')).toContain('ATTESTATION DE SUIVI DE STAGE');

    // Marked sent, after a confirmation: it leaves the list.
    await row.getByRole('button', { name: /^Marquer envoyé/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Dossier envoyé à la préfecture ?');
    await checkA11y(page, 'mark pack sent dialog (fr)');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/prefecture-pack/sent') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Oui, il est envoyé' }).click();
    expect((await sent).status()).toBe(200);
    await expect(page.getByText('Dossier marqué envoyé.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await checkA11y(page, 'centre dashboard after the pack was sent (fr)');
  });

  test('the administrator sees the late packs across centres, photographed at 360 and 1280 px in French and English', async ({ browser, baseURL }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const language of ['fr', 'en'] as const) {
      for (const width of [360, 1280] as const) {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: language === 'fr' ? 'fr-FR' : 'en-US' });
        await context.addInitScript((lang) => localStorage.setItem('recup-points.language', lang), language);
        const page = await context.newPage();
        await signIn(page, 'admin@demo.test', 'demo-password');
        await page.goto('/admin');
        await ready(page);
        const list = page.getByTestId('late-packs');
        await expect(list.getByRole('heading', { name: language === 'fr' ? 'Dossiers de préfecture en retard' : 'Late prefecture packs' })).toBeVisible();
        await checkA11y(page, `admin late packs (${language}, ${width} px)`);
        await list.screenshot({ path: join(SCREENSHOTS, `pack-admin-late-${language}-${width}.png`) });
        await context.close();
      }
    }
  });
});
