import type { DomainErrorCode } from './domain-error-catalog';

/**
 * A broken business rule. Each rule has its own error, named after it; the code is stable for callers and
 * the catalogue (`domain-error-catalog.ts`) gives its HTTP status and its message in French and English: the code is
 * one of the catalogue's keys, so a code without a message does not compile.
 */
export class DomainError extends Error {
  constructor(readonly code: DomainErrorCode, readonly params: Record<string, string | number> = {}) {
    super(code);
    this.name = new.target.name;
  }
}
