import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventStore } from '@recup/infra/event-store/port';
import { HttpProblem } from '@recup/infra/http/problem';
import { streams, toDomainEvent, type RecordedEvent } from '@recup/shared-events';
import { DomainError } from './domain-error';

/**
 * Optimistic concurrency on edits (ARCHITECTURE: 412 on a stale `If-Match`). A read of a course, a centre or a
 * user carries its stream's revision as its ETag; an edit that sends it back with `If-Match` is stale when,
 * after that revision, the stream recorded an edit of what the form edits (a booking that took a spot on the
 * course is not an edit of its details; a new course of the centre is not an edit of its profile). The edit
 * is then refused with 412 STALE_EDIT, naming who changed it and when, instead of overwriting their change.
 */
export interface Precondition {
  /** The stream revision the caller read (its ETag). */
  readonly revision: number;
  /**
   * Throws StaleEdit when the stream, now at `currentRevision`, recorded after the revision read an edit that
   * this request did not write itself (its own earlier steps share its correlation id).
   */
  assertFresh(eventStore: EventStore, streamName: string, currentRevision: number, correlationId: string): Promise<void>;
}

/** Who last changed what the caller was editing, as the answer tells it. */
type Editor = 'you' | 'administrator' | 'person' | 'platform' | 'unknown';

/** The caller's edit was made on a revision that another edit has since replaced. */
class StaleEdit extends DomainError {
  constructor(params: { changedBy: Editor; changedByName?: string; changedAt?: string }) {
    super('STALE_EDIT', { changedBy: params.changedBy, ...(params.changedByName ? { changedByName: params.changedByName } : {}), ...(params.changedAt ? { changedAt: params.changedAt } : {}) });
  }
}

/** The strong ETag of a stream revision: `"7"`. */
const etagOf = (revision: number) => `"${revision}"`;

/** Puts the ETag of the revision an answer shows on it (none for a stream that does not exist). */
export function sendEtag(reply: FastifyReply, revision: number) {
  if (revision >= 0) reply.header('ETag', etagOf(revision));
}

const ENTITY_TAG = /^(?:W\/)?"(\d{1,15})"$/;

const badIfMatch = () =>
  new HttpProblem(400, 'INVALID_IF_MATCH', {
    fr: 'L’en-tête If-Match est invalide : renvoyez l’ETag reçu avec la lecture (par exemple "12").',
    en: 'The If-Match header is invalid: send back the ETag the read answered (for example "12").',
  }, { field: 'If-Match' });

/**
 * The revision an `If-Match` names: null when the header is absent or `*` (no check: last writer wins, as
 * before); the highest of a list. Anything else than entity tags of a revision is a 400 naming the header.
 */
function ifMatchRevision(request: FastifyRequest): number | null {
  const raw = request.headers['if-match'];
  if (raw === undefined) return null;
  const header = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (header === '*') return null;
  const tags = header.split(',').map((tag) => tag.trim());
  let highest = -1;
  for (const tag of tags) {
    const match = ENTITY_TAG.exec(tag);
    if (!match) throw badIfMatch();
    highest = Math.max(highest, Number(match[1]));
  }
  if (!Number.isSafeInteger(highest)) throw badIfMatch();
  return highest;
}

/** The user who acted on an event, named for the caller: themselves, an administrator, a person by name, or the platform. */
async function editorOf(eventStore: EventStore, event: RecordedEvent, callerId: string | null): Promise<{ changedBy: Editor; changedByName?: string }> {
  const { actor } = event.metadata;
  if (actor.type === 'system') return { changedBy: 'platform' };
  if (actor.userId === callerId) return { changedBy: 'you' };
  if (actor.role === 'ADMIN') return { changedBy: 'administrator' };
  let name = '';
  for (const recorded of await eventStore.readStream(streams.user(actor.userId))) {
    try {
      const userEvent = toDomainEvent(recorded);
      if (userEvent.type === 'UserRegistered' || userEvent.type === 'UserProfileUpdated') name = `${userEvent.data.firstName} ${userEvent.data.lastName}`.trim();
    } catch {
      // An event this build cannot read says nothing of the name.
    }
  }
  return name ? { changedBy: 'person', changedByName: name } : { changedBy: 'unknown' };
}

/**
 * The precondition of an edit sent with `If-Match` (null without one): stale when, after the revision read, the
 * stream recorded one of `edits`, the kinds of events that change what the form edits.
 */
export function editPrecondition(request: FastifyRequest, edits: ReadonlySet<string>, callerId: string | null): Precondition | null {
  const revision = ifMatchRevision(request);
  if (revision === null) return null;
  return {
    revision,
    async assertFresh(eventStore, streamName, currentRevision, correlationId) {
      if (currentRevision === revision) return;
      // A revision the stream never reached: not a read of this stream as it is.
      if (revision > currentRevision) throw new StaleEdit({ changedBy: 'unknown' });
      const after = await eventStore.readStream(streamName, { fromRevision: revision + 1 });
      const edit = after.findLast((event) => edits.has(event.type) && event.metadata.correlationId !== correlationId);
      if (!edit) return;
      throw new StaleEdit({ ...(await editorOf(eventStore, edit, callerId)), changedAt: edit.metadata.occurredAt });
    },
  };
}

/** What a course's edit form edits: its details; a cancellation also ends any edit. */
export const COURSE_EDITS: ReadonlySet<string> = new Set(['CourseDetailsChanged', 'CourseCancelled']);
/** What the centre's forms (its own, the administrator's) edit. */
export const ORGANIZATION_EDITS: ReadonlySet<string> = new Set([
  'OrganizationProfileUpdated', 'OrganizationIdentityChangeRequested', 'OrganizationIdentityChangeApproved', 'OrganizationIdentityChangeRejected',
  'OrganizationIdentityChangeWithdrawn', 'OrganizationVerified', 'OrganizationUnverified', 'OrganizationOwnerChanged', 'OrganizationApprovalDatesRecorded',
  'OrganizationDeleted',
]);
/** What the profile forms (the user's own, the administrator's) edit. */
export const USER_EDITS: ReadonlySet<string> = new Set(['UserProfileUpdated', 'UserEmailChanged', 'UserRoleChanged', 'UserDeleted']);
