import { assign, fromPromise, setup } from 'xstate';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { confirmPayment } from '../api/confirm-payment';
import { confirmTestCard } from '../api/confirm-test-card';
import { createPaymentIntent, type PaymentIntent } from '../api/create-payment-intent';
import { saveLearnerDetails, type LearnerDetails } from '../api/learner-details';
import i18next from 'i18next';
import { toLanguage } from '../../../lib/language';
import type { LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import type { CardDetails } from '../utils/card-input';

/**
 * What the gateway said about a card it refused; translated by `code` on screen. `message` is only ever
 * our own server's words (already in the user's language): a provider's own message is never kept.
 */
export type CardError = { code: string | null; declineCode: string | null; message: string | null };

/** Answers to opening the payment that mean there is nothing left to pay: said as such, not as an error. */
const SETTLED_CODES = ['BOOKING_ALREADY_PAID', 'BOOKING_ALREADY_CONFIRMED'] as const;
/** Answers after which trying again cannot help: the booking no longer awaits payment, or its centre no longer sells. */
export const FINAL_CODES = ['BOOKING_HOLD_EXPIRED', 'BOOKING_NOT_PENDING', 'BOOKING_NOT_FOUND', 'SELLER_NOT_VERIFIED'] as const;
/** The intent changed under the form (replaced, cancelled, or waiting for a challenge): the payment is opened again. */
const STALE_INTENT_CODES = ['PAYMENT_INTENT_UNEXPECTED_STATE', 'payment_intent_unexpected_state', 'RESOURCE_MISSING'];

const codeOf = (error: unknown) => (isApiError(error) ? error.code : null);

export type CardOutcome =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'requires_action'; redirectUrl: string }
  | { status: 'failed'; error: CardError };

type CheckoutInput = { bookingId: string; returnUrl: string };

/** Why the step before the card could not be saved: the server's words, and the field they are about when it named one. */
export type DetailsError = { field: string | null; message: string | null };

/** The test gateway's form hands over the card; with Stripe Elements the card stays in Stripe's field and only the name comes here. */
export type CardSubmission = CardDetails | { cardholderName: string };

type CheckoutContext = {
  bookingId: string;
  returnUrl: string;
  intent: PaymentIntent | null;
  card: CardSubmission | null;
  cardError: CardError | null;
  paymentIntentId: string | null;
  challengeUrl: string | null;
  /** A message worded by the server for people, when it gave one. */
  failureMessage: string | null;
  /** The server's code for the last failure, when it gave one. */
  failureCode: string | null;
  /** The step before the card (the learner's case, the licence details) was refused: why. */
  detailsError: DetailsError | null;
};

/** `page.restored`: the browser showed the page again from its cache (Back from the bank's challenge page). */
/** `details.submit`: the step before the card is filled in; `details.edit`: the learner goes back to it from the card. */
type CheckoutEvent =
  | { type: 'card.submit'; card: CardSubmission }
  | { type: 'retry' }
  | { type: 'page.restored' }
  | { type: 'details.submit'; details: LearnerDetails }
  | { type: 'details.edit' };

function isCompleteIntent(intent: PaymentIntent | null | undefined): intent is PaymentIntent {
  return Boolean(intent && intent.paymentIntentId && intent.clientSecret && intent.course && intent.booking);
}

/**
 * Nobody pays before saying why they take the course, nor without the licence details the prefecture needs: the
 * server takes a payment without them (older clients, a centre's own booking), the web asks first.
 */
function needsLearnerDetails(intent: PaymentIntent): boolean {
  return intent.learnerCase === null || intent.missingLicenceDetails.length > 0;
}

/** The test gateway's answer, reduced to the three outcomes the checkout cares about. */
export async function confirmCardWithTestGateway({ intent, card, returnUrl }: { intent: PaymentIntent; card: CardSubmission; returnUrl: string }): Promise<CardOutcome> {
  if (intent.provider !== 'test' || !('cardNumber' in card)) {
    return { status: 'failed', error: { code: 'provider_unavailable', declineCode: null, message: null } };
  }
  const answer = await confirmTestCard(intent.paymentIntentId, { clientSecret: intent.clientSecret, ...card, returnUrl });
  if (answer.status === 'succeeded' || answer.status === 'processing') return { status: 'succeeded', paymentIntentId: answer.id };
  if (answer.status === 'requires_action' && answer.nextAction) return { status: 'requires_action', redirectUrl: answer.nextAction.redirectUrl };
  return {
    status: 'failed',
    error: { code: answer.lastPaymentError?.code ?? 'card_declined', declineCode: answer.lastPaymentError?.declineCode ?? null, message: null },
  };
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    createIntent: fromPromise<PaymentIntent, { bookingId: string }>(({ input }) => createPaymentIntent(input.bookingId)),
    confirmCard: fromPromise<CardOutcome, { intent: PaymentIntent; card: CardSubmission; returnUrl: string }>(({ input }) =>
      confirmCardWithTestGateway(input),
    ),
    recordPayment: fromPromise<unknown, { bookingId: string; paymentIntentId: string }>(({ input }) =>
      confirmPayment(input.bookingId, input.paymentIntentId),
    ),
    // The page provides its own, which also refreshes the profile it shows elsewhere.
    saveDetails: fromPromise<LearnerCaseRecord, { bookingId: string; details: LearnerDetails }>(async ({ input }) =>
      (await saveLearnerDetails(input.bookingId, input.details, toLanguage(i18next.resolvedLanguage ?? i18next.language))).learnerCase,
    ),
  },
  guards: {
    isCompleteIntent: (_, params: { intent: PaymentIntent | null | undefined }) => isCompleteIntent(params.intent),
    needsDetails: (_, params: { intent: PaymentIntent | null | undefined }) => isCompleteIntent(params.intent) && needsLearnerDetails(params.intent),
    hasSucceeded: (_, params: { outcome: CardOutcome }) => params.outcome.status === 'succeeded',
    isNothingToPay: (_, params: { error: unknown }) => SETTLED_CODES.some((code) => code === codeOf(params.error)),
    isStaleIntent: (_, params: { error: unknown }) => STALE_INTENT_CODES.includes(codeOf(params.error) ?? ''),
    isChallengeRequired: (_, params: { outcome: CardOutcome }) => params.outcome.status === 'requires_action',
  },
  // Side effects on the world; the page provides them, tests provide spies.
  actions: {
    notifyIntentFailed: (_, _params: { message: string | null }) => {},
    notifyCardDeclined: (_, _params: { error: CardError }) => {},
    notifyRecordFailed: (_, _params: { message: string | null }) => {},
    notifyIntentReplaced: () => {},
    /** The one success view, shared with the 3-D Secure return: the recap of what was paid for, which stays until the learner leaves it. */
    showSuccess: (_, _params: { bookingId: string; paymentIntentId: string }) => {},
    redirectToChallenge: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    returnUrl: input.returnUrl,
    intent: null,
    card: null,
    cardError: null,
    paymentIntentId: null,
    challengeUrl: null,
    failureMessage: null,
    failureCode: null,
    detailsError: null,
  }),
  initial: 'creatingIntent',
  // Back from the bank's page, the browser may show this page as it was left (redirecting): the payment is opened again.
  on: { 'page.restored': { target: '.creatingIntent', actions: assign({ cardError: null, card: null, challengeUrl: null }) } },
  states: {
    creatingIntent: {
      invoke: {
        src: 'createIntent',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: [
          {
            guard: { type: 'needsDetails', params: ({ event }) => ({ intent: event.output }) },
            target: 'askingDetails',
            actions: assign({ intent: ({ event }) => event.output, failureMessage: null }),
          },
          {
            guard: { type: 'isCompleteIntent', params: ({ event }) => ({ intent: event.output }) },
            target: 'awaitingCard',
            actions: assign({ intent: ({ event }) => event.output, failureMessage: null }),
          },
          { target: 'intentFailed', actions: assign({ failureMessage: null }) },
        ],
        onError: [
          {
            guard: { type: 'isNothingToPay', params: ({ event }) => ({ error: event.error }) },
            target: 'nothingToPay',
            actions: assign({ failureMessage: ({ event }) => serverMessageOf(event.error), failureCode: ({ event }) => codeOf(event.error) }),
          },
          {
            target: 'intentFailed',
            actions: assign({ failureMessage: ({ event }) => serverMessageOf(event.error), failureCode: ({ event }) => codeOf(event.error) }),
          },
        ],
      },
    },
    /** The booking is paid, or the centre confirmed it: said plainly, with the way to the dashboard (and the invoice). */
    nothingToPay: { type: 'final' },
    intentFailed: {
      entry: { type: 'notifyIntentFailed', params: ({ context }) => ({ message: context.failureMessage }) },
      on: { retry: 'creatingIntent' },
    },
    /** Why the learner takes the course, and the licence details the profile lacks: asked before the card. */
    askingDetails: {
      on: { 'details.submit': 'savingDetails' },
    },
    savingDetails: {
      invoke: {
        src: 'saveDetails',
        input: ({ context, event }) => {
          if (event.type !== 'details.submit') throw new Error('savingDetails needs the details');
          return { bookingId: context.bookingId, details: event.details };
        },
        onDone: {
          target: 'awaitingCard',
          actions: assign({
            intent: ({ context, event }) => context.intent && { ...context.intent, learnerCase: event.output, missingLicenceDetails: [] },
            detailsError: null,
          }),
        },
        onError: {
          target: 'askingDetails',
          actions: assign({
            detailsError: ({ event }) => ({ field: isApiError(event.error) ? (event.error.field ?? null) : null, message: serverMessageOf(event.error) }),
          }),
        },
      },
    },
    awaitingCard: {
      on: {
        'card.submit': {
          target: 'confirmingCard',
          actions: assign({ card: ({ event }) => event.card, cardError: null }),
        },
        'details.edit': { target: 'askingDetails', actions: assign({ cardError: null, detailsError: null }) },
      },
    },
    confirmingCard: {
      invoke: {
        src: 'confirmCard',
        input: ({ context }) => {
          if (!context.intent || !context.card) throw new Error('confirmingCard needs an intent and a card');
          return { intent: context.intent, card: context.card, returnUrl: context.returnUrl };
        },
        onDone: [
          {
            guard: { type: 'hasSucceeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'recordingPayment',
            actions: assign({
              paymentIntentId: ({ event }) => (event.output.status === 'succeeded' ? event.output.paymentIntentId : null),
              card: null,
            }),
          },
          {
            guard: { type: 'isChallengeRequired', params: ({ event }) => ({ outcome: event.output }) },
            target: 'redirectingToChallenge',
            actions: assign({
              challengeUrl: ({ event }) => (event.output.status === 'requires_action' ? event.output.redirectUrl : null),
              card: null,
            }),
          },
          {
            target: 'awaitingCard',
            actions: [
              assign({
                cardError: ({ event }) =>
                  event.output.status === 'failed' ? event.output.error : { code: null, declineCode: null, message: null },
                card: null,
              }),
              { type: 'notifyCardDeclined', params: ({ context }) => ({ error: context.cardError ?? { code: null, declineCode: null, message: null } }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isStaleIntent', params: ({ event }) => ({ error: event.error }) },
            target: 'creatingIntent',
            actions: [assign({ card: null, cardError: null }), 'notifyIntentReplaced'],
          },
          {
            target: 'awaitingCard',
            actions: [
              assign({
                cardError: ({ event }) => ({ code: codeOf(event.error), declineCode: null, message: serverMessageOf(event.error) }),
                card: null,
              }),
              { type: 'notifyCardDeclined', params: ({ context }) => ({ error: context.cardError ?? { code: null, declineCode: null, message: null } }) },
            ],
          },
        ],
      },
    },
    redirectingToChallenge: {
      entry: { type: 'redirectToChallenge', params: ({ context }) => ({ url: context.challengeUrl ?? '' }) },
    },
    recordingPayment: {
      invoke: {
        src: 'recordPayment',
        input: ({ context }) => ({ bookingId: context.bookingId, paymentIntentId: context.paymentIntentId ?? '' }),
        onDone: 'succeeded',
        onError: {
          target: 'recordFailed',
          actions: assign({ failureMessage: ({ event }) => serverMessageOf(event.error) }),
        },
      },
    },
    recordFailed: {
      entry: { type: 'notifyRecordFailed', params: ({ context }) => ({ message: context.failureMessage }) },
      on: { retry: 'recordingPayment' },
    },
    succeeded: {
      type: 'final',
      entry: { type: 'showSuccess', params: ({ context }) => ({ bookingId: context.bookingId, paymentIntentId: context.paymentIntentId ?? '' }) },
    },
  },
});
