import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifyPassword } from '@recup/infra/passwords';
import { hashNewPassword } from './new-password';
import { ProfileDto } from '@recup/shared-events/api/profile';
import { ChangePasswordRequest, UpdateProfileRequest } from '../contracts';
import { signedInActor } from '../core/actor';
import { editPrecondition, sendEtag, USER_EDITS } from '../core/precondition';
import type { CommandApiDeps } from '../deps';
import { changeAccount, loadAccount } from './accounts';
import { endSessionsAfter } from './user-sessions';
import { profileView } from './user-views';

export async function profileRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** With `If-Match` (the ETag of the profile read), refused with 412 when the profile was edited since (elsewhere, or by an administrator). */
  api.patch('/api/users/profile', { schema: { body: UpdateProfileRequest, response: { 200: ProfileDto } } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps);
    const precondition = editPrecondition(request, USER_EDITS, user.userId);
    // The revision read, sent back with the profile, is no part of it (If-Match is what checks it).
    const { revision: _revision, ...profile } = request.body;
    const result = await changeAccount(deps.eventStore, user.userId, { type: 'UpdateProfile', profile }, metadata, precondition);
    request.eventPosition = result.position;
    if (result.state.status !== 'registered') throw new Error('unreachable: profile of a missing account');
    sendEtag(reply, result.revision);
    return { ...profileView(result.state), revision: result.revision };
  });

  api.post('/api/users/change-password', { config: { rateLimit: { max: deps.authRateLimitPerMinute ?? 10, timeWindow: 60_000 } }, schema: { body: ChangePasswordRequest } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps);
    const account = await loadAccount(deps.eventStore, user.userId);
    const currentPasswordMatches = await verifyPassword(account.state.passwordHash, request.body.currentPassword);
    const passwordHash = currentPasswordMatches ? await hashNewPassword(request.body.newPassword, 'newPassword') : '';
    const result = await changeAccount(deps.eventStore, user.userId, { type: 'ChangePassword', passwordHash, by: 'self', currentPasswordMatches, now: deps.clock.now() }, metadata);
    // Signed in elsewhere with the old password: signed out there; here, the user stays.
    await endSessionsAfter(deps.sessions.store, user.userId, result.events, { keep: request.session.sessionId });
    request.eventPosition = result.position;
    return reply.status(204).send();
  });
}
