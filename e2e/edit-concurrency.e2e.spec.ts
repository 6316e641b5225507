import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, formatViolations } from './support/a11y';
import { useLanguage } from './support/admin';
import { signIn, WRITE } from './support/centre';
import { publishSmallCourse } from './support/waiting-list';

/**
 * Optimistic concurrency on edits (issue 22): the centre edits the same course in two tabs; the first save wins,
 * the second is refused with who changed it and when, and a reload, instead of overwriting the first. The message
 * is photographed at 360 and 1280 px in French and English.
 */

const SCREENSHOTS = join('test-results', 'screenshots');

const TEXT = {
  fr: { edit: /^Modifier /, dialog: 'Modifier le stage', save: 'Enregistrer', saved: 'Le stage a été mis à jour avec succès', title: 'Modifié entre-temps', by: /Modifié entre-temps par vous, dans une autre fenêtre, le .+ à \d+h\d\d : rechargez la page/, reload: 'Recharger la page' },
  en: { edit: /^Edit /, dialog: 'Edit the course', save: 'Save', saved: 'The course was updated successfully', title: 'Changed meanwhile', by: /Changed meanwhile by you, in another window, on .+ at \d+:\d\d [AP]M: reload the page/, reload: 'Reload the page' },
} as const;

/** Opens the course's edit dialog from the centre's list, the list narrowed to that course by its title. */
async function openEdit(page: Page, courseId: string, title: string, lang: 'fr' | 'en') {
  await page.goto(`/organization/courses?q=${encodeURIComponent(title)}`);
  const row = page.locator(`.MuiDataGrid-row[data-id="${courseId}"]`);
  await row.getByRole('button', { name: TEXT[lang].edit }).click();
  const dialog = page.getByRole('dialog', { name: TEXT[lang].dialog });
  await expect(dialog.locator('#course-price')).toBeVisible();
  return dialog;
}

const priceOf = async (page: Page, courseId: string) => ((await (await page.request.get(`/api/courses/${courseId}`)).json()) as { price: number }).price;

test.describe('a course edited in two tabs', () => {
  test('the second save is refused with who changed it, a reload shows the first one’s change, and nothing was overwritten', async ({ browser, baseURL }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const title = `Concurrence ${Date.now()}`;
    const course = await publishSmallCourse(baseURL!, 8, 20, { title, city: 'Arles', postalCode: '13200', department: '13' });

    for (const [lang, width] of [['fr', 1280], ['fr', 360], ['en', 1280], ['en', 360]] as const) {
      // One browser, two tabs of the same centre account.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const tabA = await context.newPage();
      const tabB = await context.newPage();
      await useLanguage(tabA, lang);
      await useLanguage(tabB, lang);
      await signIn(tabA);

      const editB = await openEdit(tabB, course.id, title, lang);
      const editA = await openEdit(tabA, course.id, title, lang);
      const first = String(180 + (lang === 'fr' ? 0 : 10) + (width === 360 ? 1 : 0));
      await editA.locator('#course-price').fill(first);
      await editA.getByRole('button', { name: TEXT[lang].save }).click();
      await expect(tabA.getByText(TEXT[lang].saved)).toBeVisible();
      await expect.poll(() => priceOf(tabA, course.id)).toBe(Number(first) * 100);

      // The second tab read the course before the first saved: its save is refused, the first tab's price stays.
      await tabB.bringToFront();
      await tabB.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await editB.locator('#course-price').fill('150');
      const refused = tabB.waitForResponse((r) => new URL(r.url()).pathname === `/api/courses/${course.id}` && r.request().method() === 'PATCH');
      await editB.getByRole('button', { name: TEXT[lang].save }).click();
      const answer = await refused;
      expect(answer.status()).toBe(412);
      expect(answer.request().headers()['if-match']).toMatch(/^"\d+"$/);
      const alert = editB.getByTestId('stale-edit');
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(TEXT[lang].title);
      await expect(alert).toContainText(TEXT[lang].by);
      await expect(editB.getByRole('button', { name: TEXT[lang].save })).toBeDisabled();
      await expect(editB.locator('#course-price')).toHaveValue('150');
      await alert.scrollIntoViewIfNeeded();
      await tabB.screenshot({ path: join(SCREENSHOTS, `stale-edit-course-${lang}-${width}.png`) });
      expect.soft(formatViolations(await axeViolations(tabB)), `axe WCAG 2.2 A/AA violations on the stale edit message, ${lang}, ${width} px`).toBe('');
      expect(await priceOf(tabB, course.id)).toBe(Number(first) * 100);

      // The reload shows what the first tab saved; saved from there, the change goes through.
      await alert.getByRole('button', { name: TEXT[lang].reload }).click();
      await tabB.waitForLoadState('load');
      await tabB.setViewportSize({ width: 1280, height: 900 });
      const again = await openEdit(tabB, course.id, title, lang);
      await expect(again.locator('#course-price')).toHaveValue(first);
      await again.getByRole('button', { name: TEXT[lang].save }).click();
      await expect(tabB.getByText(TEXT[lang].saved)).toBeVisible();
      await context.close();
    }

    // Without If-Match (an older caller), the last writer still wins.
    const api = await browser.newContext({ baseURL });
    const page = await api.newPage();
    await signIn(page);
    const current = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as Record<string, unknown>;
    const { title: t, titleEn, description, descriptionEn, address, city, postalCode, department, startDate, endDate, totalSpots, antsNumber } = current;
    const patched = await page.request.patch(`/api/courses/${course.id}`, { ...WRITE, data: { title: t, titleEn, description, descriptionEn, address, city, postalCode, department, startDate, endDate, price: 17_500, totalSpots, antsNumber } });
    expect(patched.status(), await patched.text()).toBe(200);
    expect(patched.headers().etag).toMatch(/^"\d+"$/);
    await api.close();
  });
});
