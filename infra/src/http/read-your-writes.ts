import type { FastifyInstance } from 'fastify';
import type { ProjectionProgress } from '../consistency/projection-progress';
import { HttpProblem } from './problem';

const MIN_POSITION_HEADER = 'x-min-position';

/** The wait for the projector, as the Server-Timing header's metric (W3C Server Timing: a name, a duration in ms). */
const serverTiming = (ms: number) => `projection;dur=${ms.toFixed(1)};desc="waited for X-Min-Position"`;
export const EVENT_POSITION_HEADER = 'X-Event-Position';

/**
 * A query that carries `X-Min-Position` waits until the projector has reached it, at most `timeoutMs`;
 * past that it answers 503 with Retry-After rather than serve data older than the caller's own write. The
 * answer says how long it waited for the projector (`Server-Timing: projection;dur=…`, in milliseconds): the
 * projection lag its caller saw, apart from the time the request spent in the server's queue.
 */
export function registerReadYourWrites(app: FastifyInstance, progress: ProjectionProgress, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 2000;
  const badPosition = () => new HttpProblem(400, 'VALIDATION_FAILED', {
    fr: 'L’en-tête X-Min-Position doit être un entier positif.',
    en: 'The X-Min-Position header must be a non-negative integer.',
  }, { field: 'X-Min-Position' });
  const lagging = () => new HttpProblem(503, 'PROJECTION_LAGGING', {
    fr: 'Vos dernières modifications sont encore en cours de traitement. Réessayez dans un instant.',
    en: 'Your latest changes are still being processed. Please try again in a moment.',
  }, { retryAfterSeconds: 1 });
  // A callback hook: a query without the header (every anonymous read) passes straight on, without a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const raw = request.headers[MIN_POSITION_HEADER];
    if (raw === undefined || raw === '') return done();
    // Digits only: Number() would also read '1e3', '0x10' or ' 7' as a position.
    const position = typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(position)) return done(badPosition());
    if (position <= progress.current()) {
      reply.header('X-Projection-Position', String(progress.current())).header('Server-Timing', serverTiming(0));
      return done();
    }
    const waitedFrom = performance.now();
    progress.waitFor(position, timeoutMs).then((reached) => {
      reply.header('Server-Timing', serverTiming(performance.now() - waitedFrom));
      if (!reached) return done(lagging());
      reply.header('X-Projection-Position', String(progress.current()));
      done();
    }, done);
  });
}
