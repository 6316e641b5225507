import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/**
 * The address to put in e-mail links. Never taken from an arbitrary Host header: a forged Host would send
 * a reset link pointing at somebody else's site. Without PUBLIC_URL only a loopback Host is trusted.
 */
export function publicUrl(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, '');
  const host = request.headers.host ?? '';
  return LOOPBACK.test(host) ? `http://${host}` : 'http://localhost:3000';
}
