import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN, gridLoaded } from './support/admin';
import { checkA11y, ready } from './support/a11y';
import { parisTime } from '../shared-events/src/calendar/paris';
import { addDays } from '../shared-events/src/calendar/calendar-day';
import { legalStart, signIn, WRITE } from './support/centre';
import { newLearner } from './support/new-learner';
import { join } from 'node:path';

const SCREENSHOTS = join('test-results', 'screenshots');

/**
 * Issue 18, points 5, 6 and 10, as a centre and an administrator see them: a verified centre's change of name,
 * address or approval waits for an administrator (its old details in force until then), who approves or rejects
 * it seeing old → new; a centre whose verification is withdrawn is told on its dashboard, and its courses leave
 * the public pages. Each test makes its own centre: the demo centre stays as the other tests expect it.
 */

const PROFILE = {
  name: 'Var Route Avenir', address: '3 avenue de la Victoire', city: 'Hyères', postalCode: '83400', email: 'contact@var-route-avenir.test',
  phoneNumber: '04 94 12 34 56', website: 'https://var-route-avenir.test', description: 'Stages de récupération de points à Hyères et alentours.',
  descriptionEn: 'Points recovery courses in Hyères and nearby.', prefectApprovalReference: 'R1308300100',
};

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A verified centre run by a new ORGANIZATION account, with one course; created by an administrator through the API
 * (`signedIn`: an administrator's context to use, left open; sign-ins are rate-limited).
 */
async function verifiedCentre(baseURL: string, name: string, language: 'FR' | 'EN', signedIn?: APIRequestContext) {
  const api = signedIn ?? await playwrightRequest.newContext({ baseURL });
  if (!signedIn) await ok(await api.post('/api/auth/login', { ...WRITE, data: ADMIN }), 'admin sign-in');
  const email = `centre-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.test`;
  const account = await ok<{ id: string }>(await api.post('/api/admin/users', {
    ...WRITE, data: { email, firstName: 'Claire', lastName: 'Moreau', role: 'ORGANIZATION', language, password: 'centre-password' },
  }), 'centre account');
  const centre = await ok<{ id: string }>(await api.post('/api/admin/organizations', { ...WRITE, data: { ...PROFILE, name, isVerified: true, ownerUserId: account.id } }), 'centre');
  // Two legal days, 08:00 on the first to 17:00 on the second, in Paris (whatever the season's offset).
  const first = legalStart(20).slice(0, 10);
  const course = await ok<{ id: string }>(await api.post('/api/courses', {
    ...WRITE,
    data: {
      title: 'Hyères', description: 'Stage', organizationId: centre.id, address: 'Espace Costebelle, 7 avenue Gambetta', city: 'Hyères', postalCode: '83400',
      startDate: parisTime(first, 8 * 60).toISOString(), endDate: parisTime(addDays(first, 1), 17 * 60).toISOString(), price: 21_900, totalSpots: 12, status: 'SCHEDULED',
    },
  }), 'course');
  if (!signedIn) await api.dispose();
  return { email, password: 'centre-password', centreId: centre.id, courseId: course.id };
}

/** Leaves the shared platform as the other tests expect it: the course withdrawn, the centre verified (not pending). */
async function tidyUp(baseURL: string, centre: { centreId: string; courseId: string }) {
  const api = await playwrightRequest.newContext({ baseURL });
  await ok(await api.post('/api/auth/login', { ...WRITE, data: ADMIN }), 'admin sign-in');
  await ok(await api.post(`/api/admin/organizations/${centre.centreId}/approve`, WRITE), 'verified again');
  await ok(await api.delete(`/api/courses/${centre.courseId}`, WRITE), 'course deleted');
  await api.dispose();
}

async function adminPage(browser: Browser, language: 'fr' | 'en', width: number): Promise<Page> {
  const context = await browser.newContext({ locale: language === 'fr' ? 'fr-FR' : 'en-US', viewport: { width, height: 900 } });
  await context.addInitScript((lang) => window.localStorage.setItem('recup-points.language', lang), language);
  const page = await context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  return page;
}

test.describe('a centre’s verification', () => {
  test('a verified centre’s new name waits for an administrator, who approves it seeing old → new; the public sees it as text', async ({ page, browser, baseURL }) => {
    const centre = await verifiedCentre(baseURL!, 'Var Route Avenir', 'FR');
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, centre.email, centre.password);
    await page.goto('/organization/profile');
    await ready(page);
    await expect(page.getByTestId('identity-approval-note')).toContainText('un changement de nom, d’adresse ou d’agrément préfectoral est appliqué une fois approuvé par un administrateur');

    await page.locator('#centre-name').fill('Renamed Centre <b>x</b>');
    await page.locator('#centre-phoneNumber').fill('04 94 99 99 99');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Modification envoyée pour validation')).toBeVisible();
    const notice = page.getByTestId('pending-identity-change');
    await expect(notice).toContainText('Modification en attente de validation');
    await expect(notice).toContainText('Nom du centre : Var Route Avenir → Renamed Centre <b>x</b>');
    // The form keeps what was asked for, and says what is in force; the centre is still verified.
    await expect(page.locator('#centre-name')).toHaveValue('Renamed Centre <b>x</b>');
    await expect(page.getByText('Modification en attente de validation ; en vigueur : Var Route Avenir')).toBeVisible();
    await expect(page.getByText('Centre vérifié', { exact: true })).toBeVisible();
    await checkA11y(page, 'the centre profile with a change awaiting approval');

    // Until approved, the public sees the centre's name in force.
    const visitor = await playwrightRequest.newContext({ baseURL });
    expect(((await ok<{ organization: { name: string } }>(await visitor.get(`/api/courses/${centre.courseId}`), 'course')).organization.name)).toBe('Var Route Avenir');

    const admin = await adminPage(browser, 'fr', 1280);
    await admin.goto('/admin/organizations?pendingChange=true');
    await gridLoaded(admin);
    const row = admin.locator(`.MuiDataGrid-row[data-id="${centre.centreId}"]`);
    await expect(row).toContainText('Modification à valider');
    await row.getByRole('button', { name: 'Examiner la modification demandée par Var Route Avenir' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Modification demandée par « Var Route Avenir »' });
    const changes = dialog.getByTestId('identity-changes');
    await expect(changes).toContainText('Nom');
    await expect(changes).toContainText('En vigueur : Var Route Avenir');
    await expect(changes).toContainText('Demandé : Renamed Centre <b>x</b>');
    // Only the name changes: the phone applied at once, nothing else is asked.
    await expect(changes.locator('dt')).toHaveCount(1);
    await checkA11y(admin, 'the review of a centre’s change');
    await dialog.getByRole('button', { name: 'Approuver la modification' }).click();
    await expect(admin.getByText('Modification approuvée')).toBeVisible();
    await expect(row).toHaveCount(0);

    // Approved: the public course page names the new centre, its markup shown as text.
    const publicPage = await browser.newPage();
    await publicPage.goto(`${baseURL}/courses/${centre.courseId}`);
    await expect(publicPage.getByText('Renamed Centre <b>x</b>').first()).toBeVisible();
    await expect(publicPage.locator('main b', { hasText: /^x$/ })).toHaveCount(0);
    await publicPage.close();

    await page.reload();
    await ready(page);
    await expect(page.getByTestId('pending-identity-change')).toHaveCount(0);
    await expect(page.locator('#centre-name')).toHaveValue('Renamed Centre <b>x</b>');
    await visitor.dispose();
    await admin.context().close();
    await tidyUp(baseURL!, centre);
  });

  test('an administrator rejects a change from the centre’s detail: the centre keeps its details', async ({ page, browser, baseURL }) => {
    const centre = await verifiedCentre(baseURL!, 'Provence Route Claire', 'EN');
    await page.addInitScript(() => window.localStorage.setItem('recup-points.language', 'en'));
    await signIn(page, centre.email, centre.password);
    await page.goto('/organization/profile');
    await ready(page);
    await page.locator('#centre-address').fill('1 place Clemenceau');
    await page.locator('#centre-city').fill('Toulon');
    await page.locator('#centre-postalCode').fill('83000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('pending-identity-change')).toContainText('Address: 3 avenue de la Victoire → 1 place Clemenceau');
    await page.goto('/organization');
    await expect(page.getByTestId('pending-identity-change')).toContainText('Change awaiting approval');

    const admin = await adminPage(browser, 'en', 360);
    await admin.goto(`/admin/organizations?organization=${centre.centreId}`);
    const detail = admin.getByRole('dialog', { name: 'Provence Route Claire' });
    await expect(detail.getByTestId('identity-changes')).toContainText('Requested: Toulon');
    await detail.getByRole('button', { name: 'Review' }).last().click();
    const review = admin.getByRole('dialog', { name: 'Change requested by “Provence Route Claire”' });
    await expect(review.getByTestId('identity-changes').locator('dt')).toHaveCount(3);
    await review.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.getByText('Change rejected')).toBeVisible();

    await page.goto('/organization/profile');
    await ready(page);
    await expect(page.getByTestId('pending-identity-change')).toHaveCount(0);
    await expect(page.locator('#centre-city')).toHaveValue('Hyères');
    await admin.context().close();
    await tidyUp(baseURL!, centre);
  });

  test('a centre whose verification is withdrawn is told on its dashboard, and its course page is public no more', async ({ page, browser, baseURL }) => {
    const centre = await verifiedCentre(baseURL!, 'Azur Route Retirée', 'FR');
    const admin = await adminPage(browser, 'fr', 1280);
    await admin.goto(`/admin/organizations?organization=${centre.centreId}`);
    await admin.getByRole('dialog', { name: 'Azur Route Retirée' }).getByRole('button', { name: 'Modifier le centre' }).click();
    const form = admin.getByRole('dialog', { name: 'Modifier le centre' });
    await form.getByLabel('Centre vérifié').uncheck();
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(admin.getByText('Centre mis à jour')).toBeVisible();

    await signIn(page, centre.email, centre.password);
    await page.goto('/organization');
    await expect(page.getByTestId('verification-withdrawn')).toContainText('Vérification de votre centre retirée');
    await expect(page.getByTestId('verification-withdrawn')).toContainText('Les réservations déjà faites restent valables');
    await checkA11y(page, 'the dashboard of a centre whose verification was withdrawn');

    const visitor = await browser.newPage();
    await visitor.goto(`${baseURL}/courses/${centre.courseId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Stage introuvable' })).toBeVisible();
    await visitor.close();
    await admin.context().close();
    await tidyUp(baseURL!, centre);
  });

  test('a learner whose booking’s centre is withdrawn reads on the checkout, in words, that it cannot be paid, and cancels it', async ({ browser, baseURL }) => {
    const admin = await playwrightRequest.newContext({ baseURL });
    await ok(await admin.post('/api/auth/login', { ...WRITE, data: ADMIN }), 'admin sign-in');
    const centre = await verifiedCentre(baseURL!, 'Estérel Route Retirée', 'FR', admin);
    const learner = await playwrightRequest.newContext({ baseURL });
    const email = `unpaid-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.test`;
    await newLearner(learner, email);
    const booking = await ok<{ id: string }>(await learner.post('/api/bookings', { ...WRITE, data: { earlyStartRequested: true, courseId: centre.courseId } }), 'booking');
    await ok(await admin.patch(`/api/admin/organizations/${centre.centreId}`, { ...WRITE, data: { ...PROFILE, name: 'Estérel Route Retirée', isVerified: false } }), 'verification withdrawn');
    // The learner's session, in each browser (sign-ins are rate-limited per client).
    const session = await learner.storageState();

    for (const [language, width] of [['fr', 360], ['en', 1280]] as const) {
      const context = await browser.newContext({ locale: language === 'fr' ? 'fr-FR' : 'en-US', viewport: { width, height: 900 }, storageState: session });
      await context.addInitScript((lang) => window.localStorage.setItem('recup-points.language', lang), language);
      const page = await context.newPage();
      await page.goto(`/checkout/${booking.id}`);
      const title = language === 'fr' ? 'Ce stage ne peut plus être payé' : 'This course can no longer be paid for';
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByText(language === 'fr' ? /il ne peut plus recevoir de paiement, et rien ne vous a été débité/ : /it can no longer take payments, and nothing was charged to you/).first()).toBeVisible();
      await expect(page.getByText('SELLER_NOT_VERIFIED')).toHaveCount(0);
      await expect(page.getByRole('button', { name: language === 'fr' ? 'Réessayer' : 'Try again' })).toHaveCount(0);
      await ready(page);
      await page.screenshot({ path: join(SCREENSHOTS, `checkout-seller-unverified-${language}-${width}.png`), fullPage: true });
      const other = width === 360 ? 1280 : 360;
      await page.setViewportSize({ width: other, height: 900 });
      await page.screenshot({ path: join(SCREENSHOTS, `checkout-seller-unverified-${language}-${other}.png`), fullPage: true });
      await page.setViewportSize({ width, height: 900 });
      await checkA11y(page, `the checkout of a booking whose centre is no longer verified (${language})`);
      if (language === 'en') {
        // The way to give the place up: the dashboard, where the booking is cancelled.
        await page.getByRole('link', { name: 'Back to dashboard' }).first().click();
        const card = page.getByTestId('booking-card').filter({ hasText: 'Hyères' });
        await card.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm cancellation' }).click();
        await expect(page.getByText('You have no upcoming course.')).toBeVisible();
        await page.getByRole('tab', { name: 'Booking history (1)' }).click();
        await expect(page.getByTestId('booking-card').filter({ hasText: 'Hyères' }).getByText('Cancelled').first()).toBeVisible();
      }
      await context.close();
    }
    await learner.dispose();
    // As the other tests expect the platform: the centre verified, its course withdrawn.
    await ok(await admin.post(`/api/admin/organizations/${centre.centreId}/approve`, WRITE), 'verified again');
    await ok(await admin.delete(`/api/courses/${centre.courseId}`, WRITE), 'course deleted');
    await admin.dispose();
  });
});
