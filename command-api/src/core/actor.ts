import type { FastifyRequest } from 'fastify';
import { requireUser } from '@recup/infra/http/sessions';
import type { Role } from '@recup/shared-events';
import type { CommandApiDeps } from '../deps';
import { commandMetadata, requestCorrelationId } from './metadata';

/** The signed-in caller (401, or 403 outside `roles`) and the metadata of the events their command appends. */
export function signedInActor(request: FastifyRequest, deps: Pick<CommandApiDeps, 'clock'>, roles?: readonly Role[]) {
  const user = requireUser(request, roles);
  return { user, metadata: commandMetadata({ type: 'user', userId: user.userId, role: user.role }, deps.clock.now(), requestCorrelationId(request)) };
}

/** Metadata for a command of somebody not signed in (registration, e-mail links). */
export function anonymousActor(request: FastifyRequest, deps: Pick<CommandApiDeps, 'clock'>) {
  return commandMetadata({ type: 'system', name: 'public-account-flow' }, deps.clock.now(), requestCorrelationId(request));
}
