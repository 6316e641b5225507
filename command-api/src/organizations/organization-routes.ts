import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streams, type OrganizationInput } from '@recup/shared-events';
import { AdminOrganizationRequest, DeleteOrganizationResponse, IdentityChangeDecisionRequest, OrganizationDto, OrganizationProfileRequest } from '../contracts/organizations';
import { signedInActor } from '../core/actor';
import { readState } from '../core/decider';
import { editPrecondition, ORGANIZATION_EDITS, sendEtag } from '../core/precondition';
import type { CommandApiDeps } from '../deps';
import { approveOrganization, chooseOwnNotifications, createOrganization, decideIdentityChange, deleteOrganization, saveOwnOrganization, updateOrganization } from './manage-organization';
import { organizationDecider } from './organization-decider';
import { OrganizationNotFound } from './organization-errors';

const OrganizationParams = z.object({ id: z.string().min(1).max(64) });

function profileInput(body: z.output<typeof OrganizationProfileRequest>): OrganizationInput {
  const { name, address, city, postalCode, email, phoneNumber, website, description, descriptionEn, prefectApprovalReference } = body;
  return { name, address, city, postalCode, email, phoneNumber, website, description, descriptionEn, prefectApprovalReference };
}

/** The approval's dates an administrator entered: left out (undefined grant), unchanged. */
function approvalOf(body: z.output<typeof AdminOrganizationRequest>) {
  return body.approvalGrantedOn === undefined ? undefined : { approvalGrantedOn: body.approvalGrantedOn, approvalExpiresOn: body.approvalExpiresOn ?? null };
}

/** A centre as it now stands on its stream (a deleted one is not found). */
async function organizationView(deps: Pick<CommandApiDeps, 'eventStore'>, organizationId: string, reply?: FastifyReply): Promise<OrganizationDto> {
  const { state, revision } = await readState(deps.eventStore, streams.organization(organizationId), organizationDecider);
  if (reply) sendEtag(reply, revision);
  if (state.status !== 'registered') throw new OrganizationNotFound();
  const pending = state.pendingIdentityChange;
  return {
    id: state.organizationId, ...state.profile, isVerified: state.verified, createdAt: state.registeredAt, ownerUserId: state.ownerUserId,
    pendingIdentityChange: pending && { ...pending.identity, requestId: pending.requestId, requestedAt: pending.requestedAt },
    verificationWithdrawnAt: state.verificationWithdrawnAt,
    approvalGrantedOn: state.approvalGrantedOn, approvalExpiresOn: state.approvalExpiresOn, notifications: { ...state.notifications }, revision,
  };
}

/** The training centres' writes of spec 001 §7: the centre's own profile, and the administrators' calls. */
export async function organizationRoutes(app: FastifyInstance, deps: CommandApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The centre's own details; an account without a centre registers it here, pending verification. A body of
   * `notifications` alone changes only the e-mails the centre receives.
   */
  api.patch('/api/organization/profile', { schema: { body: OrganizationProfileRequest, response: { 200: OrganizationDto } } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps, ['ORGANIZATION']);
    // With `If-Match` (the ETag of the profile read), refused with 412 when somebody else edited it since.
    const precondition = editPrecondition(request, ORGANIZATION_EDITS, user.userId);
    const { notifications, approvalGrantedOn: _granted, approvalExpiresOn: _expires, revision: _revision, ...details } = request.body;
    // The e-mail switches alone: the centre's details stay as they are.
    if (notifications && Object.values(details).every((value) => value === undefined)) {
      const chosen = await chooseOwnNotifications(deps, user.userId, notifications, metadata, precondition);
      request.eventPosition = chosen.position;
      return organizationView(deps, chosen.organizationId, reply);
    }
    const saved = await saveOwnOrganization(deps, user.userId, profileInput(request.body), metadata, request.body.notifications, precondition);
    request.eventPosition = saved.position;
    return organizationView(deps, saved.organizationId, reply);
  });

  api.post('/api/admin/organizations', { schema: { body: AdminOrganizationRequest, response: { 201: OrganizationDto } } }, async (request, reply) => {
    const { metadata } = signedInActor(request, deps, ['ADMIN']);
    const created = await createOrganization(deps, {
      profile: profileInput(request.body), isVerified: request.body.isVerified ?? true, ownerUserId: request.body.ownerUserId, approval: approvalOf(request.body),
    }, metadata);
    request.eventPosition = created.position;
    return reply.status(201).send(await organizationView(deps, created.organizationId));
  });

  /** With `If-Match` (the ETag of the centre read), refused with 412 when somebody else edited it since. */
  api.patch('/api/admin/organizations/:id', { schema: { params: OrganizationParams, body: AdminOrganizationRequest, response: { 200: OrganizationDto } } }, async (request, reply) => {
    const { user, metadata } = signedInActor(request, deps, ['ADMIN']);
    const precondition = editPrecondition(request, ORGANIZATION_EDITS, user.userId);
    const updated = await updateOrganization(deps, request.params.id, {
      profile: profileInput(request.body), isVerified: request.body.isVerified, ownerUserId: request.body.ownerUserId, approval: approvalOf(request.body),
    }, metadata, precondition);
    request.eventPosition = updated.position;
    return organizationView(deps, request.params.id, reply);
  });

  api.post('/api/admin/organizations/:id/approve', { schema: { params: OrganizationParams, response: { 200: OrganizationDto } } }, async (request) => {
    const { metadata } = signedInActor(request, deps, ['ADMIN']);
    request.eventPosition = (await approveOrganization(deps, request.params.id, metadata)).position;
    return organizationView(deps, request.params.id);
  });

  /**
   * A verified centre's change of name, address or approval waits for an administrator: approved, it is the
   * centre's identity from then on; rejected, the centre keeps its own. `requestId` names the request shown.
   */
  for (const decision of ['approve', 'reject'] as const) {
    api.post(`/api/admin/organizations/:id/identity-change/${decision}`, { schema: { params: OrganizationParams, body: IdentityChangeDecisionRequest, response: { 200: OrganizationDto } } }, async (request) => {
      const { metadata } = signedInActor(request, deps, ['ADMIN']);
      request.eventPosition = (await decideIdentityChange(deps, request.params.id, decision, request.body.requestId, metadata)).position;
      return organizationView(deps, request.params.id);
    });
  }

  /** Deleting a centre cancels its courses not yet started and refunds their bookings; its account can no longer publish. */
  api.delete('/api/admin/organizations/:id', { schema: { params: OrganizationParams, response: { 200: DeleteOrganizationResponse } } }, async (request) => {
    const { user, metadata } = signedInActor(request, deps, ['ADMIN']);
    const deleted = await deleteOrganization(deps, request.params.id, user.userId, metadata);
    request.eventPosition = deleted.position;
    return { organizationId: request.params.id, cancelledCourses: deleted.cancelledCourses, cancelledBookings: deleted.cancelledBookings, refunds: deleted.refunds };
  });
}
