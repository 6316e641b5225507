import { describe, expect, it } from 'vitest';
import { aName, deName, elidesBefore } from './french-place-names';

describe('"de" before a place name', () => {
  it('elides before a vowel, accented or not', () => {
    expect(deName('Aubagne')).toBe('d’Aubagne');
    expect(deName('Istres')).toBe('d’Istres');
    expect(deName('Orange')).toBe('d’Orange');
    expect(deName('Antibes')).toBe('d’Antibes');
    expect(deName('Embrun')).toBe('d’Embrun');
    expect(deName('Èze')).toBe('d’Èze');
    expect(deName('Uzès')).toBe('d’Uzès');
  });

  it('elides before a mute h, not before an aspirated one', () => {
    expect(deName('Hyères')).toBe('d’Hyères');
    expect(deName('Haute-Provence')).toBe('de Haute-Provence');
    expect(deName('Hautes-Alpes')).toBe('de Hautes-Alpes');
  });

  it('keeps "de" before a consonant', () => {
    expect(deName('Toulon')).toBe('de Toulon');
    expect(deName('Salon-de-Provence')).toBe('de Salon-de-Provence');
    expect(deName('Yvelines')).toBe('d’Yvelines');
    expect(deName('Yaoundé')).toBe('de Yaoundé');
  });

  it('contracts with the article of the name', () => {
    expect(deName('Le Pradet')).toBe('du Pradet');
    expect(deName('Les Arcs')).toBe('des Arcs');
    expect(deName('La Seyne-sur-Mer')).toBe('de La Seyne-sur-Mer');
    expect(deName("L'Isle-sur-la-Sorgue")).toBe("de L'Isle-sur-la-Sorgue");
  });

  it('reads a name however it is spaced or cased', () => {
    expect(deName('  aubagne ')).toBe('d’aubagne');
    expect(elidesBefore('')).toBe(false);
  });
});

describe('"à" before a place name', () => {
  it('contracts with the article of the name and stays "à" otherwise', () => {
    expect(aName('Aubagne')).toBe('à Aubagne');
    expect(aName('Le Pradet')).toBe('au Pradet');
    expect(aName('Les Arcs')).toBe('aux Arcs');
    expect(aName('La Seyne-sur-Mer')).toBe('à La Seyne-sur-Mer');
  });
});
