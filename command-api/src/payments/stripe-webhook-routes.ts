import type { FastifyInstance } from 'fastify';
import { HttpProblem } from '@recup/infra/http/problem';
import { StripeSignatureError, type StripePaymentGateway } from '@recup/infra/payments/stripe-gateway';
import { commandMetadata } from '../core/metadata';
import type { CommandApiDeps } from '../deps';
import { reconcilePaymentIntent } from './provider-notices';

const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

/**
 * Stripe's webhook. The signature covers the exact bytes Stripe sent, so this route reads the body raw (its
 * own JSON parser, in its own scope). A verified notice only names the payment intent: the payment is then
 * brought to what Stripe holds now, so repeats and reordering change nothing twice. Any answer but 2xx makes
 * Stripe deliver again later, which is what we want when our store or Stripe's API is briefly unreachable.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: CommandApiDeps, gateway: StripePaymentGateway) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser(['application/json'], { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

    scope.post(STRIPE_WEBHOOK_PATH, { config: { csrf: false } }, async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpProblem(400, 'WEBHOOK_BODY_INVALID', { fr: 'Corps de requête JSON attendu.', en: 'A JSON request body is expected.' });
      }
      const signature = request.headers['stripe-signature'];
      let notice;
      try {
        notice = gateway.readWebhook(request.body, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof StripeSignatureError) {
          request.log.warn({ reason: error.message }, 'refused a webhook delivery with a bad signature');
          throw new HttpProblem(400, 'WEBHOOK_SIGNATURE_INVALID', { fr: 'Signature du webhook invalide.', en: 'Invalid webhook signature.' });
        }
        throw error;
      }
      if (!notice.handled || !notice.paymentIntentId) return reply.send({ received: true, eventId: notice.eventId, outcome: 'ignored' });
      const metadata = commandMetadata({ type: 'system', name: 'stripe-webhook' }, deps.clock.now(), notice.eventId);
      const result = await reconcilePaymentIntent(deps, notice.paymentIntentId, metadata);
      if (result.outcome === 'retry-later') {
        // Stripe delivers again later (with backoff): by then the payment is recorded.
        throw new HttpProblem(503, 'WEBHOOK_RETRY_LATER', { fr: 'Paiement pas encore enregistré : réessayez.', en: 'Payment not recorded yet: try again.' }, { retryAfterSeconds: 5 });
      }
      if (result.outcome !== 'ignored') request.eventPosition = result.position;
      return reply.send({ received: true, eventId: notice.eventId, outcome: result.outcome });
    });
  });
}
