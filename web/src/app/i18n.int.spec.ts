import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

describe('French place names after a preposition', () => {
  it('elide and contract as French writes them', () => {
    expect(i18next.t('meta.coursesNear', { location: 'Aubagne', lng: 'fr' })).toMatch(/^Stages de récupération de points près d’Aubagne :/u);
    expect(i18next.t('meta.coursesNear', { location: 'Toulon', lng: 'fr' })).toMatch(/près de Toulon :/u);
    expect(i18next.t('pointsEligibility.losingTitle', { count: 1, city: 'Le Pradet', lng: 'fr' })).toBe('Votre stage au Pradet ne vous ferait plus récupérer de points');
    expect(i18next.t('meta.coursesNear', { location: 'Aubagne', lng: 'en' })).toMatch(/near Aubagne/u);
  });
});
