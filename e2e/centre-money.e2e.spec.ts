import { mkdirSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { gridLoaded, signIn as signInAdmin, useLanguage } from './support/admin';
import { learnerBooks, legalStart, signIn, WRITE } from './support/centre';

/**
 * Issue 17, the centre's points 12–16: a booking confirmed unpaid is to be paid at the centre until the centre
 * records the money; a course that has started or ended cannot be changed; a place must be real; the course
 * list is searched, filtered by month and sorted (in the address), its places badge says what it counts;
 * search boxes filter as one types; the attendance sheet without a course says so in its own words.
 * Each test makes the course it needs: none relies on another's data.
 */

/** A course of the demo centre in Gap, `daysAhead` days away at least, published through the API. */
async function publishGapCourse(page: Page, daysAhead: number, antsNumber: string): Promise<{ id: string; startDate: string }> {
  const day = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), daysAhead));
  const response = await page.request.post('/api/courses', {
    ...WRITE,
    data: {
      title: 'Gap', address: '5 rue Carnot', city: 'Gap', postalCode: '05000', department: '05', price: 22_900, totalSpots: 14, antsNumber,
      startDate: parisTime(day, 8 * 60).toISOString(), endDate: parisTime(addDays(day, 1), 17 * 60).toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; startDate: string };
}

/** A page of its own, signed in as `email`, at `width`, in `language`. */
async function pageOf(browser: Browser, baseURL: string, email: string, width: number, language: 'fr' | 'en'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: 'fr-FR' });
  const page = await context.newPage();
  await useLanguage(page, language);
  await signIn(page, email);
  return page;
}

/** The learner's dashboard card of this booking, found by its reference. */
async function learnerCard(page: Page, reference: string) {
  await page.goto('/dashboard');
  const card = page.getByTestId('booking-card').filter({ hasText: reference });
  await expect(card).toBeVisible();
  return card;
}

/** The administrators' detail of this booking, open. */
async function adminDetail(page: Page, bookingId: string) {
  await page.goto(`/admin/bookings?booking=${bookingId}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('centre-payment').or(dialog.getByText(/^(Aucun paiement en ligne|No online payment)/))).toBeVisible();
  return dialog;
}

const SCREENSHOTS = 'test-results/screenshots';

/** A course's day as the tables and selectors write it, its weekday named: "mer. 16/12/2026" / "Wed, 12/16/2026". */
const courseDay = (iso: string, language: 'fr' | 'en') =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-US', { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(iso));

test.describe('a training centre’s money, courses and places', () => {
  test('a booking confirmed unpaid is to be paid at the centre until the centre records the money received', async ({ page, baseURL, browser }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await signIn(page);
    const course = await publishGapCourse(page, 60, 'R0500500601');
    const emmaApi = await playwrightRequest.newContext({ baseURL });
    const emma = await learnerBooks(emmaApi, 'emma.girard@demo.test', course.id, false);
    const reference = ((await (await emmaApi.get('/api/user/bookings')).json()) as { id: string; bookingReference: string }[]).find((b) => b.id === emma)!.bookingReference;
    const lucasApi = await playwrightRequest.newContext({ baseURL });
    await learnerBooks(lucasApi, 'lucas.martin@demo.test', course.id, true);
    expect((await page.request.post(`/api/bookings/${emma}/approve`, WRITE)).ok()).toBe(true);

    // The learner and the administrators read the same as the centre: to be paid at the centre, not "not paid".
    const learner = await pageOf(browser, baseURL!, 'emma.girard@demo.test', 360, 'fr');
    const emmaCard = await learnerCard(learner, reference);
    await expect(emmaCard.getByTestId('booking-payment')).toHaveText('Paiement : À régler au centre');
    await expect(emmaCard).not.toContainText('Non payé');
    const admin = await pageOf(browser, baseURL!, 'admin@demo.test', 1280, 'fr');
    const due = await adminDetail(admin, emma);
    await expect(due.getByTestId('centre-payment')).toHaveText(/^À régler au centre : 229,00\s€\. Le centre l’a confirmée sans paiement en ligne/);
    await expect(due).not.toContainText('Aucun paiement en ligne');

    await page.goto(`/organization/bookings?courseId=${course.id}`);
    await gridLoaded(page);
    const emmaRow = page.locator('.MuiDataGrid-row', { hasText: 'Emma Girard' });
    await expect(emmaRow).toContainText('Confirmée');
    await expect(emmaRow.locator('[data-payment]')).toHaveText('À régler au centre');
    await expect(page.locator('.MuiDataGrid-row', { hasText: 'Lucas Martin' }).locator('[data-payment]')).toHaveText('Payé');

    // The course selector tells the course apart by its day (with its weekday), time and ANTS number.
    await expect(page.locator('#bookings-course')).toContainText(`Gap — ${courseDay(course.startDate, 'fr')} 8h00 · ANTS R0500500601`);

    await emmaRow.getByRole('button', { name: /^Enregistrer le règlement reçu pour la réservation/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Enregistrer le règlement reçu' });
    await expect(dialog).toContainText('229,00 € à régler au centre');
    await expect(dialog).toContainText('Récup’Points n’émet pas de facture pour ce montant');
    await expect(dialog.getByLabel(/^Reçu le/)).toHaveValue(parisCalendarDay(new Date()));
    // A day to come is refused under the field, before anything is sent.
    await dialog.getByLabel(/^Reçu le/).fill(addDays(parisCalendarDay(new Date()), 2));
    await dialog.getByRole('button', { name: 'Enregistrer le règlement' }).click();
    await expect(dialog).toContainText('La date de réception ne peut pas être dans le futur');
    await dialog.getByLabel(/^Reçu le/).fill(parisCalendarDay(new Date()));
    await dialog.getByRole('radio', { name: 'Chèque' }).check();
    await dialog.getByRole('button', { name: 'Enregistrer le règlement' }).click();
    await expect(page.getByText('Règlement enregistré', { exact: true })).toBeVisible();
    await expect(emmaRow.locator('[data-payment]')).toHaveText('Réglé au centre');
    await expect(emmaRow.getByRole('button', { name: /^Enregistrer le règlement reçu/ })).toHaveCount(0);
    await emmaRow.getByRole('button', { name: /^Détails de la réservation/ }).click();
    await expect(page.getByTestId('payment-note')).toContainText(/Réglé au centre : 229,00\s€ par chèque, reçu le (\S+ )?\d+ \S+ \d{4}/);
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();

    // Once the money is recorded, the learner's card and the administrators' detail say how and when it was paid.
    const paidCard = await learnerCard(learner, reference);
    await expect(paidCard.getByTestId('booking-payment')).toHaveText(/^Paiement : Réglé au centre \(chèque, le \S+ \d+ \S+ \d{4}\)$/);
    const paid = await adminDetail(admin, emma);
    await expect(paid.getByTestId('centre-payment')).toHaveText(/^Réglé au centre : 229,00\s€ par chèque, reçu le \S+ \d+ \S+ \d{4}\.$/);
    await expect(paid).not.toContainText('Aucun paiement en ligne');
    // The same in English, looked at on a phone and a laptop.
    for (const width of [360, 1280]) {
      for (const language of ['fr', 'en'] as const) {
        const learnerPage = await pageOf(browser, baseURL!, 'emma.girard@demo.test', width, language);
        const card = await learnerCard(learnerPage, reference);
        if (language === 'en') await expect(card.getByTestId('booking-payment')).toHaveText(/^Payment: Paid at the centre \(cheque, on \S+, \S+ \d+, \d{4}\)$/);
        await card.screenshot({ path: `${SCREENSHOTS}/centre-paid-learner-card-${language}-${width}.png` });
        const adminPage = await pageOf(browser, baseURL!, 'admin@demo.test', width, language);
        const detail = await adminDetail(adminPage, emma);
        if (language === 'en') await expect(detail.getByTestId('centre-payment')).toHaveText(/^Paid at the centre: €229\.00 by cheque, received on \S+, \S+ \d+, \d{4}\.$/);
        await detail.getByTestId('centre-payment').scrollIntoViewIfNeeded();
        await detail.screenshot({ path: `${SCREENSHOTS}/centre-paid-admin-detail-${language}-${width}.png` });
        await learnerPage.context().close();
        await adminPage.context().close();
      }
    }
    await learner.context().close();
    await admin.context().close();

    // The dashboard says what its revenue counts.
    await page.goto('/organization');
    const revenue = page.getByTestId('revenue');
    await expect(revenue).toContainText('Chiffre d’affaires encaissé');
    await expect(revenue).toContainText(/Reçu en ligne : /);
    await expect(revenue).toContainText(/Reçu au centre : /);
    await expect(revenue).toContainText(/Encore à régler au centre : /);
    await emmaApi.dispose();
    await lucasApi.dispose();
  });

  test('course dates name their weekday in the centre’s and the administrators’ tables, readable at 360 and 1280 px', async ({ page, baseURL, browser }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await signIn(page);
    const course = await publishGapCourse(page, 90, 'R0500500603');
    const learnerApi = await playwrightRequest.newContext({ baseURL });
    const booking = await learnerBooks(learnerApi, 'lucas.martin@demo.test', course.id, true);
    const reference = ((await (await learnerApi.get('/api/user/bookings')).json()) as { id: string; bookingReference: string }[]).find((b) => b.id === booking)!.bookingReference;
    await learnerApi.dispose();
    const words = {
      fr: { time: '8h00', end: '17h00' },
      en: { time: '8:00 AM', end: '5:00 PM' },
    } as const;
    for (const width of [360, 1280]) {
      for (const language of ['fr', 'en'] as const) {
        const day = courseDay(course.startDate, language);
        const phone = width < 600;
        const at = `${language}-${width}`;

        // The centre's bookings: the selector names the day with its weekday; the grid's dates column too (hidden on a phone).
        const centre = await pageOf(browser, baseURL!, 'centre@demo.test', width, language);
        await centre.goto(`/organization/bookings?courseId=${course.id}`);
        await gridLoaded(centre);
        await expect(centre.locator('#bookings-course')).toContainText(`Gap — ${day} ${words[language].time}`);
        const row = centre.locator('.MuiDataGrid-row', { hasText: 'Lucas Martin' });
        if (phone) await expect(row).not.toContainText(day);
        else await expect(row).toContainText(`${day} ${words[language].time}${courseDay(new Date(Date.parse(course.startDate) + 86_400_000).toISOString(), language)} ${words[language].end}`);
        await centre.screenshot({ path: `${SCREENSHOTS}/weekday-centre-bookings-${at}.png`, fullPage: true });

        // The centre's courses: the date column on a laptop, the line under the title on a phone.
        await centre.goto('/organization/courses?q=R0500500603');
        await gridLoaded(centre);
        await expect(centre.locator(`.MuiDataGrid-row[data-id="${course.id}"]`)).toContainText(`${day} ${words[language].time}`);
        await centre.screenshot({ path: `${SCREENSHOTS}/weekday-centre-courses-${at}.png`, fullPage: true });
        await centre.context().close();

        // The administrators' bookings and courses: the course's date column (hidden on a phone).
        const admin = await pageOf(browser, baseURL!, 'admin@demo.test', width, language);
        await admin.goto(`/admin/bookings?q=${reference}`);
        await gridLoaded(admin);
        const bookingRow = admin.locator('.MuiDataGrid-row', { hasText: reference });
        if (phone) await expect(bookingRow).not.toContainText(day);
        else await expect(bookingRow).toContainText(day);
        await admin.screenshot({ path: `${SCREENSHOTS}/weekday-admin-bookings-${at}.png`, fullPage: true });
        await admin.goto(`/admin/courses?q=${course.id}`);
        await gridLoaded(admin);
        const courseRow = admin.locator('.MuiDataGrid-row').first();
        await expect(courseRow).toContainText('Gap');
        if (phone) await expect(courseRow).not.toContainText(day);
        else await expect(courseRow).toContainText(day);
        await admin.screenshot({ path: `${SCREENSHOTS}/weekday-admin-courses-${at}.png`, fullPage: true });
        await admin.context().close();
      }
    }
  });

  test('the attendance sheet asks for a course in its own words', async ({ page }) => {
    await signIn(page);
    await page.goto('/organization/bookings');
    await gridLoaded(page);
    await page.getByRole('button', { name: 'Feuille d’émargement' }).click();
    await expect(page.getByText('Veuillez sélectionner un stage spécifique pour imprimer sa feuille d’émargement.')).toBeVisible();
    await expect(page.getByText('Veuillez sélectionner un stage spécifique pour exporter la liste des participants.')).toHaveCount(0);
  });

  test('the course list is searched as one types, by month and order kept in the address; a finished course cannot be changed', async ({ page }) => {
    await signIn(page);
    const course = await publishGapCourse(page, 75, 'R0500500602');
    await page.goto('/organization/courses');
    await gridLoaded(page);
    await expect(page.getByRole('columnheader', { name: 'Places restantes' })).toBeVisible();
    const row = page.locator(`.MuiDataGrid-row[data-id="${course.id}"]`);

    // Typing filters, without Enter; the search, month and order stay in the address.
    await page.getByLabel('Rechercher').fill('R0500500602');
    await expect(page).toHaveURL(/[?&]q=R0500500602/);
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
    await expect(row).toContainText('14 restantes / 14');
    const month = parisCalendarDay(new Date(course.startDate)).slice(0, 7);
    await page.locator('#courses-month').click();
    await page.getByRole('option', { name: new RegExp(`${new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`))} ${month.slice(0, 4)}`, 'i') }).click();
    await expect(page).toHaveURL(new RegExp(`month=${month}`));
    await page.locator('#courses-sort').click();
    await page.getByRole('option', { name: 'Titre (A → Z)' }).click();
    await expect(page).toHaveURL(/sort=title/);
    await page.reload();
    await gridLoaded(page);
    await expect(page.getByLabel('Rechercher')).toHaveValue('R0500500602');
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(page).toHaveURL(/\/organization\/courses$/);

    // The demo centre's course held last month: edit and delete disabled, the tooltip says why.
    await page.getByRole('button', { name: 'Passés' }).click();
    const held = page.locator('.MuiDataGrid-row', { hasText: 'Terminé' }).first();
    await expect(held.getByRole('button', { name: /^Modifier/ })).toBeDisabled();
    await expect(held.getByRole('button', { name: /^Supprimer/ })).toBeDisabled();
    await held.getByTestId('edit-course').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Ce stage est terminé : il ne peut plus être modifié ni supprimé.');
  });

  test('a place must be real: the postal code of its department, the city one of its communes', async ({ page }) => {
    await signIn(page);
    await page.goto('/organization/courses');
    await page.getByRole('button', { name: 'Créer un stage', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Créer un stage' });
    await form.locator('#course-title').fill('Toulon');
    await form.locator('#course-address').fill('12 avenue de la République');
    await form.locator('#course-city').fill('Toulon');
    await form.locator('#course-department').click();
    await page.getByRole('option', { name: /^83 –/ }).click();
    await form.locator('#course-postalCode').fill('75001');
    await form.locator('#course-startDate').fill(legalStart(20));
    let sent = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/courses' && r.method() === 'POST') sent = true;
    });
    await form.getByRole('button', { name: 'Créer le stage' }).click();
    await expect(form.locator('#course-postalCode-helper-text')).toHaveText('Le code postal 75001 n’est celui d’aucune commune du département 83 (Var)');

    // Draguignan's postal code: the form proposes its communes, and refuses Toulon there.
    await form.locator('#course-postalCode').fill('83300');
    await expect(form.getByTestId('course-communes')).toContainText('Communes du 83300 :');
    await form.getByRole('button', { name: 'Créer le stage' }).click();
    await expect(form.locator('#course-city-helper-text')).toHaveText('Cette ville n’est pas desservie par le code postal 83300, qui est celui de : Draguignan, Châteaudouble');
    expect(sent).toBe(false);
    await form.getByRole('button', { name: 'Choisir Draguignan (83) comme ville' }).click();
    await expect(form.locator('#course-city')).toHaveValue('Draguignan');
    await form.getByRole('button', { name: 'Annuler' }).click();
  });

  test('an administrator’s search box filters as one types', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/users');
    await gridLoaded(page);
    await page.getByRole('search', { name: 'Rechercher un utilisateur' }).getByRole('textbox').fill('emma.girard');
    await expect(page).toHaveURL(/[?&]q=emma\.girard/);
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
    await expect(page.locator('.MuiDataGrid-row')).toContainText('emma.girard@demo.test');
  });
});
