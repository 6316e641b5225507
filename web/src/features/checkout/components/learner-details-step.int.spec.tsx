import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { probationDeadline } from '@recup/shared-events/bookings/learner-case';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateText } from '../../../lib/date-text';
import { formatLongDate, toIsoDay } from '../../../lib/format';
import { aPaymentIntent, aProfile } from '../../../testing/fixtures';
import { json, problem, stubFetch, type RecordedRequest } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import type { PaymentIntent } from '../api/create-payment-intent';
import { CheckoutPage } from './checkout-page';

const DAY = 86_400_000;
const dayFromNow = (days: number) => toIsoDay(new Date(Date.now() + days * DAY));
/** A course whose last day is 30 days away, whatever today is. */
const courseEnd = `${dayFromNow(30)}T15:00:00.000Z`;
const intentWithoutCase = (overrides: Partial<PaymentIntent> = {}) =>
  aPaymentIntent({ learnerCase: null, course: { ...aPaymentIntent().course, startDate: `${dayFromNow(29)}T06:00:00.000Z`, endDate: courseEnd }, ...overrides });

/** The checkout's calls: the intent, the case, the profile, then the card. */
function serve(intent: PaymentIntent, answers: { declare?: (request: RecordedRequest) => Response; profile?: () => Response } = {}) {
  return stubFetch((request) => {
    const { url, method } = request;
    if (url.pathname === '/api/bookings/b1/create-payment-intent') return json(200, intent, { 'X-Event-Position': '5' });
    if (url.pathname === '/api/bookings/b1/case' && method === 'PUT') {
      if (answers.declare) return answers.declare(request);
      const body = request.body as { learnerCase: string; letterReceivedOn: string | null };
      return json(200, { bookingId: 'b1', learnerCase: { case: body.learnerCase, letterReceivedOn: body.letterReceivedOn }, probation: null, givesPointsBack: true }, { 'X-Event-Position': '6' });
    }
    if (url.pathname === '/api/users/profile' && method === 'GET') return answers.profile ? answers.profile() : json(200, aProfile({ dateOfBirth: null, placeOfBirth: null, countryOfBirth: null }));
    if (url.pathname === '/api/users/profile' && method === 'PATCH') return json(200, { ...aProfile(), ...(request.body as object) }, { 'X-Event-Position': '7' });
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
}

const open = () => renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
const caseRadio = (name: RegExp) => screen.getByRole('radio', { name });
const continueButton = () => screen.getByRole('button', { name: 'Continuer vers le paiement' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the step before the card', () => {
  it('asks why the learner takes the course before the card, records it, then asks for the card with the case beside it', async () => {
    const { requests } = serve(intentWithoutCase());
    open();
    expect(await screen.findByRole('heading', { name: 'Avant de payer' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Numéro de carte/)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(caseRadio(/^Stage volontaire/));
    await user.click(continueButton());

    expect(await screen.findByLabelText(/^Numéro de carte/)).toBeInTheDocument();
    const declared = requests.find((r) => r.url.pathname === '/api/bookings/b1/case');
    expect(declared?.method).toBe('PUT');
    expect(declared?.body).toEqual({ learnerCase: 'VOLUNTARY', letterReceivedOn: null });
    expect(screen.getByTestId('learner-case-summary')).toHaveTextContent('Raison de votre stage : Cas 1 – volontaire');
    // No licence detail was missing: the profile is neither read nor written.
    expect(requests.some((r) => r.url.pathname === '/api/users/profile')).toBe(false);
  });

  it('does not go on without a case, nor without the 48N letter’s day, nor with a day to come', async () => {
    const { requests } = serve(intentWithoutCase());
    open();
    await screen.findByRole('heading', { name: 'Avant de payer' });
    const user = userEvent.setup();
    await user.click(continueButton());
    expect(await screen.findByText('Choisissez la raison de votre stage.')).toBeInTheDocument();

    await user.click(caseRadio(/^Stage obligatoire du permis probatoire/));
    await user.click(continueButton());
    expect(await screen.findByText(/^Indiquez la date de réception de la lettre 48N/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Date de réception de la lettre 48N/ })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: /Date de réception de la lettre 48N/ }), formatDateText(dayFromNow(3), 'fr'));
    await user.click(continueButton());
    expect((await screen.findAllByText('La date de réception de la lettre ne peut pas être dans le futur.')).length).toBeGreaterThan(0);
    expect(requests.some((r) => r.url.pathname === '/api/bookings/b1/case')).toBe(false);
  });

  it('warns before paying when the course ends after the four months of the 48N letter, and says the fine is refunded when it ends in time', async () => {
    serve(intentWithoutCase());
    open();
    await screen.findByRole('heading', { name: 'Avant de payer' });
    const user = userEvent.setup();
    await user.click(caseRadio(/^Stage obligatoire du permis probatoire/));
    const letter = screen.getByRole('textbox', { name: /Date de réception de la lettre 48N/ });

    // Received 100 days ago: the four months end before the course's last day, 30 days from now.
    const early = dayFromNow(-100);
    await user.type(letter, formatDateText(early, 'fr'));
    const late = await screen.findByTestId('learner-case-notice');
    expect(late).toHaveTextContent('Ce stage se termine trop tard pour le remboursement de votre amende');
    expect(late).toHaveTextContent(`au plus tard le ${formatLongDate(`${probationDeadline(early)}T12:00:00Z`, 'fr')}`);
    expect(late).toHaveTextContent(`ce stage se termine le ${formatLongDate(courseEnd, 'fr')}`);

    // Received 10 days ago: the course ends well within the four months.
    await user.clear(letter);
    await user.type(letter, formatDateText(dayFromNow(-10), 'fr'));
    await waitFor(() => expect(screen.getByTestId('learner-case-notice')).toHaveTextContent('Ce stage se termine dans les 4 mois : votre amende vous sera remboursée'));
    expect(screen.getByTestId('learner-case-notice')).toHaveTextContent(/fait rembourser l’amende que vous avez payée/);
  });

  it('says a court’s order or a penal settlement gives no points back', async () => {
    serve(intentWithoutCase());
    open();
    await screen.findByRole('heading', { name: 'Avant de payer' });
    const user = userEvent.setup();
    await user.click(caseRadio(/^Décision de justice/));
    expect(screen.getByTestId('learner-case-notice')).toHaveTextContent('Ce stage ne vous fera pas récupérer de points');
    await user.click(caseRadio(/^Composition pénale/));
    expect(screen.getByTestId('learner-case-notice')).toHaveTextContent('Ce stage ne vous fera pas récupérer de points');
    await user.click(caseRadio(/^Stage volontaire/));
    expect(screen.queryByTestId('learner-case-notice')).not.toBeInTheDocument();
  });

  it('asks the licence details the profile lacks, keeps those it has, checks the number, and saves them through the profile', async () => {
    const { requests } = serve(aPaymentIntent({ missingLicenceDetails: ['licenseNumber', 'dateOfBirth', 'placeOfBirth', 'countryOfBirth'] }), {
      profile: () => json(200, aProfile({ licenseNumber: null, dateOfBirth: '1990-03-15', placeOfBirth: null, countryOfBirth: null })),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Votre permis de conduire' })).toBeInTheDocument();
    // The case was said on the course page: it is shown, already chosen.
    expect(caseRadio(/^Stage volontaire/)).toBeChecked();
    const number = await screen.findByRole('textbox', { name: /^Numéro de permis/ });
    expect(screen.getByRole('textbox', { name: /^Date de naissance/ })).toHaveValue('15/03/1990');
    const user = userEvent.setup();
    await user.type(number, 'AB12');
    await user.click(continueButton());
    expect(await screen.findByText(/^Ce numéro n’a pas la forme d’un numéro de permis français/)).toBeInTheDocument();
    expect(screen.getByText('Indiquez la commune où vous êtes né(e).')).toBeInTheDocument();
    expect(screen.getByText('Indiquez votre pays de naissance.')).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '13ab 1234 5678');
    await user.type(screen.getByRole('textbox', { name: /^Lieu de naissance/ }), 'Avignon');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Pays de naissance/ }), 'FR');
    await user.click(continueButton());

    expect(await screen.findByLabelText(/^Numéro de carte/)).toBeInTheDocument();
    const saved = requests.find((r) => r.url.pathname === '/api/users/profile' && r.method === 'PATCH');
    // Every other field of the profile goes back as it was.
    expect(saved?.body).toEqual({
      title: 'MRS', firstName: 'Marie', lastName: 'Curie', dateOfBirth: '1990-03-15', countryOfBirth: 'FR', placeOfBirth: 'Avignon', address: '12 rue des Lilas',
      addressDetails: '', postalCode: '83000', city: 'Toulon', country: 'FR', phoneNumber: '0612345678', landlinePhone: '', licenseNumber: '13ab 1234 5678', language: 'FR',
    });
    expect(requests.find((r) => r.url.pathname === '/api/bookings/b1/case')?.body).toEqual({ learnerCase: 'VOLUNTARY', letterReceivedOn: null });
  });

  it('shows the server’s refusal on the field it names', async () => {
    serve(intentWithoutCase(), {
      declare: () => problem(400, 'LETTER_RECEIVED_ON_IN_FUTURE', 'La date de réception de la lettre 48N ne peut pas être dans le futur.', { field: 'letterReceivedOn' }),
    });
    open();
    await screen.findByRole('heading', { name: 'Avant de payer' });
    const user = userEvent.setup();
    await user.click(caseRadio(/^Stage obligatoire du permis probatoire/));
    await user.type(screen.getByRole('textbox', { name: /Date de réception de la lettre 48N/ }), formatDateText(dayFromNow(-1), 'fr'));
    await user.click(continueButton());
    expect(await screen.findByText('La date de réception de la lettre 48N ne peut pas être dans le futur.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Date de réception de la lettre 48N/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText(/^Numéro de carte/)).not.toBeInTheDocument();
  });

  it('lets the learner change the case from the card, and warns there of what it means', async () => {
    const { requests } = serve(aPaymentIntent({ learnerCase: { case: 'COURT_ORDER', letterReceivedOn: null }, course: { ...aPaymentIntent().course, endDate: courseEnd } }));
    open();
    const summary = await screen.findByTestId('learner-case-summary');
    expect(summary).toHaveTextContent('Cas 3 – décision de justice');
    expect(within(summary).getByTestId('learner-case-notice')).toHaveTextContent('Ce stage ne vous fera pas récupérer de points');
    const user = userEvent.setup();
    await user.click(within(summary).getByRole('button', { name: 'Modifier la raison du stage' }));
    expect(caseRadio(/^Décision de justice/)).toBeChecked();
    await user.click(caseRadio(/^Composition pénale/));
    await user.click(continueButton());
    expect(await screen.findByTestId('learner-case-summary')).toHaveTextContent('Cas 4 – composition pénale');
    expect(requests.find((r) => r.url.pathname === '/api/bookings/b1/case')?.body).toEqual({ learnerCase: 'PENAL_SETTLEMENT', letterReceivedOn: null });
  });
});
