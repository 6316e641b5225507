import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './passwords';

describe('the common-password list', () => {
  it('knows the passwords people use most, whatever their case', async () => {
    for (const password of ['password', '12345678', 'Password', 'PASSWORD', 'azertyuiop', 'motdepasse', 'iloveyou', 'qwertyuiop', 'password1']) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets through what is not on it, the demo and test passwords included', async () => {
    for (const password of ['demo-password', 'password-123', 'learner-password', 'Tr0mbone-Cheval-Agrafe', 'first-password']) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });
});
