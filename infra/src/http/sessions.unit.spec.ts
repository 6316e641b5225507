import { describe, expect, it } from 'vitest';
import { sessionId } from './sessions';

describe('session ids', () => {
  it('are 256 random bits in base64url, never the same, across many refills of the pool', () => {
    const ids = Array.from({ length: 5_000 }, () => sessionId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every one of the 256 bits varies: no byte of the pool is handed out as zeros or twice.
    const bytes = ids.map((id) => Buffer.from(id, 'base64url'));
    for (let bit = 0; bit < 256; bit += 1) {
      const ones = bytes.filter((b) => (b[bit >> 3]! >> (bit & 7)) & 1).length;
      expect(ones).toBeGreaterThan(ids.length * 0.4);
      expect(ones).toBeLessThan(ids.length * 0.6);
    }
  });
});
