import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript helper shared with the npm scripts
import { bundle } from '../../scripts/build.mjs';
import { seedFrom } from '../seeded-random';
import { runCrashTest } from './crash-run';

/** 20 kills in `npm test`; `npm run test:reliability` runs 200 (CRASH_KILLS). CRASH_SEED replays a run. */
const KILLS = Number(process.env.CRASH_KILLS ?? (process.env.RECUP_RELIABILITY ? 200 : 20));
const SEED = seedFrom(process.env.CRASH_SEED, 2026);
const ROOT = join(import.meta.dirname, '..', '..');

describe('the crash test', () => {
  let dataDir: string;
  beforeAll(async () => {
    // The child is the embedded platform as `npm start` composes it, bundled as the build bundles it.
    await bundle([{ in: join(ROOT, 'platform', 'crash', 'crash-child.ts'), out: 'platform/crash-child' }]);
    dataDir = mkdtempSync(join(tmpdir(), 'recup-crash-'));
  }, 60_000);
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`loses nothing through ${KILLS} SIGKILLs under a mixed load (seed ${SEED})`, async () => {
    console.info(`[crash test] seed ${SEED}, ${KILLS} kills (replay with CRASH_SEED=${SEED} CRASH_KILLS=${KILLS})`);
    const started = Date.now();
    const figures = await runCrashTest({
      script: join(ROOT, 'dist', 'platform', 'crash-child.mjs'), dataDir, seed: SEED, kills: KILLS,
      log: (line) => {
        if (process.env.CRASH_VERBOSE) console.info(`[crash test] ${line}`);
      },
    });
    console.info(
      `[crash test] seed ${SEED}: ${figures.kills} kills survived, ${figures.commandsChecked} acknowledged commands checked, ${figures.commandsLost} lost; ` +
        `${figures.unacknowledged} calls cut by a kill; ${figures.bookings} bookings (${figures.moves} moves, ${figures.attendances} attendance rows), ${figures.joins} waiting-list joins and ${figures.offers} offers, ${figures.charges} charges (each kept or refunded once, ${figures.refunds} refunds), ` +
        `${figures.invoices} invoice numbers without a gap, ${figures.readModelDocuments} read-model documents equal to a rebuild of ${figures.events} events; ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(figures.problems).toEqual([]);
    expect(figures.kills).toBe(KILLS);
    expect(figures.commandsLost).toBe(0);
    expect(figures.commandsChecked).toBeGreaterThan(KILLS);
    expect(figures.charges).toBeGreaterThan(0);
    expect(figures.joins).toBeGreaterThan(0);
    expect(figures.offers).toBeGreaterThan(0);
    expect(figures.attendances).toBeGreaterThan(0);
  }, KILLS * 20_000 + 60_000);
});
