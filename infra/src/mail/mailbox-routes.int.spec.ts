import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedOutboxMailer } from './embedded-outbox-mailer';
import { mailboxRoutes } from './mailbox-routes';
import type { MailMessage } from './port';

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: 'Lea@Example.com',
  subject: 'Vérifiez votre adresse e-mail — Récup\'Points',
  text: 'Bonjour Léa, à bientôt\nhttp://localhost:3000/verify-email?token=abc&lang=fr\n/reset-password?token=def',
  html: '<p>Bonjour <strong>Léa</strong></p>',
  kind: 'verify-email',
  language: 'fr',
  ...overrides,
});

describe('dev mailbox routes', () => {
  let dir: string;
  let outbox: EmbeddedOutboxMailer;
  let app: FastifyInstance;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recup-mailbox-'));
    outbox = new EmbeddedOutboxMailer(dir, { log: () => {} });
    app = Fastify();
    await mailboxRoutes(app, outbox);
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when no e-mail has been sent', () => {
    it('shows an empty mailbox in French and English', async () => {
      const response = await app.inject('/dev/mailbox');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<html lang="fr">');
      expect(response.body).toContain("Aucun e-mail pour l'instant");
      expect(response.body).toContain('No e-mail yet');
      expect(response.body).not.toContain('<script');
    });

    it('answers an empty JSON list', async () => {
      expect((await app.inject('/dev/mailbox/messages.json')).json()).toEqual([]);
    });
  });

  describe('when e-mails have been sent', () => {
    it('lists them newest first, each linking to its page', async () => {
      const first = await outbox.send(message({ subject: 'Premier' }));
      const second = await outbox.send(message({ subject: 'Second' }));
      const body = (await app.inject('/dev/mailbox')).body;
      expect(body.indexOf(`href="/dev/mailbox/${second.id}"`)).toBeGreaterThan(-1);
      expect(body.indexOf(`href="/dev/mailbox/${second.id}"`)).toBeLessThan(body.indexOf(`href="/dev/mailbox/${first.id}"`));
      expect(body).toContain('Lea@Example.com');
      expect(body).not.toContain('Aucun e-mail');
    });

    it('shows one message: headers, text, clickable links and its HTML in a sandboxed frame', async () => {
      const { id } = await outbox.send(message());
      const response = await app.inject(`/dev/mailbox/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('Vérifiez votre adresse e-mail — Récup&#39;Points');
      expect(response.body).toContain('<pre>Bonjour Léa, à bientôt\nhttp://localhost:3000/verify-email?token=abc&#38;lang=fr');
      expect(response.body).toContain('<a href="http://localhost:3000/verify-email?token=abc&#38;lang=fr">');
      expect(response.body).toContain('<a href="/reset-password?token=def">');
      expect(response.body).toContain(`<iframe sandbox src="/dev/mailbox/${id}/html"`);
      expect(response.body).not.toContain('<script');
    });

    it('serves the HTML version as HTML, locked down by its own policy', async () => {
      const { id } = await outbox.send(message());
      const response = await app.inject(`/dev/mailbox/${id}/html`);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain('sandbox');
      expect(response.body).toBe('<p>Bonjour <strong>Léa</strong></p>');
    });

    it('escapes every value it puts into a page', async () => {
      const { id } = await outbox.send(message({ to: '"><script>alert(1)</script>@example.com', subject: '<img src=x onerror=alert(1)>', text: '</pre><script>alert(2)</script>' }));
      for (const path of ['/dev/mailbox', `/dev/mailbox/${id}`]) {
        const body = (await app.inject(path)).body;
        expect(body).not.toContain('<script>');
        expect(body).not.toContain('<img');
      }
      expect((await app.inject(`/dev/mailbox/${id}`)).body).toContain('&#60;/pre&#62;&#60;script&#62;alert(2)');
    });

    it('answers them as JSON, filtered by recipient whatever the case', async () => {
      const forLea = await outbox.send(message());
      await outbox.send(message({ to: 'noah@example.com' }));
      const response = await app.inject('/dev/mailbox/messages.json?to=lea%40example.COM');
      expect(response.statusCode).toBe(200);
      const mails = response.json();
      expect(mails).toEqual([expect.objectContaining({ id: forLea.id, to: 'Lea@Example.com', kind: 'verify-email', language: 'fr', links: ['http://localhost:3000/verify-email?token=abc&lang=fr', '/reset-password?token=def'] })]);
      expect(Object.keys(mails[0]).sort()).toEqual(['html', 'id', 'kind', 'language', 'links', 'sentAt', 'subject', 'text', 'to']);
      expect((await app.inject('/dev/mailbox/messages.json')).json()).toHaveLength(2);
    });
  });

  it('answers 404 for an unknown or malformed id, on both pages', async () => {
    for (const path of ['/dev/mailbox/00000000-0000-4000-8000-000000000000', '/dev/mailbox/00000000-0000-4000-8000-000000000000/html', '/dev/mailbox/..%2F..%2Fetc%2Fpasswd', '/dev/mailbox/nope/html']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('E-mail introuvable');
    }
  });

  describe('who may read it', () => {
    const pages = (id: string) => ['/dev/mailbox', '/dev/mailbox/messages.json', `/dev/mailbox/${id}`, `/dev/mailbox/${id}/html`];

    it('answers a client on this machine, over IPv4 or IPv6', async () => {
      const { id } = await outbox.send(message());
      for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
        for (const url of pages(id)) expect((await app.inject({ url, remoteAddress })).statusCode, `${url} from ${remoteAddress}`).toBe(200);
      }
    });

    it('refuses any other client, in its language, and shows it no link', async () => {
      const { id } = await outbox.send(message());
      for (const remoteAddress of ['203.0.113.9', '192.168.1.20', '::ffff:10.0.0.1', '2001:db8::1']) {
        for (const url of pages(id)) {
          const response = await app.inject({ url, remoteAddress, headers: { 'accept-language': 'en' } });
          expect(response.statusCode, `${url} from ${remoteAddress}`).toBe(403);
          expect(response.headers['content-type']).toMatch(/problem\+json/);
          expect(response.json()).toMatchObject({ code: 'MAILBOX_LOCAL_ONLY', message: expect.stringMatching(/only be read from this machine/) });
          expect(response.body).not.toContain('token=');
        }
      }
    });

    it('refuses this machine’s own browser when it asks under another name (a rebound DNS name)', async () => {
      const { id } = await outbox.send(message());
      for (const host of ['rebind.attacker.test:3917', 'rebind.attacker.test', 'localhost.attacker.test', '127.0.0.1.nip.io:3000']) {
        for (const url of pages(id)) {
          const response = await app.inject({ url, remoteAddress: '127.0.0.1', headers: { host } });
          expect(response.statusCode, `${url} as ${host}`).toBe(403);
          expect(response.body).not.toContain('token=');
        }
      }
      for (const host of ['localhost:3917', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST']) {
        expect((await app.inject({ url: '/dev/mailbox/messages.json', remoteAddress: '127.0.0.1', headers: { host } })).statusCode, host).toBe(200);
      }
    });

    it('is not fooled by a client that claims to be local in X-Forwarded-For', async () => {
      const response = await app.inject({ url: '/dev/mailbox/messages.json', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(response.statusCode).toBe(403);
    });

    it('does not exist once the site has a public address (PUBLIC_URL), even for this machine', async () => {
      const { id } = await outbox.send(message());
      for (const [publicUrl, exists] of [['https://recup-points.fr', false], ['http://192.168.1.20:3000', false], ['http://localhost:3000', true], ['http://127.0.0.1:8080', true], ['http://[::1]:3000', true]] as const) {
        const site = Fastify();
        await mailboxRoutes(site, outbox, { publicUrl });
        for (const url of pages(id)) expect((await site.inject({ url })).statusCode, `${url} with PUBLIC_URL=${publicUrl}`).toBe(exists ? 200 : 404);
        await site.close();
      }
    });
  });
});
