import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { PaymentSuccessPage } from './payment-success-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () =>
  renderWithProviders(<PaymentSuccessPage paymentIntentId="pi_1" bookingId="b1" />, { path: '/payment-success', route: '/payment-success?booking_id=b1&payment_intent=pi_1' });

describe('back from 3-D Secure', () => {
  it('says the booking is confirmed once the payment went through', async () => {
    stubFetch(() => json(200, { bookingId: 'b1', bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' }));
    render();
    expect(await screen.findByRole('heading', { name: 'Réservation confirmée' })).toBeInTheDocument();
  });

  it('offers to try the payment again after a failed challenge, back to the checkout', async () => {
    stubFetch(() => problem(402, 'PAYMENT_DECLINED', 'L’authentification 3-D Secure a échoué ou a été annulée. Vous pouvez réessayer, avec la même carte ou une autre.'));
    render();
    expect(await screen.findByRole('heading', { name: 'Erreur lors de la confirmation du paiement' })).toBeInTheDocument();
    expect(screen.getByText(/L’authentification 3-D Secure a échoué/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Réessayer le paiement' })).toHaveAttribute('href', '/checkout/b1');
    expect(screen.getByRole('link', { name: 'Voir mes réservations' })).toHaveAttribute('href', '/dashboard');
  });

  it('offers another course once the booking no longer awaits payment', async () => {
    stubFetch(() => problem(409, 'BOOKING_HOLD_EXPIRED', 'Le délai de paiement de cette réservation est dépassé et la place a été libérée. Réservez à nouveau pour payer.'));
    render();
    expect(await screen.findByRole('link', { name: 'Rechercher un stage' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('link', { name: 'Réessayer le paiement' })).not.toBeInTheDocument();
  });
});
