import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { ADMIN, gridLoaded, signIn, WRITE } from './support/admin';

/**
 * The administrator's day (issue 13), in the built app: the figures, a centre approved (which may then
 * publish), a course created for it, a payment found by the learner's name and refunded with its credit note,
 * the booking's history from placed to refunded, a confirmed booking cancelled (refunded) and a pending one
 * deleted, every grid exported in full, accounts created and changed, and the last administrator kept.
 */

const CENTRE_ACCOUNT = { email: 'nouveau.centre@demo.test', password: 'demo-password' };
const PENDING_CENTRE = 'Azur Conduite Responsable';

/** A legal course for the tests: Tuesday and Wednesday at least 15 days ahead, off the fixed public holidays. */
function legalCourseDays(): { start: string; end: string; local: string } {
  const holidays = new Set(['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25']);
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 15);
  const mmdd = (d: Date) => d.toISOString().slice(5, 10);
  for (;;) {
    const next = new Date(day.getTime() + 86_400_000);
    if (day.getUTCDay() === 2 && !holidays.has(mmdd(day)) && !holidays.has(mmdd(next))) {
      const iso = day.toISOString().slice(0, 10);
      // 08:00 and 17:00 in Paris, written with an offset that is right in winter and summer alike is not needed: the API takes instants.
      return { start: `${iso}T07:00:00.000Z`, end: `${next.toISOString().slice(0, 10)}T15:00:00.000Z`, local: `${iso}T09:00` };
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

async function api(baseURL: string, account: { email: string; password: string }) {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': 'fr' } });
  const login = await context.post('/api/auth/login', { ...WRITE, data: account });
  expect(login.ok(), `sign-in of ${account.email}`).toBe(true);
  return context;
}

async function toast(page: Page, text: string | RegExp) {
  // A toast is a status, or an alert when it reports a failure.
  await expect(page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first()).toBeVisible();
}

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await gridLoaded(page);
}

async function search(page: Page, label: string, text: string) {
  await page.getByRole('textbox', { name: label }).fill(text);
  await page.getByRole('search', { name: label }).getByRole('button', { name: 'Rechercher' }).click();
  await gridLoaded(page);
}

test.describe.configure({ mode: 'serial' });

test('the admin signs in, sees the figures, approves a pending centre (which can then publish) and creates a course for it', async ({ page, baseURL }) => {
  const course = legalCourseDays();
  const centre = await api(baseURL!, CENTRE_ACCOUNT);
  const body = { title: 'Nice Promenade', address: '12 promenade des Anglais', city: 'Nice', postalCode: '06000', startDate: course.start, endDate: course.end, price: 23_000, totalSpots: 12 };
  const refused = await centre.post('/api/courses', { ...WRITE, data: body });
  expect(refused.status(), 'a centre waiting for approval does not publish').toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'ORGANIZATION_NOT_VERIFIED' });

  // Signing in through the page, as a person does: an administrator lands on /admin.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connexion' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Email').fill(ADMIN.email);
  await modal.getByLabel('Mot de passe').fill(ADMIN.password);
  await modal.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Centres de formation' }).locator('xpath=../..')).toContainText('1 en attente de vérification');
  await expect(page.locator('[data-highlighted="true"]').filter({ hasText: 'Centres de formation' })).toBeVisible();

  await page.getByRole('link', { name: /Centres de formation/ }).click();
  await expect(page).toHaveURL(/\/admin\/organizations$/);
  await gridLoaded(page);
  await page.getByRole('button', { name: `Approuver ${PENDING_CENTRE}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approuver' }).click();
  await toast(page, 'Centre approuvé');
  await expect(page.getByRole('row').filter({ hasText: PENDING_CENTRE })).toContainText('Vérifié');

  const published = await centre.post('/api/courses', { ...WRITE, data: body });
  expect(published.status(), 'once approved, the centre publishes').toBe(201);

  await page.goto('/admin/courses');
  await gridLoaded(page);
  await page.getByRole('button', { name: 'Créer un stage' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: 'Titre (ville affichée)', exact: true }).fill('Nice Masséna');
  await form.getByRole('combobox', { name: 'Organisation' }).click();
  await page.getByRole('option', { name: PENDING_CENTRE }).click();
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Stage de sensibilisation à la sécurité routière');
  await form.getByRole('textbox', { name: 'Adresse', exact: true }).fill('3 place Masséna');
  await form.getByRole('textbox', { name: 'Ville', exact: true }).fill('Nice');
  await form.getByRole('textbox', { name: 'Code postal', exact: true }).fill('06000');
  await form.getByLabel('Début', { exact: false }).fill(course.local);
  await expect(form.getByLabel('Fin'), 'the end is proposed the next day').not.toHaveValue('');
  await form.getByRole('button', { name: 'Créer' }).click();
  await toast(page, 'Le stage a été créé avec succès');
  await search(page, 'Rechercher un stage', 'Nice Masséna');
  await expect(page.getByRole('row').filter({ hasText: 'Nice Masséna' })).toContainText(PENDING_CENTRE);
  await centre.dispose();
});

test('finds a payment by the learner’s name, refunds it, sees it REFUNDED with its credit note, and reads its booking’s history from placed to refunded', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/payments');
  await gridLoaded(page);
  await search(page, 'Rechercher un paiement', 'bonnet');
  await chooseFilter(page, 'Statut', 'Payé');
  const rows = page.getByRole('row').filter({ hasText: '#RP-' });
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('Julie Bonnet');

  await page.getByRole('button', { name: /^Rembourser #RP-/ }).first().click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('un avoir annulera sa facture');
  await confirm.getByRole('button', { name: /^Rembourser / }).click();
  await toast(page, 'Paiement remboursé');

  await chooseFilter(page, 'Statut', 'Remboursé');
  await page.getByRole('button', { name: /^Voir / }).first().click();
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText('Remboursé');
  await expect(detail).toContainText(/AV-RP-\d{4}-\d{6}/);
  const creditNote = (await detail.textContent())!.match(/AV-(RP-\d{4}-\d{6})/)!;

  await detail.getByRole('link', { name: 'Voir la réservation' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\?booking=/);
  const booking = page.getByRole('dialog');
  await expect(booking.getByText(creditNote[1]!).first()).toBeVisible();
  await booking.getByRole('tab', { name: 'Historique' }).click();
  const timeline = booking.getByRole('list', { name: 'Historique' });
  const items = timeline.locator(':scope > li');
  await expect(items.first()).toContainText(/Réservation RP-\w+ passée pour/);
  await expect(items.first()).toContainText('par Julie Bonnet (Utilisateur)');
  for (const step of [/Paiement de .* réussi/, `Facture ${creditNote[1]} émise`, /Remboursement de .* demandé/, /Remboursement de .* effectué/, `Avoir ${creditNote[0]} émis`]) {
    await expect(timeline).toContainText(step);
  }
  await expect(items.last()).toContainText(/Remboursement de .* effectué/);
  await expect(items.last()).toContainText(/suite à : Remboursement de .* demandé/);
  await items.last().getByRole('button', { name: 'Voir l’événement brut' }).click();
  await expect(items.last().locator('pre')).toContainText('"type": "PaymentRefunded"');
});

test('cancels a confirmed booking, which is refunded, and deletes a pending one', async ({ page, baseURL }) => {
  const admin = await api(baseURL!, ADMIN);
  const confirmed = ((await (await admin.get('/api/admin/bookings?status=CONFIRMED')).json()) as Array<{ reference: string; payment: { status: string } | null }>).find((b) => b.payment?.status === 'SUCCEEDED')!;
  expect(confirmed, 'a paid, confirmed booking').toBeTruthy();
  await signIn(page);
  await page.goto('/admin/bookings');
  await gridLoaded(page);
  await search(page, 'Rechercher une réservation', confirmed.reference);
  await page.getByRole('button', { name: `Annuler la réservation ${confirmed.reference}` }).click();
  await expect(page.getByRole('dialog')).toContainText('sera effectué automatiquement');
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler la réservation' }).click();
  await toast(page, /remboursés/);
  await expect(page.getByRole('row').filter({ hasText: confirmed.reference })).toContainText('Annulée');
  const after = (await (await admin.get(`/api/admin/bookings?q=${confirmed.reference}`)).json()) as Array<{ payment: { status: string } }>;
  expect(after[0]!.payment.status).toBe('REFUNDED');

  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await gridLoaded(page);
  await chooseFilter(page, 'Statut', 'En attente');
  const pending = page.getByRole('row').filter({ hasText: 'En attente' });
  const before = await pending.count();
  expect(before).toBeGreaterThan(0);
  const reference = (await pending.first().textContent())!.match(/RP-\w{8}/)![0];
  await page.getByRole('button', { name: `Supprimer ${reference}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer définitivement' }).click();
  await toast(page, 'Réservation supprimée');
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  expect(((await (await admin.get(`/api/admin/bookings?q=${reference}`)).json()) as unknown[]).length).toBe(0);
  await admin.dispose();
});

const EXPORTS = [
  { path: '/admin/courses', list: '/api/admin/courses', file: /^courses_export\.csv$/ },
  { path: '/admin/bookings?status=CONFIRMED', list: '/api/admin/bookings?status=CONFIRMED', file: /^bookings_export\.csv$/ },
  { path: '/admin/payments', list: '/api/admin/payments', file: /^payments_export\.csv$/ },
  { path: '/admin/organizations', list: '/api/admin/organizations', file: /^organizations_export\.csv$/ },
  { path: '/admin/users?role=USER', list: '/api/admin/users?role=USER', file: /^users_export_\d{4}-\d{2}-\d{2}\.csv$/ },
];

test('exports each grid: the file has every row matching its filters, under the spec’s name', async ({ page, baseURL }) => {
  const admin = await api(baseURL!, ADMIN);
  await signIn(page);
  for (const { path, list, file } of EXPORTS) {
    await page.goto(path);
    await gridLoaded(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en CSV' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(file);
    const text = readFileSync((await saved.path())!, 'utf8');
    expect(text.startsWith('\uFEFF"')).toBe(true);
    const lines = text.split('\r\n').filter(Boolean);
    // Asked in the page's language: French, so semicolons between fields, as French Excel reads them.
    expect(lines[0], path).toMatch(/^\uFEFF"[^"]+";"/);
    const expected = ((await (await admin.get(list)).json()) as unknown[]).length;
    expect(lines.length - 1, `${path}: every matching row`).toBe(expected);
    if (path.startsWith('/admin/users')) expect(saved.suggestedFilename()).toBe(`users_export_${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date())}.csv`);
  }
  await admin.dispose();
});

test('creates a user, changes a role, and cannot delete or demote the last admin', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/users');
  await gridLoaded(page);
  const email = `nadia.roux.${Date.now()}@example.test`;
  await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form).toContainText('Email invalide');
  await expect(form).toContainText('Prénom requis (2 caractères minimum)');
  await expect(form).toContainText('Mot de passe requis (8 caractères minimum)');
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Nadia');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Roux');
  await form.getByLabel('Mot de passe').fill('a-good-password');
  await form.getByRole('button', { name: 'Créer' }).click();
  await toast(page, 'Utilisateur créé');

  await search(page, 'Rechercher un utilisateur', email);
  await page.getByRole('button', { name: 'Actions pour Nadia Roux' }).click();
  await page.getByRole('menuitem', { name: 'Changer le rôle' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Rôle' }).click();
  await page.getByRole('option', { name: 'Organisation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Changer le rôle' }).click();
  await toast(page, 'Rôle mis à jour');
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Organisation');

  await search(page, 'Rechercher un utilisateur', ADMIN.email);
  await page.getByRole('button', { name: /^Actions pour / }).click();
  await page.getByRole('menuitem', { name: 'Supprimer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await toast(page, 'Impossible de supprimer le dernier administrateur.');
  // The refusal is in: the dialog takes the keyboard again (its buttons waited while the change was under way).
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Supprimer' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: /^Actions pour / }).click();
  await page.getByRole('menuitem', { name: 'Changer le rôle' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Rôle' }).click();
  await page.getByRole('option', { name: 'Utilisateur' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Changer le rôle' }).click();
  await toast(page, 'Impossible de retirer son rôle au dernier administrateur.');
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Administrateur');
});

test('on a 360 px phone each grid fits the screen: the row’s name, its state and its actions, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page);
  for (const [path, action] of [
    ['/admin/bookings', /^Voir RP-/],
    ['/admin/courses', /^Voir /],
    ['/admin/payments', /^Voir /],
    ['/admin/organizations', /^Voir /],
    ['/admin/users', /^Actions pour /],
  ] as const) {
    await page.goto(path);
    await gridLoaded(page);
    const scroller = page.locator('.MuiDataGrid-virtualScroller').first();
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth, `${path}: columns wider than the screen`).toBeLessThanOrEqual(clientWidth + 8);
    await expect(page.getByRole('button', { name: action }).first(), `${path}: the first row's action is on screen`).toBeInViewport();
  }
});
