import { AdminCreateUserRequest, AdminUpdateUserRequest } from '@recup/command-api/contracts';
import type { AdminUserDto } from '@recup/query-api/contracts/admin';
import type { z } from 'zod';
import { fieldsWithIssues, fieldsWithNameIssues } from '../../../lib/form-issues';

export type UserFormValues = { email: string; firstName: string; lastName: string; phoneNumber: string; role: AdminUserDto['role'] | ''; language: 'FR' | 'EN' | ''; password: string; isVerified: boolean };
export type UserFormField = keyof UserFormValues;

export const emptyUser = (): UserFormValues => ({ email: '', firstName: '', lastName: '', phoneNumber: '', role: 'USER', language: 'FR', password: '', isVerified: true });
export const valuesOfUser = (u: AdminUserDto): UserFormValues => ({ email: u.email, firstName: u.firstName, lastName: u.lastName, phoneNumber: u.phoneNumber ?? '', role: u.role, language: u.language, password: '', isVerified: u.isVerified });

/** Spec 001 §5 "Admin user form": each field's own message, keys of the `admin` namespace. */
const MESSAGES: Partial<Record<UserFormField, string>> = {
  email: 'users.validation.email',
  firstName: 'users.validation.firstName',
  lastName: 'users.validation.lastName',
  role: 'users.validation.role',
  language: 'users.validation.language',
  password: 'users.validation.password',
};

/** A name holding something else than letters, spaces, apostrophes and hyphens: the common message that says so. */
const nameRule = (error: z.ZodError, field: string) => (fieldsWithNameIssues(error).has(field) ? `common:nameRule.${field}` : undefined);

/** The create form, checked by the same schema as the call. */
export function checkNewUser(values: UserFormValues) {
  const parsed = AdminCreateUserRequest.safeParse({ ...values, role: values.role || undefined, language: values.language || undefined, phoneNumber: values.phoneNumber });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors = Object.fromEntries([...fieldsWithIssues(parsed.error)].map((field) => [field, nameRule(parsed.error, field) ?? MESSAGES[field as UserFormField] ?? 'users.validation.email']));
  return { input: null, errors: errors as Partial<Record<UserFormField, string>> };
}

/**
 * The edit form: only the fields that changed are sent (spec 001 §5); a blank password keeps the old one; the
 * role has its own action. Null changes: nothing changed, the dialog closes without a call.
 */
export function checkUserChanges(original: AdminUserDto, values: UserFormValues) {
  const before = valuesOfUser(original);
  const changes: Record<string, unknown> = {};
  for (const field of ['email', 'firstName', 'lastName', 'phoneNumber', 'language', 'isVerified'] as const) {
    if (values[field] !== before[field]) changes[field] = values[field];
  }
  if (values.password !== '') changes.password = values.password;
  if (Object.keys(changes).length === 0) return { changes: null, errors: {} };
  const parsed = AdminUpdateUserRequest.safeParse(changes);
  if (parsed.success) return { changes: parsed.data, errors: {} };
  const errors = Object.fromEntries([...fieldsWithIssues(parsed.error)].map((field) => [field, field === 'password' ? 'users.validation.passwordEdit' : (nameRule(parsed.error, field) ?? MESSAGES[field as UserFormField] ?? 'users.validation.email')]));
  return { changes: null, errors: errors as Partial<Record<UserFormField, string>> };
}
