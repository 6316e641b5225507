import { z } from 'zod';

/**
 * Text a stranger types reaches other people: a centre's screen, an invoice, a CSV, an e-mail. Characters that
 * show nothing, or that change how the rest is shown, let that text lie about itself: a right-to-left override
 * (U+202E) turns `gpj.exe` into `exe.jpg`, isolates (U+2066…U+2069) and marks (U+200E, U+200F, U+061C) reorder
 * it, zero-width spaces (U+200B) and joiners split a word so that filters miss it, a BOM or a soft hyphen hide
 * in it; a Hangul filler (U+3164, U+115F, U+1160, U+FFA0) is a "letter" that shows as nothing, so that a name
 * made of it looks blank; a combining grapheme joiner (U+034F) or a run of variation selectors (U+FE00…U+FE0F,
 * U+E0100…U+E01EF) carries bytes nobody sees after an ordinary character. Refused: every format character
 * (\p{Cf}), control character (\p{Cc}), line separator and every other character Unicode says a renderer may
 * ignore (Default_Ignorable_Code_Point), and the blank braille cell (U+2800), which shows as a space but is none;
 * except line breaks and tabs in the few fields that are paragraphs (descriptions), the zero-width (non-)joiner
 * between two letters of a script that needs them (Persian, Indic scripts, emoji sequences), and one emoji
 * presentation selector (U+FE0E, U+FE0F) right after a pictograph, as phones write "❤️".
 */
const HIDDEN = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const JOINERS = new Set(['\u200c', '\u200d']);
const PARAGRAPH = new Set(['\n', '\r', '\t']);
const PRESENTATION_SELECTORS = new Set(['\ufe0e', '\ufe0f']);
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

export function hiddenCharacterIn(text: string, options: { multiline?: boolean } = {}): { index: number; codePoint: string } | null {
  if (!HIDDEN.test(text)) return null;
  const chars = [...text];
  // A pictograph's one presentation selector (a second one after it is refused: runs of selectors smuggle data).
  const presents = (i: number) => PRESENTATION_SELECTORS.has(chars[i]!) && i > 0 && PICTOGRAPH.test(chars[i - 1]!);
  let index = 0;
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i]!;
    if (HIDDEN.test(char)) {
      const previous = chars[i - 1];
      const joins = JOINERS.has(char) && previous !== undefined && i < chars.length - 1 && previous.codePointAt(0)! > 0x7f
        && (!HIDDEN.test(previous) || presents(i - 1)) && !/\s/u.test(chars[i + 1]!);
      const breaks = options.multiline === true && PARAGRAPH.has(char);
      if (!joins && !breaks && !presents(i)) return { index, codePoint: `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` };
    }
    index += char.length;
  }
  return null;
}

/** The issue's `params.rule`: how a form or the API names this refusal. */
export const HIDDEN_CHARACTERS = 'hidden_characters';

const multilineTexts = new WeakSet<z.ZodType>();
const secretTexts = new WeakSet<z.ZodType>();

/** A text field that is a paragraph (a description): line breaks and tabs are its own. */
export function multilineText<T extends z.ZodType>(schema: T): T {
  multilineTexts.add(schema);
  return schema;
}

/** A text nobody else ever reads (a password): taken as typed, whatever its characters. */
export function secretText<T extends z.ZodType>(schema: T): T {
  secretTexts.add(schema);
  return schema;
}

export const isSecretText = (schema: z.ZodType) => secretTexts.has(schema);

/**
 * The one refinement every text input of every route gets (the APIs' validator adds it to each string of
 * their schemas, so that no field is forgotten): a 400 naming the field, its message in the caller's language.
 */
export function withVisibleText<T extends z.ZodType>(schema: T): T {
  const multiline = multilineTexts.has(schema);
  return schema.refine((value) => typeof value !== 'string' || hiddenCharacterIn(value, { multiline }) === null, {
    message: 'Invisible or control characters are not allowed',
    params: { rule: HIDDEN_CHARACTERS },
  }) as unknown as T;
}

/**
 * A person's first or last name, as people of every script write theirs: letters and their marks, spaces,
 * apostrophes and hyphens, at least one letter. No digits, punctuation, symbols, links or hidden characters (not
 * even those Unicode counts as letters or marks, such as a Hangul filler or a variation selector):
 * a name is printed in greetings, on invoices, on a centre's lists, and must not carry a message.
 */
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '’ʼ\-‐][\p{L}\p{M}]*)*$/u;
/** Letters and marks that show nothing (Hangul fillers, the combining grapheme joiner, variation selectors…) are none of a name's. */
export const isPersonName = (text: string) => PERSON_NAME.test(text) && /\p{L}/u.test(text) && !HIDDEN.test(text);

export const PERSON_NAME_RULE = 'person_name';

/** `z.string()` for a first or last name: trimmed, 2 to 60 characters, letters and their marks, spaces, apostrophes, hyphens. */
export const PersonName = z
  .string()
  .trim()
  .min(2)
  .max(60)
  // Too short is the length's to say: this rule speaks of what the name holds.
  .refine((name) => name.length < 2 || isPersonName(name), { message: 'A name holds letters, spaces, apostrophes and hyphens only', params: { rule: PERSON_NAME_RULE } });
