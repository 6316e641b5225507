import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { join } from 'node:path';
import { addDays, addYears, parisCalendarDay } from '../shared-events/src/calendar/calendar-day';
import { ADMIN, WRITE } from './support/admin';
import { checkA11y, ready } from './support/a11y';
import { signIn } from './support/centre';

const SCREENSHOTS = join('test-results', 'screenshots');
const WIDTHS = [360, 1280] as const;

/**
 * Issue 20 §5 and §7 as a centre and an administrator see them: the centre's profile shows its approval's dates and
 * what they mean (ending in 39 days here), and a switch per e-mail it receives, saved as it changes; the
 * administrators see the approvals ending within 90 days above the list of centres, open one, and enter its dates.
 * The test makes its own centre (deleted at the end): the demo centre stays as the other tests expect it.
 */

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A verified centre, its approval granted 5 years ago less 40 days (so it ends in 39 days), run by a new account. */
async function endingCentre(api: APIRequestContext, name: string, language: 'FR' | 'EN') {
  const email = `notices-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.test`;
  const account = await ok<{ id: string }>(await api.post('/api/admin/users', {
    ...WRITE, data: { email, firstName: 'Lucie', lastName: 'Martin', role: 'ORGANIZATION', language, password: 'centre-password' },
  }), 'centre account');
  const granted = addDays(addYears(parisCalendarDay(new Date()), -5), 40);
  const centre = await ok<{ id: string; approvalExpiresOn: string }>(await api.post('/api/admin/organizations', {
    ...WRITE,
    data: {
      name, address: '5 rue de la Liberté', city: 'Gap', postalCode: '05000', email: 'secretariat@alpes-conduite.test', phoneNumber: '04 92 51 00 00', website: null,
      description: 'Stages de récupération de points à Gap et dans les Hautes-Alpes.', descriptionEn: 'Points recovery courses in Gap and the Hautes-Alpes.',
      prefectApprovalReference: 'R0500500123', isVerified: true, ownerUserId: account.id, approvalGrantedOn: granted,
    },
  }), 'centre');
  expect(centre.approvalExpiresOn).toBe(addDays(parisCalendarDay(new Date()), 39));
  return { email, password: 'centre-password', centreId: centre.id };
}

async function pageFor(browser: Browser, language: 'fr' | 'en', width: number): Promise<Page> {
  const context = await browser.newContext({ locale: language === 'fr' ? 'fr-FR' : 'en-US', viewport: { width, height: 900 } });
  await context.addInitScript((lang) => window.localStorage.setItem('recup-points.language', lang), language);
  return context.newPage();
}

test.describe('the centre is told, and its approval’s life', () => {
  let admin: APIRequestContext;
  let centre: Awaited<ReturnType<typeof endingCentre>>;
  const NAME = `Alpes Conduite ${Date.now() % 100_000}`;

  test.beforeAll(async ({ baseURL }) => {
    admin = await playwrightRequest.newContext({ baseURL });
    await ok(await admin.post('/api/auth/login', { ...WRITE, data: ADMIN }), 'admin sign-in');
    centre = await endingCentre(admin, NAME, 'FR');
  });
  test.afterAll(async () => {
    await ok(await admin.delete(`/api/admin/organizations/${centre.centreId}`, WRITE), 'centre deleted');
    await admin.dispose();
  });

  test('the centre sees its approval ending and turns an e-mail off and on again with the keyboard', async ({ browser }) => {
    for (const [language, width] of [['fr', 360], ['en', 1280], ['fr', 1280], ['en', 360]] as const) {
      const page = await pageFor(browser, language, width);
      await signIn(page, centre.email, centre.password);
      await page.goto('/organization/profile');
      await ready(page);
      const approval = page.getByTestId('approval-card');
      await expect(approval).toContainText(language === 'fr' ? 'R0500500123' : 'R0500500123');
      await expect(approval.getByTestId('approval-ending')).toContainText(language === 'fr' ? 'Votre agrément prend fin dans 39 jours' : 'Your approval ends in 39 days');
      const notices = page.getByTestId('notifications-card');
      await expect(notices).toContainText('secretariat@alpes-conduite.test');
      const low = notices.getByRole('switch', { name: language === 'fr' ? /Stage en sous-effectif/ : /Course short of participants/ });
      await expect(low).toBeChecked();
      await page.screenshot({ path: join(SCREENSHOTS, `centre-profile-notices-${language}-${width}.png`), fullPage: true });
      await checkA11y(page, `the centre profile's approval and e-mails (${language}, ${width})`);
      if (language === 'fr' && width === 360) {
        // Off with the keyboard: saved at once, and still off after a reload.
        await low.focus();
        await page.keyboard.press('Space');
        await expect(page.getByText('« Stage en sous-effectif » : désactivé')).toBeVisible();
        await page.reload();
        await ready(page);
        await expect(page.getByTestId('notifications-card').getByRole('switch', { name: /Stage en sous-effectif/ })).not.toBeChecked();
        await expect(page.getByTestId('notifications-card').getByRole('switch', { name: /Nouvelle réservation confirmée/ })).toBeChecked();
        await page.getByTestId('notifications-card').getByRole('switch', { name: /Stage en sous-effectif/ }).click();
        await expect(page.getByText('« Stage en sous-effectif » : activé')).toBeVisible();
      }
      await page.context().close();
    }
    const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
    await ok(await api.post('/api/auth/login', { ...WRITE, data: { email: centre.email, password: centre.password } }), 'centre sign-in');
    const profile = await ok<{ notifications: Record<string, boolean> }>(await api.get('/api/organization/profile'), 'profile');
    expect(profile.notifications).toEqual({ newBooking: true, cancellationOrMove: true, lowEnrolment: true, packDue: true });
    await api.dispose();
  });

  test('an administrator sees the approvals ending within 90 days, opens one and enters its dates', async ({ browser }) => {
    for (const language of ['fr', 'en'] as const) {
      for (const width of WIDTHS) {
        const page = await pageFor(browser, language, width);
        await signIn(page, ADMIN.email, ADMIN.password);
        await page.goto('/admin/organizations');
        await ready(page);
        const list = page.getByTestId('expiring-approvals');
        await expect(list).toContainText(language === 'fr' ? 'Agréments prenant fin sous 90 jours' : 'Approvals ending within 90 days');
        if (width === 360) {
          // On a phone the list is folded under its title and count, so that the centres' list stays on the first screen.
          const toggle = list.getByTestId('expiring-approvals-toggle');
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await expect(toggle).toHaveText(language === 'fr' ? /^Afficher les agréments \(\d+\)$/ : /^Show the approvals \(\d+\)$/);
          await expect(page.getByRole('button', { name: /^(Voir|View) / }).first()).toBeInViewport();
          await toggle.focus();
          await page.keyboard.press('Enter');
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        }
        const ours = list.getByTestId('expiring-approval').filter({ hasText: NAME });
        await expect(ours).toContainText(language === 'fr' ? '39 jours restants' : '39 days left');
        await expect(ours).toContainText(language === 'fr' ? 'Agrément R0500500123' : 'Approval R0500500123');
        await list.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SCREENSHOTS, `admin-expiring-approvals-${language}-${width}.png`), fullPage: width === 1280 });
        await checkA11y(page, `the approvals ending soon (${language}, ${width})`);

        await ours.getByRole('button', { name: language === 'fr' ? `Ouvrir ${NAME}` : `Open ${NAME}` }).click();
        const detail = page.getByRole('dialog');
        await expect(detail).toContainText(language === 'fr' ? 'valable jusqu’au' : 'valid until');
        await detail.getByRole('button', { name: language === 'fr' ? 'Modifier le centre' : 'Edit the centre' }).click();
        const form = page.getByRole('dialog', { name: language === 'fr' ? 'Modifier le centre' : 'Edit the centre' });
        const granted = form.getByLabel(language === 'fr' ? 'Agrément délivré le' : 'Approval granted on');
        await expect(granted).toHaveValue(addDays(addYears(parisCalendarDay(new Date()), -5), 40));
        await page.screenshot({ path: join(SCREENSHOTS, `admin-approval-dates-form-${language}-${width}.png`) });
        await checkA11y(page, `the centre form with its approval dates (${language}, ${width})`);
        if (language === 'en' && width === 1280) {
          // An end before the grant is refused in words; a renewal recorded takes the centre off the list.
          await form.getByLabel('Approval valid until').fill('2020-01-01');
          await form.getByRole('button', { name: 'Save' }).click();
          await expect(form.getByText('The approval cannot end before it was granted')).toBeVisible();
          await form.getByLabel('Approval valid until').fill('');
          await granted.fill(parisCalendarDay(new Date()));
          await form.getByRole('button', { name: 'Save' }).click();
          await expect(page.getByText('Centre updated').first()).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('expiring-approvals').getByTestId('expiring-approval').filter({ hasText: NAME })).toHaveCount(0);
        }
        await page.context().close();
      }
    }
  });
});
