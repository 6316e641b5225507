/**
 * The mail port: one message, rendered by the caller in both text and HTML, to one recipient. Delivery is
 * the adapter's business (an outbox on disk when embedded, SMTP in production).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** For the outbox and logs: e.g. 'verify-email'. */
  kind: string;
  language: 'fr' | 'en';
}

export interface Mailer {
  /** Resolves once the message is stored (outbox) or accepted by the relay (SMTP). */
  send(message: MailMessage): Promise<{ id: string }>;
  close(): Promise<void>;
}

/** The recipient could smuggle extra headers (Bcc: …) into the message. */
export class InvalidRecipientError extends Error {
  constructor(readonly to: string) {
    super(`Refusing to send an e-mail: the recipient ${JSON.stringify(to)} contains a line break (header injection)`);
    this.name = 'InvalidRecipientError';
  }
}

/** The relay could not be reached, timed out, or refused the message. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    /** Nodemailer's code, e.g. ECONNECTION, ETIMEDOUT, EENVELOPE. */
    readonly code: string | undefined,
    /** True when the relay refused for good (5xx): sending again would fail the same way. */
    readonly permanent: boolean,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

/** Addresses are validated by callers; this is the last line against header injection, whatever the adapter. */
export function assertSafeRecipient(to: string): void {
  if (/[\r\n]/.test(to)) throw new InvalidRecipientError(to);
}
