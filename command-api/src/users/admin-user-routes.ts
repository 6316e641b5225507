import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashNewPassword } from './new-password';
import { streams } from '@recup/shared-events';
import { AdminChangeRoleRequest, AdminCreateUserRequest, AdminUpdateUserRequest } from '../contracts';
import { signedInActor } from '../core/actor';
import { editPrecondition, sendEtag, USER_EDITS } from '../core/precondition';
import { publicUrl } from '../core/public-url';
import type { CommandApiDeps } from '../deps';
import { verifyEmailMail } from '../mail/templates';
import { changeAccount, changeEmail, changeRole, deleteAccount, loadAccount, registerAccount } from './accounts';
import { endSessionsAfter } from './user-sessions';
import { adminUserView } from './user-views';

const UserParams = z.object({ id: z.string().min(1).max(64) });
const AdminUser = z.object({
  id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), phoneNumber: z.string().nullable(),
  role: z.enum(['USER', 'ORGANIZATION', 'ADMIN']), language: z.enum(['FR', 'EN']), isVerified: z.boolean(), createdAt: z.string(),
  /** The revision of the user's stream this answer shows (also its ETag): sent back as `If-Match` by an edit of it. */
  revision: z.number().int().min(0).optional(),
});
const ADMIN = ['ADMIN'] as const;

/** The administration of users (spec 001 §7). Only administrators; the last one is kept (admins stream). */
export async function adminUserRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function view(userId: string, reply?: FastifyReply) {
    const account = await loadAccount(deps.eventStore, userId);
    const [first] = await deps.eventStore.readStream(streams.user(userId), { maxCount: 1 });
    if (reply) sendEtag(reply, account.revision);
    return { ...adminUserView(account.state, first?.metadata.occurredAt ?? ''), revision: account.revision };
  }

  api.post('/api/admin/users', { schema: { body: AdminCreateUserRequest, response: { 201: AdminUser } } }, async (request, reply) => {
    const { metadata } = signedInActor(request, deps, ADMIN);
    const { email, password, role, isVerified, firstName, lastName, phoneNumber, language } = request.body;
    const profile = {
      title: null, firstName, lastName, dateOfBirth: null, countryOfBirth: null, placeOfBirth: null, address: null, addressDetails: null,
      postalCode: null, city: null, country: null, phoneNumber, landlinePhone: null, licenseNumber: null, language,
    };
    const account = await registerAccount(deps.eventStore, { userId: deps.ids.next(), email, passwordHash: await hashNewPassword(password, 'password'), role, profile, verified: isVerified }, metadata, deps.clock.now());
    if (account.verificationToken) {
      await deps.mailer.send(verifyEmailMail(language === 'EN' ? 'en' : 'fr', account.email, firstName, `${publicUrl(deps.publicUrl)}/verify-email?token=${account.verificationToken}`));
    }
    request.eventPosition = account.position;
    return reply.status(201).send(await view(account.userId));
  });

  /** Only the fields sent change; a blank password keeps the old one. */
  /** With `If-Match` (the ETag of the user read), refused with 412 when somebody else edited the account since. */
  api.patch('/api/admin/users/:id', { schema: { params: UserParams, body: AdminUpdateUserRequest, response: { 200: AdminUser } } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps, ADMIN);
    const precondition = editPrecondition(request, USER_EDITS, user.userId);
    const { id } = request.params;
    const changes = request.body;
    const now = deps.clock.now();
    const account = await loadAccount(deps.eventStore, id);
    // Checked before the first write (an address claimed, a profile saved); the profile's append checks again.
    await precondition?.assertFresh(deps.eventStore, streams.user(id), account.revision, metadata.correlationId);
    let position = account.position;
    const note = (result: { position: number }) => {
      position = Math.max(position, result.position);
    };
    if (changes.email !== undefined) note(await changeEmail(deps.eventStore, id, changes.email, metadata));
    const profile = {
      ...account.state.profile,
      ...(changes.firstName !== undefined && { firstName: changes.firstName }),
      ...(changes.lastName !== undefined && { lastName: changes.lastName }),
      ...(changes.phoneNumber !== undefined && { phoneNumber: changes.phoneNumber }),
      ...(changes.language !== undefined && { language: changes.language }),
    };
    note(await changeAccount(deps.eventStore, id, { type: 'UpdateProfile', profile }, metadata, precondition));
    if (changes.password) {
      const changed = await changeAccount(deps.eventStore, id, { type: 'ChangePassword', passwordHash: await hashNewPassword(changes.password, 'password'), by: 'admin', currentPasswordMatches: true, now }, metadata);
      await endSessionsAfter(deps.sessions.store, id, changed.events, { keep: request.session.sessionId });
      note(changed);
    }
    if (changes.isVerified !== undefined) {
      const marked = await changeAccount(deps.eventStore, id, { type: 'MarkVerified', verified: changes.isVerified, now }, metadata);
      await endSessionsAfter(deps.sessions.store, id, marked.events);
      note(marked);
    }
    request.eventPosition = position;
    return view(id, reply);
  });

  api.patch('/api/admin/users/:id/role', { schema: { params: UserParams, body: AdminChangeRoleRequest, response: { 200: AdminUser } } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps, ADMIN);
    const precondition = editPrecondition(request, USER_EDITS, user.userId);
    request.eventPosition = (await changeRole(deps.eventStore, request.params.id, request.body.role, metadata, precondition)).position;
    return view(request.params.id, reply);
  });

  api.delete('/api/admin/users/:id', { schema: { params: UserParams } }, async (request, reply) => {
    const { metadata } = signedInActor(request, deps, ADMIN);
    request.eventPosition = (await deleteAccount(deps.eventStore, request.params.id, metadata, deps.clock.now())).position;
    await deps.sessions.store.endUserSessions(request.params.id);
    return reply.status(204).send();
  });
}
