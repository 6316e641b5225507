import { z } from 'zod';

export const Role = z.enum(['USER', 'ORGANIZATION', 'ADMIN']);
export type Role = z.infer<typeof Role>;

export const Language = z.enum(['FR', 'EN']);
export type Language = z.infer<typeof Language>;

export const Department = z.enum(['04', '05', '06', '13', '83', '84']);
export type Department = z.infer<typeof Department>;

export const DEPARTMENT_NAMES: Record<Department, string> = {
  '04': 'Alpes-de-Haute-Provence',
  '05': 'Hautes-Alpes',
  '06': 'Alpes-Maritimes',
  '13': 'Bouches-du-Rhône',
  '83': 'Var',
  '84': 'Vaucluse',
};

/** Money is integer euro cents end to end. */
export const Cents = z.number().int().nonnegative();

export const IsoDateTime = z.iso.datetime({ offset: true });

export const Id = z.string().min(1);
