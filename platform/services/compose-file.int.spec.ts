import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const check = (file?: string) => spawnSync(process.execPath, [join(root, 'scripts', 'compose-check.mjs'), ...(file ? [file] : [])], { cwd: root, encoding: 'utf8' });

describe('docker-compose.yml', () => {
  const copy = mkdtempSync(join(tmpdir(), 'recup-compose-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('is valid, for the Compose CLI when one is installed and against the repository', () => {
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('docker-compose.yml: valid');
    expect(result.status).toBe(0);
  });

  it('is refused, with the reason, when a service waits for one that does not exist or a build target is missing', () => {
    cpSync(join(root, 'infra', 'docker'), join(copy, 'infra', 'docker'), { recursive: true });
    const broken = readFileSync(join(root, 'docker-compose.yml'), 'utf8')
      .replace('      query-api:\n        condition: service_healthy', '      query-service:\n        condition: service_healthy')
      .replace('target: projector', 'target: projection-service');
    writeFileSync(join(copy, 'docker-compose.yml'), broken);
    const result = check(join(copy, 'docker-compose.yml'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('gateway: depends on unknown service query-service');
    expect(result.stderr).toContain('projector: the Dockerfile has no stage projection-service');
  });

  it('is refused when the APIs would believe the X-Forwarded-For of anyone but the gateway', () => {
    cpSync(join(root, 'infra', 'docker'), join(copy, 'infra', 'docker'), { recursive: true });
    const trusting = readFileSync(join(root, 'docker-compose.yml'), 'utf8').replace(/TRUST_PROXY: 172\.30\.80\.10/, 'TRUST_PROXY: "true"');
    writeFileSync(join(copy, 'docker-compose.yml'), trusting);
    const result = check(join(copy, 'docker-compose.yml'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("command-api: TRUST_PROXY (true) does not name the gateway's address 172.30.80.10");
  });
});
