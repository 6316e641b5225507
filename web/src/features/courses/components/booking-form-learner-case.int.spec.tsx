import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateText } from '../../../lib/date-text';
import { toIsoDay } from '../../../lib/format';
import { json, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { BookingForm } from './booking-form';

const DAY = 86_400_000;
const dayFromNow = (days: number) => toIsoDay(new Date(Date.now() + days * DAY));
/** Two months away (beyond the withdrawal period), whatever today is; ends the next day. */
const course = { id: 'c1', spotsLeft: 8, status: 'SCHEDULED' as const, startDate: `${dayFromNow(60)}T06:00:00.000Z`, endDate: `${dayFromNow(61)}T15:00:00.000Z` };

function placed() {
  return stubFetch(() => json(201, { id: 'b1', bookingReference: 'RP-1', status: 'PENDING', courseId: 'c1', redirectUrl: '/checkout/b1', holdExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }));
}

async function book(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: "J'accepte les conditions générales" }));
  await user.click(screen.getByRole('button', { name: 'Réserver' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the learner’s case on the course page', () => {
  it('may be left for the payment step: the booking is sent as before', async () => {
    const { requests } = placed();
    renderWithProviders(<BookingForm course={course} isAuthenticated onAuthRequired={() => {}} />, { path: '/courses/c1' });
    expect(screen.getByRole('group', { name: 'Pourquoi suivez-vous ce stage ?' })).toHaveTextContent('Vous pouvez aussi l’indiquer au moment du paiement.');
    await book(userEvent.setup());
    await waitFor(() => expect(requests[0]?.body).toEqual({ courseId: 'c1' }));
  });

  it('goes with the booking when chosen, with the 48N letter’s day, after warning that the course ends too late for the fine’s refund', async () => {
    const { requests } = placed();
    renderWithProviders(<BookingForm course={course} isAuthenticated onAuthRequired={() => {}} />, { path: '/courses/c1' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Stage obligatoire du permis probatoire/ }));
    // Received 90 days ago: the four months end about 30 days from now, before this course.
    const letter = dayFromNow(-90);
    await user.type(screen.getByRole('textbox', { name: /Date de réception de la lettre 48N/ }), formatDateText(letter, 'fr'));
    expect(await screen.findByTestId('learner-case-notice')).toHaveTextContent('Ce stage se termine trop tard pour le remboursement de votre amende');
    await book(user);
    await waitFor(() => expect(requests[0]?.body).toEqual({ courseId: 'c1', learnerCase: 'PROBATION_48N', letterReceivedOn: letter }));
  });

  it('is not sent with the 48N case but no letter’s day: the field says what is missing', async () => {
    const { fetchMock } = placed();
    renderWithProviders(<BookingForm course={course} isAuthenticated onAuthRequired={() => {}} />, { path: '/courses/c1' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Stage obligatoire du permis probatoire/ }));
    await book(user);
    expect(await screen.findByText(/^Indiquez la date de réception de la lettre 48N/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says before booking that a court’s order gives no points back', async () => {
    placed();
    renderWithProviders(<BookingForm course={course} isAuthenticated onAuthRequired={() => {}} />, { path: '/courses/c1' });
    await userEvent.setup().click(screen.getByRole('radio', { name: /^Décision de justice/ }));
    expect(screen.getByTestId('learner-case-notice')).toHaveTextContent('Ce stage ne vous fera pas récupérer de points');
  });
});
