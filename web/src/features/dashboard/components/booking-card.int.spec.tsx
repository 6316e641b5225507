import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingDto } from '@recup/query-api/contracts';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { aBooking } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { BookingCard } from './booking-card';

const now = new Date('2099-04-02T12:05:00.000Z');
const failedAttempt = { id: 'p1', bookingId: 'b1', amount: 24_900, currency: 'EUR', status: 'FAILED' as const, createdAt: '2099-04-01T10:00:00Z', stripePaymentIntentId: 'pi_1' };
const refunded = { ...failedAttempt, status: 'REFUNDED' as const };

function renderCard(overrides: Partial<BookingDto>) {
  const { requests } = stubFetch(({ method }) => (method === 'POST' ? json(200, { bookingId: 'b1', status: 'CANCELLED', refundDue: false, refund: 'NONE' }) : json(200, [])));
  renderWithProviders(<BookingCard booking={aBooking(overrides)} now={now} />);
  return { requests, card: screen.getByTestId('booking-card') };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('a booking card', () => {
  describe('after the course (issue 20)', () => {
    const allPresent = { DAY1_MORNING: 'PRESENT', DAY1_AFTERNOON: 'PRESENT', DAY2_MORNING: 'PRESENT', DAY2_AFTERNOON: 'PRESENT' } as const;
    it('says the course was completed and offers its attestation', () => {
      const { card } = renderCard({ status: 'COMPLETED', attendance: { halfDays: allPresent, outcome: 'COMPLETED' } });
      expect(within(card).getByTestId('booking-attendance')).toHaveTextContent('Stage suivi');
      expect(within(card).getByRole('link', { name: 'Attestation de stage' })).toHaveAttribute('href', '/api/bookings/b1/attestation?lang=fr');
    });
    it('says the course was not completed, with the half-days missed, and offers no attestation', async () => {
      await i18next.changeLanguage('en');
      const { card } = renderCard({ status: 'COMPLETED', attendance: { halfDays: { ...allPresent, DAY2_AFTERNOON: 'ABSENT' }, outcome: 'NOT_COMPLETED' } });
      expect(within(card).getByTestId('booking-attendance')).toHaveTextContent('Course not completed');
      expect(within(card).getByTestId('booking-attendance')).toHaveTextContent('Absent on day 2 afternoon');
      expect(within(card).queryByRole('link', { name: 'Course attestation' })).toBeNull();
      // Nor does it promise points it will not give.
      expect(within(card).queryByTestId('booking-points')).toBeNull();
    });
    it('says the centre is still recording when nothing is recorded yet', () => {
      const { card } = renderCard({ status: 'COMPLETED', attendance: null });
      expect(within(card).getByTestId('booking-attendance')).toHaveTextContent('Le centre enregistre la présence');
      expect(within(card).getByTestId('booking-points')).toHaveTextContent('Récupération de points attendue');
    });
  });

  describe('when the booking is confirmed', () => {
    it('offers the convocation and the calendar file in the page’s language, and directions to the address in a new tab', () => {
      const { card } = renderCard({ status: 'CONFIRMED' });
      const documents = within(card).getByTestId('booking-documents');
      expect(within(documents).getByRole('link', { name: 'Convocation' })).toHaveAttribute('href', '/api/bookings/b1/convocation?lang=fr');
      expect(within(documents).getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveAttribute('href', '/api/bookings/b1/calendar.ics?lang=fr');
      const directions = within(documents).getByRole('link', { name: 'Itinéraire (s’ouvre dans un nouvel onglet)' });
      expect(directions).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=12%20avenue%20de%20la%20R%C3%A9publique%2C%2083000%20Toulon%2C%20France');
      expect(directions).toHaveAttribute('target', '_blank');
      expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
      // Each is told apart from the other cards' by the course it belongs to.
      expect(within(documents).getByRole('link', { name: 'Convocation' })).toHaveAccessibleDescription('Toulon');
    });

    it('says so in English, with the files in English', async () => {
      await i18next.changeLanguage('en');
      const { card } = renderCard({ status: 'CONFIRMED' });
      expect(within(card).getByRole('link', { name: 'Add to my calendar' })).toHaveAttribute('href', '/api/bookings/b1/calendar.ics?lang=en');
      expect(within(card).getByRole('link', { name: 'Directions (opens in a new tab)' })).toBeInTheDocument();
    });

    it('offers none of them before the booking is confirmed, nor once it ended', () => {
      const { card } = renderCard({ status: 'PENDING', holdExpiresAt: '2099-04-02T12:35:00.000Z', cancellation: { allowed: true, refundDue: false } });
      expect(within(card).queryByTestId('booking-documents')).toBeNull();
    });
  });


  describe('when the booking awaits payment', () => {
    const pending = { status: 'PENDING' as const, holdExpiresAt: '2099-04-02T12:35:00.000Z', cancellation: { allowed: true, refundDue: false } };

    it('says until when the place is held, in Paris time, and that paying confirms it', () => {
      const { card } = renderCard(pending);
      expect(within(card).getByTestId('booking-hold')).toHaveTextContent('Place retenue jusqu’à 14h35 : payez avant pour confirmer votre réservation.');
      expect(card).not.toHaveTextContent('Paiement');
    });

    it('says so in English', async () => {
      await i18next.changeLanguage('en');
      const { card } = renderCard(pending);
      expect(within(card).getByTestId('booking-hold')).toHaveTextContent(/^Place held until 2:35\sPM: pay before then to confirm your booking\.$/);
    });

    it('says when the time to pay has run out', () => {
      const { card } = renderCard({ ...pending, holdExpiresAt: '2099-04-02T12:00:00.000Z' });
      expect(within(card).getByTestId('booking-hold')).toHaveTextContent('Délai de paiement écoulé');
    });

    it('can be cancelled by the learner, who is told nothing will be charged', async () => {
      const { card, requests } = renderCard(pending);
      const user = userEvent.setup();
      await user.click(within(card).getByRole('button', { name: 'Annuler' }));
      const dialog = await screen.findByRole('dialog', { name: 'Annuler cette réservation ?' });
      expect(dialog).toHaveTextContent('Cette réservation n’est pas payée : rien ne vous sera débité');
      await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
      expect(await screen.findByText('Réservation annulée')).toBeInTheDocument();
      expect(requests.find((r) => r.method === 'POST')?.url.pathname).toBe('/api/bookings/b1/cancel');
    });
  });

  describe('when the centre confirmed it without an online payment', () => {
    const approved = { status: 'CONFIRMED' as const, payment: null, dueAtCentre: true, cancellation: { allowed: true, refundDue: false } };
    const paidAtCentre = { method: 'CHEQUE' as const, receivedOn: '2099-03-28', amount: 24_900 };

    it('says it is to be paid at the centre, never "not paid"', async () => {
      const { card } = renderCard(approved);
      expect(within(card).getByTestId('booking-payment')).toHaveTextContent('Paiement : À régler au centre');
      expect(card).not.toHaveTextContent('Non payé');
      await i18next.changeLanguage('en');
      expect(await within(card).findByText('Payment: To be paid at the centre')).toBeInTheDocument();
    });

    it('says it was paid at the centre once the centre recorded the money, how and when', async () => {
      const { card } = renderCard({ ...approved, dueAtCentre: false, paidAtCentre });
      expect(within(card).getByTestId('booking-payment')).toHaveTextContent('Paiement : Réglé au centre (chèque, le samedi 28 mars 2099)');
      await i18next.changeLanguage('en');
      expect(await within(card).findByText('Payment: Paid at the centre (cheque, on Saturday, March 28, 2099)')).toBeInTheDocument();
    });

    it('tells the learner who cancels that the centre, not the platform, settles its refund', async () => {
      const { card } = renderCard({ ...approved, dueAtCentre: false, paidAtCentre });
      const user = userEvent.setup();
      await user.click(within(card).getByRole('button', { name: 'Annuler' }));
      const dialog = await screen.findByRole('dialog', { name: 'Annuler cette réservation ?' });
      expect(dialog).toHaveTextContent('Cette réservation a été réglée au centre : aucun remboursement n’est fait en ligne, voyez-le avec le centre.');
    });

    it('once cancelled, says it was paid at the centre, never that nothing was charged', async () => {
      const { card } = renderCard({ ...approved, status: 'CANCELLED', dueAtCentre: false, paidAtCentre, ending: { reason: 'cancelledByAdmin', at: '2099-04-02T09:00:00.000Z', money: 'paidAtCentre' } });
      expect(within(card).getByTestId('booking-ending')).toHaveTextContent('Annulée par l’administration le jeudi 2 avril 2099 – payée au centre : voyez son remboursement avec le centre');
      expect(card).not.toHaveTextContent('aucun débit');
      await i18next.changeLanguage('en');
      expect(await within(card).findByText('Cancelled by the administration on Thursday, April 2, 2099 – paid at the centre: see the centre about a refund')).toBeInTheDocument();
    });
  });

  describe('once it ended', () => {
    it('says the centre cancelled it and nothing was charged, never that a payment failed', () => {
      const { card } = renderCard({ status: 'CANCELLED', payment: failedAttempt, ending: { reason: 'courseCancelled', at: '2099-04-02T09:00:00.000Z', money: 'notCharged' } });
      expect(within(card).getByTestId('booking-ending')).toHaveTextContent('Annulée par le centre le jeudi 2 avril 2099 – aucun débit');
      expect(card).not.toHaveTextContent('Échoué');
    });

    it('says it expired unpaid', () => {
      const { card } = renderCard({ status: 'CANCELLED', payment: failedAttempt, ending: { reason: 'expired', at: '2099-04-02T09:00:00.000Z', money: 'notCharged' } });
      expect(within(card).getByTestId('booking-ending')).toHaveTextContent('Expirée le jeudi 2 avril 2099, faute de paiement – aucun débit');
    });

    it('says who cancelled it and that it was refunded, in French and English', async () => {
      renderCard({ status: 'CANCELLED', payment: refunded, ending: { reason: 'cancelledByLearner', at: '2099-04-02T09:00:00.000Z', money: 'refunded' } });
      expect(screen.getByTestId('booking-ending')).toHaveTextContent('Annulée par vous le jeudi 2 avril 2099 – remboursée');
      await i18next.changeLanguage('en');
      expect(await screen.findByText(/^Cancelled by you on Thursday, April 2, 2099 – refunded$/)).toBeInTheDocument();
    });

    it('says an administrator cancelled it and the refund is under way', () => {
      renderCard({ status: 'CANCELLED', ending: { reason: 'cancelledByAdmin', at: '2099-04-02T09:00:00.000Z', money: 'refundPending' } });
      expect(screen.getByTestId('booking-ending')).toHaveTextContent('Annulée par l’administration le jeudi 2 avril 2099 – remboursement en cours');
    });
  });
});
