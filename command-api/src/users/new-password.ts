import { hashPassword, isCommonPassword } from '@recup/infra/passwords';
import { PasswordTooCommon } from './user-errors';

/**
 * Every password a person sets (registration, reset, change, an administrator's create or edit) is refused
 * when it is one of the most common ones, naming the field it came in; otherwise its hash.
 */
export async function hashNewPassword(password: string, field: 'password' | 'newPassword'): Promise<string> {
  if (await isCommonPassword(password)) throw new PasswordTooCommon(field);
  return hashPassword(password);
}
