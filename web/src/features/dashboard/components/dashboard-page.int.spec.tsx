import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { aBooking } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { DashboardPage } from './dashboard-page';

const upcomingPending = aBooking({ id: 'b-pending', bookingReference: 'RP-PENDING', status: 'PENDING' });
const upcomingConfirmed = aBooking({ id: 'b-confirmed', bookingReference: 'RP-CONFIRMED', status: 'CONFIRMED' });
const cancelled = aBooking({ id: 'b-cancelled', bookingReference: 'RP-CANCELLED', status: 'CANCELLED' });

function renderDashboard(route = '/dashboard') {
  stubFetch(({ url }) => (url.pathname === '/api/user/bookings' ? json(200, [cancelled, upcomingConfirmed, upcomingPending]) : json(404, {})));
  return renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard', route });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('learner dashboard', () => {
  it('lists upcoming bookings first, each with its status', async () => {
    renderDashboard();
    const cards = await screen.findAllByTestId('booking-card');
    expect(cards).toHaveLength(2);
    expect(cards.map((card) => within(card).getByTestId('booking-status').textContent)).toEqual(
      expect.arrayContaining(['En attente', 'Confirmée']),
    );
    expect(screen.queryByText('RP-CANCELLED', { exact: false })).not.toBeInTheDocument();
  });

  it('opens on the history when the address ends with #history', async () => {
    renderDashboard('/dashboard#history');
    const cards = await screen.findAllByTestId('booking-card');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByTestId('booking-status')).toHaveTextContent('Annulée');
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Historique des réservations');
  });

  it('offers to pay a pending booking, and goes to its checkout after a short pause', async () => {
    const { router } = renderDashboard();
    const pendingCard = (await screen.findAllByTestId('booking-card')).find((card) => card.textContent?.includes('RP-PENDING'));
    expect(pendingCard).toBeDefined();
    const confirmedCard = screen.getAllByTestId('booking-card').find((card) => card.textContent?.includes('RP-CONFIRMED'));
    expect(within(confirmedCard!).queryByRole('button', { name: 'Payer maintenant' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(pendingCard!).getByRole('button', { name: 'Payer maintenant' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/b-pending'));
  });

  describe('cancelling a confirmed booking', () => {
    const paid = aBooking({
      id: 'b-paid', bookingReference: 'RP-PAID', status: 'CONFIRMED',
      cancellation: { allowed: true, refundDue: true },
      invoice: { number: 'RP-2030-000007', date: '2030-01-02T10:00:00Z' },
      payment: { id: 'p1', bookingId: 'b-paid', amount: 24_900, currency: 'EUR', status: 'SUCCEEDED', createdAt: '2030-01-02T10:00:00Z', stripePaymentIntentId: 'pi_1' },
    });
    const late = aBooking({ id: 'b-late', bookingReference: 'RP-LATE', status: 'CONFIRMED', cancellation: { allowed: true, refundDue: false } });

    function serve(cancelAnswer: () => Response) {
      return stubFetch(({ url, method }) => {
        if (url.pathname === '/api/user/bookings') return json(200, [paid, late]);
        if (method === 'POST' && url.pathname.endsWith('/cancel')) return cancelAnswer();
        return json(404, {});
      });
    }
    const cardOf = async (reference: string) => (await screen.findAllByTestId('booking-card')).find((card) => card.textContent?.includes(reference))!;

    it('says before confirming that it will be refunded, then cancels', async () => {
      const { requests } = serve(() => json(200, { bookingId: 'b-paid', status: 'CANCELLED', refundDue: true, refund: 'REFUNDED' }));
      renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard' });
      const user = userEvent.setup();
      await user.click(within(await cardOf('RP-PAID')).getByRole('button', { name: 'Annuler' }));
      const dialog = await screen.findByRole('dialog', { name: 'Annuler cette réservation ?' });
      expect(dialog).toHaveTextContent(/Vous serez remboursé\(e\) de 249,00\s€/);
      expect(requests.some((r) => r.method === 'POST')).toBe(false);
      await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
      expect(await screen.findByText('Réservation annulée')).toBeInTheDocument();
      const post = requests.find((r) => r.method === 'POST')!;
      expect(post.url.pathname).toBe('/api/bookings/b-paid/cancel');
      expect(post.headers.get('X-Requested-With')).toBe('recup-points');
    });

    it('says when it will not be refunded, and keeps the booking if the learner changes their mind', async () => {
      const { requests } = serve(() => json(500, {}));
      renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard' });
      const user = userEvent.setup();
      await user.click(within(await cardOf('RP-LATE')).getByRole('button', { name: 'Annuler' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('elle ne sera pas remboursée');
      await user.click(within(dialog).getByRole('button', { name: 'Garder ma réservation' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(requests.some((r) => r.method === 'POST')).toBe(false);
    });

    it('shows the server’s reason when the cancellation is refused', async () => {
      serve(() => problem(409, 'CANCELLATION_TOO_LATE', 'Ce stage a déjà commencé : la réservation ne peut plus être annulée.'));
      renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard' });
      const user = userEvent.setup();
      await user.click(within(await cardOf('RP-LATE')).getByRole('button', { name: 'Annuler' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer l’annulation' }));
      expect(await screen.findByText('Erreur d’annulation')).toBeInTheDocument();
      expect(screen.getByText('Ce stage a déjà commencé : la réservation ne peut plus être annulée.')).toBeInTheDocument();
    });

    it('offers the invoice of a paid booking, and nothing to cancel on a pending one', async () => {
      serve(() => json(500, {}));
      renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard' });
      expect(within(await cardOf('RP-PAID')).getByRole('link', { name: 'Télécharger la facture' })).toHaveAttribute('href', '/api/bookings/b-paid/invoice');
      expect(within(await cardOf('RP-LATE')).queryByRole('link', { name: 'Télécharger la facture' })).not.toBeInTheDocument();
    });
  });
});

