import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { addDays, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { nextLegalCourseStart } from '../shared-events/src/calendar/course-days';
import { parisTime } from '../shared-events/src/calendar/paris';
import { AXE_MATRIX, checkA11y, checkReflow, ready, settle } from './support/a11y';
import { CENTRE, learnerBooks, legalStart, signIn, sundaySession, WRITE } from './support/centre';
import { WALK_TIMEOUT_MS } from './support/context';

/**
 * The training centre's day (spec 001 §2, issue 12): publish a course and a batch (a Sunday refused with its
 * reason), change one, see a learner's booking arrive, confirm a pending one, export the participants and
 * print the attendance sheet, delete a course with a paid booking (the learner refunded); then every centre
 * page in French and English, at 360 and 1280 px, checked by axe against WCAG 2.2 A/AA, and photographed.
 */

const SCREENSHOTS = join('test-results', 'screenshots');

async function fillCommon(page: Page, prefix: string) {
  await page.locator(`#${prefix}-title`).fill('Istres');
  await page.locator(`#${prefix}-address`).fill('Maison des Associations, 1 allée Jean Jaurès');
  await page.locator(`#${prefix}-city`).fill('Istres');
  await page.locator(`#${prefix}-postalCode`).fill('13800');
  await page.locator(`#${prefix}-department`).click();
  await page.getByRole('option', { name: /^13 –/ }).click();
}

test.describe('a training centre', () => {
  test('publishes, fills, confirms, exports, prints, and deletes a course whose learner is refunded', async ({ page, baseURL }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Connexion' }).first().click();
    const signInDialog = page.getByRole('dialog');
    await signInDialog.getByLabel(/^Email/).fill(CENTRE.email);
    await signInDialog.getByLabel(/^Mot de passe/).fill(CENTRE.password);
    await signInDialog.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/organization$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Espace centre de formation' })).toBeVisible();
    // The demo centre has a course a week away short of its 6 participants.
    await expect(page.getByTestId('short-of-participants')).toContainText('Un stage risque de ne pas pouvoir se tenir');

    // One course: choosing the start proposes the end, the next day at 17:00.
    await page.getByRole('link', { name: 'Mes stages' }).first().click();
    await page.getByRole('button', { name: 'Créer un stage' }).click();
    const form = page.getByRole('dialog', { name: 'Créer un stage' });
    await fillCommon(page, 'course');
    const start = legalStart(10);
    await page.locator('#course-startDate').fill(start);
    await expect(page.locator('#course-endDate')).not.toHaveValue('');
    await page.locator('#course-price').fill('219,50');
    await page.locator('#course-totalSpots').fill('12');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/courses' && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Créer le stage' }).click();
    const course = (await (await created).json()) as { id: string; price: number; startDate: string; endDate: string };
    expect(course.price).toBe(21_950);
    expect(Date.parse(course.endDate) - Date.parse(course.startDate)).toBe(33 * 3_600_000);
    await expect(page.getByText('Le stage a été créé avec succès')).toBeVisible();
    const row = page.locator(`.MuiDataGrid-row[data-id="${course.id}"]`);
    await expect(row).toContainText('Istres');
    await expect(row).toContainText('219,50');

    // Three at once; a session on a Sunday is refused with the reason, under its own field.
    await page.getByRole('link', { name: 'Créer plusieurs stages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Créer plusieurs stages' })).toBeVisible();
    await fillCommon(page, 'batch');
    await page.locator('#session-1-startDate').fill(legalStart(30));
    await page.getByRole('button', { name: 'Ajouter une session' }).click();
    await page.locator('#session-2-startDate').fill(sundaySession(30).start);
    await page.getByRole('button', { name: 'Ajouter une session' }).click();
    await page.locator('#session-3-startDate').fill(legalStart(44));
    await page.getByRole('button', { name: 'Créer 3 stages' }).click();
    await expect(page.getByText(/Aucun stage ne peut avoir lieu un dimanche/)).toBeVisible();
    await page.locator('#session-2-startDate').fill(legalStart(37));
    await page.getByRole('button', { name: 'Créer 3 stages' }).click();
    await expect(page.getByText('3 cours ont été créés avec succès')).toBeVisible();
    await expect(page).toHaveURL(/\/organization\/courses$/);

    // Change the price of the first.
    await row.getByRole('button', { name: /^Modifier Istres/ }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le stage' });
    await edit.locator('#course-price').fill('199');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le stage a été mis à jour avec succès')).toBeVisible();
    await expect(row).toContainText('199,00');

    // A learner books and pays; another books and waits for the centre's approval.
    const learnerApi = await playwrightRequest.newContext({ baseURL });
    const paid = await learnerBooks(learnerApi, 'lucas.martin@demo.test', course.id, true);
    const otherApi = await playwrightRequest.newContext({ baseURL });
    await learnerBooks(otherApi, 'emma.girard@demo.test', course.id, false);

    await row.getByRole('link', { name: /^Voir les réservations de Istres/ }).click();
    await expect(page).toHaveURL(new RegExp(`/organization/bookings\\?courseId=${course.id}`));
    const lucas = page.locator('.MuiDataGrid-row', { hasText: 'Lucas Martin' });
    await expect(lucas).toContainText('Payé');
    const emma = page.locator('.MuiDataGrid-row', { hasText: 'Emma Girard' });
    await expect(emma).toContainText('En attente');
    await emma.getByRole('button', { name: /^Confirmer la réservation/ }).click();
    const approve = page.getByRole('dialog', { name: 'Confirmer cette réservation ?' });
    await expect(approve).toContainText('irréversible');
    await approve.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(page.getByText('Réservation confirmée', { exact: true })).toBeVisible();
    await expect(emma).toContainText('Confirmée');

    // The participants, as a CSV a French spreadsheet opens in columns with its accents.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter les participants' }).click();
    await expect(page.getByText('Export en cours')).toBeVisible();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe('participants.csv');
    const bytes = readFileSync(await csv.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('"Référence";"Nom";"Prénom";"E-mail";"Téléphone";"N° de permis";"Date de naissance";"Lieu de naissance";"Statut";"Paiement";"Montant (€)";"Réservé le";"Cas du stagiaire"');
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes('"Girard";"Emma"'))).toContain('"Confirmée";"À régler au centre";"199,00"');
    expect(lines.find((l) => l.includes('"Martin";"Lucas"'))).toContain('"Payé"');

    const sheetDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Feuille d’émargement' }).click();
    const sheet = await sheetDownload;
    expect(sheet.suggestedFilename()).toMatch(/^feuille-emargement-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(readFileSync(await sheet.path()).subarray(0, 5).toString()).toBe('%PDF-');

    // Without a course chosen, the export says what to do.
    await page.locator('#bookings-course').click();
    await page.getByRole('option', { name: 'Tous les stages' }).click();
    await page.getByRole('button', { name: 'Exporter les participants' }).click();
    await expect(page.getByText('Veuillez sélectionner un stage spécifique pour exporter la liste des participants.')).toBeVisible();

    // Deleting the course cancels both bookings and refunds the paid one.
    await page.goto('/organization/courses');
    await page.locator(`.MuiDataGrid-row[data-id="${course.id}"]`).getByRole('button', { name: /^Supprimer Istres/ }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Supprimer ce stage ?' });
    await expect(confirmDelete).toContainText('Ce stage possède des réservations en cours. Les utilisateurs concernés seront remboursés.');
    await confirmDelete.getByRole('button', { name: 'Supprimer le stage' }).click();
    await expect(page.getByText(/Le stage a été supprimé avec succès\. 1 participant a été remboursé/)).toBeVisible();
    // A cancelled course is no longer upcoming: it shows under Past, and can no longer be changed.
    await page.getByRole('button', { name: 'Passés' }).click();
    await expect(page.locator(`.MuiDataGrid-row[data-id="${course.id}"]`)).toContainText('Annulé');
    await expect(page.locator(`.MuiDataGrid-row[data-id="${course.id}"]`).getByRole('button', { name: /^Modifier/ })).toBeDisabled();
    const learnerBookings = (await (await learnerApi.get('/api/user/bookings')).json()) as Array<{ id: string; status: string; payment: { status: string } | null }>;
    expect(learnerBookings.find((b) => b.id === paid)).toMatchObject({ status: 'CANCELLED', payment: { status: 'REFUNDED' } });
    await learnerApi.dispose();
    await otherApi.dispose();
  });

  for (const [language, width] of AXE_MATRIX) {
        test(`pages pass axe (WCAG 2.2 A/AA) in ${language} at ${width} px, dialogs open`, async ({ browser, baseURL }) => {
      test.setTimeout(WALK_TIMEOUT_MS);
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: language === 'fr' ? 'fr-FR' : 'en-US' });
      await context.addInitScript((lang) => localStorage.setItem('recup-points.language', lang), language);
      const page = await context.newPage();
      await signIn(page);
      mkdirSync(SCREENSHOTS, { recursive: true });
      const pages: Array<[string, string]> = [
        ['dashboard', '/organization'], ['courses', '/organization/courses'], ['batch', '/organization/courses/batch'],
        ['bookings', '/organization/bookings'], ['profile', '/organization/profile'], ['statements', '/organization/statements'], ['annual-report', '/organization/reports'],
      ];
      // The attendance of the demo course that ended about a week ago (issue 20).
      const centreCourses = (await (await page.request.get('/api/organization/courses')).json()) as Array<{ id: string; status: string; endDate: string }>;
      const lastWeek = centreCourses.find((c) => c.status === 'COMPLETED' && Date.now() - Date.parse(c.endDate) < 12 * 86_400_000);
      expect(lastWeek, 'the demo course that ended a week ago').toBeTruthy();
      pages.push(['attendance', `/organization/courses/${lastWeek!.id}/attendance`]);
      for (const [name, path] of pages) {
        await page.goto(path);
        await ready(page);
        await checkA11y(page, `centre ${name} (${language}, ${width} px)`);
        await checkReflow(page, `centre ${name} (${language}, ${width} px)`);
        await page.screenshot({ path: join(SCREENSHOTS, `centre-${name}-${language}-${width}.png`), fullPage: true });
      }
      const t = language === 'fr'
        ? { create: 'Créer un stage', edit: /^Modifier/, remove: /^Supprimer/, keep: 'Conserver le stage', cancel: 'Annuler', details: /^Détails de la réservation/, close: 'Fermer', approve: /^Confirmer la réservation/, submit: /^Créer 1 stage/, record: /^Enregistrer le règlement reçu/, move: /^Changer la date de la réservation / }
        : { create: 'Create a course', edit: /^Edit/, remove: /^Delete/, keep: 'Keep the course', cancel: 'Cancel', details: /^Details of booking/, close: 'Close', approve: /^Confirm booking/, submit: /^Create 1 course/, record: /^Record the payment received/, move: /^Change the date of booking / };

      // The prefecture's packs on the dashboard (issue 20 §3): the demo centre has two ended courses whose pack is awaited
      // (the pack test marks one sent); the 'mark sent' confirmation.
      await page.goto('/organization');
      await ready(page);
      await page.getByTestId('awaited-pack').first().getByRole('button', { name: language === 'fr' ? /^Marquer envoyé/ : /^Mark sent/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkA11y(page, `mark pack sent dialog (${language}, ${width} px)`);
      await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/organization/courses');
      await ready(page);
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await page.getByRole('dialog').locator('button[type=submit]').click();
      await expect(page.getByRole('dialog').locator('.Mui-error').first()).toBeVisible();
      await checkA11y(page, `create-course dialog with errors (${language}, ${width} px)`);
      await page.screenshot({ path: join(SCREENSHOTS, `centre-create-dialog-${language}-${width}.png`) });
      await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click();
      await page.locator('.MuiDataGrid-row').first().getByRole('button', { name: t.remove }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkA11y(page, `delete-course dialog (${language}, ${width} px)`);
      await page.getByRole('button', { name: t.keep }).click();

      await page.goto('/organization/courses/batch');
      await ready(page);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('.Mui-error').first()).toBeVisible();
      await checkA11y(page, `batch page with errors (${language}, ${width} px)`);

      const walkDay = nextLegalCourseStart(addDays(parisCalendarDay(new Date()), language === 'fr' ? 45 : 52));
      // The walk's own course, with a booking waiting for the centre and one it confirmed unpaid: no other test's data.
      const course = await page.request.post('/api/courses', {
        ...WRITE,
        data: {
          title: 'Digne-les-Bains', address: '2 place du Général de Gaulle', city: 'Digne-les-Bains', postalCode: '04000', department: '04', price: 21_900, totalSpots: 12,
          antsNumber: `R04-AXE-${language}-${width}`, startDate: parisTime(walkDay, 8 * 60).toISOString(), endDate: parisTime(addDays(walkDay, 1), 17 * 60).toISOString(),
        },
      });
      expect(course.status(), await course.text()).toBe(201);
      const courseId = ((await course.json()) as { id: string }).id;
      const waitingApi = await playwrightRequest.newContext({ baseURL });
      await learnerBooks(waitingApi, 'chloe.fontaine@demo.test', courseId, false);
      const unpaidApi = await playwrightRequest.newContext({ baseURL });
      const unpaid = await learnerBooks(unpaidApi, 'theo.rousseau@demo.test', courseId, false);
      expect((await page.request.post(`/api/bookings/${unpaid}/approve`, WRITE)).ok()).toBe(true);
      await waitingApi.dispose();
      await unpaidApi.dispose();

      await page.goto(`/organization/bookings?courseId=${courseId}`);
      await ready(page);
      const pending = page.locator('.MuiDataGrid-row').filter({ has: page.getByRole('button', { name: t.approve }) }).first();
      await pending.getByRole('button', { name: t.details }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkA11y(page, `booking detail dialog (${language}, ${width} px)`);
      await page.screenshot({ path: join(SCREENSHOTS, `centre-booking-dialog-${language}-${width}.png`) });
      await page.getByRole('dialog').getByRole('button', { name: t.close }).click();
      await pending.getByRole('button', { name: t.approve }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkA11y(page, `confirm booking dialog (${language}, ${width} px)`);
      await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // A booking the demo centre confirmed unpaid: the record of the money received.
      await page.locator('.MuiDataGrid-row').getByRole('button', { name: t.record }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkA11y(page, `record payment dialog (${language}, ${width} px)`);
      await page.screenshot({ path: join(SCREENSHOTS, `centre-payment-dialog-${language}-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Changing a learner's date (issue 19 §4): the centre's other courses with a free place, then the confirmation.
      await page.locator('.MuiDataGrid-row').getByRole('button', { name: t.move }).first().click();
      const move = page.getByTestId('move-dialog');
      await expect(move.getByTestId('move-option').first()).toBeVisible();
      await settle(page);
      await checkA11y(page, `move dialog (${language}, ${width} px)`);
      await page.screenshot({ path: join(SCREENSHOTS, `centre-move-dialog-${language}-${width}.png`) });
      await move.getByTestId('move-option').first().click();
      await expect(move.getByTestId('move-money')).toBeVisible();
      await settle(page);
      await checkA11y(page, `move confirmation (${language}, ${width} px)`);
      await page.screenshot({ path: join(SCREENSHOTS, `centre-move-confirmation-${language}-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(move).toHaveCount(0);
      await context.close();
    });
  }
});
