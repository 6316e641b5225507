import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadServiceConfig } from './config';

const dataDir = mkdtempSync(join(tmpdir(), 'recup-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SERVICE_ENV = {
  EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
  MONGODB_URL: 'mongodb://mongo:27017/recup?replicaSet=rs0',
  SESSION_SECRET: 's'.repeat(40),
  DATA_DIR: dataDir,
};

/** The error a wrong environment stops start-up with. */
function failure(load: () => unknown): ConfigError {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('the embedded configuration', () => {
  it('starts with no variable at all, with a session secret kept beside the data', () => {
    const config = loadConfig({ DATA_DIR: dataDir }, { embedded: true });
    expect(config.PORT).toBe(3000);
    expect(config.secureCookies).toBe(false);
    expect(config.SESSION_SECRET).toHaveLength(64);
    // A client cannot choose its own address: no X-Forwarded-For is believed unless a proxy is named.
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.WAITLIST_OFFER_HOURS).toBe(24);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' }, { embedded: true }).TRUST_PROXY).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir }, { embedded: true }).SESSION_SECRET).toBe(config.SESSION_SECRET);
  });

  it.each([
    ['PORT', 'eighty', /PORT .*"eighty"/],
    ['PORT', '70000', /PORT/],
    ['BOOKING_HOLD_MINUTES', '0', /BOOKING_HOLD_MINUTES/],
    ['REFUND_CUTOFF_HOURS', 'soon', /REFUND_CUTOFF_HOURS/],
    ['PLATFORM_COMMISSION_PERCENT', '101', /PLATFORM_COMMISSION_PERCENT/],
    ['PLATFORM_COMMISSION_PERCENT', '7.555', /PLATFORM_COMMISSION_PERCENT.*two decimals/],
    ['AUTH_RATE_LIMIT_PER_MINUTE', '0', /AUTH_RATE_LIMIT_PER_MINUTE/],
    ['TRANSFER_CUTOFF_DAYS', '-1', /TRANSFER_CUTOFF_DAYS/],
    ['TRANSFER_CUTOFF_DAYS', 'a week', /TRANSFER_CUTOFF_DAYS/],
    ['WAITLIST_OFFER_HOURS', '0', /WAITLIST_OFFER_HOURS must be at least 1/],
    ['WAITLIST_OFFER_HOURS', '200', /WAITLIST_OFFER_HOURS must be at most 168/],
    ['WAITLIST_OFFER_HOURS', 'a day', /WAITLIST_OFFER_HOURS/],
    ['SESSION_SECRET', 'short', /SESSION_SECRET must be at least 32 characters/],
    ['SECURE_COOKIES', 'yes', /SECURE_COOKIES/],
    ['PUBLIC_URL', 'localhost:3000', /PUBLIC_URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
    ['EVENTSTORE_URL', 'http://eventstore:2113', /EVENTSTORE_URL must start with esdb:\/\//],
    ['MONGODB_URL', 'mongo:27017', /MONGODB_URL must start with mongodb:\/\//],
    ['SMTP_URL', 'http://mailpit:1025', /SMTP_URL must be an smtp:\/\//],
    ['STRIPE_SECRET_KEY', 'pk_test_123', /STRIPE_SECRET_KEY must start with sk_/],
    ['TRUST_PROXY', '1', /TRUST_PROXY must be true, false or a comma-separated list/],
    ['REMINDER_DAYS', 'weekly', /REMINDER_DAYS must be whole numbers of days from 1 to 60/],
    ['REMINDER_DAYS', '7,0', /REMINDER_DAYS must be whole numbers/],
    ['REMINDER_DAYS', '7,7', /each once/],
    ['REMINDER_DAYS', '1.5', /REMINDER_DAYS/],
  ])('stops on a wrong %s and names it', (variable, value, message) => {
    const error = failure(() => loadConfig({ DATA_DIR: dataDir, [variable]: value }, { embedded: true }));
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(message);
  });

  it('takes the Stripe keys together', () => {
    expect(failure(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_1' })).variable).toBe('STRIPE_PUBLISHABLE_KEY');
    expect(failure(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).variable).toBe('STRIPE_WEBHOOK_SECRET');
    expect(failure(() => loadConfig({ DATA_DIR: dataDir, STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).variable).toBe('STRIPE_SECRET_KEY');
    expect(failure(() => loadConfig({ DATA_DIR: dataDir, STRIPE_WEBHOOK_SECRET: 'whsec_1' })).variable).toBe('STRIPE_SECRET_KEY');
    expect(failure(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'secret' })).variable).toBe('STRIPE_WEBHOOK_SECRET');
    const config = loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(config.STRIPE_SECRET_KEY).toBe('sk_test_1');
  });

  it('reminds 7 days and 1 day before a course, and moves free until 7 days before, unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: dataDir }, { embedded: true });
    expect(config.REMINDER_DAYS).toEqual([7, 1]);
    expect(config.TRANSFER_CUTOFF_DAYS).toBe(7);
    expect(loadConfig({ DATA_DIR: dataDir, REMINDER_DAYS: ' 2, 14 ,5' }, { embedded: true }).REMINDER_DAYS).toEqual([14, 5, 2]);
    expect(loadConfig({ DATA_DIR: dataDir, REMINDER_DAYS: 'none' }, { embedded: true }).REMINDER_DAYS).toEqual([]);
    expect(loadServiceConfig('projector', { ...SERVICE_ENV, REMINDER_DAYS: '3' }).REMINDER_DAYS).toEqual([3]);
    expect(loadServiceConfig('query-api', { ...SERVICE_ENV, TRANSFER_CUTOFF_DAYS: '10' }).TRANSFER_CUTOFF_DAYS).toBe(10);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '', SMTP_URL: '' }, { embedded: true }).PORT).toBe(3000);
  });
});

describe('the separate services', () => {
  it('give each service its own default port', () => {
    expect(loadServiceConfig('command-api', SERVICE_ENV).PORT).toBe(3001);
    expect(loadServiceConfig('query-api', SERVICE_ENV).PORT).toBe(3002);
    expect(loadServiceConfig('projector', SERVICE_ENV).PORT).toBe(3003);
    expect(loadServiceConfig('gateway', {}).PORT).toBe(3000);
  });

  it('read only the variables each one uses', () => {
    const env = { ...SERVICE_ENV, SMTP_URL: 'smtp://mailpit:1025', COMMAND_API_URL: 'http://command-api:3001' };
    expect(Object.keys(loadServiceConfig('query-api', env))).not.toContain('SMTP_URL');
    expect(Object.keys(loadServiceConfig('query-api', env))).not.toContain('EVENTSTORE_URL');
    expect(Object.keys(loadServiceConfig('projector', env))).not.toContain('SESSION_SECRET');
    expect(Object.keys(loadServiceConfig('command-api', env))).not.toContain('COMMAND_API_URL');
    expect(Object.keys(loadServiceConfig('gateway', env))).toEqual(expect.arrayContaining(['COMMAND_API_URL', 'QUERY_API_URL']));
    expect(Object.keys(loadServiceConfig('gateway', env))).not.toContain('MONGODB_URL');
  });

  it('ignore a wrong value of a variable they do not read', () => {
    expect(loadServiceConfig('gateway', { MONGODB_URL: 'nonsense' }).PORT).toBe(3000);
    expect(loadServiceConfig('query-api', { ...SERVICE_ENV, SMTP_URL: 'nonsense' }).PORT).toBe(3002);
  });

  it.each([
    ['command-api', 'EVENTSTORE_URL'],
    ['command-api', 'MONGODB_URL'],
    ['command-api', 'SESSION_SECRET'],
    ['projector', 'EVENTSTORE_URL'],
    ['projector', 'MONGODB_URL'],
    ['query-api', 'MONGODB_URL'],
    ['query-api', 'SESSION_SECRET'],
  ] as const)('the %s service will not start without %s, which it shares', (service, variable) => {
    const error = failure(() => loadServiceConfig(service, { ...SERVICE_ENV, [variable]: undefined }));
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`${variable} is required by the ${service} service`));
  });

  it.each([
    ['gateway', 'COMMAND_API_URL', 'command-api:3001'],
    ['gateway', 'QUERY_API_URL', 'ftp://query-api'],
    ['gateway', 'PORT', '-1'],
    ['gateway', 'TRUST_PROXY', 'the load balancer'],
    ['command-api', 'PORT', 'x'],
    ['command-api', 'SESSION_SECRET', 'too short'],
    ['command-api', 'SEED_DEMO_DATA', 'yes'],
    ['projector', 'SMTP_URL', 'mailpit:1025'],
    ['query-api', 'SECURE_COOKIES', '1'],
  ] as const)('the %s service stops on a wrong %s and names it', (service, variable, value) => {
    const error = failure(() => loadServiceConfig(service, { ...SERVICE_ENV, [variable]: value }));
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(JSON.stringify(value));
  });

  it('let the gateway believe the X-Forwarded-For of no proxy unless told which', () => {
    expect(loadServiceConfig('gateway', {}).TRUST_PROXY).toBe(false);
    expect(loadServiceConfig('gateway', { TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(failure(() => loadServiceConfig('gateway', { TRUST_PROXY: '2' })).variable).toBe('TRUST_PROXY');
    expect(loadServiceConfig('gateway', { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('let every server believe the X-Forwarded-For of no proxy unless TRUST_PROXY names it, in every mode', () => {
    expect(loadServiceConfig('command-api', SERVICE_ENV).TRUST_PROXY).toBe(false);
    expect(loadServiceConfig('query-api', SERVICE_ENV).TRUST_PROXY).toBe(false);
    expect(loadServiceConfig('command-api', { ...SERVICE_ENV, TRUST_PROXY: '172.30.80.10' }).TRUST_PROXY).toBe('172.30.80.10');
    expect(loadServiceConfig('query-api', { ...SERVICE_ENV, TRUST_PROXY: 'loopback, fd00::/8' }).TRUST_PROXY).toBe('loopback, fd00::/8');
    for (const wrong of ['1.2.3', '10.0.0.0/33', 'gateway', '10.0.0.1/8/2']) {
      expect(failure(() => loadServiceConfig('command-api', { ...SERVICE_ENV, TRUST_PROXY: wrong })).variable, wrong).toBe('TRUST_PROXY');
    }
  });

  it('mark cookies Secure unless told otherwise (plain http in development)', () => {
    expect(loadServiceConfig('query-api', SERVICE_ENV).secureCookies).toBe(true);
    expect(loadServiceConfig('query-api', { ...SERVICE_ENV, SECURE_COOKIES: 'false' }).secureCookies).toBe(false);
  });
});
