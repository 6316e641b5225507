import { expect, test, type Page } from '@playwright/test';

/** "à 12,3 km" on each course card of the page shown, in order. */
async function distancesShown(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').allInnerTexts();
  return texts.map((text) => {
    const match = /à\s(\d+(?:,\d)?)\s*km/.exec(text);
    if (!match) throw new Error(`no distance on the card "${text.replace(/\s+/g, ' ')}"`);
    return Number(match[1]!.replace(',', '.'));
  });
}

test('a search for Toulon within 30 km lists only the courses within 30 km, nearest first, with their distances', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/courses');
  await page.getByLabel('Ville ou code postal').fill('Toulon');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/location=Toulon/);

  // The distance slider, by keyboard: 50 km by default, four steps of 5 km down.
  const slider = page.getByRole('slider', { name: 'Distance maximale' });
  await expect(slider).toBeEnabled();
  await slider.focus();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '30');
  const searched = page.waitForResponse((response) => response.url().includes('/api/courses/search') && response.url().includes('maxDistance=30'));
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await searched;

  const found = Number(/(\d+) stages? trouvés?/.exec(await page.getByText(/stages? trouvés?/).first().innerText())![1]);
  const distances: number[] = [];
  for (;;) {
    await expect(page.getByRole('article').first()).toBeVisible();
    distances.push(...(await distancesShown(page)));
    const next = page.getByRole('button', { name: /Suivant/ });
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
  }
  expect(distances).toHaveLength(found);
  expect(distances.every((d) => d <= 30)).toBe(true);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));

  // Exactly the courses the unrestricted search places within 30 km of Toulon.
  const all = (await (await page.request.get('/api/courses/search?location=Toulon')).json()) as Array<{ distanceKm: number | null }>;
  expect(found).toBe(all.filter((course) => course.distanceKm !== null && course.distanceKm <= 30).length);
  expect(found).toBeGreaterThan(0);
  expect(all.some((course) => course.distanceKm !== null && course.distanceKm > 30)).toBe(true);
});
