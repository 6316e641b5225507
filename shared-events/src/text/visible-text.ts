import { z } from 'zod';

/**
 * Text a stranger types reaches other people: a centre's screen, an invoice, a CSV, an e-mail. Characters that
 * show nothing, or that change how the rest is shown, let that text lie about itself: a right-to-left override
 * (U+202E) turns `gpj.exe` into `exe.jpg`, isolates (U+2066…U+2069) and marks (U+200E, U+200F, U+061C) reorder
 * it, zero-width spaces (U+200B) and joiners split a word so that filters miss it, a BOM or a soft hyphen hide
 * in it. Refused: every format character (\p{Cf}) and control character (\p{Cc}), and line separators, except
 * line breaks and tabs in the few fields that are paragraphs (descriptions), and the zero-width (non-)joiner
 * between two letters of a script that needs them (Persian, Indic scripts, emoji sequences).
 */
const FORMAT_OR_CONTROL = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u;
const JOINERS = new Set(['\u200c', '\u200d']);
const PARAGRAPH = new Set(['\n', '\r', '\t']);

export function hiddenCharacterIn(text: string, options: { multiline?: boolean } = {}): { index: number; codePoint: string } | null {
  if (!FORMAT_OR_CONTROL.test(text)) return null;
  const chars = [...text];
  let index = 0;
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i]!;
    if (FORMAT_OR_CONTROL.test(char)) {
      const joins = JOINERS.has(char) && i > 0 && i < chars.length - 1 && chars[i - 1]!.codePointAt(0)! > 0x7f && !FORMAT_OR_CONTROL.test(chars[i - 1]!) && !/\s/u.test(chars[i + 1]!);
      const breaks = options.multiline === true && PARAGRAPH.has(char);
      if (!joins && !breaks) return { index, codePoint: `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` };
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
 * apostrophes and hyphens, at least one letter. No digits, punctuation, symbols, links or hidden characters:
 * a name is printed in greetings, on invoices, on a centre's lists, and must not carry a message.
 */
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '’ʼ\-‐][\p{L}\p{M}]*)*$/u;
export const isPersonName = (text: string) => PERSON_NAME.test(text) && /\p{L}/u.test(text);

export const PERSON_NAME_RULE = 'person_name';

/** `z.string()` for a first or last name: trimmed, 2 to 60 characters, letters and their marks, spaces, apostrophes, hyphens. */
export const PersonName = z
  .string()
  .trim()
  .min(2)
  .max(60)
  // Too short is the length's to say: this rule speaks of what the name holds.
  .refine((name) => name.length < 2 || isPersonName(name), { message: 'A name holds letters, spaces, apostrophes and hyphens only', params: { rule: PERSON_NAME_RULE } });
