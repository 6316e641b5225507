import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../../lib/format';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { BookingForm } from './booking-form';

const DAY = 24 * 3_600_000;
/** Two months away: beyond the 14 days of the withdrawal period, whatever today is. */
const course = { id: 'c1', spotsLeft: 8, status: 'SCHEDULED' as const, startDate: new Date(Date.now() + 60 * DAY).toISOString() };

function renderForm({ isAuthenticated = true, spotsLeft = course.spotsLeft, startDate = course.startDate } = {}) {
  const onAuthRequired = vi.fn();
  const view = renderWithProviders(
    <BookingForm course={{ ...course, spotsLeft, startDate }} isAuthenticated={isAuthenticated} onAuthRequired={onAuthRequired} />,
    { path: '/courses/c1' },
  );
  return { ...view, onAuthRequired };
}

async function acceptAndBook() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox', { name: "J'accepte les conditions générales" }));
  await user.click(screen.getByRole('button', { name: 'Réserver' }));
  return user;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('fr');
});

describe('when nobody is signed in', () => {
  it("asks to sign in and opens the login modal, without calling the server", async () => {
    const { fetchMock } = stubFetch(() => json(201, {}));
    const { onAuthRequired } = renderForm({ isAuthenticated: false });
    await acceptAndBook();
    expect(await screen.findByText('Authentification requise')).toBeInTheDocument();
    expect(onAuthRequired).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('when the terms are not accepted', () => {
  it('says they must be, without calling the server', async () => {
    const { fetchMock } = stubFetch(() => json(201, {}));
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réserver' }));
    expect(await screen.findByText('Termes et conditions')).toBeInTheDocument();
    expect(screen.getAllByText('Vous devez accepter les conditions générales').length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the error away, on the box and in the toast, as soon as the box is ticked', async () => {
    stubFetch(() => json(201, {}));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Réserver' }));
    expect(await screen.findByText('Termes et conditions')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: "J'accepte les conditions générales" }));
    await waitFor(() => expect(screen.queryByText('Termes et conditions')).not.toBeInTheDocument());
    expect(screen.queryByText('Vous devez accepter les conditions générales')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: "J'accepte les conditions générales" })).not.toHaveAttribute('aria-invalid');
  });
});

describe('when the course is full', () => {
  it('cannot be booked', () => {
    stubFetch(() => json(201, {}));
    renderForm({ spotsLeft: 0 });
    expect(screen.getByRole('button', { name: 'Réserver' })).toBeDisabled();
  });
});

describe('when the booking is placed', () => {
  it('says the place is held until the hold ends and must be paid to be confirmed, then goes to the returned address after 1.5 s', async () => {
    const holdExpiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
    const { requests } = stubFetch(() =>
      json(201, { id: 'b1', bookingReference: 'RP-1', status: 'PENDING', courseId: 'c1', redirectUrl: '/checkout/b1', holdExpiresAt }, { 'X-Event-Position': '7' }),
    );
    const { router } = renderForm();
    await acceptAndBook();

    expect(await screen.findByText('Place retenue')).toBeInTheDocument();
    const toast = screen.getByText(/^Votre place est retenue jusqu’/);
    expect(toast).toHaveTextContent(new RegExp(`jusqu’(à|au .+ à) ${formatTime(holdExpiresAt, 'fr')} : payez-la avant pour confirmer votre réservation\\.`));
    expect(screen.queryByText(/Votre place est réservée/)).not.toBeInTheDocument();
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe('/api/bookings');
    expect(requests[0]?.body).toEqual({ courseId: 'c1' });
    expect(router.state.location.pathname).toBe('/courses/c1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/b1'), { timeout: 3000 });
  });
});

describe('when the learner already booked the course', () => {
  it('says so and offers the existing booking', async () => {
    stubFetch(() => problem(409, 'ALREADY_BOOKED', 'User already has a booking for this course'));
    const { router } = renderForm();
    const user = await acceptAndBook();

    expect(await screen.findByText('Vous avez déjà réservé ce stage')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voir ma réservation' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("recognises the server's wording even without the code", async () => {
    stubFetch(() => problem(409, 'CONFLICT', 'This user already has a booking for course c1'));
    renderForm();
    await acceptAndBook();
    expect(await screen.findByText('Vous avez déjà réservé ce stage')).toBeInTheDocument();
  });
});

describe('when the server refuses the booking otherwise', () => {
  it("shows the server's message", async () => {
    stubFetch(() => problem(409, 'NO_SPOTS_LEFT', 'Il ne reste plus de place pour ce stage'));
    renderForm();
    await acceptAndBook();
    expect(await screen.findByText('Erreur de réservation')).toBeInTheDocument();
    expect(screen.getByText('Il ne reste plus de place pour ce stage')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voir ma réservation' })).not.toBeInTheDocument();
  });

  it('falls back on a generic message when the server gave none', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    renderForm();
    await acceptAndBook();
    expect(await screen.findByText('Une erreur est survenue lors de la réservation')).toBeInTheDocument();
  });
});

describe('in English', () => {
  async function bookInEnglish({ accept }: { accept: boolean }) {
    const user = userEvent.setup();
    if (accept) await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    return user;
  }

  it('asks an anonymous visitor to sign in', async () => {
    await i18next.changeLanguage('en');
    stubFetch(() => json(201, {}));
    const { onAuthRequired } = renderForm({ isAuthenticated: false });
    await bookInEnglish({ accept: true });
    expect(await screen.findByText('Authentication required')).toBeInTheDocument();
    expect(onAuthRequired).toHaveBeenCalledTimes(1);
  });

  it('asks for the terms to be accepted', async () => {
    await i18next.changeLanguage('en');
    const { fetchMock } = stubFetch(() => json(201, {}));
    renderForm();
    await bookInEnglish({ accept: false });
    expect(await screen.findByText('Terms and conditions')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the existing booking when the course is already booked', async () => {
    await i18next.changeLanguage('en');
    stubFetch(() => problem(409, 'ALREADY_BOOKED', 'User already has a booking for this course'));
    const { router } = renderForm();
    const user = await bookInEnglish({ accept: true });
    expect(await screen.findByText('You have already booked this course')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View existing booking' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('a course that starts within the 14 days of the withdrawal period', () => {
  const soon = new Date(Date.now() + 5 * DAY).toISOString();
  const EARLY = /^Ce stage commence dans moins de 14 jours : je demande qu’il ait lieu avant la fin de mon délai de rétractation/;

  it('is booked only once the learner asks for that start, and says so in the call', async () => {
    const { requests } = stubFetch(() => json(201, { id: 'b1', bookingReference: 'RP-1', status: 'PENDING', courseId: 'c1', redirectUrl: '/checkout/b1' }));
    renderForm({ startDate: soon });
    const user = await acceptAndBook();
    expect(await screen.findByText('Pour réserver ce stage, demandez qu’il commence avant la fin du délai de rétractation', { selector: 'p' })).toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname === '/api/bookings')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: EARLY }));
    await user.click(screen.getByRole('button', { name: 'Réserver' }));
    await waitFor(() => expect(requests.find((request) => request.url.pathname === '/api/bookings')?.body).toEqual({ courseId: 'c1', earlyStartRequested: true }));
  });

  it('is not asked of a course that starts later', () => {
    stubFetch(() => json(201, {}));
    renderForm();
    expect(screen.queryByRole('checkbox', { name: EARLY })).not.toBeInTheDocument();
  });
});
