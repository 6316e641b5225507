import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript helper shared with the npm scripts
import { bundle } from '../scripts/build.mjs';

const ROOT = join(import.meta.dirname, '..');

/**
 * Issue 18, points 4 and 11: a public site must not invoice in the demonstration seller's name. `npm start` and
 * each service that issues invoices or shows the legal notice refuse to start, as on any wrong configuration:
 * exit code 2 and a message naming the variables.
 */
describe('starting a public site with the demonstration seller', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'recup-public-start-'));
  beforeAll(async () => {
    await bundle([
      { in: join(ROOT, 'platform', 'embedded.ts'), out: 'platform/public-start-check/embedded' },
      { in: join(ROOT, 'platform', 'services', 'main', 'query-api.ts'), out: 'platform/public-start-check/query-api' },
    ]);
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = (entry: string, env: Record<string, string>) => spawnSync(process.execPath, [join(ROOT, 'dist', 'platform', 'public-start-check', `${entry}.mjs`)], {
    cwd: ROOT, encoding: 'utf8', timeout: 30_000,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', ...env },
  });

  it.each([
    ['embedded', {}],
    ['query-api', { MONGODB_URL: 'mongodb://127.0.0.1:1/recup', SESSION_SECRET: 's'.repeat(40) }],
  ] as const)('stops %s with exit code 2, naming every SELLER_* still to set', (entry, env) => {
    const result = start(entry, { ...env, PUBLIC_URL: 'https://recup-points.example', SELLER_NAME: 'La Poste', SELLER_SIREN: '356000000', SELLER_SIRET: '35600000000048' });
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/SELLER_LEGAL_FORM and SELLER_SHARE_CAPITAL_CENTS, SELLER_ADDRESS, SELLER_RCS, .*SELLER_HOSTING_PHONE still hold their demonstration values while PUBLIC_URL \(https:\/\/recup-points\.example\) is public/);
    expect(result.stderr).not.toMatch(/SELLER_NAME|SELLER_SIREN|SELLER_SIRET,/);
  });
});
