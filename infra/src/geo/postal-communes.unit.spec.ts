import { describe, expect, it } from 'vitest';
import { placeIssues } from '@recup/shared-events';
import { DEMO_CENTRES } from '../seed/demo-catalog';
import { postalCommunes } from './postal-communes';

describe('the communes a postal code serves', () => {
  it('come from the communes data, with their other names', () => {
    expect(postalCommunes('83000').map((c) => c.name)).toEqual(['Toulon']);
    expect(postalCommunes('13008')[0]).toMatchObject({ name: 'Marseille 8e Arrondissement', department: '13', otherNames: expect.arrayContaining(['Marseille']) });
    expect(postalCommunes('05110').map((c) => `${c.name} (${c.department})`)).toContain('Claret (04)');
  });

  it('are none for a postal code outside the six departments, or not one at all', () => {
    expect(postalCommunes('75001')).toEqual([]);
    expect(postalCommunes('8300')).toEqual([]);
  });

  it('serve every demo venue, so that the demo courses could be published as they are', () => {
    for (const centre of DEMO_CENTRES) {
      for (const venue of centre.venues) {
        expect(placeIssues({ city: venue.city, postalCode: venue.postalCode, department: venue.department }, postalCommunes(venue.postalCode)), `${venue.city} ${venue.postalCode}`).toEqual([]);
      }
    }
  });
});
