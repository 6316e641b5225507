import { DEPARTMENT_CODES, DEPARTMENT_NAMES, type DepartmentCode as Department } from '@recup/shared-events/departments';

export { DEPARTMENT_NAMES, type Department };

/** The six departments of Provence-Alpes-Côte d'Azur; their names are the same in French and English. */
export const DEPARTMENTS = DEPARTMENT_CODES;

export function toDepartment(value: string | null | undefined): Department | undefined {
  return DEPARTMENTS.find((department) => department === value);
}
