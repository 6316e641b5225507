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
    expect(PersonName.safeParse('  Léa  ').data).toBe('Léa');
    expect(PersonName.safeParse('client, urgent: pay at https://evil.test/pay').error?.issues[0]).toMatchObject({ code: 'custom', params: { rule: 'person_name' } });
  });
});
