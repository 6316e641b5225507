import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, domainErrorToProblem } from './domain-error-catalog';
import { DomainError } from './domain-error';
import { NoSpotsLeft } from '../courses/course-errors';
import { LastAdminCannotBeRemoved } from '../users/user-errors';

describe('domain error catalogue', () => {
  it('answers a full course with 409 NO_SPOTS_LEFT in both languages', () => {
    const problem = domainErrorToProblem(new NoSpotsLeft())!;
    expect(problem.status).toBe(409);
    expect(problem.code).toBe('NO_SPOTS_LEFT');
    expect(problem.text.en).toMatch(/no spots left/i);
    expect(problem.text.fr).toMatch(/plus de place/);
  });

  it('gives every code of the catalogue a status and a message in French and in English', () => {
    expect(DOMAIN_ERROR_CODES.length).toBeGreaterThan(10);
    for (const code of DOMAIN_ERROR_CODES) {
      const problem = domainErrorToProblem(new DomainError(code, { field: 'email', month: '2026-11', count: 2, names: 'A, B' }))!;
      expect(problem.code, code).toBe(code);
      expect(problem.status, code).toBeGreaterThanOrEqual(400);
      expect(problem.text.fr.trim(), code).not.toBe('');
      expect(problem.text.en.trim(), code).not.toBe('');
      expect(problem.text.fr, code).not.toBe(problem.text.en);
    }
  });

  it('answers a code chosen in an expression, as the last administrator\'s two refusals are', () => {
    expect(domainErrorToProblem(new LastAdminCannotBeRemoved('delete'))?.text.en).toBe('Cannot delete the last admin user');
    expect(domainErrorToProblem(new LastAdminCannotBeRemoved('demote'))?.text.en).toBe('Cannot change the role of the last admin user');
  });

  it('takes only the catalogue\'s codes: one without a message does not compile (npm run typecheck)', () => {
    const raise = (wrong: boolean) => [
      // @ts-expect-error NO_SUCH_RULE has no status and no message in the catalogue
      new DomainError('NO_SUCH_RULE'),
      // @ts-expect-error a code chosen in an expression is checked as well
      new DomainError(wrong ? 'NO_SUCH_RULE' : 'NO_SPOTS_LEFT'),
    ];
    // Smuggled past the compiler all the same, such a code gets the generic answer, never a crash.
    expect(raise(true).map((error) => domainErrorToProblem(error)?.text.en)).toEqual(['This operation is not possible in the current state.', 'This operation is not possible in the current state.']);
  });

  it('leaves other errors to the generic handler', () => {
    expect(domainErrorToProblem(new Error('boom'))).toBeNull();
  });
});
