import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ManualClock } from '@recup/infra/clock';
import { openEmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import type { EventStore } from '@recup/infra/event-store/port';
import type { PaymentGateway } from '@recup/infra/payments/port';
import { composeEmbeddedPlatform, type ComposeOptions } from './compose';

/** The embedded platform on a fresh data directory, with a clock that tests move by hand. */
/**
 * `demoActivity` adds the demo centre's learners and bookings in every state (paid bookings take invoice
 * numbers): off unless a test asks for it.
 */
export async function startTestPlatform(options: {
  seed?: boolean;
  demoActivity?: boolean;
  adminDemo?: boolean;
  now?: string;
  authRateLimitPerMinute?: number;
  payments?: PaymentGateway;
  config?: Partial<ComposeOptions['config']>;
  timeouts?: ComposeOptions['timeouts'];
  /** Wraps the event store every part of the platform writes through (a test makes a step fail there). */
  eventStore?: (store: EventStore) => EventStore;
  /** A built web app to serve (index.html and assets). */
  webDist?: string;
  /** The web app's server entry that renders the public pages (a `vite build --ssr` output). */
  serverEntry?: string;
  /** The data directory of a platform started before (a restart): kept when this one closes. Fresh by default. */
  dataDir?: string;
  /** The platform's reactors as the runner gets them (a test wraps one, to count what it handles or to make it fail). */
  reactors?: ComposeOptions['reactors'];
  /** How a failing reactor handler is tried again before its event is parked. */
  reactorRetry?: ComposeOptions['reactorRetry'];
} = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'recup-platform-'));
  const clock = new ManualClock(options.now ?? '2026-11-21T09:00:00.000Z');
  const adapters = openEmbeddedAdapters({ dataDir }, { clock, mailLog: () => {} });
  const composed = options.eventStore ? { ...adapters, eventStore: options.eventStore(adapters.eventStore) } : adapters;
  const platform = await composeEmbeddedPlatform(composed, {
    config: { SESSION_SECRET: 'x'.repeat(40), secureCookies: false, ...options.config }, seed: options.seed ?? true, demoActivity: options.demoActivity ?? false, adminDemo: options.adminDemo,
    authRateLimitPerMinute: options.authRateLimitPerMinute, payments: options.payments, timeouts: options.timeouts, webDist: options.webDist, serverEntry: options.serverEntry,
    reactors: options.reactors, reactorRetry: options.reactorRetry,
  });
  return {
    ...platform,
    adapters,
    clock,
    /** Waits until the read models include every event written so far (by reactors too). */
    async settled() {
      await platform.background.idle();
      // Reactors may append in answer to what they read: wait until neither they nor the projector have more to do.
      for (let head = -1; head !== (await adapters.eventStore.headPosition()); ) {
        head = await adapters.eventStore.headPosition();
        await platform.reactors.reached(head);
      }
      if (!(await adapters.progress.waitFor(await adapters.eventStore.headPosition(), 2000))) throw new Error('the projector did not catch up');
    },
    dataDir,
    async close() {
      await platform.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps its session cookie and its highest X-Event-Position, as the web app does. */
export class TestClient {
  private cookie: string | null = null;
  minPosition = 0;
  constructor(private readonly app: FastifyInstance, private readonly lang = 'fr') {}

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'accept-language': this.lang, ...extraHeaders };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET') headers['x-requested-with'] = 'recup-points';
    if (this.minPosition > 0) headers['x-min-position'] = String(this.minPosition);
    const response = await this.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) this.cookie = first.split(';')[0]!;
    const position = Number(response.headers['x-event-position'] ?? 0);
    if (position > this.minPosition) this.minPosition = position;
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);

  /** The session cookie a browser would send with a navigation of its own (a form posted, a link followed). */
  sessionHeaders(): Record<string, string> {
    return this.cookie ? { cookie: this.cookie } : {};
  }

  async login(email: string, password = 'demo-password') {
    const response = await this.post('/api/auth/login', { email, password });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response.json() as { id: string; role: string };
  }
}

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

/** What the registration form sends for a learner; `overrides` change any field. */
export const learnerRegistration = (email: string, overrides: Record<string, unknown> = {}) => ({
  email, password: 'first-password', title: 'MRS', firstName: 'Léa', lastName: 'Martin', dateOfBirth: '1990-05-14', countryOfBirth: 'FR',
  placeOfBirth: 'Marseille', address: '3 rue de Rome', addressDetails: '', postalCode: '13001', city: 'Marseille', country: 'FR',
  phoneNumber: '0611223344', landlinePhone: null, licenseNumber: '123456789012', language: 'FR', ...overrides,
});

/** A new learner account, registered and verified through the e-mailed link, signed in. */
export async function signUpLearner(platform: TestPlatform, email: string, lang: 'fr' | 'en' = 'fr'): Promise<TestClient> {
  const client = new TestClient(platform.app, lang);
  const registered = await client.post('/api/auth/register', learnerRegistration(email, { password: 'learner-password', language: lang.toUpperCase() }));
  if (registered.statusCode !== 202) throw new Error(`registration failed: ${registered.statusCode} ${registered.body}`);
  await platform.background.idle();
  const mail = (await platform.adapters.mailer.list()).find((m) => m.to === email && m.kind === 'verify-email');
  const link = mail?.links.find((l) => l.includes('/verify-email?'));
  if (!link) throw new Error(`no verification mail to ${email}`);
  const verified = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`);
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  await client.login(email, 'learner-password');
  return client;
}
