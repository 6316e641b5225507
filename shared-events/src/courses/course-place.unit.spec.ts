import { describe, expect, it } from 'vitest';
import { communeNamed, placeIssues, type PostalCommune } from './course-place';

const marseille8: PostalCommune = { name: 'Marseille 8e Arrondissement', department: '13', otherNames: ['MARSEILLE', 'Marseille 8', 'Marseille 8e', 'Marseille'] };
const saintRaphael: PostalCommune = { name: 'Saint-Raphaël', department: '83', otherNames: ['ST RAPHAEL', 'AGAY'] };

describe('where a course takes place', () => {
  it('is a city its postal code serves, however it is written', () => {
    expect(communeNamed('saint raphael', [saintRaphael])).toBe(saintRaphael);
    expect(communeNamed('St-Raphaël', [saintRaphael])).toBe(saintRaphael);
    expect(communeNamed('Agay', [saintRaphael])).toBe(saintRaphael);
    expect(communeNamed('Marseille', [marseille8])).toBe(marseille8);
    expect(communeNamed('Fréjus', [saintRaphael])).toBeNull();
  });

  it('has a postal code of its department', () => {
    expect(placeIssues({ city: 'Toulon', postalCode: '75001', department: '83' }, [])).toEqual([
      { code: 'POSTAL_CODE_NOT_IN_DEPARTMENT', field: 'postalCode', postalCode: '75001', department: '83' },
    ]);
    expect(placeIssues({ city: 'Marseille', postalCode: '13008', department: '83' }, [marseille8])).toMatchObject([{ code: 'POSTAL_CODE_NOT_IN_DEPARTMENT' }]);
  });

  it('names the communes of the postal code when the city is not one of them', () => {
    expect(placeIssues({ city: 'Fréjus', postalCode: '83700', department: '83' }, [saintRaphael])).toEqual([
      { code: 'CITY_NOT_AT_POSTAL_CODE', field: 'city', postalCode: '83700', communes: ['Saint-Raphaël'] },
    ]);
    expect(placeIssues({ city: 'Saint-Raphaël', postalCode: '83700', department: '83' }, [saintRaphael])).toEqual([]);
  });
});
