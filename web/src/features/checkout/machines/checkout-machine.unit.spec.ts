import { aPaymentIntent } from '../../../testing/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { json, stubFetch } from '../../../testing/fetch-stub';
import type { PaymentIntent } from '../api/create-payment-intent';
import type { CardDetails } from '../utils/card-input';
import { checkoutMachine, confirmCardWithTestGateway, type CardOutcome } from './checkout-machine';

const intent = aPaymentIntent();

const card: CardDetails = { cardholderName: 'Marie Curie', cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const declined: CardOutcome = { status: 'failed', error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } };

type Fakes = {
  createIntent?: () => Promise<PaymentIntent>;
  confirmCard?: () => Promise<CardOutcome>;
  recordPayment?: () => Promise<unknown>;
};

/** The machine with fake actors and spies for every effect on the world. */
function startCheckout(fakes: Fakes = {}) {
  const effects = {
    notifyIntentFailed: vi.fn(),
    notifyCardDeclined: vi.fn(),
    notifyRecordFailed: vi.fn(),
    showSuccess: vi.fn(),
    redirectToChallenge: vi.fn(),
  };
  const confirmCard = vi.fn(
    (_input: unknown): Promise<CardOutcome> => (fakes.confirmCard ? fakes.confirmCard() : Promise.resolve({ status: 'succeeded', paymentIntentId: 'pi_1' })),
  );
  const recordPayment = vi.fn(
    (_input: unknown): Promise<unknown> =>
      fakes.recordPayment ? fakes.recordPayment() : Promise.resolve({ bookingId: 'b1', bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' }),
  );
  const machine = checkoutMachine.provide({
    actors: {
      createIntent: fromPromise(fakes.createIntent ?? (async () => intent)),
      confirmCard: fromPromise(({ input }) => confirmCard(input)),
      recordPayment: fromPromise(({ input }) => recordPayment(input)),
    },
    actions: {
      notifyIntentFailed: (_, params) => effects.notifyIntentFailed(params),
      notifyCardDeclined: (_, params) => effects.notifyCardDeclined(params),
      notifyRecordFailed: (_, params) => effects.notifyRecordFailed(params),
      showSuccess: (_, params) => effects.showSuccess(params),
      redirectToChallenge: (_, params) => effects.redirectToChallenge(params),
    },
  });
  const actor = createActor(machine, { input: { bookingId: 'b1', returnUrl: 'http://localhost/payment-success?booking_id=b1' } });
  actor.start();
  return { actor, effects, confirmCard, recordPayment };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('when the intent is created', () => {
  it('waits for the card, holding the intent', async () => {
    const { actor } = startCheckout();
    const snapshot = await waitFor(actor, (s) => s.matches('awaitingCard'));
    expect(snapshot.context.intent).toEqual(intent);
  });

  it('pays, records the payment and shows the one success view, which no timer takes away', async () => {
    const { actor, effects, confirmCard, recordPayment } = startCheckout();
    await waitFor(actor, (s) => s.matches('awaitingCard'));
    actor.send({ type: 'card.submit', card });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(confirmCard).toHaveBeenCalledWith({ intent, card, returnUrl: 'http://localhost/payment-success?booking_id=b1' });
    expect(recordPayment).toHaveBeenCalledWith({ bookingId: 'b1', paymentIntentId: 'pi_1' });
    expect(effects.showSuccess).toHaveBeenCalledTimes(1);
    expect(effects.showSuccess).toHaveBeenCalledWith({ bookingId: 'b1', paymentIntentId: 'pi_1' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ignores a card submitted while the intent is still being created', async () => {
    const { actor, confirmCard } = startCheckout();
    actor.send({ type: 'card.submit', card });
    await waitFor(actor, (s) => s.matches('awaitingCard'));
    expect(confirmCard).not.toHaveBeenCalled();
  });
});

describe('when the card is declined', () => {
  it('says why and asks for a card again, then pays with the next one', async () => {
    const outcomes: CardOutcome[] = [declined, { status: 'succeeded', paymentIntentId: 'pi_1' }];
    const { actor, effects, recordPayment } = startCheckout({ confirmCard: async () => outcomes.shift() ?? declined });
    await waitFor(actor, (s) => s.matches('awaitingCard'));

    actor.send({ type: 'card.submit', card });
    const afterDecline = await waitFor(actor, (s) => s.matches('awaitingCard') && s.context.cardError !== null);
    expect(effects.notifyCardDeclined).toHaveBeenCalledWith({ error: declined.status === 'failed' ? declined.error : null });
    expect(afterDecline.context.cardError?.code).toBe('card_declined');
    expect(recordPayment).not.toHaveBeenCalled();

    actor.send({ type: 'card.submit', card });
    const done = await waitFor(actor, (s) => s.matches('succeeded'));
    expect(done.context.cardError).toBeNull();
    expect(recordPayment).toHaveBeenCalledTimes(1);
  });

  it('asks for a card again when the gateway cannot be reached', async () => {
    const { actor, effects } = startCheckout({
      confirmCard: async () => {
        throw new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Numéro de carte invalide', fromServer: true });
      },
    });
    await waitFor(actor, (s) => s.matches('awaitingCard'));
    actor.send({ type: 'card.submit', card });
    await waitFor(actor, (s) => s.matches('awaitingCard') && s.context.cardError !== null);
    expect(effects.notifyCardDeclined).toHaveBeenCalledWith({ error: { code: 'VALIDATION_FAILED', declineCode: null, message: 'Numéro de carte invalide' } });
  });

  it('opens the payment again when the intent changed under the form (replaced, cancelled, awaiting a challenge)', async () => {
    const createIntent = vi.fn(async () => intent);
    const { actor } = startCheckout({
      createIntent,
      confirmCard: async () => {
        throw new ApiError({ status: 400, code: 'PAYMENT_INTENT_UNEXPECTED_STATE', message: 'Ce paiement ne peut plus être confirmé.', fromServer: true });
      },
    });
    await waitFor(actor, (s) => s.matches('awaitingCard'));
    actor.send({ type: 'card.submit', card });
    await waitFor(actor, (s) => s.matches('awaitingCard') && createIntent.mock.calls.length === 2);
    expect(actor.getSnapshot().context.cardError).toBeNull();
  });
});

describe('when there is nothing to pay', () => {
  it('says so for a paid booking instead of failing', async () => {
    const { actor, effects } = startCheckout({
      createIntent: async () => {
        throw new ApiError({ status: 409, code: 'BOOKING_ALREADY_PAID', message: 'Déjà payée.', fromServer: true });
      },
    });
    await waitFor(actor, (s) => s.matches('nothingToPay'));
    expect(actor.getSnapshot().context.failureCode).toBe('BOOKING_ALREADY_PAID');
    expect(effects.notifyIntentFailed).not.toHaveBeenCalled();
  });
});

describe('when the browser shows the page again from its cache (Back from the challenge page)', () => {
  it('opens the payment again instead of staying on its way to the challenge', async () => {
    const createIntent = vi.fn(async () => intent);
    const { actor } = startCheckout({ createIntent, confirmCard: async () => ({ status: 'requires_action', redirectUrl: '/api/test-gateway/challenge/pi_1' }) });
    await waitFor(actor, (s) => s.matches('awaitingCard'));
    actor.send({ type: 'card.submit', card });
    await waitFor(actor, (s) => s.matches('redirectingToChallenge'));
    actor.send({ type: 'page.restored' });
    await waitFor(actor, (s) => s.matches('awaitingCard'));
    expect(createIntent).toHaveBeenCalledTimes(2);
  });
});

describe('when the bank asks for 3-D Secure', () => {
  it('leaves for the challenge page without recording anything', async () => {
    const { actor, effects, recordPayment } = startCheckout({
      confirmCard: async () => ({ status: 'requires_action', redirectUrl: '/api/test-gateway/challenge/pi_1' }),
    });
    await waitFor(actor, (s) => s.matches('awaitingCard'));
    actor.send({ type: 'card.submit', card });
    await waitFor(actor, (s) => s.matches('redirectingToChallenge'));
    expect(effects.redirectToChallenge).toHaveBeenCalledWith({ url: '/api/test-gateway/challenge/pi_1' });
    expect(recordPayment).not.toHaveBeenCalled();
  });
});

describe('when the intent cannot be created', () => {
  it('fails with the server message, and retries on demand', async () => {
    const answers: Array<() => Promise<PaymentIntent>> = [
      async () => {
        throw new ApiError({ status: 409, code: 'BOOKING_NOT_PENDING', message: 'Cette réservation est déjà payée', fromServer: true });
      },
      async () => intent,
    ];
    const { actor, effects } = startCheckout({ createIntent: () => (answers.shift() ?? (async () => intent))() });
    const failed = await waitFor(actor, (s) => s.matches('intentFailed'));
    expect(failed.context.failureMessage).toBe('Cette réservation est déjà payée');
    expect(effects.notifyIntentFailed).toHaveBeenCalledWith({ message: 'Cette réservation est déjà payée' });

    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('awaitingCard'));
  });

  it('fails without a server message when the answer is incomplete', async () => {
    const { actor, effects } = startCheckout({ createIntent: async () => ({ ...intent, clientSecret: '' }) });
    const failed = await waitFor(actor, (s) => s.matches('intentFailed'));
    expect(failed.context.intent).toBeNull();
    expect(effects.notifyIntentFailed).toHaveBeenCalledWith({ message: null });
  });
});

describe('when the payment cannot be recorded', () => {
  it('says the payment went through but the booking was not updated, and can try again', async () => {
    const answers = [
      async () => {
        throw new ApiError({ status: 500, code: 'HTTP_500', message: '500: oops' });
      },
      async () => ({ bookingId: 'b1', bookingStatus: 'CONFIRMED', paymentStatus: 'SUCCEEDED' }),
    ];
    const { actor, effects, confirmCard } = startCheckout({ recordPayment: () => (answers.shift() ?? answers[0]!)() });
    await waitFor(actor, (s) => s.matches('awaitingCard'));
    actor.send({ type: 'card.submit', card });
    await waitFor(actor, (s) => s.matches('recordFailed'));
    expect(effects.notifyRecordFailed).toHaveBeenCalledTimes(1);
    expect(effects.showSuccess).not.toHaveBeenCalled();

    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(confirmCard).toHaveBeenCalledTimes(1);
  });
});

describe('the test gateway', () => {
  const gatewayAnswer = (body: object) => stubFetch(() => json(200, { id: 'pi_1', lastPaymentError: null, nextAction: null, ...body }));

  it('is sent the client secret, the card and the return address', async () => {
    const { requests } = gatewayAnswer({ status: 'succeeded' });
    await expect(confirmCardWithTestGateway({ intent, card, returnUrl: '/payment-success?booking_id=b1' })).resolves.toEqual({
      status: 'succeeded',
      paymentIntentId: 'pi_1',
    });
    expect(requests[0]?.url.pathname).toBe('/api/test-gateway/payment-intents/pi_1/confirm');
    expect(requests[0]?.body).toEqual({ clientSecret: 'pi_1_secret', ...card, returnUrl: '/payment-success?booking_id=b1' });
  });

  it('reports a refusal with its codes', async () => {
    gatewayAnswer({
      status: 'requires_payment_method',
      lastPaymentError: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    // The gateway's own words are dropped: the page words the refusal from its codes.
    await expect(confirmCardWithTestGateway({ intent, card, returnUrl: '' })).resolves.toEqual({
      status: 'failed',
      error: { code: 'card_declined', declineCode: 'insufficient_funds', message: null },
    });
  });

  it('reports a 3-D Secure challenge with its address', async () => {
    gatewayAnswer({ status: 'requires_action', nextAction: { redirectUrl: '/api/test-gateway/challenge/pi_1' } });
    await expect(confirmCardWithTestGateway({ intent, card, returnUrl: '' })).resolves.toEqual({
      status: 'requires_action',
      redirectUrl: '/api/test-gateway/challenge/pi_1',
    });
  });
});
