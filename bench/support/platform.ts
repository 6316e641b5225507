import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import { composeEmbeddedPlatform } from '../../platform/compose';

/**
 * The embedded platform as `npm start` composes it (event log on disk, read models in memory, projector and
 * reactors running), on a fresh data directory, listening on a free loopback port.
 */
export async function startBenchPlatform(options: { dataDir?: string; webDist?: string; seed?: boolean; adminDemo?: boolean } = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'recup-bench-'));
  const adapters = openEmbeddedAdapters({ dataDir }, { mailLog: () => {} });
  const platform = await composeEmbeddedPlatform(adapters, {
    config: { SESSION_SECRET: 'bench-'.repeat(8), secureCookies: false },
    seed: options.seed ?? false,
    adminDemo: options.adminDemo ?? false,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    logger: false,
    authRateLimitPerMinute: 1_000_000,
    projectorLogger: { info: () => {}, warn: console.warn, error: (m, e) => console.error(m, e) },
  });
  const address = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...platform,
    adapters,
    dataDir,
    origin: address,
    deps: { eventStore: adapters.eventStore, payments: adapters.testGateway, clock: adapters.clock },
    /** Waits until the read models include every event appended so far. */
    async caughtUp(timeoutMs = 120_000) {
      const head = await adapters.eventStore.headPosition();
      if (!(await adapters.progress.waitFor(head, timeoutMs))) throw new Error(`the projector did not reach ${head} in ${timeoutMs} ms`);
    },
    async close() {
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The projection lag inside the platform, from now until `stop()`: for every append the command API makes, the time
 * from its commit (the writer thread's answer that the log has it, before anyone is told) to the read models having it
 * (the projector's progress passing its position). What a learner's next query adds to it is the server's queue,
 * measured apart.
 */
export function watchProjectionLag(platform: Awaited<ReturnType<typeof startBenchPlatform>>): { stop(): number[] } {
  const pending: Array<{ position: number; at: number }> = [];
  const lags: number[] = [];
  // The store's own moment of commit: its private `settle`, wrapped for the length of the run.
  const store = platform.adapters.eventStore as unknown as { settle(group: unknown, committed: { outcomes: Array<{ ok: boolean; position?: number }> }, ...rest: unknown[]): void };
  const progress = platform.adapters.progress;
  const settle = store.settle;
  const advance = progress.advance;
  store.settle = function (this: typeof store, group, committed, ...rest) {
    const at = performance.now();
    for (const outcome of committed.outcomes) {
      if (!outcome.ok) continue;
      // Already in the read models (the projector read it from the file before the writer's answer came): no lag.
      if (outcome.position! <= progress.current()) lags.push(0);
      else pending.push({ position: outcome.position!, at });
    }
    settle.call(this, group, committed, ...rest);
  };
  progress.advance = function (this: typeof progress, position: number) {
    advance.call(this, position);
    const now = performance.now();
    let kept = 0;
    for (const entry of pending) {
      if (entry.position <= position) lags.push(now - entry.at);
      else pending[kept++] = entry;
    }
    pending.length = kept;
  };
  return {
    stop() {
      store.settle = settle;
      progress.advance = advance;
      return lags;
    },
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
}

const autocannonBin = () => join(createRequire(import.meta.url).resolve('autocannon/package.json'), '..', 'autocannon.js');

/**
 * autocannon in its own process (so that the load generator does not share the server's event loop):
 * `connections` keep-alive connections, no pipelining, for `seconds`.
 */
export function autocannon(url: string, options: { connections: number; seconds: number }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [autocannonBin(), '-c', String(options.connections), '-p', '1', '-d', String(options.seconds), '-j', url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      const json = JSON.parse(out) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        throughput: { average: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      resolve({
        requestsPerSecond: json.requests.average,
        p50: json.latency.p50,
        p99: json.latency.p99,
        requests: json.requests.total,
        non2xx: json.non2xx,
        errors: json.errors,
        timeouts: json.timeouts,
        bytesPerSecond: json.throughput.average,
      });
    });
  });
}

/** Logs a learner in through the API; returns the session cookie. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'recup-points' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`sign-in of ${email} set no cookie`);
  return cookie;
}
