/**
 * Read-your-writes: every command answer carries `X-Event-Position`; we remember the highest one and send it as
 * `X-Min-Position` so the query API waits until its projections have caught up with our own writes.
 * Kept in sessionStorage so a reload (or the 3-D Secure round trip) still sees its own writes.
 */
const STORAGE_KEY = 'recup-points.event-position';

function readStored(): number | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    const value = raw === null || raw === undefined ? Number.NaN : Number(raw);
    return Number.isSafeInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

let highest: number | null = readStored();

export function getEventPosition(): number | null {
  return highest;
}

export function recordEventPosition(header: string | null): void {
  if (header === null || header.trim() === '') return;
  const value = Number(header.trim());
  if (!Number.isSafeInteger(value) || value < 0) return;
  if (highest !== null && value <= highest) return;
  highest = value;
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, String(value));
  } catch {
    // Storage may be unavailable (private mode); the in-memory value still serves this page.
  }
}

/** Forgets the position: for tests, and when the session ends. */
export function resetEventPosition(): void {
  highest = null;
  try {
    globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
