import { createHash } from 'node:crypto';
import { streams } from '@recup/shared-events';

/** One address, one account, whatever its case or surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function userEmailStream(email: string): string {
  return streams.userEmail(createHash('sha256').update(normaliseEmail(email)).digest('hex'));
}
