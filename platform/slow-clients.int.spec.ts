import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@recup/infra/clock';
import { SERVER_TIMEOUTS } from '@recup/infra/launcher/http-server';
import { openEmbeddedAdapters } from '@recup/infra/launcher/embedded-adapters';
import { createCommandApiService } from './services/command-api';
import { createGateway } from './services/gateway';
import { createProjectorService } from './services/projector';
import { createQueryApiService } from './services/query-api';
import { startTestPlatform } from './testing';

/**
 * Opens a real connection, sends `head`, then trickles `trickle` one byte every `everyMs`: what a slow (or
 * malicious) client does to hold a connection. Resolves with what the server answered and how long the
 * connection stayed open, or `held: true` when it was still open after `giveUpMs`.
 */
function trickle(port: number, head: string, trickleText: string, everyMs: number, giveUpMs: number) {
  return new Promise<{ held: boolean; openMs: number; answer: string }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (held: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ held, openMs: Date.now() - started, answer });
    };
    const giveUp = setTimeout(() => finish(true), giveUpMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => finish(false));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? finish(false) : reject(error)));
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (socket.destroyed) return;
        socket.write(trickleText[sent % trickleText.length]!);
        sent += 1;
      }, everyMs);
    });
  });
}

const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;

describe('a client that trickles its request', () => {
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  beforeAll(async () => {
    platform = await startTestPlatform({ seed: false, timeouts: { requestMs: 1500, headersMs: 700, checkEveryMs: 100 } });
    await platform.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await platform.close();
  });

  it('is cut off when its body takes longer than the request timeout, one byte at a time', async () => {
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Requested-With: recup-points\r\nContent-Length: 4096\r\n\r\n';
    const result = await trickle(portOf(platform.app), head, '{"email":"a@b.c"', 200, 6000);
    expect(result.held).toBe(false);
    expect(result.openMs).toBeLessThan(4000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('is cut off when its headers never end', async () => {
    const result = await trickle(portOf(platform.app), 'GET /api/auth/me HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: aaaaaaaaaaaaaaaa', 150, 6000);
    expect(result.held).toBe(false);
    expect(result.openMs).toBeLessThan(4000);
  });

  it('still gets its answer when it sends at a normal pace', async () => {
    const response = await fetch(`http://127.0.0.1:${portOf(platform.app)}/api/courses/search`);
    expect(response.status).toBe(200);
  });
});

describe('every server we start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'recup-timeouts-'));
  const clock = new ManualClock('2026-11-21T09:00:00.000Z');
  const adapters = openEmbeddedAdapters({ dataDir }, { clock, mailLog: () => {} });
  const secrets = { SESSION_SECRET: 's'.repeat(40) };
  const servers: Array<{ name: string; app: FastifyInstance; close: () => Promise<void> }> = [];

  beforeAll(async () => {
    const { eventStore, processorStore, readStore, sessionStore, testGateway, progress, mailer } = adapters;
    const platform = await startTestPlatform({ seed: false, config: { secureCookies: true } });
    servers.push({ name: 'embedded (Secure cookies)', app: platform.app, close: () => platform.close() });
    const command = await createCommandApiService({ eventStore, sessionStore, payments: testGateway, mailer, clock }, { config: { ...secrets, secureCookies: true } });
    servers.push({ name: 'command-api', app: command.app, close: () => command.close() });
    const query = await createQueryApiService({ readStore, sessionStore, progress, clock }, { config: { ...secrets, secureCookies: true } });
    servers.push({ name: 'query-api', app: query.app, close: () => query.close() });
    const projector = await createProjectorService({ eventStore, processorStore, readStore, payments: testGateway, mailer, clock }, { config: {} });
    servers.push({ name: 'projector', app: projector.app, close: () => projector.close() });
    const commandUrl = await command.app.listen({ host: '127.0.0.1', port: 0 });
    const gateway = await createGateway({ commandApiUrl: commandUrl, queryApiUrl: commandUrl, refreshMs: 0, hsts: true, log: () => {} });
    servers.push({ name: 'gateway', app: gateway.app, close: () => gateway.app.close() });
    for (const server of servers) await server.app.ready();
  });
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close();
    await adapters.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('limits how long a request and its headers may take (Fastify leaves both unlimited)', () => {
    const limits = servers.map(({ name, app }) => ({ name, request: app.server.requestTimeout, headers: app.server.headersTimeout }));
    expect(limits).toEqual(servers.map(({ name }) => ({ name, request: SERVER_TIMEOUTS.requestMs, headers: SERVER_TIMEOUTS.headersMs })));
    expect(SERVER_TIMEOUTS.requestMs).toBeGreaterThan(0);
    expect(SERVER_TIMEOUTS.requestMs).toBeLessThanOrEqual(60_000);
  });

  it('sends Strict-Transport-Security when its cookies are Secure, and not when they are not', async () => {
    for (const { name, app } of servers.filter((s) => s.name !== 'projector')) {
      const response = await app.inject('/api/no-such-route');
      expect(response.headers['strict-transport-security'], name).toMatch(/max-age=31536000/);
    }
    const plain = await startTestPlatform({ seed: false });
    try {
      expect((await plain.app.inject('/api/no-such-route')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
