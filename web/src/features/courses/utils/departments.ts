/** The six departments of Provence-Alpes-Côte d'Azur. */
export const DEPARTMENTS = ['04', '05', '06', '13', '83', '84'] as const;
export type Department = (typeof DEPARTMENTS)[number];

export function toDepartment(value: string | null | undefined): Department | undefined {
  return DEPARTMENTS.find((department) => department === value);
}
