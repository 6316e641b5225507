import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidRecipientError, type Mailer, type MailMessage } from '../mail/port';

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface MailerContractSubject {
  mailer: Mailer;
  /**
   * Every message delivered so far, oldest first. Absent for a real relay, which cannot be read back: the
   * suite then only checks that the relay accepts what it should and that refusals happen before sending.
   */
  received?: () => Promise<ReceivedMail[]>;
  dispose(): Promise<void>;
}

const recipient = () => `lea.martin+${randomUUID().slice(0, 8)}@example.com`;

const verification = (to: string, overrides: Partial<MailMessage> = {}): MailMessage => ({
  to,
  subject: "Vérifiez votre adresse e-mail — Récup'Points",
  text: 'Bonjour Léa, à bientôt\n\nhttps://recup-points.fr/verify-email?token=abc123',
  html: '<p>Bonjour Léa, à bientôt</p><p><a href="https://recup-points.fr/verify-email?token=abc123">Vérifier</a></p>',
  kind: 'verify-email',
  language: 'fr',
  ...overrides,
});

/**
 * Every adapter of the mail port passes this suite. Each test writes to its own recipient, so the suite can
 * run against a shared relay or outbox.
 */
export function mailerContract(name: string, open: () => Promise<MailerContractSubject>, options: { skip?: string } = {}) {
  const suite = options.skip ? describe.skip : describe;
  if (options.skip) console.info(`[contract] ${name} skipped: ${options.skip}`);

  suite(`mailer contract: ${name}`, () => {
    let subject: MailerContractSubject;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    const receivedBy = async (to: string) => (await subject.received!()).filter((mail) => mail.to === to);

    it('delivers a message to its recipient with subject, text and html intact, accents included', async () => {
      const to = recipient();
      const message = verification(to);
      const { id } = await subject.mailer.send(message);
      expect(id).toEqual(expect.any(String));
      expect(id.length).toBeGreaterThan(0);
      if (!subject.received) return;
      expect(await receivedBy(to)).toEqual([{ to, subject: message.subject, text: message.text, html: message.html }]);
    });

    it('delivers several messages in the order they were sent, losing none', async () => {
      const to = recipient();
      const sent: string[] = [];
      for (const n of [1, 2, 3]) {
        sent.push((await subject.mailer.send(verification(to, { subject: `Message ${n} — Récup'Points`, text: `Texte n°${n}` }))).id);
      }
      const parallel = await Promise.all([4, 5, 6, 7, 8].map((n) => subject.mailer.send(verification(to, { subject: `Message ${n} — Récup'Points` }))));
      const ids = [...sent, ...parallel.map((r) => r.id)];
      expect(new Set(ids).size).toBe(8);
      if (!subject.received) return;
      const subjects = (await receivedBy(to)).map((mail) => mail.subject);
      expect(subjects.slice(0, 3)).toEqual(["Message 1 — Récup'Points", "Message 2 — Récup'Points", "Message 3 — Récup'Points"]);
      expect([...subjects].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Message ${n} — Récup'Points`));
    });

    it('refuses a recipient with a line break and sends nothing', async () => {
      const to = recipient();
      for (const injected of [`${to}\r\nBcc: everyone@example.com`, `${to}\nBcc: everyone@example.com`]) {
        await expect(subject.mailer.send(verification(injected))).rejects.toBeInstanceOf(InvalidRecipientError);
      }
      if (!subject.received) return;
      expect((await subject.received()).filter((mail) => mail.to.includes(to) || mail.to.includes('everyone@'))).toEqual([]);
    });
  });
}
