import { streams, type CentreNotifications, type EventMetadata, type OrganizationInput } from '@recup/shared-events';
import { handleCommand, readState, type HandleResult } from '../core/decider';
import { followUp } from '../core/metadata';
import type { Precondition } from '../core/precondition';
import { cancelCourse } from '../courses/manage-course';
import type { CommandApiDeps } from '../deps';
import { userDecider } from '../users/user-decider';
import type { ExistingOrganization } from './organization';
import { organizationDecider } from './organization-decider';
import { ManagerNotAnOrganizationAccount, OrganizationNotFound, OrganizationNotRegistered } from './organization-errors';
import { organizationManagerDecider } from './organization-manager';

type Deps = Pick<CommandApiDeps, 'eventStore' | 'payments' | 'clock' | 'ids' | 'refundCutoffHours' | 'seller'>;

/** The highest position written, and the metadata of the next step (caused by the last event written). */
class Steps {
  position = 0;
  constructor(public metadata: EventMetadata, private readonly now: Date) {}
  note<R extends Pick<HandleResult<unknown, unknown>, 'position' | 'eventIds'>>(result: R): R {
    this.position = Math.max(this.position, result.position);
    const last = result.eventIds.at(-1);
    if (last) this.metadata = followUp(this.metadata, last, this.now);
    return result;
  }
}

/** The centre an ORGANIZATION account runs, as its streams say: its id (even if never registered, after a crash) and state. */
async function managedOrganization(deps: Pick<Deps, 'eventStore'>, userId: string) {
  const manager = await readState(deps.eventStore, streams.organizationManager(userId), organizationManagerDecider);
  const organizationId = manager.state.organizationId;
  if (organizationId === null) return { organizationId: null, organization: null };
  const organization = await readState(deps.eventStore, streams.organization(organizationId), organizationDecider);
  return { organizationId, organization: organization.state.status === 'absent' ? null : organization.state };
}

/** The live centre the account runs, or OrganizationNotRegistered (it must fill its profile first). */
export async function ownOrganization(deps: Pick<Deps, 'eventStore'>, userId: string): Promise<ExistingOrganization> {
  const { organization } = await managedOrganization(deps, userId);
  if (!organization || organization.status !== 'registered') throw new OrganizationNotRegistered();
  return organization;
}

/**
 * The centre's own profile form: updates the centre the account runs, or registers it, pending
 * verification, when it has none yet. The account is tied to the centre first, so that a crash in between
 * leaves a tie the next save completes, never a second centre.
 */
export async function saveOwnOrganization(deps: Deps, userId: string, input: OrganizationInput, metadata: EventMetadata, notifications?: CentreNotifications, precondition: Precondition | null = null) {
  const now = deps.clock.now();
  const steps = new Steps(metadata, now);
  const current = await managedOrganization(deps, userId);
  /** The e-mails the centre chose, once its details are saved (unchanged when not given). */
  const chooseNotifications = async (organizationId: string) => {
    if (notifications) steps.note(await handleCommand(deps.eventStore, streams.organization(organizationId), organizationDecider, { type: 'ChangeNotifications', notifications }, { metadata: steps.metadata, precondition }));
  };
  if (current.organization?.status === 'registered') {
    const organizationId = current.organization.organizationId;
    steps.note(await handleCommand(deps.eventStore, streams.organization(organizationId), organizationDecider, {
      type: 'UpdateOrganizationProfile', profile: input, form: 'centre', requestId: deps.ids.next(), now,
    }, { metadata, precondition }));
    await chooseNotifications(organizationId);
    return { organizationId, registered: false, position: steps.position };
  }
  // Checked before the account is tied to anything.
  organizationDecider.decide({ type: 'RegisterOrganization', organizationId: 'check', ownerUserId: userId, profile: input, form: 'centre', now }, organizationDecider.initialState());
  if (current.organization?.status === 'deleted') {
    steps.note(await handleCommand(deps.eventStore, streams.organizationManager(userId), organizationManagerDecider, { type: 'ReleaseManager', userId, organizationId: current.organization.organizationId }, { metadata: steps.metadata }));
  }
  const organizationId = current.organization === null && current.organizationId ? current.organizationId : deps.ids.next();
  steps.note(await handleCommand(deps.eventStore, streams.organizationManager(userId), organizationManagerDecider, { type: 'AssignManager', userId, organizationId }, { metadata: steps.metadata }));
  steps.note(await handleCommand(deps.eventStore, streams.organization(organizationId), organizationDecider, {
    type: 'RegisterOrganization', organizationId, ownerUserId: userId, profile: input, form: 'centre', now,
  }, { metadata: steps.metadata }));
  await chooseNotifications(organizationId);
  return { organizationId, registered: true, position: steps.position };
}

/** The centre's choice of e-mails alone (its profile switches), without its details. */
export async function chooseOwnNotifications(deps: Deps, userId: string, notifications: CentreNotifications, metadata: EventMetadata, precondition: Precondition | null = null) {
  const organization = await ownOrganization(deps, userId);
  const chosen = await handleCommand(deps.eventStore, streams.organization(organization.organizationId), organizationDecider, { type: 'ChangeNotifications', notifications }, { metadata, precondition });
  return { organizationId: organization.organizationId, position: chosen.position };
}

/** The account an administrator names to run a centre must be an ORGANIZATION account. */
async function requireCentreAccount(deps: Pick<Deps, 'eventStore'>, userId: string) {
  const user = await readState(deps.eventStore, streams.user(userId), userDecider);
  if (user.state.status !== 'registered' || user.state.role !== 'ORGANIZATION') throw new ManagerNotAnOrganizationAccount();
}

interface AdminOrganizationRequest {
  profile: OrganizationInput;
  /** Left out on an edit: unchanged. */
  isVerified?: boolean;
  /** The ORGANIZATION account that runs the centre; null for none, undefined to leave it as it is. */
  ownerUserId?: string | null;
  /** The prefectoral approval's dates (its end null: 5 years less a day after the grant); undefined to leave them as they are. */
  approval?: { approvalGrantedOn: string | null; approvalExpiresOn: string | null };
}

/** An administrator creates a centre: verified at once unless told otherwise (spec 001 §4), with its account if named. */
export async function createOrganization(deps: Deps, request: AdminOrganizationRequest, metadata: EventMetadata) {
  const now = deps.clock.now();
  const steps = new Steps(metadata, now);
  const organizationId = deps.ids.next();
  const ownerUserId = request.ownerUserId ?? null;
  const checkState = organizationDecider.decide({ type: 'RegisterOrganization', organizationId, ownerUserId, profile: request.profile, form: 'admin', now }, organizationDecider.initialState())
    .reduce(organizationDecider.evolve, organizationDecider.initialState());
  if (request.approval) organizationDecider.decide({ type: 'RecordApprovalDates', ...request.approval, now }, checkState);
  if (ownerUserId) {
    await requireCentreAccount(deps, ownerUserId);
    steps.note(await handleCommand(deps.eventStore, streams.organizationManager(ownerUserId), organizationManagerDecider, { type: 'AssignManager', userId: ownerUserId, organizationId }, { metadata: steps.metadata }));
  }
  const stream = streams.organization(organizationId);
  steps.note(await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'RegisterOrganization', organizationId, ownerUserId, profile: request.profile, form: 'admin', now }, { metadata: steps.metadata }));
  if (request.approval) steps.note(await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'RecordApprovalDates', ...request.approval, now }, { metadata: steps.metadata }));
  if (request.isVerified !== false) steps.note(await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'VerifyOrganization', organizationId, now }, { metadata: steps.metadata }));
  return { organizationId, position: steps.position };
}

async function liveOrganization(deps: Pick<Deps, 'eventStore'>, organizationId: string) {
  const organization = await readState(deps.eventStore, streams.organization(organizationId), organizationDecider);
  if (organization.state.status !== 'registered') throw new OrganizationNotFound();
  return organization;
}

/** An administrator edits a centre: the same required fields as on creation, verified or not as chosen, its account changed if named. */
export async function updateOrganization(deps: Deps, organizationId: string, request: AdminOrganizationRequest, metadata: EventMetadata, precondition: Precondition | null = null) {
  const now = deps.clock.now();
  const steps = new Steps(metadata, now);
  const current = await liveOrganization(deps, organizationId);
  if (current.state.status !== 'registered') throw new OrganizationNotFound();
  const stream = streams.organization(organizationId);
  steps.position = current.position;
  // A stale edit writes nothing, not even the account it names (each step on the centre's stream checks again).
  await precondition?.assertFresh(deps.eventStore, stream, current.revision, metadata.correlationId);
  // Checked before anything is written: an edit applies whole or not at all.
  organizationDecider.decide({ type: 'UpdateOrganizationProfile', profile: request.profile, form: 'admin' }, current.state);
  if (request.approval) organizationDecider.decide({ type: 'RecordApprovalDates', ...request.approval, now }, current.state);
  steps.note(await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'UpdateOrganizationProfile', profile: request.profile, form: 'admin' }, { metadata: steps.metadata, precondition }));
  if (request.approval) steps.note(await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'RecordApprovalDates', ...request.approval, now }, { metadata: steps.metadata, precondition }));
  const previousOwner = current.state.ownerUserId;
  if (request.ownerUserId !== undefined && request.ownerUserId !== previousOwner) {
    if (request.ownerUserId) {
      await requireCentreAccount(deps, request.ownerUserId);
      steps.note(await handleCommand(deps.eventStore, streams.organizationManager(request.ownerUserId), organizationManagerDecider, { type: 'AssignManager', userId: request.ownerUserId, organizationId }, { metadata: steps.metadata }));
    }
    steps.note(await handleCommand(deps.eventStore, stream, organizationDecider, { type: 'ChangeOrganizationOwner', ownerUserId: request.ownerUserId }, { metadata: steps.metadata, precondition }));
    if (previousOwner) steps.note(await handleCommand(deps.eventStore, streams.organizationManager(previousOwner), organizationManagerDecider, { type: 'ReleaseManager', userId: previousOwner, organizationId }, { metadata: steps.metadata }));
  }
  if (request.isVerified !== undefined) {
    steps.note(await handleCommand(deps.eventStore, stream, organizationDecider, request.isVerified ? { type: 'VerifyOrganization', organizationId, now } : { type: 'UnverifyOrganization', now }, { metadata: steps.metadata, precondition }));
  }
  return { organizationId, position: steps.position };
}

/** An administrator approves a centre pending verification: from then on it publishes courses. */
export async function approveOrganization(deps: Deps, organizationId: string, metadata: EventMetadata) {
  const verified = await handleCommand(deps.eventStore, streams.organization(organizationId), organizationDecider, { type: 'VerifyOrganization', organizationId, now: deps.clock.now() }, { metadata });
  return { position: verified.position };
}

/** An administrator approves or rejects the change of identity a verified centre asked for (`requestId`: the one they were shown). */
export async function decideIdentityChange(deps: Deps, organizationId: string, decision: 'approve' | 'reject', requestId: string, metadata: EventMetadata) {
  await liveOrganization(deps, organizationId);
  const now = deps.clock.now();
  const decided = await handleCommand(deps.eventStore, streams.organization(organizationId), organizationDecider, {
    type: decision === 'approve' ? 'ApproveIdentityChange' : 'RejectIdentityChange', requestId, now,
  }, { metadata });
  return { position: decided.position };
}

/**
 * An administrator deletes a centre. Its stream says so first, so that it publishes nothing more; its account
 * is freed; then each of its courses not yet started is cancelled, and their bookings cancelled and
 * refunded, in one chain caused by the deletion. The course keeper finishes the chain after a crash.
 */
export async function deleteOrganization(deps: Deps, organizationId: string, adminId: string, metadata: EventMetadata) {
  const now = deps.clock.now();
  const deleted = await handleCommand(deps.eventStore, streams.organization(organizationId), organizationDecider, { type: 'DeleteOrganization', deletedBy: adminId, now }, { metadata });
  const organization = deleted.state;
  if (organization.status === 'absent') throw new OrganizationNotFound();
  const caused = followUp(metadata, deleted.eventIds[0]!, now);
  let position = deleted.position;
  if (organization.ownerUserId) {
    const released = await handleCommand(deps.eventStore, streams.organizationManager(organization.ownerUserId), organizationManagerDecider, {
      type: 'ReleaseManager', userId: organization.ownerUserId, organizationId,
    }, { metadata: caused });
    position = Math.max(position, released.position);
  }
  let cancelledCourses = 0;
  let cancelledBookings = 0;
  let refunds = 0;
  for (const courseId of organization.courseIds) {
    const cancelled = await cancelCourse(deps, courseId, { reason: 'organizationDeleted', mode: 'resume', cancelledBy: adminId }, caused);
    position = Math.max(position, cancelled.position);
    if (cancelled.cancelled) cancelledCourses += 1;
    cancelledBookings += cancelled.cancelledBookings;
    refunds += cancelled.refunds;
  }
  return { position, cancelledBookings, refunds, cancelledCourses };
}
