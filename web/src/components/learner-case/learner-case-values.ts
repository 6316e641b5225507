import { LEARNER_CASES, type LearnerCase, type LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
import type { TFunction } from 'i18next';
import { isIsoDay } from '../../lib/date-text';
import { formatShortDate } from '../../lib/format';
import type { Language } from '../../lib/language';
import { birthDateProblem } from '../../lib/profile-values';

export { LEARNER_CASES };

/** The case as a form holds it: '' until one is chosen; the letter's day as typed (a day, '' or text naming none yet). */
export type LearnerCaseValues = { learnerCase: LearnerCase | ''; letterReceivedOn: string };
export type LearnerCaseErrors = Partial<Record<keyof LearnerCaseValues, string>>;

export const emptyLearnerCase = (): LearnerCaseValues => ({ learnerCase: '', letterReceivedOn: '' });

export function learnerCaseValuesOf(record: LearnerCaseRecord | null): LearnerCaseValues {
  return record ? { learnerCase: record.case, letterReceivedOn: record.letterReceivedOn ?? '' } : emptyLearnerCase();
}

/** What the API takes, once the values are valid: the letter's day only with the 48N case. */
export function learnerCaseRequest(values: LearnerCaseValues): { learnerCase: LearnerCase; letterReceivedOn: string | null } | null {
  if (!values.learnerCase) return null;
  return { learnerCase: values.learnerCase, letterReceivedOn: values.learnerCase === 'PROBATION_48N' ? values.letterReceivedOn : null };
}

/** The letter's day as far as it can be read: a day that has come, or null while it is none. */
export function validLetterDay(values: LearnerCaseValues, language: Language): string | null {
  if (values.learnerCase !== 'PROBATION_48N' || !isIsoDay(values.letterReceivedOn)) return null;
  return birthDateProblem(values.letterReceivedOn, language) === null ? values.letterReceivedOn : null;
}

/**
 * Why the values cannot be sent, field by field, in the user's language: the same rules as the server's (a case
 * when one is required; for the 48N case, the letter's day, a day that exists and has come). Empty when they can.
 */
export function learnerCaseErrors(values: LearnerCaseValues, t: TFunction, language: Language, options: { required: boolean }): LearnerCaseErrors {
  if (!values.learnerCase) return options.required ? { learnerCase: t('learnerCase.required') } : {};
  if (values.learnerCase !== 'PROBATION_48N') return {};
  if (!values.letterReceivedOn.trim()) return { letterReceivedOn: t('learnerCase.letterRequired') };
  const problem = birthDateProblem(values.letterReceivedOn, language);
  if (problem === 'future') return { letterReceivedOn: t('learnerCase.letterFuture') };
  return problem ? { letterReceivedOn: t(`dateInput.errors.${problem}`) } : {};
}

/** "Cas 2 – permis probatoire (48N) · lettre 48N reçue le 02/10/2026", or "Non indiquée": a booking's case as lists show it. */
export function learnerCaseText(record: LearnerCaseRecord | null, t: TFunction, language: Language): string {
  if (!record) return t('learnerCase.notDeclared');
  const name = t(`learnerCase.short.${record.case}`);
  return record.letterReceivedOn ? `${name} · ${t('learnerCase.letterValue', { date: formatShortDate(`${record.letterReceivedOn}T12:00:00Z`, language) })}` : name;
}
