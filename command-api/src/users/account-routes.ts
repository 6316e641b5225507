import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageOf, type Lang } from '@recup/infra/http/language';
import { hashNewPassword } from './new-password';
import { AcceptedResponse, EmailRequest, RegisterRequest, ResetPasswordRequest, VerifyEmailQuery } from '../contracts';
import { anonymousActor } from '../core/actor';
import type { BackgroundTasks } from '../core/background';
import { publicUrl } from '../core/public-url';
import type { CommandApiDeps } from '../deps';
import { accountExistsMail, resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { changeAccount, findAccountByEmail, loadAccount, registerAccount } from './accounts';
import { issueToken, parseToken, RESET_TOKEN_TTL_MS, VERIFICATION_TOKEN_TTL_MS } from './tokens';
import { endSessionsAfter } from './user-sessions';
import { EmailAlreadyRegistered, TokenInvalid, UserNotFound } from './user-errors';

const ACCEPTED = {
  register: {
    fr: 'Inscription réussie. Veuillez vérifier votre email pour activer votre compte avant de vous connecter.',
    en: 'Registration successful. Please check your email to activate your account before signing in.',
  },
  resend: {
    fr: 'Si un compte non vérifié existe pour cette adresse, un nouvel e-mail de vérification vient de lui être envoyé.',
    en: 'If an unverified account exists for this address, a new verification e-mail has just been sent to it.',
  },
  forgot: {
    fr: 'Si un compte existe pour cette adresse, un e-mail pour choisir un nouveau mot de passe vient de lui être envoyé.',
    en: 'If an account exists for this address, an e-mail to choose a new password has just been sent to it.',
  },
  verified: { fr: 'Votre adresse e-mail est vérifiée. Vous pouvez vous connecter.', en: 'Your e-mail address is verified. You can now sign in.' },
  reset: { fr: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.', en: 'Your password has been changed. You can now sign in.' },
} as const;

const toLang = (language: 'FR' | 'EN'): Lang => (language === 'EN' ? 'en' : 'fr');

/** A token that does not parse, or names no account, is simply invalid: nothing tells which. */
async function accountOfToken(deps: CommandApiDeps, token: string) {
  const parsed = parseToken(token);
  if (!parsed) throw new TokenInvalid();
  try {
    return { ...(await loadAccount(deps.eventStore, parsed.userId)), tokenHash: parsed.tokenHash };
  } catch (error) {
    if (error instanceof UserNotFound) throw new TokenInvalid();
    throw error;
  }
}

export async function accountRoutes(app: FastifyInstance, deps: CommandApiDeps & { background: BackgroundTasks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: deps.authRateLimitPerMinute ?? 10, timeWindow: 60_000 } };
  const site = () => publicUrl(deps.publicUrl);

  /**
   * The same answer whether or not the address already has an account. A second registration with a held
   * address creates nothing and sends its owner an e-mail saying so.
   */
  api.post('/api/auth/register', { config: limited, schema: { body: RegisterRequest, response: { 202: AcceptedResponse } } }, async (request, reply) => {
    const { email, password, returnTo, ...profile } = request.body;
    const lang = languageOf(request);
    const now = deps.clock.now();
    const passwordHash = await hashNewPassword(password, 'password');
    try {
      const account = await registerAccount(deps.eventStore, { userId: deps.ids.next(), email, passwordHash, role: 'USER', profile, verified: false }, anonymousActor(request, deps), now);
      // The link brings the learner back where they signed up (a course page), once verified and signed in.
      const back = returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : '';
      await deps.mailer.send(verifyEmailMail(toLang(profile.language), account.email, profile.firstName, `${site()}/verify-email?token=${account.verificationToken}${back}`));
      request.eventPosition = account.position;
    } catch (error) {
      if (!(error instanceof EmailAlreadyRegistered)) throw error;
      await deps.mailer.send(accountExistsMail(lang, email.toLowerCase(), `${site()}/`, `${site()}/forgot-password`));
      request.eventPosition = await deps.eventStore.headPosition();
    }
    return reply.status(202).send({ message: ACCEPTED.register[lang] });
  });

  /** Opening the link again after success answers success again: the GET is token-gated and idempotent. */
  api.get('/api/auth/verify-email', { config: limited, schema: { querystring: VerifyEmailQuery, response: { 200: AcceptedResponse } } }, async (request) => {
    const account = await accountOfToken(deps, request.query.token);
    const result = await changeAccount(deps.eventStore, account.state.userId, { type: 'VerifyEmail', tokenHash: account.tokenHash, now: deps.clock.now() }, anonymousActor(request, deps));
    request.eventPosition = result.position;
    return { message: ACCEPTED.verified[languageOf(request)] };
  });

  api.post('/api/auth/resend-verification', { config: limited, schema: { body: EmailRequest, response: { 202: AcceptedResponse } } }, async (request, reply) => {
    const metadata = anonymousActor(request, deps);
    const base = site();
    deps.background.run('resend-verification', async () => {
      const account = await findAccountByEmail(deps.eventStore, request.body.email);
      if (!account || account.state.verified) return;
      const token = issueToken(account.state.userId, VERIFICATION_TOKEN_TTL_MS, deps.clock.now());
      await changeAccount(deps.eventStore, account.state.userId, { type: 'IssueVerificationToken', tokenHash: token.tokenHash, expiresAt: token.expiresAt }, metadata);
      await deps.mailer.send(verifyEmailMail(toLang(account.state.profile.language), account.state.email, account.state.profile.firstName, `${base}/verify-email?token=${token.token}`));
    });
    return reply.status(202).send({ message: ACCEPTED.resend[languageOf(request)] });
  });

  api.post('/api/auth/forgot-password', { config: limited, schema: { body: EmailRequest, response: { 202: AcceptedResponse } } }, async (request, reply) => {
    const metadata = anonymousActor(request, deps);
    const base = site();
    deps.background.run('forgot-password', async () => {
      const account = await findAccountByEmail(deps.eventStore, request.body.email);
      if (!account) return;
      const token = issueToken(account.state.userId, RESET_TOKEN_TTL_MS, deps.clock.now());
      await changeAccount(deps.eventStore, account.state.userId, { type: 'RequestPasswordReset', tokenHash: token.tokenHash, expiresAt: token.expiresAt }, metadata);
      await deps.mailer.send(resetPasswordMail(toLang(account.state.profile.language), account.state.email, account.state.profile.firstName, `${base}/reset-password?token=${token.token}`));
    });
    return reply.status(202).send({ message: ACCEPTED.forgot[languageOf(request)] });
  });

  api.post('/api/auth/reset-password', { config: limited, schema: { body: ResetPasswordRequest, response: { 200: AcceptedResponse } } }, async (request) => {
    const passwordHash = await hashNewPassword(request.body.newPassword, 'newPassword');
    const account = await accountOfToken(deps, request.body.token);
    const result = await changeAccount(deps.eventStore, account.state.userId, { type: 'ResetPassword', tokenHash: account.tokenHash, passwordHash, now: deps.clock.now() }, anonymousActor(request, deps));
    // Whoever knew the old password is signed out everywhere.
    await endSessionsAfter(deps.sessions.store, account.state.userId, result.events);
    request.eventPosition = result.position;
    return { message: ACCEPTED.reset[languageOf(request)] };
  });
}
