import type { Doc, ReadStore } from '@recup/infra/read-store/port';
import type { Projection } from './projection';
import { CHECKPOINTS_COLLECTION, ProjectionRebuild, type CheckpointDocument, type RebuildOptions, type RebuildResult } from './rebuild';

const VERIFY_SUFFIX = '__verify';

/** A document the live model holds differently from a rebuild of the log. */
export interface Difference {
  collection: string;
  id: string;
  /** The first field that differs, dotted (`payment.status`, `_revisions.booking-42`); `_id` when one side lacks the document. */
  path: string;
  /** The value at `path` on each side; undefined where it is missing. */
  live: unknown;
  rebuilt: unknown;
}

interface VerifyOptions extends Omit<RebuildOptions, 'mode' | 'suffix'> {
  /** How long to wait for the live projector to reach the rebuild's position (default 10 s). */
  settleTimeoutMs?: number;
}

interface VerifyResult {
  rebuild: RebuildResult;
  /** Where the live model stood when compared (its lowest checkpoint among the projections verified). */
  livePosition: number;
  /** Documents compared, live and rebuilt together counted once per id. */
  documents: number;
  differences: Difference[];
}

const ATTEMPTS = 3;

/**
 * Rebuilds aside (fresh temporary collections) and compares every document with the live model. A live
 * projector that is still moving can explain a difference, so differences are compared again once it
 * stands still; the collections aside are dropped at the end.
 */
export async function verifyProjections(options: VerifyOptions): Promise<VerifyResult> {
  const rebuild = await ProjectionRebuild.start({ ...options, mode: 'aside', suffix: VERIFY_SUFFIX });
  try {
    await rebuild.catchUp();
    for (let attempt = 1; ; attempt += 1) {
      const livePosition = await waitForLive(options.readStore, options.projections, rebuild.at, options.settleTimeoutMs ?? 10_000);
      if (livePosition > rebuild.at) await rebuild.catchUp(livePosition);
      let documents = 0;
      const differences: Difference[] = [];
      for (const projection of options.projections) {
        const compared = await compareCollections(options.readStore, projection.collection, rebuild.collectionOf(projection));
        documents += compared.documents;
        differences.push(...compared.differences);
      }
      const result = { rebuild: rebuild.result(), livePosition, documents, differences };
      if (differences.length === 0 || attempt === ATTEMPTS) return result;
      if ((await livePositionOf(options.readStore, options.projections)) === livePosition) return result;
    }
  } finally {
    await rebuild.discard();
  }
}

/** Every document of `live` against the one of the same id in `rebuilt`, in id order. */
async function compareCollections(readStore: ReadStore, live: string, rebuilt: string): Promise<{ documents: number; differences: Difference[] }> {
  const byId = async (name: string) => new Map((await readStore.collection(name).find({})).map((doc) => [doc._id, doc] as const));
  const [liveDocs, rebuiltDocs] = await Promise.all([byId(live), byId(rebuilt)]);
  const ids = [...new Set([...liveDocs.keys(), ...rebuiltDocs.keys()])].sort();
  const differences: Difference[] = [];
  for (const id of ids) {
    const a = liveDocs.get(id);
    const b = rebuiltDocs.get(id);
    if (!a || !b) {
      differences.push({ collection: live, id, path: '_id', live: a?._id, rebuilt: b?._id });
      continue;
    }
    const found = firstDifference(withoutId(a), withoutId(b));
    if (found) differences.push({ collection: live, id, ...found });
  }
  return { documents: ids.length, differences };
}

/** The first path (keys in sorted order) where two JSON-like values differ; a missing key and `undefined` are alike. */
function firstDifference(live: unknown, rebuilt: unknown, path: readonly string[] = []): { path: string; live: unknown; rebuilt: unknown } | null {
  if (Array.isArray(live) && Array.isArray(rebuilt)) {
    for (let i = 0; i < Math.max(live.length, rebuilt.length); i += 1) {
      const found = firstDifference(live[i], rebuilt[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(live) && isRecord(rebuilt)) {
    for (const key of [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort()) {
      const found = firstDifference(live[key], rebuilt[key], [...path, key]);
      if (found) return found;
    }
    return null;
  }
  if (live instanceof Date && rebuilt instanceof Date ? live.getTime() === rebuilt.getTime() : Object.is(live, rebuilt)) return null;
  return { path: path.join('.') || '(document)', live, rebuilt };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function withoutId({ _id: _ignored, ...rest }: Doc): Record<string, unknown> {
  return rest;
}

async function livePositionOf(readStore: ReadStore, projections: readonly Projection[]): Promise<number> {
  const checkpoints = readStore.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  const positions = await Promise.all(projections.map(async (p) => (await checkpoints.findOne({ _id: p.name }))?.position ?? 0));
  return Math.min(...positions);
}

/** The live model's position once it reaches `position`, or where it stands when `timeoutMs` runs out. */
async function waitForLive(readStore: ReadStore, projections: readonly Projection[], position: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const live = await livePositionOf(readStore, projections);
    if (live >= position || Date.now() >= deadline) return live;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
