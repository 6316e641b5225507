import { LEARNER_CASES, probationCheck, type LearnerCase, type LearnerCaseRecord } from '@recup/shared-events/bookings/learner-case';
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

/** "Cas 2 – permis probatoire (48N)" and "lettre 48N reçue le 02/10/2026" (or "Non indiquée"): a booking's case, in two lines. */
export function learnerCaseLines(record: LearnerCaseRecord | null, t: TFunction, language: Language): { name: string; letter: string | null } {
  if (!record) return { name: t('learnerCase.notDeclared'), letter: null };
  const letter = record.letterReceivedOn ? t('learnerCase.letterValue', { date: formatShortDate(`${record.letterReceivedOn}T12:00:00Z`, language) }) : null;
  return { name: t(`learnerCase.short.${record.case}`), letter };
}

/** "Cas 2 – permis probatoire (48N) · lettre 48N reçue le 02/10/2026", or "Non indiquée": a booking's case on one line. */
export function learnerCaseText(record: LearnerCaseRecord | null, t: TFunction, language: Language): string {
  const { name, letter } = learnerCaseLines(record, t, language);
  return letter ? `${name} · ${letter}` : name;
}

/**
 * For the 48N case, the line the centre and the administrators read under the case: the last day the course may end
 * for the fine to be refunded, and that this one ends after it when it does. Null for the other cases.
 */
export function probationLine(record: LearnerCaseRecord | null, courseEndDate: string, t: TFunction, language: Language): string | null {
  if (record?.case !== 'PROBATION_48N' || !record.letterReceivedOn) return null;
  const check = probationCheck(record.letterReceivedOn, courseEndDate);
  const deadline = t('learnerCase.deadlineValue', { date: formatShortDate(`${check.deadline}T12:00:00Z`, language) });
  return check.endsInTime ? deadline : `${deadline} (${t('learnerCase.endsAfterDeadline')})`;
}
