import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { MAX_REMINDER_DAYS } from '@recup/shared-events/bookings/reminders';
import { isLoopbackUrl } from './http/loopback';
import { DEMO_SELLER_VARIABLES, sellerIdentityOf, SellerIdentityError, SellerVariables, type SellerIdentity } from './seller-identity';

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
/** Connection strings may list several hosts (`esdb://a:2113,b:2113`), which URL parsers refuse: the scheme is checked. */
const connectionString = (schemes: string[], example: string) =>
  z.string().refine((value) => schemes.some((scheme) => value.startsWith(`${scheme}://`)), `must start with ${schemes.map((s) => `${s}://`).join(' or ')} (e.g. ${example})`);
const prefixed = (prefixes: string[]) =>
  z.string().refine((value) => prefixes.some((prefix) => value.startsWith(prefix)), `must start with ${prefixes.join(' or ')}`);
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** A proxy named by address, CIDR or one of proxy-addr's names; a bare number of hops cannot tell a proxy from a browser. */
const isProxyEntry = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};
/**
 * Days before a course's first day on which the learner is reminded of it: whole numbers from 1 to
 * MAX_REMINDER_DAYS, comma-separated, each once ("7,1"); "none" sends no reminder.
 */
const reminderDays = z
  .string()
  .transform((value, context) => {
    if (value.trim() === 'none') return [];
    const parts = value.split(',').map((part) => part.trim());
    const days = parts.map(Number);
    const valid = parts.every((part) => /^\d+$/.test(part)) && days.every((d) => d >= 1 && d <= MAX_REMINDER_DAYS) && new Set(days).size === days.length;
    if (!valid) {
      context.addIssue({ code: 'custom', message: `must be whole numbers of days from 1 to ${MAX_REMINDER_DAYS}, each once, separated by commas (e.g. 7,1), or none` });
      return z.NEVER;
    }
    return days.sort((a, b) => b - a);
  });
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (e.g. http://command-api:3001)' });

const Variables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  /** Where the embedded adapters keep their files. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Signs session cookies; at least 32 characters. Generated and kept in DATA_DIR when absent (embedded mode). */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Cookies marked Secure; on by default outside the embedded mode. */
  SECURE_COOKIES: z.enum(['true', 'false']).optional(),
  /** The site's address, in e-mail links. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (e.g. https://recup-points.fr)' }).optional(),
  BOOKING_HOLD_MINUTES: positiveInt.default(30),
  REFUND_CUTOFF_HOURS: positiveInt.default(72),
  /**
   * The platform's commission on what it collects online for a centre, in percent (0 to 100, at most two decimals):
   * taken from each monthly statement's online payments minus refunds, rounded to the nearest cent.
   */
  PLATFORM_COMMISSION_PERCENT: z.coerce.number().min(0, 'must be at least 0').max(100, 'must be at most 100')
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'must have at most two decimals (e.g. 7.5)')
    .default(0),
  /** Sign-in, registration, password reset and change: attempts a client may make per minute (per address for sign-in). */
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
  /**
   * A learner moves a confirmed booking to another date (free of charge) up to this many days before the first day of
   * the course booked, that Paris day included (0: until the course starts). The convocation and e-mails print it.
   */
  TRANSFER_CUTOFF_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** The reminders e-mailed before a course, in days before its first day. */
  REMINDER_DAYS: reminderDays.default([7, 1]),
  /** How long a place freed on a full course is held for the first learner in line: 1 hour to a week (never past 48 hours before the start). */
  WAITLIST_OFFER_HOURS: z.coerce.number().int().min(1, 'must be at least 1 (hour)').max(168, 'must be at most 168 (a week)').default(24),
  EVENTSTORE_URL: connectionString(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover'], 'esdb://localhost:2113?tls=false').optional(),
  MONGODB_URL: connectionString(['mongodb', 'mongodb+srv'], 'mongodb://localhost:27017/recup?replicaSet=rs0').optional(),
  STRIPE_SECRET_KEY: prefixed(['sk_', 'rk_']).optional(),
  STRIPE_PUBLISHABLE_KEY: prefixed(['pk_']).optional(),
  STRIPE_WEBHOOK_SECRET: prefixed(['whsec_']).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL (e.g. smtp://localhost:1025)' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seeds the demo centres, courses and accounts into an empty event store (the command API service; the embedded mode always does). */
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('false'),
  /** The gateway's upstreams (distributed mode). */
  COMMAND_API_URL: httpUrl.default('http://127.0.0.1:3001'),
  QUERY_API_URL: httpUrl.default('http://127.0.0.1:3002'),
  /**
   * Whose X-Forwarded-For (and -Proto, -Host) a server believes: nobody's by default, in every mode. Name the
   * proxy in front: its addresses or CIDRs (`10.0.0.0/8, 127.0.0.1`), or `loopback`, `uniquelocal`,
   * `linklocal`; `true` believes anyone, which only a server no client can reach directly may do.
   */
  TRUST_PROXY: z
    .string()
    .refine(
      (value) => value === 'true' || value === 'false' || value.split(',').every((entry) => isProxyEntry(entry.trim())),
      'must be true, false or a comma-separated list of addresses, CIDRs, loopback, linklocal or uniquelocal (a number of hops cannot tell a proxy from a browser)',
    )
    .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value))
    .default(false),
  /** The built web app the gateway serves; web/dist of the repository when absent. */
  WEB_DIST: z.string().min(1).optional(),
}).extend(SellerVariables.shape);

/** Who sells (invoices, legal notice): the SELLER_* variables, read by whoever issues invoices (recording it) or shows it. */
const seller = Object.fromEntries(Object.keys(SellerVariables.shape).map((key) => [key, true])) as { [K in keyof SellerVariables]: true };

/** The single process reads everything but the gateway's upstreams and the service-only switches. */
const ConfigSchema = Variables.omit({ COMMAND_API_URL: true, QUERY_API_URL: true, WEB_DIST: true, SEED_DEMO_DATA: true });

const server = { NODE_ENV: true, HOST: true, PORT: true, LOG_LEVEL: true } as const;
const payments = { STRIPE_SECRET_KEY: true, STRIPE_PUBLISHABLE_KEY: true, STRIPE_WEBHOOK_SECRET: true } as const;

/**
 * What each separate service reads, and nothing more. The services share their stores through EventStoreDB
 * and MongoDB (the embedded ones live inside one process), so those are required there.
 */
const SERVICES = {
  'command-api': {
    schema: Variables.pick({ ...server, ...payments, ...seller, DATA_DIR: true, SESSION_SECRET: true, SECURE_COOKIES: true, PUBLIC_URL: true, BOOKING_HOLD_MINUTES: true, REFUND_CUTOFF_HOURS: true, TRANSFER_CUTOFF_DAYS: true, WAITLIST_OFFER_HOURS: true, AUTH_RATE_LIMIT_PER_MINUTE: true, EVENTSTORE_URL: true, MONGODB_URL: true, SMTP_URL: true, SEED_DEMO_DATA: true, TRUST_PROXY: true }).extend({ PORT: port.default(3001) }),
    required: ['EVENTSTORE_URL', 'MONGODB_URL', 'SESSION_SECRET'],
  },
  projector: {
    // The reactors: reminders (REMINDER_DAYS), e-mails that state the cancellation and move deadlines, waiting-list offers (WAITLIST_OFFER_HOURS).
    schema: Variables.pick({ ...server, ...payments, ...seller, DATA_DIR: true, PUBLIC_URL: true, REFUND_CUTOFF_HOURS: true, TRANSFER_CUTOFF_DAYS: true, REMINDER_DAYS: true, WAITLIST_OFFER_HOURS: true, EVENTSTORE_URL: true, MONGODB_URL: true, SMTP_URL: true }).extend({ PORT: port.default(3003) }),
    required: ['EVENTSTORE_URL', 'MONGODB_URL'],
  },
  'query-api': {
    schema: Variables.pick({ ...server, ...seller, DATA_DIR: true, SESSION_SECRET: true, SECURE_COOKIES: true, PUBLIC_URL: true, REFUND_CUTOFF_HOURS: true, PLATFORM_COMMISSION_PERCENT: true, TRANSFER_CUTOFF_DAYS: true, WAITLIST_OFFER_HOURS: true, MONGODB_URL: true, TRUST_PROXY: true }).extend({ PORT: port.default(3002) }),
    required: ['MONGODB_URL', 'SESSION_SECRET'],
  },
  gateway: {
    schema: Variables.pick({ ...server, COMMAND_API_URL: true, QUERY_API_URL: true, WEB_DIST: true, TRUST_PROXY: true, SECURE_COOKIES: true, PUBLIC_URL: true }),
    required: [],
  },
} as const;

type Service = keyof typeof SERVICES;

const WHY_REQUIRED: Record<string, string> = {
  EVENTSTORE_URL: 'the command API and the projector share one event store (e.g. esdb://eventstore:2113?tls=false)',
  MONGODB_URL: 'the projector writes the read models that the query API reads, and both APIs share the sessions (e.g. mongodb://mongo:27017/recup?replicaSet=rs0)',
  SESSION_SECRET: 'both APIs must sign session cookies with the same secret of at least 32 characters',
};

export type Config = z.infer<typeof ConfigSchema> & { SESSION_SECRET: string; dataDir: string; secureCookies: boolean; seller: SellerIdentity };
export type ServiceConfig<S extends Service> = z.infer<(typeof SERVICES)[S]['schema']> & { dataDir: string; secureCookies: boolean };

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/**
 * The SELLER_* values a real seller cannot share with the demonstration one: its numbers and the legal notice's
 * people and host are placeholders. Its name, legal form, share capital and e-mail may well be the real ones
 * ("Récup'Points SAS"): set explicitly, they are taken.
 */
const PLACEHOLDER_SELLER_VALUES = ['SELLER_ADDRESS', 'SELLER_SIREN', 'SELLER_SIRET', 'SELLER_RCS', 'SELLER_PUBLICATION_DIRECTOR', 'SELLER_PHONE', 'SELLER_HOSTING_PROVIDER', 'SELLER_HOSTING_ADDRESS', 'SELLER_HOSTING_PHONE'] as const;
/** Whether to charge VAT or state an exemption is the seller's to say; either is derived or optional. */
const OPTIONAL_SELLER_VARIABLES = new Set(['SELLER_VAT_NUMBER', 'SELLER_VAT_EXEMPTION']);

/**
 * A public site sells for real: its invoices and legal pages must not name the demonstration seller. Once PUBLIC_URL
 * is a public address, every SELLER_* variable must be set (all but the VAT number, derived from the SIREN, and the
 * VAT exemption), and none of the placeholders may keep its demonstration value; start-up stops naming them all.
 */
function checkSellerOfPublicSite(env: NodeJS.ProcessEnv, config: { PUBLIC_URL?: string } & SellerVariables) {
  if (!config.PUBLIC_URL || isLoopbackUrl(config.PUBLIC_URL)) return;
  const required = Object.keys(SellerVariables.shape).filter((name) => !OPTIONAL_SELLER_VARIABLES.has(name));
  const unset = required.filter((name) => !env[name]?.trim());
  const demonstration = PLACEHOLDER_SELLER_VALUES.filter((name) => !unset.includes(name) && String(config[name]) === String(DEMO_SELLER_VARIABLES[name]));
  const wrong = [...unset, ...demonstration];
  if (wrong.length === 0) return;
  const [first, ...others] = wrong;
  const why = `while PUBLIC_URL (${config.PUBLIC_URL}) is public: the invoices and legal pages would name the demonstration seller. Set`;
  throw new ConfigError(first!, others.length === 0
    ? `still holds its demonstration value ${why} it to the real seller's before going live (README, "Before going live")`
    : `and ${others.join(', ')} still hold their demonstration values ${why} them to the real seller's before going live (README, "Before going live")`);
}

/** Reads the configuration once, from the environment. A wrong value stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { embedded?: boolean } = {}): Config {
  const config = parse(ConfigSchema, env);
  checkSellerOfPublicSite(env, config);
  const dataDir = resolve(config.DATA_DIR);
  const secureCookies = config.SECURE_COOKIES ? config.SECURE_COOKIES === 'true' : !options.embedded;
  return { ...config, dataDir, secureCookies, seller: sellerOf(config), SESSION_SECRET: config.SESSION_SECRET ?? persistentSecret(dataDir) };
}

/** The seller the SELLER_* variables describe; numbers that disagree stop start-up with the variable's name. */
export function sellerOf(config: SellerVariables): SellerIdentity {
  try {
    return sellerIdentityOf(config);
  } catch (error) {
    if (error instanceof SellerIdentityError) throw new ConfigError(error.variable, error.message.slice(error.variable.length + 1));
    throw error;
  }
}

/** One separate service's configuration (distributed mode): only the variables it uses, the shared stores required. */
export function loadServiceConfig<S extends Service>(service: S, env: NodeJS.ProcessEnv = process.env): ServiceConfig<S> {
  const { schema, required } = SERVICES[service];
  for (const variable of required) {
    if (!env[variable]) throw new ConfigError(variable, `is required by the ${service} service: ${WHY_REQUIRED[variable]}`);
  }
  const config = parse(schema as z.ZodType<Record<string, unknown>>, env);
  // The services that issue invoices or show the legal notice: no demonstration seller on a public site.
  if ('SELLER_SIREN' in config) checkSellerOfPublicSite(env, config as { PUBLIC_URL?: string } & SellerVariables);
  const dataDir = resolve(typeof config.DATA_DIR === 'string' ? config.DATA_DIR : './data');
  const secureCookies = config.SECURE_COOKIES !== 'false';
  return { ...config, dataDir, secureCookies } as ServiceConfig<S>;
}

function parse<T>(schema: z.ZodType<T>, env: NodeJS.ProcessEnv): T {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (parsed.success) return checkPayments(parsed.data as Record<string, unknown>) as T;
  const issue = parsed.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'configuration');
  throw new ConfigError(variable, `${issue.message} (got ${JSON.stringify(env[variable])})`);
}

/** Stripe takes its keys together: a secret key without its publishable key cannot show the card form. */
function checkPayments(config: Record<string, unknown>) {
  if (!('STRIPE_SECRET_KEY' in config) && !('STRIPE_PUBLISHABLE_KEY' in config) && !('STRIPE_WEBHOOK_SECRET' in config)) return config;
  const set = (name: string) => typeof config[name] === 'string';
  if (set('STRIPE_SECRET_KEY') && !set('STRIPE_PUBLISHABLE_KEY')) throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'is required with STRIPE_SECRET_KEY (the browser needs it for the card form)');
  if (set('STRIPE_SECRET_KEY') && !set('STRIPE_WEBHOOK_SECRET')) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is required with STRIPE_SECRET_KEY (payments are confirmed by the signed webhook)');
  if (!set('STRIPE_SECRET_KEY') && set('STRIPE_PUBLISHABLE_KEY')) throw new ConfigError('STRIPE_SECRET_KEY', 'is required with STRIPE_PUBLISHABLE_KEY');
  if (!set('STRIPE_SECRET_KEY') && set('STRIPE_WEBHOOK_SECRET')) throw new ConfigError('STRIPE_SECRET_KEY', 'is required with STRIPE_WEBHOOK_SECRET');
  return config;
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
