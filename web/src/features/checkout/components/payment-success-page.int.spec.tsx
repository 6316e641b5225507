import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aBooking } from '../../../testing/fixtures';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { PaymentSuccessPage } from './payment-success-page';

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

const render = () =>
  renderWithProviders(<PaymentSuccessPage paymentIntentId="pi_1" bookingId="b1" />, { path: '/payment-success', route: '/payment-success?booking_id=b1&payment_intent=pi_1' });

const paidBooking = aBooking({
  id: 'b1', bookingReference: 'RP-PAID1', status: 'CONFIRMED',
  // A Friday and a Saturday in Paris, 8:00 to 17:00.
  course: { ...aBooking().course, title: 'Toulon', startDate: '2099-05-08T06:00:00.000Z', endDate: '2099-05-09T15:00:00.000Z' },
  invoice: { number: 'RP-2099-000042', date: '2099-04-01T10:00:00Z' },
  payment: { id: 'p1', bookingId: 'b1', amount: 24_900, currency: 'EUR', status: 'SUCCEEDED', createdAt: '2099-04-01T10:00:00Z', stripePaymentIntentId: 'pi_1' },
});

function servePaid() {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/bookings/b1/confirm-payment') return json(200, { bookingId: 'b1', bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' }, { 'X-Event-Position': '12' });
    if (url.pathname === '/api/user/bookings') return json(200, [aBooking({ id: 'other' }), paidBooking]);
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
}

describe('once paid, by card or back from 3-D Secure', () => {
  it('says the place is confirmed and recaps the course, the centre, the address, both dates with their hours, the amount, the reference and the invoice', async () => {
    const { requests } = servePaid();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement réussi : votre place est confirmée' })).toBeInTheDocument();
    const recap = await screen.findByTestId('booking-recap');
    const value = (label: string) => within(recap).getByText(label).nextElementSibling?.textContent;
    expect(value('Stage')).toBe('Toulon');
    expect(value('Centre de formation')).toBe('Centre Var Sécurité');
    expect(value('Adresse')).toBe('12 avenue de la République, 83000 Toulon');
    expect(value('Début')).toMatch(/8 mai 2099 à 8h00$/);
    expect(value('Fin')).toMatch(/9 mai 2099 à 17h00$/);
    expect(value('Montant payé')).toMatch(/^249,00\s€$/);
    expect(value('Référence de réservation')).toBe('RP-PAID1');
    expect(within(recap).getByRole('link', { name: 'Télécharger la facture RP-2099-000042' })).toHaveAttribute('href', '/api/bookings/b1/invoice');
    expect(screen.getByRole('link', { name: 'Voir mes réservations' })).toHaveAttribute('href', '/dashboard');
    // The bookings are read after the payment was recorded, as the server counts it.
    expect(requests.find((r) => r.url.pathname === '/api/user/bookings')?.headers.get('X-Min-Position')).toBe('12');
  });

  it('stays: no timer takes the page away', async () => {
    // The page's timers run on a clock the test moves (a minute on, at once), not on the machine's.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    servePaid();
    const { router } = render();
    await screen.findByTestId('booking-recap');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(router.state.location.pathname).toBe('/payment-success');
  });

  it('reads in English', async () => {
    await i18next.changeLanguage('en');
    servePaid();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful: your place is confirmed' })).toBeInTheDocument();
    const recap = await screen.findByTestId('booking-recap');
    expect(within(recap).getByText('Start').nextElementSibling).toHaveTextContent(/May 8, 2099 at 8:00\sAM$/);
    expect(within(recap).getByText('End').nextElementSibling).toHaveTextContent(/May 9, 2099 at 5:00\sPM$/);
    expect(within(recap).getByText('Amount paid').nextElementSibling).toHaveTextContent('€249.00');
  });
});

describe('back from 3-D Secure', () => {
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
