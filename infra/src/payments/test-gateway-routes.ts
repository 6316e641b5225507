import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '../http/problem';
import type { EmbeddedTestGateway} from './embedded-test-gateway';
import { TestGatewayError } from './embedded-test-gateway';
import { TEST_GATEWAY_BASE, TestCardConfirmRequest, TestCardConfirmResponse } from './test-gateway-contract';

/** The test gateway's errors as our API answers them: a state that forbids the call is a 409, in the caller's language. */
const GATEWAY_PROBLEMS: Record<string, { status: number; fr: string; en: string }> = {
  resource_missing: { status: 404, fr: 'Paiement introuvable.', en: 'No such payment.' },
  payment_intent_unexpected_state: { status: 409, fr: 'Ce paiement n’attend pas cette action.', en: 'This payment does not await this action.' },
};

function asProblem(error: unknown): never {
  if (error instanceof TestGatewayError) {
    const known = GATEWAY_PROBLEMS[error.code];
    throw new HttpProblem(known?.status ?? error.status, error.code.toUpperCase(), known ?? { fr: 'La passerelle de paiement de test a refusé la demande.', en: error.message });
  }
  throw error;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The test gateway's face to the browser: card confirmation and the 3-D Secure challenge page. */
export async function testGatewayRoutes(app: FastifyInstance, gateway: EmbeddedTestGateway) {
  const api = app.withTypeProvider<ZodTypeProvider>();

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
    const details = gateway.challengeDetails(request.params.id);
    if (!details) throw new HttpProblem(404, 'CHALLENGE_NOT_FOUND', { fr: 'Aucune authentification en attente pour ce paiement.', en: 'No authentication awaits for this payment.' });
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
      try {
        return reply.redirect(gateway.completeChallenge(request.params.id, request.body.action === 'complete'), 303);
      } catch (error) {
        return asProblem(error);
      }
    });
  });
}
