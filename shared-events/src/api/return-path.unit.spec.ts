import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('a return path after signing up', () => {
  it('is a path of our own site, with its query', () => {
    expect(safeReturnPath('/courses/c-123')).toBe('/courses/c-123');
    expect(safeReturnPath('/courses/c-123?from=search')).toBe('/courses/c-123?from=search');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('is never another site, however it is written', () => {
    for (const address of [
      'https://evil.example/courses',
      '//evil.example/courses',
      '/\\evil.example',
      '\\\\evil.example',
      '/courses//evil',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /courses/c1',
      'javascript:alert(1)',
      '/javascript:alert(1)',
      'courses/c1',
      '',
    ]) expect(safeReturnPath(address), JSON.stringify(address)).toBeNull();
  });

  it('is never an API or developer address, nor something that is no text or too long', () => {
    expect(safeReturnPath('/api/courses/c1')).toBeNull();
    expect(safeReturnPath('/dev/mailbox')).toBeNull();
    expect(safeReturnPath('/apiary')).toBe('/apiary');
    expect(safeReturnPath(42)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(600)}`)).toBeNull();
  });
});
