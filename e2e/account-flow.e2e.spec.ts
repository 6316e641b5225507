import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type StoredMail = { id: string; sentAt: string; to: string; subject: string; kind: string; language: string; links: string[] };

/**
 * The newest link of that kind sent to the address, as a path: the mail names the server's public address, the
 * test server listens on another port. Mails leave in the background, so the outbox is polled.
 */
async function linkFromMailbox(request: APIRequestContext, email: string, kind: 'verify-email' | 'reset-password'): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return undefined;
        const mails = (await response.json()) as StoredMail[];
        link = mails.flatMap((mail) => mail.links).find((candidate) => candidate.includes(kind));
        return link;
      },
      { message: `a ${kind} link in the mailbox of ${email}` },
    )
    .toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Inscription' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Mme' }).check();
  await dialog.getByLabel(/^Prénom/).fill('Camille');
  await dialog.getByLabel(/^Nom/).fill('Durand');
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Mot de passe/).fill(password);
  await dialog.getByLabel(/^Confirmer le mot de passe/).fill(password);
  const birth = dialog.getByLabel('Date de naissance');
  await birth.fill('15/03/1990');
  await birth.blur();
  await expect(birth).toHaveValue('15/03/1990');
  await dialog.getByLabel('Pays de naissance').selectOption('FR');
  await dialog.getByLabel('Adresse', { exact: true }).fill('12 avenue de la République');
  await dialog.getByLabel('Code postal').fill('83000');
  await dialog.getByLabel('Ville', { exact: true }).fill('Toulon');
  await dialog.getByLabel('Téléphone mobile').fill('0612345678');
  await dialog.getByRole('button', { name: "S'inscrire" }).click();

  // The panel shows for two seconds, then the modal closes by itself.
  await expect(dialog.getByRole('heading', { name: 'Vérification de votre e-mail requise' })).toBeVisible();
  await expect(page.getByText('Inscription réussie').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function signInInModal(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Connexion', selected: true })).toBeVisible();
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Mot de passe/).fill(password);
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
}

test('a new learner signs up, verifies the address, edits the profile, changes then resets the password', async ({ page, request }) => {
  const email = `e2e-${Date.now()}@example.test`;
  const firstPassword = 'first-secret-1';
  const changedPassword = 'second-secret-2';
  const resetPassword = 'third-secret-3';

  await signUp(page, email, firstPassword);

  await page.goto(await linkFromMailbox(request, email, 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Adresse e-mail vérifiée' })).toBeVisible();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/$|\/dashboard$/);
  await signInInModal(page, email, firstPassword);
  await expect(page.getByText('Connexion réussie').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.goto('/profile');
  const details = page.getByRole('form', { name: 'Informations personnelles' });
  await expect(details.getByLabel('Ville', { exact: true })).toHaveValue('Toulon');
  await expect(details.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(details.getByLabel('Date de naissance')).toHaveValue('15/03/1990');
  await details.getByLabel('Ville', { exact: true }).fill('Hyères');
  await details.getByLabel('Téléphone mobile').fill('0699887766');
  await details.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(page.getByText('Profil mis à jour').first()).toBeVisible();

  await page.reload();
  await expect(details.getByLabel('Ville', { exact: true })).toHaveValue('Hyères');
  await expect(details.getByLabel('Téléphone mobile')).toHaveValue('0699887766');

  const passwordForm = page.getByRole('form', { name: 'Changer le mot de passe' });
  await passwordForm.getByLabel(/^Mot de passe actuel/).fill(firstPassword);
  await passwordForm.getByLabel(/^Nouveau mot de passe/).fill(changedPassword);
  await passwordForm.getByLabel(/^Confirmer le nouveau mot de passe/).fill(changedPassword);
  await passwordForm.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
  await expect(page.getByText('Mot de passe modifié').first()).toBeVisible();
  await expect(passwordForm.getByLabel(/^Mot de passe actuel/)).toHaveValue('');

  await page.getByRole('button', { name: /^CD — Menu du compte de Camille Durand/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page.getByText('Déconnexion réussie').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/forgot-password');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte de réception' })).toBeVisible();

  await page.goto(await linkFromMailbox(request, email, 'reset-password'));
  await page.getByLabel(/^Nouveau mot de passe/).fill(resetPassword);
  await page.getByLabel(/^Confirmer le nouveau mot de passe/).fill(resetPassword);
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByRole('heading', { name: 'Mot de passe réinitialisé' })).toBeVisible();

  await page.getByRole('button', { name: 'Se connecter' }).click();
  await signInInModal(page, email, resetPassword);
  await expect(page.getByText('Connexion réussie').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unverified learner who signs in is sent to resend the verification e-mail', async ({ page }) => {
  const email = `e2e-unverified-${Date.now()}@example.test`;
  const password = 'unverified-secret-1';
  await signUp(page, email, password);

  await page.getByRole('button', { name: 'Connexion' }).click();
  await signInInModal(page, email, password);
  await expect(page.getByText('Email non vérifié').first()).toBeVisible();
  await expect(page).toHaveURL(`/resend-verification?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('main').getByLabel(/^Email/)).toHaveValue(email);
});
