import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
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

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
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

  it('puts #history in the address when the history tab is chosen, and takes it off again', async () => {
    const { router } = renderDashboard();
    await screen.findAllByTestId('booking-card');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: /Historique des réservations/ }));
    expect(router.state.location.hash).toBe('#history');
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Historique des réservations (1)');
    expect(within(screen.getByRole('tabpanel')).getAllByTestId('booking-card')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: /Stages à venir/ }));
    expect(router.state.location.hash).toBe('');
    expect(screen.getAllByTestId('booking-card')).toHaveLength(2);
  });

  it('says on each booking whether it is expected to earn points, and from when when it is not', async () => {
    const earning = aBooking({ id: 'b-earning', bookingReference: 'RP-EARNING' });
    const notEarning = aBooking({
      id: 'b-not-earning',
      bookingReference: 'RP-NONE',
      status: 'PENDING',
      course: { ...earning.course, id: 'c2', startDate: '2099-09-12T06:00:00.000Z', endDate: '2099-09-13T15:00:00.000Z' },
      pointsEligibility: {
        earnsPoints: false,
        eligibleFrom: '2100-05-11',
        previousCourse: { id: 'c1', title: 'Toulon', titleEn: 'Toulon', city: 'Toulon', startDate: earning.course.startDate, endDate: earning.course.endDate },
        coursesLosingPoints: [],
      },
    });
    stubFetch(({ url }) => (url.pathname === '/api/user/bookings' ? json(200, [notEarning, earning]) : json(404, {})));
    renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard', route: '/dashboard' });
    const cards = await screen.findAllByTestId('booking-card');
    const points = (reference: string) => within(cards.find((card) => card.textContent?.includes(reference))!).getByTestId('booking-points');
    expect(points('RP-EARNING')).toHaveTextContent('Récupération de points attendue (jusqu’à 4 points)');
    expect(points('RP-NONE')).toHaveTextContent(
      'Aucun point attendu : moins d’un an après votre stage terminé le dimanche 10 mai 2099. Un stage vous en fera récupérer à partir du mardi 11 mai 2100.',
    );
  });

  it('says on a booking that comes first which later course of the learner’s would then earn no points', async () => {
    const later = aBooking({ id: 'b-later', bookingReference: 'RP-LATER', course: { ...aBooking().course, id: 'c-later', title: 'Arles', titleEn: 'Arles', startDate: '2099-05-15T06:00:00.000Z', endDate: '2099-05-16T15:00:00.000Z' } });
    const first = aBooking({
      id: 'b-first',
      bookingReference: 'RP-FIRST',
      status: 'PENDING',
      pointsEligibility: {
        earnsPoints: true, eligibleFrom: null, previousCourse: null,
        coursesLosingPoints: [{ id: 'c-later', title: 'Arles', titleEn: 'Arles', city: 'Arles', startDate: later.course.startDate, endDate: later.course.endDate }],
      },
    });
    stubFetch(({ url }) => (url.pathname === '/api/user/bookings' ? json(200, [later, first]) : json(404, {})));
    renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard', route: '/dashboard' });
    const cards = await screen.findAllByTestId('booking-card');
    const card = cards.find((element) => element.textContent?.includes('RP-FIRST'))!;
    expect(within(card).getByTestId('booking-points')).toHaveTextContent('Récupération de points attendue (jusqu’à 4 points)');
    expect(within(card).getByTestId('booking-points-taken').textContent?.replace(/\s/gu, ' ')).toMatch(
      /^Votre stage à Arles \(vendredi 15 ?– ?samedi 16 mai 2099\) ne vous fera donc pas récupérer de points : il commence moins d’un an après celui-ci\.$/u,
    );
    expect(within(cards.find((element) => element.textContent?.includes('RP-LATER'))!).queryByTestId('booking-points-taken')).not.toBeInTheDocument();
  });

  it('shows a loading state until the bookings arrive', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard' });
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de vos réservations…');
    expect(screen.getByRole('heading', { level: 1, name: 'Mon tableau de bord' })).toBeInTheDocument();
  });

  it('says when either tab is empty, with a way to find a course', async () => {
    stubFetch(() => json(200, []));
    renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 2, name: "Vous n'avez aucun stage à venir." })).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Trouver un stage' })).toHaveAttribute('href', '/courses');
    await userEvent.setup().click(screen.getByRole('tab', { name: /Historique des réservations/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Votre historique de réservations est vide.' })).toBeInTheDocument();
  });

  it('says so when the bookings cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    stubFetch(() => (++calls === 1 ? problem(500, 'INTERNAL', 'Erreur interne') : json(200, [upcomingPending])));
    renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard' });
    expect(await screen.findByText('Impossible de charger vos réservations.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findAllByTestId('booking-card')).toHaveLength(1);
  });

  it('reads in English', async () => {
    await i18next.changeLanguage('en');
    renderDashboard('/dashboard#history');
    await screen.findAllByTestId('booking-card');
    expect(screen.getByRole('heading', { level: 1, name: 'My dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Booking history (1)');
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Cancelled');
    expect(screen.getByText(/Saturday, May 9\s*–\s*Sunday, May 10, 2099/)).toBeInTheDocument();
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
    const late = aBooking({
      id: 'b-late', bookingReference: 'RP-LATE', status: 'CONFIRMED',
      cancellation: { allowed: true, refundDue: false },
      payment: { id: 'p2', bookingId: 'b-late', amount: 24_900, currency: 'EUR', status: 'SUCCEEDED', createdAt: '2030-01-02T10:00:00Z', stripePaymentIntentId: 'pi_2' },
    });
    const approved = aBooking({ id: 'b-approved', bookingReference: 'RP-APPROVED', status: 'CONFIRMED', cancellation: { allowed: true, refundDue: false } });

    function serve(cancelAnswer: () => Response) {
      return stubFetch(({ url, method }) => {
        if (url.pathname === '/api/user/bookings') return json(200, [paid, late, approved]);
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
      expect(dialog).toHaveTextContent(/plus de 72 heures avant le début du stage : vous serez remboursé\(e\) de 249,00\s€/);
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

    it('says that a booking not paid online has nothing to refund', async () => {
      serve(() => json(500, {}));
      renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard' });
      await userEvent.setup().click(within(await cardOf('RP-APPROVED')).getByRole('button', { name: 'Annuler' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Cette réservation n’a pas été payée en ligne : aucun remboursement ne sera effectué.');
      expect(dialog).not.toHaveTextContent('72 heures');
    });

    it('words both cases in English', async () => {
      await i18next.changeLanguage('en');
      serve(() => json(500, {}));
      renderWithProviders(<DashboardPage firstName="Marie" />, { path: '/dashboard' });
      const user = userEvent.setup();

      await user.click(within(await cardOf('RP-PAID')).getByRole('button', { name: 'Cancel' }));
      let dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
      expect(dialog).toHaveTextContent('more than 72 hours before the course starts: you will be refunded €249.00 on the card you used');
      await user.click(within(dialog).getByRole('button', { name: 'Keep my booking' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(within(await cardOf('RP-LATE')).getByRole('button', { name: 'Cancel' }));
      dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
      expect(dialog).toHaveTextContent('less than 72 hours before the course starts: it will not be refunded');
      expect(within(dialog).getByRole('button', { name: 'Confirm cancellation' })).toBeEnabled();
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

