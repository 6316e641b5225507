import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
const optionalUrl = z.url().optional();

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  /** Where the embedded adapters keep their files. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Signs session cookies; at least 32 characters. Generated and kept in DATA_DIR when absent. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Cookies marked Secure; on by default outside the embedded mode. */
  SECURE_COOKIES: z.enum(['true', 'false']).optional(),
  PUBLIC_URL: optionalUrl,
  BOOKING_HOLD_MINUTES: positiveInt.default(30),
  REFUND_CUTOFF_HOURS: positiveInt.default(72),
  EVENTSTORE_URL: z.string().optional(),
  MONGODB_URL: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  SMTP_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof ConfigSchema> & { SESSION_SECRET: string; dataDir: string; secureCookies: boolean };

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration once, from the environment. A wrong value stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { embedded?: boolean } = {}): Config {
  const parsed = ConfigSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'configuration'), `${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`);
  }
  const config = parsed.data;
  const dataDir = resolve(config.DATA_DIR);
  const secureCookies = config.SECURE_COOKIES ? config.SECURE_COOKIES === 'true' : !options.embedded;
  return { ...config, dataDir, secureCookies, SESSION_SECRET: config.SESSION_SECRET ?? persistentSecret(dataDir) };
}

/** The embedded mode keeps a generated secret beside its data, so sessions survive a restart. */
function persistentSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
