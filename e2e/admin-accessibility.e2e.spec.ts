import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AXE_MATRIX, checkA11y, checkReflow, ready, settle } from './support/a11y';
import { gridLoaded, signIn, useLanguage } from './support/admin';
import { WALK_TIMEOUT_MS } from './support/context';

/** Screenshots of every administration screen and dialog, looked at by people (test-results/screenshots/admin). */
const SCREENSHOTS = join('test-results', 'screenshots', 'admin');

const LABELS = {
  fr: { view: /^Voir /, history: 'Historique', close: 'Fermer', cancel: 'Annuler', newUser: 'Nouvel utilisateur', newCentre: 'Créer un centre', newCourse: 'Créer un stage', refund: /^Rembourser /, cancelBooking: /^Annuler la réservation /, deleteBooking: /^Supprimer RP-/, approve: /^Approuver /, rowMenu: /^Actions pour /, changeRole: 'Changer le rôle', move: /^Changer la date de RP-/, markPaid: /^Marquer payé le relevé de / },
  en: { view: /^View /, history: 'History', close: 'Close', cancel: 'Cancel', newUser: 'New user', newCentre: 'Create a centre', newCourse: 'Create a course', refund: /^Refund /, cancelBooking: /^Cancel the booking /, deleteBooking: /^Delete RP-/, approve: /^Approve /, rowMenu: /^Actions for /, changeRole: 'Change Role', move: /^Change the date of RP-/, markPaid: /^Mark paid: statement of / },
} as const;

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

for (const [language, width] of AXE_MATRIX) {
    test(`admin area, ${language}, ${width} px: every screen and dialog passes axe WCAG 2.2 A/AA`, async ({ browser }) => {
    test.setTimeout(WALK_TIMEOUT_MS);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const labels = LABELS[language];
    await useLanguage(page, language);
    await signIn(page);
    const shot = async (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}-${language}-${width}.png`), fullPage: true });
    const check = async (label: string, name: string) => {
      await settle(page);
      await checkA11y(page, `${label} (${language}, ${width} px)`);
      await shot(name);
    };
    const screen = async (path: string, name: string) => {
      await page.goto(path);
      await ready(page);
      if (path !== '/admin') await gridLoaded(page);
      await check(path, name);
      await checkReflow(page, `${path} (${language}, ${width} px)`);
    };
    const dialog = () => page.getByRole('dialog');
    const closeDialog = async () => {
      await page.keyboard.press('Escape');
      await expect(dialog()).toHaveCount(0);
    };
    const openFirst = async (label: RegExp | string) => {
      await page.getByRole('button', { name: label }).first().click();
      await expect(dialog()).toBeVisible();
    };

    await screen('/admin', 'dashboard');

    await screen('/admin/bookings', 'bookings');
    await openFirst(labels.view);
    await expect(dialog().getByRole('heading', { level: 3 }).first()).toBeVisible();
    await check('booking detail', 'booking-detail');
    await dialog().getByRole('tab', { name: labels.history }).click();
    await expect(dialog().getByRole('list').first()).toBeVisible();
    await check('booking history', 'booking-history');
    await closeDialog();
    await openFirst(labels.cancelBooking);
    await check('booking cancellation', 'booking-cancel');
    await closeDialog();
    // Changing a learner's date (issue 19 §4): the courses with a free place, then the confirmation.
    await page.getByRole('button', { name: labels.move }).first().click();
    const move = page.getByTestId('move-dialog');
    await expect(move.getByTestId('move-option').first()).toBeVisible();
    await check('booking move', 'booking-move');
    await move.getByTestId('move-option').first().click();
    await expect(move.getByTestId('move-money')).toBeVisible();
    await check('booking move confirmation', 'booking-move-confirmation');
    await closeDialog();
    await page.getByRole('combobox', { name: language === 'fr' ? 'Statut' : 'Status' }).click();
    await page.getByRole('option', { name: language === 'fr' ? 'En attente' : 'Pending' }).click();
    await gridLoaded(page);
    await openFirst(labels.deleteBooking);
    await check('booking deletion', 'booking-delete');
    await closeDialog();

    await screen('/admin/payments', 'payments');
    await openFirst(labels.view);
    await check('payment detail', 'payment-detail');
    await closeDialog();
    await openFirst(labels.refund);
    await check('refund confirmation', 'payment-refund');
    await closeDialog();

    // The centres' statements (issue 20 §6): a table, not a grid; the confirmation of a payment.
    await page.goto('/admin/statements');
    await ready(page);
    await expect(page.locator('[data-testid^="statement-"]').first()).toBeVisible();
    await check('/admin/statements', 'statements');
    await checkReflow(page, `/admin/statements (${language}, ${width} px)`);
    await page.getByRole('button', { name: labels.markPaid }).first().click();
    await expect(dialog()).toBeVisible();
    await check('statement payment confirmation', 'statement-mark-paid');
    await closeDialog();

    await screen('/admin/courses', 'courses');
    await openFirst(labels.view);
    await check('course detail', 'course-detail');
    await closeDialog();
    await page.getByRole('button', { name: labels.newCourse }).click();
    await expect(dialog()).toBeVisible();
    await check('course creation', 'course-create');
    await closeDialog();

    await screen('/admin/organizations', 'organizations');
    await openFirst(labels.approve);
    await check('centre approval', 'organization-approve');
    await closeDialog();
    await page.getByRole('button', { name: labels.newCentre }).click();
    await expect(dialog()).toBeVisible();
    await dialog().getByRole('button', { name: language === 'fr' ? 'Créer' : 'Create' }).click();
    await check('centre creation with its errors', 'organization-create');
    await closeDialog();

    // The centres' annual reports (issue 20 §4): a centre chosen, its figures shown.
    await page.goto('/admin/reports');
    await ready(page);
    await page.getByLabel(language === 'fr' ? 'Centre de formation' : 'Training centre').selectOption({ index: 1 });
    await expect(page.getByTestId('annual-report-figures').or(page.getByTestId('annual-report-empty'))).toBeVisible();
    await check('annual report', 'annual-report');
    await checkReflow(page, `/admin/reports (${language}, ${width} px)`);

    await screen('/admin/users', 'users');
    await page.getByRole('button', { name: labels.rowMenu }).first().click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check('user row menu', 'user-menu');
    await page.getByRole('menuitem', { name: labels.changeRole }).click();
    await expect(dialog()).toBeVisible();
    await check('role change', 'user-role');
    await closeDialog();
    await page.getByRole('button', { name: labels.newUser }).click();
    await expect(dialog()).toBeVisible();
    await dialog().getByRole('button', { name: language === 'fr' ? 'Créer' : 'Create' }).click();
    await check('user creation with its errors', 'user-create');
    await closeDialog();
    await context.close();
  });
}

test('a learner who opens an administration page is sent to the dashboard', async ({ page }: { page: Page }) => {
  await signIn(page, { email: 'learner@demo.test', password: 'demo-password' });
  await page.goto('/admin/payments');
  await expect(page).toHaveURL(/\/dashboard$/);
});
