import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '@recup/infra/config';
import { openEmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import { closeOnSignals } from '@recup/infra/launcher/shutdown';
import { DEMO_PASSWORD } from '@recup/infra/seed/demo-catalog';
import { stripeGatewayFromConfig } from '@recup/infra/payments/stripe-gateway';
import { composeEmbeddedPlatform } from './compose';

/** `npm start`: the whole platform in one process, on the embedded adapters, with demo data. */
async function main() {
  const config = loadConfig(process.env, { embedded: true });
  const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const webDist = process.env.WEB_DIST ?? join(repoRoot, 'web', 'dist');
  const stripe = stripeGatewayFromConfig(config);
  const adapters = openEmbeddedAdapters(config);
  const logger = config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL };
  const started = Date.now();
  const platform = await composeEmbeddedPlatform(adapters, {
    config,
    webDist,
    seed: true,
    adminDemo: true,
    ...(stripe ? { payments: stripe } : {}),
    siteUrl: `http://localhost:${config.PORT}`,
    authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
    logger,
    projectorLogger: { info: console.log, warn: console.warn, error: (m, e) => console.error(m, e) },
  });
  closeOnSignals(() => platform.close());
  const address = await platform.app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('127.0.0.1', 'localhost').replace('[::1]', 'localhost');

  const lines = [
    '',
    "  Récup'Points is running (embedded mode)",
    '',
    `  ➜  ${url}`,
    '',
    `  Data:      ${config.dataDir} (${platform.projector.position()} events replayed in ${Date.now() - started} ms)`,
  ];
  if (platform.seed?.seeded) lines.push(`  Seeded:    ${platform.seed.centres} training centres, ${platform.seed.courses} upcoming courses`);
  lines.push('', `  Demo accounts (password: ${DEMO_PASSWORD})`);
  for (const account of platform.seed?.accounts ?? []) lines.push(`    ${account.role.padEnd(13)} ${account.email}`);
  if (stripe) lines.push('', '  Payments:  Stripe (test keys), webhook at /api/payments/stripe/webhook');
  else lines.push('', '  Test cards: 4242 4242 4242 4242 succeeds · 4000 0000 0000 0002 is declined · 4000 0027 6000 3184 asks for 3-D Secure');
  lines.push('  Stop with Ctrl+C.', '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`\n  ${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`\n  Port already in use: set PORT to a free port (e.g. PORT=3001 npm start).\n`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
