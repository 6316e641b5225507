/** Where the site is when PUBLIC_URL is not set: the embedded platform's default address. */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/**
 * The one address every e-mail link starts with: PUBLIC_URL, resolved once at start-up (the embedded mode
 * fills in its own loopback address). Never taken from a request's Host header: a forged Host would send a
 * reset link pointing at somebody else's site, and two requests reaching the site by two names would give
 * one learner links on two hosts.
 */
export function publicUrl(configured: string | undefined): string {
  return (configured ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
}
