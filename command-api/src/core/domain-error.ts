/**
 * A broken business rule. Each rule has its own error, named after it; the code is stable for callers and
 * the catalogue (`domain-error-catalog.ts`) gives its HTTP status and its message in French and English.
 */
export class DomainError extends Error {
  constructor(readonly code: string, readonly params: Record<string, string | number> = {}) {
    super(code);
    this.name = new.target.name;
  }
}
