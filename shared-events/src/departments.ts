/**
 * The six departments of Provence-Alpes-Côte d'Azur, without zod: the web's first paint reads them (the course
 * filters, the address of a search) without loading the schemas. `primitives.ts` builds the `Department` schema from them.
 */
export const DEPARTMENT_CODES = ['04', '05', '06', '13', '83', '84'] as const;
export type DepartmentCode = (typeof DEPARTMENT_CODES)[number];

/** Their names are the same in French and English. */
export const DEPARTMENT_NAMES: Record<DepartmentCode, string> = {
  '04': 'Alpes-de-Haute-Provence',
  '05': 'Hautes-Alpes',
  '06': 'Alpes-Maritimes',
  '13': 'Bouches-du-Rhône',
  '83': 'Var',
  '84': 'Vaucluse',
};
