import { config, z } from 'zod';
import { describe, expect, it } from 'vitest';
import './zod-jitless';

describe('zod in the browser', () => {
  it('builds no parser with new Function (the Content-Security-Policy refuses eval), and still parses', () => {
    expect(config().jitless).toBe(true);
    const schema = z.object({ city: z.string(), price: z.number().int() });
    expect(schema.parse({ city: 'Toulon', price: 22900 })).toEqual({ city: 'Toulon', price: 22900 });
    expect(schema.safeParse({ city: 'Toulon', price: 'x' }).success).toBe(false);
  });
});
