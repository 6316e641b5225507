import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StatementMonth, streams } from '@recup/shared-events';
import { signedInActor } from '../core/actor';
import { handleCommand, readState } from '../core/decider';
import type { CommandApiDeps } from '../deps';
import { organizationDecider } from '../organizations/organization-decider';
import { OrganizationNotFound } from '../organizations/organization-errors';
import { centreStatementDecider } from './centre-statement';

const MarkStatementPaidParams = z.object({ organizationId: z.string().min(1).max(64), month: StatementMonth });
/** `amount`: what the platform paid the centre, integer cents, as the statement showed it (negative: the centre paid back). */
const MarkStatementPaidBody = z.object({ amount: z.number().int().min(-100_000_000).max(100_000_000) });
const MarkStatementPaidResponse = z.object({ organizationId: z.string(), month: z.string(), amount: z.number().int(), paidBy: z.string(), paidAt: z.string() });

/**
 * An administrator records that the platform paid a centre its monthly statement (issue 20 §6): once per
 * centre and month, and only once the month is over in Paris.
 */
export async function statementRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/admin/statements/:organizationId/:month/paid', {
    schema: { params: MarkStatementPaidParams, body: MarkStatementPaidBody, response: { 200: MarkStatementPaidResponse } },
  }, async (request) => {
    const { user, metadata } = signedInActor(request, deps, ['ADMIN']);
    const { organizationId, month } = request.params;
    const organization = await readState(deps.eventStore, streams.organization(organizationId), organizationDecider);
    if (organization.state.status === 'absent') throw new OrganizationNotFound();
    const result = await handleCommand(deps.eventStore, streams.centreStatement(organizationId, month), centreStatementDecider, {
      type: 'MarkStatementPaid', organizationId, month, amount: request.body.amount, paidBy: user.userId, now: deps.clock.now(),
    }, { metadata });
    request.eventPosition = result.position;
    if (result.state.status !== 'paid') throw new Error('statement not paid after MarkStatementPaid');
    return { organizationId, month, amount: result.state.amount, paidBy: result.state.paidBy, paidAt: result.state.paidAt };
  });
}
