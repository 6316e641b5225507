import { createTransport } from 'nodemailer';
import { assertSafeRecipient, MailDeliveryError, type Mailer, type MailMessage } from './port';

const DEFAULT_FROM = `"Récup'Points" <no-reply@recup-points.fr>`;

interface SmtpMailerOptions {
  from?: string;
  /**
   * Bound on connecting, on the greeting and on each idle wait. Nodemailer's defaults (up to 10 minutes)
   * would hold a request open long after its caller has given up.
   */
  timeoutMs?: number;
}

/** The production mail adapter: any SMTP relay (Mailpit in docker compose) from an smtp:// or smtps:// URL. */
export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(url: string, options: SmtpMailerOptions = {}) {
    if (!/^smtps?:\/\//i.test(url)) throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${JSON.stringify(url.split(':')[0])}`);
    const timeout = options.timeoutMs ?? 15_000;
    this.transport = createTransport(
      { url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout },
      { from: options.from ?? DEFAULT_FROM },
    );
  }

  async send(message: MailMessage): Promise<{ id: string }> {
    assertSafeRecipient(message.to);
    try {
      const info = await this.transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Recup-Mail-Kind': message.kind, 'Content-Language': message.language },
      });
      return { id: info.messageId };
    } catch (error) {
      const { code, permanent } = error as { code?: string; permanent?: boolean };
      throw new MailDeliveryError(`E-mail "${message.kind}" could not be delivered to the SMTP relay: ${(error as Error).message}`, code, permanent === true, { cause: error });
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
