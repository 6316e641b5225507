import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { settle } from './support/a11y';
import { CENTRE, signIn } from './support/centre';
import { verificationLink, WRITE } from './support/new-learner';

/**
 * The search is kept and the course pages say what a learner needs before booking (issue 17, learner points 3, 6, 9,
 * 10 and 11): the page and the order in the address, "Back to courses" to the search one came from, back on the
 * course after signing up; a cancelled course says so; weekdays, the refund rule, the prefecture numbers.
 */

const SCREENSHOTS = join('test-results', 'screenshots');
const LANGUAGE_KEY = 'recup-points.language';

async function inLanguage(page: Page, language: 'fr' | 'en') {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [LANGUAGE_KEY, language]);
}

/** "Page 2 sur 4" → 2 */
async function pageShown(page: Page): Promise<number> {
  const text = await page.getByText(/^Page \d+ (sur|of) \d+$/u).innerText();
  return Number(/^Page (\d+)/u.exec(text)![1]);
}

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test.describe('the search is kept', () => {
  test('Back from a course on page 2 returns to page 2, and "Retour aux stages" to the search with its filters, order and page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/courses');
    await expect(page.getByRole('button', { name: 'Page 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/courses\?page=2$/u);
    await expect.poll(() => pageShown(page)).toBe(2);
    const firstOfPage2 = page.getByRole('article').first().getByRole('heading');
    const title = await firstOfPage2.innerText();
    await firstOfPage2.getByRole('link').click();
    await expect(page).toHaveURL(/\/courses\/[\w-]+$/u);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/courses\?page=2$/u);
    await expect.poll(() => pageShown(page)).toBe(2);

    // A search with a place, a filter and an order: the course page leads back to it, on its page.
    await page.goto('/courses?location=Marseille&maxDistance=100');
    const sort = page.getByRole('combobox', { name: 'Trier par' });
    await expect(sort).toHaveText('Distance');
    await sort.click();
    await page.getByRole('option', { name: 'Prix' }).click();
    await expect(page).toHaveURL(/\/courses\?location=Marseille&maxDistance=100&sort=price$/u);
    // Cheapest first: the price closes each card's text.
    const prices = async () => (await page.getByRole('article').allInnerTexts()).map((text) => Number(/(\d+),\d{2}\s€\s*Voir le stage\s*$/u.exec(text)?.[1] ?? Number.NaN));
    await expect.poll(async () => {
      const shown = await prices();
      return shown.length > 1 && shown.every((price, index) => index === 0 || price >= shown[index - 1]!);
    }).toBe(true);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/sort=price&page=2$/u);
    await page.getByRole('article').first().getByRole('link', { name: 'Voir le stage' }).click();
    await expect(page).toHaveURL(/\/courses\/[\w-]+$/u);
    await page.getByRole('link', { name: 'Retour aux stages' }).click();
    await expect(page).toHaveURL(/\/courses\?location=Marseille&maxDistance=100&sort=price&page=2$/u);
    await expect.poll(() => pageShown(page)).toBe(2);
    await expect(page.getByRole('slider', { name: 'Distance maximale' })).toHaveAttribute('aria-valuenow', '100');
  });

  test('after signing up from a course page and verifying the address, the learner signs in back on that course', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/courses');
    const course = page.getByRole('article').nth(2);
    const title = await course.getByRole('heading').innerText();
    await course.getByRole('link', { name: 'Voir le stage' }).click();
    await expect(page).toHaveURL(/\/courses\/[\w-]+$/u);
    const coursePath = new URL(page.url()).pathname;

    const email = `from-course-${Date.now()}@example.test`;
    const password = 'from-course-secret-1';
    await page.getByRole('banner').getByRole('button', { name: 'Inscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Mme' }).check();
    await dialog.getByLabel(/^Prénom/u).fill('Camille');
    await dialog.getByLabel(/^Nom/u).fill('Durand');
    await dialog.getByLabel(/^Email/u).fill(email);
    await dialog.getByLabel(/^Mot de passe/u).fill(password);
    await dialog.getByLabel(/^Confirmer le mot de passe/u).fill(password);
    await dialog.getByRole('button', { name: "S'inscrire" }).click();
    await expect(dialog.getByRole('heading', { name: 'Vérification de votre e-mail requise' })).toBeVisible();

    const link = await verificationLink(request, email);
    expect(new URL(link, 'http://localhost').searchParams.get('returnTo')).toBe(coursePath);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Adresse e-mail vérifiée' })).toBeVisible();
    await expect(page.getByText('Connectez-vous : vous retrouverez le stage que vous consultiez.')).toBeVisible();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(new RegExp(`${coursePath}$`, 'u'));
    const signInDialog = page.getByRole('dialog');
    await signInDialog.getByLabel(/^Email/u).fill(email);
    await signInDialog.getByLabel(/^Mot de passe/u).fill(password);
    await signInDialog.getByRole('button', { name: 'Se connecter' }).click();
    await expect(signInDialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${coursePath}$`, 'u'));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Réserver' })).toBeEnabled();
  });
});

test.describe('what the course pages say', () => {
  test('a cancelled course says so instead of "Places disponibles" and "20 places restantes sur 20", and offers no booking', async ({ page, baseURL }) => {
    // The demo centre publishes a course in Aubagne, then withdraws it.
    const centre = await page.context().browser()!.newContext({ baseURL });
    await signIn(await centre.newPage(), CENTRE.email);
    const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), 60));
    const created = await centre.request.post('/api/courses', {
      ...WRITE,
      data: {
        title: 'Aubagne', description: 'Stage de sensibilisation à la sécurité routière', address: 'Espace Entreprises, 2 avenue du Jeune Anacharsis', city: 'Aubagne',
        postalCode: '13400', department: '13', startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
        price: 21_900, totalSpots: 20, antsNumber: 'ANTS-13-77001',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await centre.request.delete(`/api/courses/${id}`, WRITE)).ok()).toBe(true);
    await centre.close();

    for (const language of ['fr', 'en'] as const) {
      await inLanguage(page, language);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/courses/${id}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Aubagne' })).toBeVisible();
        await expect(page.getByTestId('course-cancelled')).toContainText(language === 'fr' ? 'Ce stage a été annulé' : 'This course has been cancelled');
        await expect(page.locator('[data-availability="cancelled"]')).toHaveText(language === 'fr' ? 'Annulé' : 'Cancelled');
        await expect(page.getByText(language === 'fr' ? 'Places disponibles' : 'Available', { exact: true })).toHaveCount(0);
        await expect(page.getByTestId('spots-left')).not.toContainText(language === 'fr' ? 'places restantes sur' : 'spots left out of');
        await expect(page.getByRole('button', { name: language === 'fr' ? 'Réserver' : 'Book', exact: true })).toHaveCount(0);
        await expect(page.getByTestId('course-closed')).toContainText(language === 'fr' ? "Ce stage n'est plus ouvert à la réservation." : 'This course is no longer open for booking.');
        await settle(page);
        await page.screenshot({ path: join(SCREENSHOTS, `learner-cancelled-course-${language}-${width}.png`), fullPage: true });
      }
    }
  });

  test('a course page and its card name the weekdays, the refund rule, the centre’s approval and the course’s prefecture number', async ({ page, request }) => {
    const [course] = (await (await request.get('/api/courses/search?location=Aubagne&maxDistance=50&maxPrice=300&sort=date&page=1&pageSize=1')).json()).items as Array<{ id: string; startDate: string; antsNumber: string; organization: { prefectApprovalReference: string } }>;
    expect(course!.antsNumber, 'every demo course has its ANTS number').toMatch(/^ANTS-\d{2}-\d{5}$/u);
    expect(course!.organization.prefectApprovalReference).toMatch(/^R\d{10}$/u);
    const weekday = (iso: string, language: 'fr' | 'en') => new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-US', { weekday: 'long', timeZone: 'Europe/Paris' }).format(new Date(iso));

    for (const language of ['fr', 'en'] as const) {
      await inLanguage(page, language);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/courses?location=Aubagne&sort=date');
        const card = page.getByRole('article').first();
        await expect(card).toContainText(weekday(course!.startDate, language));
        await expect(card.getByTestId('course-legal-numbers')).toContainText(course!.antsNumber);
        await expect(card.getByTestId('course-legal-numbers')).toContainText(course!.organization.prefectApprovalReference);
        // "Stages près de « Aubagne »": the closing guillemet never wraps alone.
        const h1 = page.getByRole('heading', { level: 1 });
        if (language === 'fr') {
          const sameLine = await h1.evaluate((heading) => {
            const text = heading.firstChild as Text;
            const at = (index: number) => {
              const range = document.createRange();
              range.setStart(text, index);
              range.setEnd(text, index + 1);
              return range.getBoundingClientRect().top;
            };
            const content = text.data;
            return Math.abs(at(content.indexOf('Aubagne')) - at(content.lastIndexOf('»'))) < 2;
          });
          expect(sameLine).toBe(true);
          expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('près d’Aubagne');
        }
        await settle(page);
        await page.screenshot({ path: join(SCREENSHOTS, `learner-search-aubagne-${language}-${width}.png`), fullPage: true });

        await page.goto(`/courses/${course!.id}`);
        await expect(page.getByText(new RegExp(`^${language === 'fr' ? 'Début' : 'Start'}`, 'u'))).toContainText(weekday(course!.startDate, language));
        await expect(page.getByTestId('refund-rule')).toContainText(language === 'fr' ? '72 heures avant le début du stage' : '72 hours before the course starts');
        await expect(page.getByTestId('prefect-approval')).toContainText(course!.organization.prefectApprovalReference);
        await expect(page.getByText(course!.antsNumber, { exact: true })).toBeVisible();
        await settle(page);
        await page.screenshot({ path: join(SCREENSHOTS, `learner-course-page-${language}-${width}.png`), fullPage: true });
      }
    }
  });

  test('on a phone, the filter button counts the active filters, and the panel says what a weekend course is', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/courses?weekend=true&maxPrice=250');
    const button = page.getByRole('button', { name: 'Filtres 2 actifs' });
    await expect(button).toBeVisible();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Filtres' });
    await expect(dialog.getByRole('switch', { name: 'Week-end uniquement' })).toHaveAccessibleDescription(
      'Un stage du week-end a lieu le vendredi et le samedi : aucun stage n’a lieu le dimanche.',
    );
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'learner-filters-dialog-fr-360.png'), fullPage: false });
  });
});
