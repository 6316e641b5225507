import { aPaymentIntent } from '../../../testing/fixtures';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { CheckoutPage } from './checkout-page';

const intent = aPaymentIntent();

function serve(cardStatuses: Array<'succeeded' | 'requires_payment_method'>) {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/bookings/b1/create-payment-intent') return json(200, intent, { 'X-Event-Position': '5' });
    if (url.pathname === '/api/test-gateway/payment-intents/pi_1/confirm') {
      const status = cardStatuses.shift() ?? 'succeeded';
      return json(200, {
        id: 'pi_1',
        status,
        lastPaymentError: status === 'succeeded' ? null : { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
        nextAction: null,
      });
    }
    if (url.pathname === '/api/bookings/b1/confirm-payment') {
      return json(200, { bookingId: 'b1', bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' }, { 'X-Event-Position': '9' });
    }
    return problem(404, 'NOT_FOUND', 'Introuvable');
  });
}

async function payWith(cardNumber: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Titulaire de la carte/), 'Marie Curie');
  await user.type(screen.getByLabelText(/^Numéro de carte/), cardNumber);
  await user.type(screen.getByLabelText(/^Date d'expiration \(MM\/AA\)/), '1234');
  await user.type(screen.getByLabelText(/^CVC/), '123');
  await user.click(screen.getByRole('button', { name: /^Payer/ }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkout', () => {
  it('shows the booking, takes the card and confirms the booking', async () => {
    const { requests, router } = (() => {
      const stub = serve(['succeeded']);
      const view = renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
      return { ...stub, ...view };
    })();

    expect(await screen.findByText('RP-0001')).toBeInTheDocument();
    expect(screen.getByText('Toulon (83000)')).toBeInTheDocument();
    expect(screen.getByText(/aucun montant réel/)).toBeInTheDocument();
    await payWith('4242424242424242');

    // The one success view, shared with the 3-D Secure return, takes the checkout's place in the history.
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ booking_id: 'b1', payment_intent: 'pi_1' });
    expect(router.state.historyAction).toBe('REPLACE');
    const confirm = requests.find((request) => request.url.pathname === '/api/test-gateway/payment-intents/pi_1/confirm');
    expect(confirm?.body).toMatchObject({ clientSecret: 'pi_1_secret', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' });
    const record = requests.find((request) => request.url.pathname === '/api/bookings/b1/confirm-payment');
    expect(record?.body).toEqual({ paymentIntentId: 'pi_1' });
    expect(record?.headers.get('X-Min-Position')).toBe('5');
  });

  it('states the refund rule, with its last day and hour, before the card is asked for', async () => {
    serve([]);
    renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
    const rule = await screen.findByRole('note', { name: 'Annulation' });
    expect(rule).toHaveTextContent(/Annulation remboursée intégralement jusqu’à 72 heures avant le début du stage, soit jusqu’au .*6 mai 2099 à 8h00\./);
    expect(rule.compareDocumentPosition(screen.getByLabelText(/^Numéro de carte/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says a cancellation will not be refunded when the course starts within the cut-off', async () => {
    stubFetch(({ url }) => (url.pathname === '/api/bookings/b1/create-payment-intent' ? json(200, aPaymentIntent({ refund: { cutoffHours: 72, until: '2000-01-01T00:00:00.000Z' } })) : problem(404, 'NOT_FOUND', 'Introuvable')));
    renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
    expect(await screen.findByRole('note', { name: 'Annulation' })).toHaveTextContent('Ce stage commence dans moins de 72 heures : si vous annulez après avoir payé, vous ne serez pas remboursé(e).');
  });

  it('says a declined card was declined and lets the learner try another', async () => {
    serve(['requires_payment_method', 'succeeded']);
    renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
    await payWith('4000000000000002');
    expect(await screen.findByText('Paiement refusé')).toBeInTheDocument();
    expect(screen.getAllByText('Votre carte a été refusée.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /^Payer/ })).toBeEnabled();
  });

  it('shows a payment error when the intent cannot be created', async () => {
    stubFetch(() => json(200, { clientSecret: 'only this' }));
    renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
    expect(await screen.findByRole('heading', { name: 'Erreur de paiement' })).toBeInTheDocument();
    expect(screen.getAllByText('Réponse invalide du serveur').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Retour au tableau de bord' }).length).toBeGreaterThan(0);
  });

  it('says a paid booking is paid, with the way to the dashboard and the invoice, and no error', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/bookings/b1/create-payment-intent'
        ? problem(409, 'BOOKING_ALREADY_PAID', 'Cette réservation est déjà payée et confirmée : il n’y a plus rien à payer.')
        : problem(404, 'NOT_FOUND', 'Introuvable'),
    );
    renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
    expect(await screen.findByRole('heading', { name: 'Réservation déjà payée' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger la facture' })).toHaveAttribute('href', '/api/bookings/b1/invoice');
    expect(screen.getByRole('link', { name: 'Aller au tableau de bord' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('Erreur de paiement')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('offers another course, not a retry, once the hold has run out', async () => {
    stubFetch(() => problem(409, 'BOOKING_HOLD_EXPIRED', 'Le délai de paiement de cette réservation est dépassé et la place a été libérée. Réservez à nouveau pour payer.'));
    renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
    expect(await screen.findByRole('link', { name: 'Rechercher un stage' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('says in words that a centre no longer verified takes no payment, and offers another course and the dashboard, not a retry', async () => {
    const words = 'Le centre qui organise ce stage n’est plus vérifié par nos administrateurs : il ne peut plus recevoir de paiement, et rien ne vous a été débité. Votre place n’est pas payée : annulez cette réservation depuis votre tableau de bord, ou elle sera libérée d’elle-même à la fin du délai de paiement. Choisissez un autre stage.';
    stubFetch(({ url }) => (url.pathname === '/api/bookings/b1/create-payment-intent' ? problem(409, 'SELLER_NOT_VERIFIED', words) : problem(404, 'NOT_FOUND', 'Introuvable')));
    renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
    expect(await screen.findByRole('heading', { name: 'Ce stage ne peut plus être payé' })).toBeInTheDocument();
    const panel = screen.getAllByRole('alert').find((alert) => alert.textContent?.includes('Ce stage ne peut plus être payé'))!;
    expect(panel).toHaveTextContent(words);
    expect(panel).not.toHaveTextContent('SELLER_NOT_VERIFIED');
    expect(screen.getByRole('link', { name: 'Rechercher un stage' })).toHaveAttribute('href', '/courses');
    expect(screen.getAllByRole('link', { name: 'Retour au tableau de bord' })[0]).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Numéro de carte/)).not.toBeInTheDocument();
    // Said once, under its own title: no "payment error" toast over it.
    expect(screen.queryByText('Erreur de paiement')).not.toBeInTheDocument();
    expect(screen.getAllByText(words)).toHaveLength(1);
  });

  it('keeps the secure-payment notice out of the alerts screen readers announce', async () => {
    serve([]);
    renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
    expect(await screen.findByRole('note', { name: 'Paiement sécurisé' })).toHaveTextContent(/aucun montant réel/);
    expect(screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes('Paiement sécurisé'))).toEqual([]);
  });

  it('opens the payment again when the intent changed under the form, and never shows the provider’s words', async () => {
    let opened = 0;
    const { requests } = stubFetch(({ url }) => {
      if (url.pathname === '/api/bookings/b1/create-payment-intent') {
        opened += 1;
        return json(200, opened === 1 ? intent : { ...intent, paymentIntentId: 'pi_2', clientSecret: 'pi_2_secret' });
      }
      if (url.pathname === '/api/test-gateway/payment-intents/pi_1/confirm') {
        return problem(400, 'PAYMENT_INTENT_UNEXPECTED_STATE', 'Ce paiement ne peut plus être confirmé : rechargez la page pour payer.');
      }
      if (url.pathname === '/api/test-gateway/payment-intents/pi_2/confirm') {
        return json(200, { id: 'pi_2', status: 'requires_payment_method', lastPaymentError: { code: 'do_not_honor_yet_unknown', declineCode: null, message: 'You cannot confirm this PaymentIntent.' }, nextAction: null });
      }
      return problem(404, 'NOT_FOUND', 'Introuvable');
    });
    renderWithProviders(<CheckoutPage bookingId="b1" />, { path: '/checkout/:bookingId', route: '/checkout/b1' });
    await payWith('4242424242424242');
    expect(await screen.findByText('Paiement mis à jour')).toBeInTheDocument();
    await waitFor(() => expect(opened).toBe(2));
    await payWith('4242424242424242');
    expect(await screen.findByText('Paiement refusé')).toBeInTheDocument();
    expect(screen.getAllByText('Votre carte a été refusée.').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/You cannot confirm/);
    expect(requests.filter((r) => r.url.pathname.endsWith('/confirm')).map((r) => r.url.pathname)).toEqual([
      '/api/test-gateway/payment-intents/pi_1/confirm', '/api/test-gateway/payment-intents/pi_2/confirm',
    ]);
  });
});
