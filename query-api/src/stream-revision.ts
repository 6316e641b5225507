import type { FastifyReply } from 'fastify';

/**
 * The revision of one stream a read-model document folded last (the projector keeps it in `_revisions`): the
 * ETag of a read of one course, centre or user, which an edit sends back as `If-Match` (a 412 when stale).
 */
export function streamRevision(doc: { _revisions?: Record<string, number> }, streamName: string): number | undefined {
  const revision = doc._revisions?.[streamName];
  return typeof revision === 'number' && revision >= 0 ? revision : undefined;
}

/** Puts the stream revision a read shows on its answer as its ETag (`"7"`). */
export function sendEtag(reply: FastifyReply, revision: number | undefined) {
  if (revision !== undefined) reply.header('ETag', `"${revision}"`);
}
