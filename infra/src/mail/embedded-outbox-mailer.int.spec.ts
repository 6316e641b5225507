import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedOutboxMailer, extractLinks } from './embedded-outbox-mailer';
import { mailerContract } from '../testing/mail.contract';
import type { MailMessage } from './port';

mailerContract('embedded outbox', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'recup-outbox-'));
  const mailer = new EmbeddedOutboxMailer(dir, { log: () => {} });
  return {
    mailer,
    received: async () => (await mailer.list()).reverse().map(({ to, subject, text, html }) => ({ to, subject, text, html })),
    async dispose() {
      await mailer.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: 'lea@example.com',
  subject: 'Vérifiez votre adresse e-mail',
  text: 'Bonjour Léa,\nConfirmez ici : http://localhost:3000/verify-email?token=abc123.\nOu ouvrez /verify-email?token=abc123 sur le site.',
  html: '<p>Bonjour Léa</p>',
  kind: 'verify-email',
  language: 'fr',
  ...overrides,
});

describe('embedded outbox', () => {
  let dir: string;
  let lines: string[];
  let outbox: EmbeddedOutboxMailer;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'recup-outbox-'));
    lines = [];
    outbox = new EmbeddedOutboxMailer(dir, { log: (line) => lines.push(line), now: () => new Date('2026-03-01T09:30:00.000Z') });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps each message as one JSON file with its links, without the sentence punctuation', async () => {
    const { id } = await outbox.send(message());
    expect(await readdir(dir)).toEqual([`2026-03-01T09-30-00.000Z-${id}.json`]);
    expect(await outbox.get(id)).toEqual({
      id,
      sentAt: '2026-03-01T09:30:00.000Z',
      ...message(),
      links: ['http://localhost:3000/verify-email?token=abc123', '/verify-email?token=abc123'],
    });
  });

  it('finds https links and same-origin paths, once each, but not slashes inside words', () => {
    const text = 'Voir https://recup-points.fr/reset-password?token=x (valable 30 min), et/ou\n/reset-password?token=x\nhttps://recup-points.fr/reset-password?token=x';
    expect(extractLinks(text)).toEqual(['https://recup-points.fr/reset-password?token=x', '/reset-password?token=x']);
  });

  it('prints a short block to the console with each link on its own line', async () => {
    await outbox.send(message());
    expect(lines).toEqual([
      '✉  To: lea@example.com — Subject: Vérifiez votre adresse e-mail\n   http://localhost:3000/verify-email?token=abc123\n   /verify-email?token=abc123',
    ]);
  });

  it('lists newest first, even for messages sent within the same millisecond', async () => {
    const first = await outbox.send(message({ subject: 'premier' }));
    const second = await outbox.send(message({ subject: 'second' }));
    expect((await outbox.list()).map((mail) => mail.id)).toEqual([second.id, first.id]);
  });

  it('refuses ids that are not uuids, so that no id reaches outside its folder', async () => {
    writeFileSync(join(dir, '..', 'not-a-mail.json'), '{}');
    expect(await outbox.get('../../etc/passwd')).toBeNull();
    expect(await outbox.get('../not-a-mail')).toBeNull();
    expect(await outbox.get('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('ignores files that are not messages rather than failing', async () => {
    const { id } = await outbox.send(message());
    writeFileSync(join(dir, 'garbage.json'), 'not json');
    writeFileSync(join(dir, 'other.json'), '{"hello":"world"}');
    expect((await outbox.list()).map((mail) => mail.id)).toEqual([id]);
  });

  it('reads back every message from a new instance on the same folder, as after a restart', async () => {
    const { id } = await outbox.send(message());
    const reopened = new EmbeddedOutboxMailer(dir, { log: () => {} });
    expect(await reopened.get(id)).toMatchObject({ id, to: 'lea@example.com', subject: 'Vérifiez votre adresse e-mail' });
    expect(await reopened.list()).toHaveLength(1);
  });

  it('lists nothing before the first message, even when its folder does not exist yet', async () => {
    expect(await new EmbeddedOutboxMailer(join(dir, 'missing')).list()).toEqual([]);
  });
});
