import { describe, expect, it } from 'vitest';
import { hiddenCharacterIn, isPersonName, PersonName } from './visible-text';

describe('hidden characters', () => {
  it('finds the invisible and direction-changing ones, with where they are', () => {
    for (const [text, codePoint] of [
      ['pay\u200bpal', 'U+200B'], ['gpj.\u202eexe', 'U+202E'], ['\u2066admin\u2069', 'U+2066'], ['a\u2067b', 'U+2067'], ['x\u2068y', 'U+2068'],
      ['\u200fname', 'U+200F'], ['a\u200eb', 'U+200E'], ['a\u061cb', 'U+061C'], ['\ufeffbom', 'U+FEFF'], ['soft\u00adhyphen', 'U+00AD'],
      ['pay\u200dpal', 'U+200D'], ['line\u2028sep', 'U+2028'], ['tag\u{E0041}', 'U+E0041'], ['one\ntwo', 'U+000A'], ['tab\there', 'U+0009'], ['\u0000', 'U+0000'],
    ] as const) {
      expect(hiddenCharacterIn(text)?.codePoint, JSON.stringify(text)).toBe(codePoint);
    }
    expect(hiddenCharacterIn('ab\u202ec')?.index).toBe(2);
  });

  it('finds the characters that show nothing though Unicode calls them letters or marks: fillers, joiners, selectors, the blank braille cell', () => {
    for (const [text, codePoint] of [
      ['\u3164', 'U+3164'], ['Lé\u3164a', 'U+3164'], ['\u115f\u1160', 'U+115F'], ['a\u1160', 'U+1160'], ['\uffa0', 'U+FFA0'],
      ['pay\u034fpal', 'U+034F'], ['a\ufe00', 'U+FE00'], ['L\ufe0fa', 'U+FE0F'], ['x\u{E0100}\u{E01EF}', 'U+E0100'], ['\u2800', 'U+2800'], ['Léa\u2800Martin', 'U+2800'],
      ['a\u180bb', 'U+180B'], ['\u17b4', 'U+17B4'], ['a\ufff0', 'U+FFF0'], ['a\u{1D173}', 'U+1D173'], ['a\u{1BCA0}', 'U+1BCA0'],
      // A run of selectors after a pictograph smuggles bytes: only the first is the pictograph's.
      ['❤\ufe0f\ufe0f', 'U+FE0F'], ['❤\u{E0101}', 'U+E0101'], ['1\ufe0f\u20e3', 'U+FE0F'],
    ] as const) {
      expect(hiddenCharacterIn(text)?.codePoint, JSON.stringify(text)).toBe(codePoint);
      expect(hiddenCharacterIn(text, { multiline: true })?.codePoint, JSON.stringify(text)).toBe(codePoint);
    }
  });

  it('lets a pictograph keep its one presentation selector, as phones write it', () => {
    for (const text of ['Merci ❤\ufe0f', '✔\ufe0f Agréé', '☎\ufe0e 04 94 00 12 34', '🏳\ufe0f\u200d🌈', 'Braille ⠁⠃⠉']) expect(hiddenCharacterIn(text), text).toBeNull();
  });

  it('lets ordinary text of every script through, and line breaks in a paragraph', () => {
    for (const text of ['Léa Martin', 'Ærøskøbing', 'Zoë O’Brien', '東京都', 'محمد', 'שלום', 'Ελλάδα', 'ĐẶNG', 'می\u200cخواهم', '👩\u200d💻', 'Ça coûte 210 € !', '']) {
      expect(hiddenCharacterIn(text), text).toBeNull();
    }
    expect(hiddenCharacterIn('Premier paragraphe.\r\n\tSecond.', { multiline: true })).toBeNull();
    expect(hiddenCharacterIn('Premier\u202e', { multiline: true })?.codePoint).toBe('U+202E');
  });
});

describe('a person’s name', () => {
  it('is letters and marks of any script, with spaces, apostrophes and hyphens', () => {
    for (const name of ['Léa', 'Jean-Pierre', 'N’Diaye', "O'Connor", 'de la Fontaine', 'Nguyễn', '王小明', 'Алексей', 'محمد علي', 'Zoë', 'e\u0301lodie']) expect(isPersonName(name), name).toBe(true);
  });

  it('refuses a message, a link, digits, punctuation or hidden characters', () => {
    for (const name of ['client, urgent: pay at https://evil.test/pay', 'evil.test', 'Léa2', 'Léa!', 'a@b', "'-'", '', ' ', 'Lé\u200ba', 'Léa\u202e', '<b>x</b>', 'Léa.Martin']) {
      expect(isPersonName(name), name).toBe(false);
    }
  });

  it('refuses the letters and marks that show nothing: a blank-looking name, or one with data hidden in it', () => {
    for (const name of ['\u3164\u3164', 'Léa\u3164', '\u115f\u1160', 'Lé\uffa0a', 'Lé\u034fa', 'Léa\ufe0f', 'Léa\ufe00\ufe01', 'Léa\u{E0100}', 'Lé\u180ba', 'Léa\u17b5', 'Léa\u2800']) {
      expect(isPersonName(name), name).toBe(false);
    }
    expect(PersonName.safeParse('\u3164\u3164').error?.issues[0]).toMatchObject({ code: 'custom', params: { rule: 'person_name' } });
    expect(PersonName.safeParse('  Léa  ').data).toBe('Léa');
    expect(PersonName.safeParse('client, urgent: pay at https://evil.test/pay').error?.issues[0]).toMatchObject({ code: 'custom', params: { rule: 'person_name' } });
  });
});
