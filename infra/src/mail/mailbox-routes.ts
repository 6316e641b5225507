import type { FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopbackAddress, isLoopbackUrl } from '../http/loopback';
import { HttpProblem, registerProblemHandling } from '../http/problem';
import { siteAddresses } from '../http/site-addresses';
import { validatorCompiler } from '../http/zod-validation';
import { StoredMail, type EmbeddedOutboxMailer } from './embedded-outbox-mailer';

const MAILBOX_BASE = '/dev/mailbox';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const mailPath = (id: string) => `${MAILBOX_BASE}/${encodeURIComponent(id)}`;
const formatTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'medium' });
// A stored file is read back from disk: only web links become anchors, never javascript: or the like.
const isWebLink = (link: string) => /^(https?:\/\/|\/(?!\/))/i.test(link);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1c2333}
main{max-width:960px;margin:0 auto;padding:24px}h1{font-size:1.4rem;color:#0b3d91}a{color:#0b3d91}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e3e7ef;vertical-align:top}th{background:#e9eef8;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;background:#fff;padding:16px;border-radius:8px}dt{font-weight:600}dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;padding:16px;border-radius:8px}
ul.links li{margin:4px 0;word-break:break-all}iframe{width:100%;min-height:420px;border:1px solid #e3e7ef;border-radius:8px;background:#fff}
.empty{background:#fff;padding:24px;border-radius:8px;text-align:center;color:#5a6378}`;

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  // The pages hold live verification and reset tokens.
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const notFound = (reply: FastifyReply) =>
  sendPage(reply, 404, page('E-mail introuvable', `<h1>E-mail introuvable <span lang="en">/ E-mail not found</span></h1><p><a href="${MAILBOX_BASE}">← Boîte de réception / Mailbox</a></p>`));

function listPage(mails: StoredMail[]) {
  const rows = mails
    .map((mail) => `<tr><td><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(formatTime(mail.sentAt))}</time></td><td>${escapeHtml(mail.to)}</td><td><a href="${escapeHtml(mailPath(mail.id))}">${escapeHtml(mail.subject)}</a></td></tr>`)
    .join('\n');
  const content = mails.length === 0
    ? `<p class="empty">Aucun e-mail pour l'instant <span lang="en">/ No e-mail yet</span></p>`
    : `<table><thead><tr><th>Envoyé / Sent</th><th>À / To</th><th>Objet / Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
  return page('Boîte de réception (dev)', `<h1>Boîte de réception de développement <span lang="en">/ Development mailbox</span></h1>${content}`);
}

function mailPage(mail: StoredMail) {
  const links = mail.links.filter(isWebLink).map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('');
  return page(mail.subject, `<p><a href="${MAILBOX_BASE}">← Boîte de réception / Mailbox</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>À / To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Objet / Subject</dt><dd>${escapeHtml(mail.subject)}</dd>
<dt>Envoyé / Sent</dt><dd><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(formatTime(mail.sentAt))}</time></dd>
<dt>Type / Kind</dt><dd>${escapeHtml(mail.kind)} (${escapeHtml(mail.language)})</dd></dl>
${links ? `<h2>Liens / Links</h2><ul class="links">${links}</ul>` : ''}
<h2>Texte / Text</h2><pre>${escapeHtml(mail.text)}</pre>
<h2>HTML</h2><iframe sandbox src="${escapeHtml(mailPath(mail.id))}/html" title="Version HTML / HTML version"></iframe>`);
}

const IdParams = z.object({ id: z.string().min(1).max(100) });

const localOnly = new HttpProblem(403, 'MAILBOX_LOCAL_ONLY', {
  fr: 'La boîte de réception de développement ne se lit que depuis cette machine (localhost).',
  en: 'The development mailbox can only be read from this machine (localhost).',
});

/**
 * The embedded outbox in the browser: what a developer reads instead of an inbox, and where browser tests
 * pick up verification links (messages.json). Registered in embedded mode only. It holds live reset links,
 * so it answers only a client on this machine (its address as the connection or the proxy named by
 * TRUST_PROXY tells it) that asks for it by a loopback name (`localhost`, `127.0.0.1`, `[::1]`): a page
 * of another site whose name was made to resolve to this machine (DNS rebinding) connects from this machine
 * too, but under its own name. It does not exist at all once the site has a public address (`publicUrl`).
 */
export async function mailboxRoutes(app: FastifyInstance, outbox: EmbeddedOutboxMailer, options: { publicUrl?: string } = {}) {
  if (options.publicUrl !== undefined && !isLoopbackUrl(options.publicUrl)) return;
  await app.register(async (scope) => {
    scope.setValidatorCompiler(validatorCompiler);
    scope.setSerializerCompiler(serializerCompiler);
    registerProblemHandling(scope);
    const loopbackNames = siteAddresses(undefined);
    scope.addHook('onRequest', async (request) => {
      if (!isLoopbackAddress(request.ip) || !loopbackNames.servesHost(request.host)) throw localOnly;
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(MAILBOX_BASE, async (_request, reply) => sendPage(reply, 200, listPage(await outbox.list())));

    api.get(`${MAILBOX_BASE}/messages.json`, {
      schema: { querystring: z.object({ to: z.string().max(320).optional() }), response: { 200: z.array(StoredMail) } },
    }, async (request, reply) => {
      const to = request.query.to?.toLowerCase();
      const mails = await outbox.list();
      reply.header('Cache-Control', 'no-store');
      return to === undefined ? mails : mails.filter((mail) => mail.to.toLowerCase() === to);
    });

    api.get(`${MAILBOX_BASE}/:id`, { schema: { params: IdParams } }, async (request, reply) => {
      const mail = await outbox.get(request.params.id);
      return mail ? sendPage(reply, 200, mailPage(mail)) : notFound(reply);
    });

    api.get(`${MAILBOX_BASE}/:id/html`, { schema: { params: IdParams } }, async (request, reply) => {
      const mail = await outbox.get(request.params.id);
      if (!mail) return notFound(reply);
      // Shown in a sandboxed frame, and locked down the same way when opened on its own.
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; sandbox; frame-ancestors 'self'");
      return sendPage(reply, 200, mail.html);
    });
  });
}
