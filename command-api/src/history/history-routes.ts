import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import { HistoryCategory, StreamHistoryResponse } from '../contracts';
import type { CommandApiDeps } from '../deps';
import { readStreamHistory } from './stream-history';

const HistoryParams = z.object({ category: HistoryCategory, id: z.string().min(1).max(200) });
const NAMES: Record<HistoryCategory, { fr: string; en: string }> = {
  booking: { fr: 'la réservation', en: 'booking' },
  payment: { fr: 'le paiement', en: 'payment' },
  course: { fr: 'le stage', en: 'course' },
  user: { fr: 'l’utilisateur', en: 'user' },
  organization: { fr: 'le centre', en: 'organization' },
};

/**
 * The audit trail of one booking, payment, course, user or centre, for administrators. Served by the
 * command API because it owns the event log: the history is read from the log itself, not from a model.
 */
export async function historyRoutes(app: FastifyInstance, deps: Pick<CommandApiDeps, 'eventStore'>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/history/:category/:id', { schema: { params: HistoryParams, response: { 200: StreamHistoryResponse } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const { category, id } = request.params;
    const history = await readStreamHistory(deps.eventStore, category, id);
    if (!history) {
      throw new HttpProblem(404, 'STREAM_NOT_FOUND', {
        fr: `Aucun événement pour ${NAMES[category].fr} « ${id} ».`,
        en: `No events for ${NAMES[category].en} "${id}".`,
      });
    }
    request.eventPosition = history.events.at(-1)!.position;
    return history;
  });
}
