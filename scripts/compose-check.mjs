// Checks docker-compose.yml and the services' Dockerfile: with the Compose CLI when one is installed
// (`docker compose config`, or the older `docker-compose config`; neither needs a running engine), and
// always against what the repository itself says (build targets, bundles, volumes, dependencies).
//   node scripts/compose-check.mjs [file]   exit 0 when valid, 1 with the reasons otherwise
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { root } from './lib.mjs';

const COMPOSE_FILE = parseArgs({ allowPositionals: true, strict: false }).positionals[0] ?? join(root, 'docker-compose.yml');
const SERVICES = ['command-api', 'query-api', 'projector', 'gateway'];

/** The Compose CLI's own validation, or null when no CLI is installed. */
function composeCli() {
  const candidates = [['docker', ['compose']], ['docker-compose', []]];
  for (const [command, prefix] of candidates) {
    const probe = spawnSync(command, [...prefix, 'version'], { encoding: 'utf8' });
    if (probe.error || probe.status !== 0) continue;
    const args = [...prefix, '-f', COMPOSE_FILE, 'config', '--quiet'];
    const result = spawnSync(command, args, { cwd: dirname(COMPOSE_FILE), encoding: 'utf8', env: { ...process.env, COMPOSE_PROJECT_NAME: 'recup-points' } });
    return { cli: [command, ...prefix].join(' '), ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
  }
  return null;
}

/** What the CLI cannot know: that the file matches this repository. */
function checkAgainstRepository(compose, entryPoints) {
  const problems = [];
  const services = compose?.services ?? {};
  const declaredVolumes = new Set(Object.keys(compose?.volumes ?? {}));
  const dockerfiles = new Map();

  for (const name of ['eventstore', 'mongo', 'mailpit', ...SERVICES]) {
    if (!services[name]) problems.push(`service ${name} is missing`);
  }
  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) problems.push(`${name}: neither image nor build`);
    if (!service.healthcheck?.test) problems.push(`${name}: no health check`);
    for (const [dependency, condition] of Object.entries(service.depends_on ?? {})) {
      if (!services[dependency]) problems.push(`${name}: depends on unknown service ${dependency}`);
      else if (condition?.condition === 'service_healthy' && !services[dependency].healthcheck) problems.push(`${name}: waits for ${dependency} to be healthy, which has no health check`);
    }
    for (const volume of service.volumes ?? []) {
      const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
      if (source && !source.startsWith('.') && !source.startsWith('/') && !declaredVolumes.has(source)) problems.push(`${name}: volume ${source} is not declared`);
    }
    if (service.build) {
      const dockerfile = join(dirname(COMPOSE_FILE), service.build.context ?? '.', service.build.dockerfile ?? 'Dockerfile');
      if (!existsSync(dockerfile)) {
        problems.push(`${name}: ${dockerfile} does not exist`);
        continue;
      }
      if (!dockerfiles.has(dockerfile)) dockerfiles.set(dockerfile, readFileSync(dockerfile, 'utf8'));
      const text = dockerfiles.get(dockerfile);
      const target = service.build.target;
      if (target && !new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${target}\\s*$`, 'im').test(text)) problems.push(`${name}: the Dockerfile has no stage ${target}`);
    }
  }
  // The APIs believe X-Forwarded-For from the gateway only: TRUST_PROXY names the gateway's fixed address.
  const gatewayAddress = services.gateway?.networks?.default?.ipv4_address;
  if (!gatewayAddress) problems.push('gateway: no fixed address (networks.default.ipv4_address) for the APIs to trust');
  for (const api of gatewayAddress ? ['command-api', 'query-api'] : []) {
    const trusted = services[api]?.environment?.TRUST_PROXY;
    if (trusted !== gatewayAddress) problems.push(`${api}: TRUST_PROXY (${trusted ?? 'unset'}) does not name the gateway's address ${gatewayAddress}`);
  }
  // Each service image runs the bundle the build step makes.
  for (const service of SERVICES) {
    const entry = entryPoints.find((e) => e.out === `platform/services/${service}`);
    if (!entry) problems.push(`scripts/build.mjs does not bundle platform/services/${service}`);
    else if (!existsSync(entry.in)) problems.push(`${entry.in} is missing`);
    const dockerfile = [...dockerfiles.values()].join('\n');
    if (!dockerfile.includes(`dist/platform/services/${service}.mjs`)) problems.push(`the Dockerfile does not run dist/platform/services/${service}.mjs`);
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The yaml package comes with the API documentation page's dependencies.
  const { parse } = await import('yaml');
  const { ENTRY_POINTS } = await import('./build.mjs');
  const problems = checkAgainstRepository(parse(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }), ENTRY_POINTS);
  const cli = composeCli();
  if (cli && !cli.ok) problems.push(`${cli.cli}: ${cli.output}`);
  console.log(cli ? `Compose CLI: ${cli.cli} ${cli.ok ? 'accepts the file' : 'rejects the file'}` : 'Compose CLI: not installed; checked the file as YAML against the repository only');
  if (problems.length > 0) {
    console.error(`docker-compose.yml: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('docker-compose.yml: valid');
}
