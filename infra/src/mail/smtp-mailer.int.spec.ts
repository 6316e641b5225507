import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerContract } from '../testing/mail.contract';
import { MailDeliveryError, type MailMessage } from './port';
import { SmtpMailer } from './smtp-mailer';

/** A real SMTP server on a free local port, standing in for the relay: the adapter speaks SMTP for real. */
async function startRelay() {
  const parsed: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce@')) return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, _session, callback) {
      // Acknowledged only once parsed, so that a resolved send means the message is already in `parsed`.
      simpleParser(stream).then((mail) => {
        parsed.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: Server }).server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    parsed,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

const firstAddress = (to: AddressObject | AddressObject[] | undefined) => [to ?? []].flat()[0]?.value[0]?.address ?? '';

mailerContract('SMTP (local smtp-server)', async () => {
  const relay = await startRelay();
  const mailer = new SmtpMailer(relay.url);
  return {
    mailer,
    received: async () => relay.parsed.map((mail) => ({ to: firstAddress(mail.to), subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' })),
    async dispose() {
      await mailer.close();
      await relay.close();
    },
  };
});

const smtpUrl = process.env.SMTP_URL;
mailerContract(
  'SMTP relay at SMTP_URL',
  async () => {
    const mailer = new SmtpMailer(smtpUrl!);
    return { mailer, dispose: () => mailer.close() };
  },
  { skip: smtpUrl ? undefined : 'SMTP_URL is not set' },
);

const message: MailMessage = {
  to: 'lea@example.com',
  subject: 'Réinitialisez votre mot de passe',
  text: 'Bonjour Léa',
  html: '<p>Bonjour Léa</p>',
  kind: 'reset-password',
  language: 'fr',
};

describe('SMTP mailer', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  beforeAll(async () => {
    relay = await startRelay();
  });
  afterAll(() => relay.close());

  it("sends from Récup'Points by default, or from the configured sender, and returns the Message-ID", async () => {
    const byDefault = new SmtpMailer(relay.url);
    const { id } = await byDefault.send(message);
    const custom = new SmtpMailer(relay.url, { from: '"Support" <support@recup-points.fr>' });
    await custom.send(message);
    const [first, second] = relay.parsed.slice(-2);
    expect(first!.from?.value[0]).toEqual({ name: "Récup'Points", address: 'no-reply@recup-points.fr' });
    expect(first!.messageId).toBe(id);
    expect(first!.headers.get('content-language')).toBe('fr');
    expect(second!.from?.value[0]).toEqual({ name: 'Support', address: 'support@recup-points.fr' });
    await Promise.all([byDefault.close(), custom.close()]);
  });

  it('reports a refused recipient as a permanent delivery error', async () => {
    const mailer = new SmtpMailer(relay.url);
    const failure = mailer.send({ ...message, to: 'bounce@example.com' });
    await expect(failure).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(failure).rejects.toMatchObject({ code: 'EENVELOPE', permanent: true, cause: expect.any(Error) });
    await mailer.close();
  });

  it('reports a relay that cannot be reached as a delivery error with its cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failure = new SmtpMailer(`smtp://127.0.0.1:${port}`).send(message);
    await expect(failure).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(failure).rejects.toMatchObject({ permanent: false, cause: expect.objectContaining({ originalCode: 'ECONNREFUSED' }) });
  });

  it('gives up on a relay that never answers, after the configured time-out', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    const failure = new SmtpMailer(`smtp://127.0.0.1:${port}`, { timeoutMs: 300 }).send(message);
    await expect(failure).rejects.toMatchObject({ name: 'MailDeliveryError', code: 'ETIMEDOUT', permanent: false, cause: expect.objectContaining({ code: 'ETIMEDOUT' }) });
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(() => new SmtpMailer('http://mail.example.com')).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});
