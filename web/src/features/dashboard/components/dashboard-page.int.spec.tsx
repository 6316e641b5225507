import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/fetch-stub';
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
});
