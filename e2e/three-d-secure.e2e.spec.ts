import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { answerBeforePaying, askEarlyStartIfOffered } from './support/learner';
import { newLearner } from './support/new-learner';

test('a learner pays with a card that asks for 3-D Secure, passes the challenge and downloads the invoice', async ({ page, baseURL }) => {
  // A learner of this test's own, whose dashboard no other test fills.
  const email = `e2e-3ds-${Date.now()}@example.test`;
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await newLearner(api, email, 'learner-secret-3ds');
  } finally {
    await api.dispose();
  }

  await page.goto('/courses?location=Nice');
  await page.getByRole('link', { name: /Voir le stage/ }).first().click();
  await expect(page).toHaveURL(/\/courses\/[\w-]+$/);

  // Signed in from the booking modal, as on the first visit.
  await page.getByLabel("J'accepte les conditions générales").check();
  await page.getByRole('button', { name: 'Réserver' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Mot de passe').fill('learner-secret-3ds');
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  await expect(dialog).toBeHidden();
  const terms = page.getByLabel("J'accepte les conditions générales");
  if (!(await terms.isChecked())) await terms.check();
  await askEarlyStartIfOffered(page);
  await page.getByRole('button', { name: 'Réserver' }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
  await answerBeforePaying(page);
  const bookingId = new URL(page.url()).pathname.split('/').pop()!;

  await page.getByLabel('Titulaire de la carte').fill('Camille Durand');
  await page.getByLabel('Numéro de carte').fill('4000 0027 6000 3184');
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Payer/ }).click();

  // The bank's challenge page, then back to the site's confirmation page with the intent and the booking.
  await expect(page).toHaveURL(/\/api\/test-gateway\/challenge\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('3-D Secure');
  await page.getByRole('button', { name: /Confirmer/ }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?.*(booking_id=${bookingId}.*payment_intent=pi_|payment_intent=pi_.*booking_id=${bookingId})`));
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement réussi : votre place est confirmée' })).toBeVisible();

  await page.getByRole('link', { name: /Voir mes réservations/ }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const bookings = (await (await page.request.get('/api/user/bookings')).json()) as Array<{ id: string; bookingReference: string }>;
  const card = page.getByTestId('booking-card').filter({ hasText: bookings.find((booking) => booking.id === bookingId)!.bookingReference });
  await expect(card.getByTestId('booking-status')).toHaveText('Confirmée');

  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Télécharger la facture' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^facture-RP-\d{4}-\d{6}\.pdf$/);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The confirmation page reached without its parameters says so.
  await page.goto('/payment-success');
  await expect(page.getByText('Informations de paiement manquantes').first()).toBeVisible();
});
