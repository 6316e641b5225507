import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '../http/problem';
import { requireUser } from '../http/sessions';
import type { EmbeddedTestGateway} from './embedded-test-gateway';
import { TestGatewayError } from './embedded-test-gateway';
import { TEST_GATEWAY_BASE, TestCardConfirmRequest, TestCardConfirmResponse } from './test-gateway-contract';

/** The gateway's errors in our words, by code (like Stripe's, its own English messages are never shown); a state that forbids the call is a 409. */
const GATEWAY_PROBLEMS: Record<string, { status: number; fr: string; en: string }> = {
  payment_intent_unexpected_state: {
    status: 409,
    fr: 'Ce paiement ne peut plus être confirmé : il a été remplacé ou annulé, ou il attend déjà l’authentification de votre banque. Rechargez la page pour payer.',
    en: 'This payment can no longer be confirmed: it was replaced or cancelled, or it already awaits your bank’s authentication. Reload the page to pay.',
  },
  resource_missing: { status: 404, fr: 'Paiement introuvable. Rechargez la page pour payer.', en: 'Payment not found. Reload the page to pay.' },
};
const REFUSED = { fr: 'Le service de paiement a refusé cette demande.', en: 'The payment service refused this request.' };

function asProblem(error: unknown): never {
  if (error instanceof TestGatewayError) {
    const known = GATEWAY_PROBLEMS[error.code];
    throw new HttpProblem(known?.status ?? error.status, error.code.toUpperCase(), known ?? REFUSED);
  }
  throw error;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const noChallenge = () => new HttpProblem(404, 'CHALLENGE_NOT_FOUND', { fr: 'Aucune authentification en attente pour ce paiement.', en: 'No authentication awaits for this payment.' });

interface TestGatewayRouteOptions {
  /** The account paying with this intent (the learner whose booking it pays), or null when the intent is not one of ours. */
  payerOf: (intentId: string) => Promise<string | null>;
}

/**
 * The test gateway's face to the browser: card confirmation and the 3-D Secure challenge page. The challenge
 * is the paying learner's, as a bank's is its cardholder's: it answers only their session (anyone else, a
 * centre that saw the intent's id included, gets 404 as if there were none), so that nobody else reads the
 * amount and the card's last digits, nor passes or fails the authentication in their place.
 */
export async function testGatewayRoutes(app: FastifyInstance, gateway: EmbeddedTestGateway, options: TestGatewayRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const requirePayer = async (request: FastifyRequest, intentId: string) => {
    const user = requireUser(request);
    if ((await options.payerOf(intentId)) !== user.userId) throw noChallenge();
  };

  api.post(`${TEST_GATEWAY_BASE}/payment-intents/:id/confirm`, {
    schema: { params: z.object({ id: z.string().min(1).max(100) }), body: TestCardConfirmRequest, response: { 200: TestCardConfirmResponse } },
  }, async (request) => {
    try {
      return gateway.confirmCard(request.params.id, request.body);
    } catch (error) {
      return asProblem(error);
    }
  });

  api.get(`${TEST_GATEWAY_BASE}/challenge/:id`, { schema: { params: z.object({ id: z.string().min(1).max(100) }) } }, async (request, reply) => {
    await requirePayer(request, request.params.id);
    const details = gateway.challengeDetails(request.params.id);
    if (!details) throw noChallenge();
    const amount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: details.currency.toUpperCase() }).format(details.amount / 100);
    const action = `${TEST_GATEWAY_BASE}/challenge/${encodeURIComponent(request.params.id)}`;
    reply.type('text/html; charset=utf-8');
    // Under the site-wide no-referrer policy a browser sends `Origin: null` with this page's form, which the
    // CSRF check rightly refuses; from this page, same-origin posts carry their real origin.
    reply.header('Referrer-Policy', 'same-origin');
    return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authentification 3-D Secure (test)</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6fb;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px;max-width:420px}
h1{font-size:1.3rem;color:#0b3d91}button{font-size:1rem;padding:12px 20px;border-radius:8px;border:0;cursor:pointer;margin:6px 6px 0 0}
.ok{background:#0b3d91;color:#fff}.ko{background:#eee;color:#222}p{line-height:1.5}</style></head>
<body><main>
<h1>Authentification 3-D Secure — passerelle de test</h1>
<p>Votre banque demande de confirmer le paiement de <strong>${escapeHtml(amount)}</strong>${details.last4 ? ` avec la carte se terminant par <strong>${escapeHtml(details.last4)}</strong>` : ''}.</p>
<p lang="en">Test gateway: your bank asks you to confirm this payment. No real money moves.</p>
<form method="post" action="${action}">
<button class="ok" type="submit" name="action" value="complete">Confirmer / Complete</button>
<button class="ko" type="submit" name="action" value="fail">Refuser / Fail</button>
</form></main></body></html>`;
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(`${TEST_GATEWAY_BASE}/challenge/:id`, {
      schema: { params: z.object({ id: z.string().min(1).max(100) }), body: z.object({ action: z.enum(['complete', 'fail']) }) },
    }, async (request, reply) => {
      await requirePayer(request, request.params.id);
      try {
        return reply.redirect(gateway.completeChallenge(request.params.id, request.body.action === 'complete'), 303);
      } catch (error) {
        return asProblem(error);
      }
    });
  });
}
