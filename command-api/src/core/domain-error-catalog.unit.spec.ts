import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { domainErrorToProblem } from './domain-error-catalog';
import { DomainError } from './domain-error';
import { NoSpotsLeft } from '../courses/course-errors';

describe('domain error catalogue', () => {
  it('answers a full course with 409 NO_SPOTS_LEFT in both languages', () => {
    const problem = domainErrorToProblem(new NoSpotsLeft())!;
    expect(problem.status).toBe(409);
    expect(problem.code).toBe('NO_SPOTS_LEFT');
    expect(problem.text.en).toMatch(/no spots left/i);
    expect(problem.text.fr).toMatch(/plus de place/);
  });

  it('has a status and a message for every domain error the code can raise', () => {
    const root = join(import.meta.dirname, '..');
    const codes = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.includes('.spec.')) {
          for (const match of readFileSync(path, 'utf8').matchAll(/super\('([A-Z_]+)'/g)) codes.add(match[1]!);
        }
      }
    };
    walk(root);
    expect(codes.size).toBeGreaterThan(10);
    for (const code of codes) {
      const problem = domainErrorToProblem(new DomainError(code))!;
      expect(problem.code, code).toBe(code);
      expect(problem.text.fr, code).not.toMatch(/Opération impossible/);
    }
  });

  it('leaves other errors to the generic handler', () => {
    expect(domainErrorToProblem(new Error('boom'))).toBeNull();
  });
});
