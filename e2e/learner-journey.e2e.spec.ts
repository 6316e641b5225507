import { expect, test } from '@playwright/test';
import { answerBeforePaying, askEarlyStartIfOffered } from './support/learner';

/** "N places restantes sur M" → N */
function spotsLeftOf(text: string): number {
  const match = /(\d+)/.exec(text);
  if (!match) throw new Error(`no number in "${text}"`);
  return Number(match[1]);
}

test('a learner searches a city, books a course, pays with 4242… and sees it confirmed', async ({ page }) => {
  // The app must run under its own Content-Security-Policy: any violation is a bug.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to (load|apply|execute|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/courses');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await page.getByLabel('Ville ou code postal').fill('Toulon');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/location=Toulon/);

  await page.getByRole('link', { name: /Voir le stage/ }).first().click();
  await expect(page).toHaveURL(/\/courses\/[\w-]+$/);
  const courseUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Toulon');
  const spotsBefore = spotsLeftOf(await page.getByTestId('spots-left').innerText());

  // Not signed in yet: booking asks to sign in first.
  await page.getByLabel("J'accepte les conditions générales").check();
  await page.getByRole('button', { name: 'Réserver' }).click();
  await expect(page.getByText('Authentification requise').first()).toBeVisible();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('learner@demo.test');
  await dialog.getByLabel('Mot de passe').fill('demo-password');
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Connexion réussie').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const terms = page.getByLabel("J'accepte les conditions générales");
  if (!(await terms.isChecked())) await terms.check();
  await askEarlyStartIfOffered(page);
  await page.getByRole('button', { name: 'Réserver' }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
  await answerBeforePaying(page);

  await page.getByLabel('Titulaire de la carte').fill('Camille Durand');
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Payer/ }).click();

  // The one success view recaps what was paid for, and stays until the learner leaves it.
  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement réussi : votre place est confirmée' })).toBeVisible();
  await expect(page.getByTestId('booking-recap')).toContainText('Toulon');
  await page.getByRole('link', { name: 'Voir mes réservations' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const card = page.getByTestId('booking-card').filter({ hasText: 'Toulon' }).first();
  await expect(card.getByTestId('booking-status')).toHaveText('Confirmée');

  await page.goto(courseUrl);
  await expect(page.getByTestId('spots-left')).toBeVisible();
  expect(spotsLeftOf(await page.getByTestId('spots-left').innerText())).toBe(spotsBefore - 1);
  expect(violations).toEqual([]);
});
