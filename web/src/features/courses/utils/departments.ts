import { Department as DepartmentSchema, DEPARTMENT_NAMES, type Department } from '@recup/shared-events/primitives';

export { DEPARTMENT_NAMES, type Department };

/** The six departments of Provence-Alpes-Côte d'Azur; their names are the same in French and English. */
export const DEPARTMENTS = DepartmentSchema.options;

export function toDepartment(value: string | null | undefined): Department | undefined {
  return DEPARTMENTS.find((department) => department === value);
}
