import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { assertSafeRecipient, type Mailer, type MailMessage } from './port';

export const StoredMail = z.object({
  id: z.uuid(),
  sentAt: z.iso.datetime(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string(),
  language: z.enum(['fr', 'en']),
  /** Absolute URLs and same-origin paths with a query (where tokens live), in order of appearance. */
  links: z.array(z.string()),
});
export type StoredMail = z.infer<typeof StoredMail>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINK = /https?:\/\/[^\s<>"']+|(?<=^|\s)\/[\w-]+(?:\/[\w.-]+)*\?[^\s<>"']+/gm;

/** Sentence punctuation right after a link belongs to the sentence, not to the link. */
export function extractLinks(text: string): string[] {
  const links = (text.match(LINK) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
  return [...new Set(links)];
}

/**
 * The embedded mail adapter: every message is one JSON file in `dir`, so that it outlives a restart and a
 * developer (or a browser test, through /dev/mailbox) can read it; its links are printed to the console.
 */
export class EmbeddedOutboxMailer implements Mailer {
  private readonly log: (line: string) => void;
  private readonly now: () => Date;
  private lastSentAt = 0;
  private dirReady?: Promise<unknown>;

  constructor(
    readonly dir: string,
    options: { log?: (line: string) => void; now?: () => Date } = {},
  ) {
    this.log = options.log ?? ((line) => console.log(line));
    this.now = options.now ?? (() => new Date());
  }

  async send(message: MailMessage): Promise<{ id: string }> {
    assertSafeRecipient(message.to);
    const id = randomUUID();
    // Strictly increasing, so that two messages sent in the same millisecond still list in sending order.
    this.lastSentAt = Math.max(this.now().getTime(), this.lastSentAt + 1);
    const sentAt = new Date(this.lastSentAt).toISOString();
    const { to, subject, text, html, kind, language } = message;
    const stored: StoredMail = { id, sentAt, to, subject, text, html, kind, language, links: extractLinks(text) };

    await (this.dirReady ??= mkdir(this.dir, { recursive: true }));
    // Colons are not allowed in Windows file names.
    const file = join(this.dir, `${sentAt.replaceAll(':', '-')}-${id}.json`);
    // Written aside then renamed, so that a reader never sees half a message.
    const temporary = join(this.dir, `.${id}.tmp`);
    await writeFile(temporary, JSON.stringify(stored, null, 2), 'utf8');
    await rename(temporary, file);

    this.log([`✉  To: ${to} — Subject: ${subject}`, ...stored.links.map((link) => `   ${link}`)].join('\n'));
    return { id };
  }

  /** Newest first. */
  async list(): Promise<StoredMail[]> {
    const mails = await Promise.all((await this.fileNames()).map((name) => this.read(name)));
    return mails
      .filter((mail): mail is StoredMail => mail !== null)
      .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
  }

  /** Null for an unknown id, and for anything that is not a uuid, so that an id never walks the file system. */
  async get(id: string): Promise<StoredMail | null> {
    if (!UUID.test(id)) return null;
    const name = (await this.fileNames()).find((n) => n.endsWith(`-${id.toLowerCase()}.json`));
    return name ? this.read(name) : null;
  }

  async close(): Promise<void> {}

  private async fileNames(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => name.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** A file that is not one of ours (hand-edited, foreign) is ignored rather than breaking the mailbox. */
  private async read(name: string): Promise<StoredMail | null> {
    try {
      const parsed = StoredMail.safeParse(JSON.parse(await readFile(join(this.dir, name), 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
