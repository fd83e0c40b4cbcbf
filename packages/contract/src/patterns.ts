/**
 * The validation pattern catalogue (DESIGN.md §2). The server sends, per register field,
 * `{enabled, required, acceptedPattern, patternId, minLength, maxLength}`; the client validates
 * with `acceptedPattern` ("*" matches anything) and uses `patternId` only to pick the message
 * `reg_pattern_<id>`, with (min) and (max) filled in.
 */
export interface PatternDef {
  readonly id: number;
  /** What the pattern accepts, in words (English). */
  readonly kind: string;
  /** Regular expression source (JavaScript syntax, no flags), or "*" for any value. */
  readonly acceptedPattern: string;
  /** English message of `reg_pattern_<id>`; (min) and (max) are placeholders. */
  readonly message: string;
}

const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff';
const CJK_PUNCT = '\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20\\u2018-\\u201d\\u00b7';

export const patternCatalogue: readonly PatternDef[] = [
  { id: 0, kind: 'length only', acceptedPattern: '*', message: 'Please enter (min)-(max) characters' },
  {
    id: 1,
    kind: 'a letter first, then letters and digits',
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    message: 'Start with a letter, then letters or digits, (min)-(max) characters',
  },
  {
    id: 2,
    kind: 'Chinese and digits',
    acceptedPattern: `^[${HAN}0-9]+$`,
    message: 'Chinese characters and digits only, (min)-(max) characters',
  },
  {
    id: 3,
    kind: 'a valid e-mail address',
    acceptedPattern:
      "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\\.[A-Za-z]{2,}$",
    message: 'Please enter a valid e-mail address of (min)-(max) characters',
  },
  {
    id: 4,
    kind: 'letters and digits, no special characters',
    acceptedPattern: '^[A-Za-z0-9]+$',
    message: 'Letters and digits only, no special characters, (min)-(max) characters',
  },
  {
    id: 5,
    kind: 'must mix letters and digits',
    acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
    message: 'Must contain both letters and digits, (min)-(max) characters',
  },
  { id: 6, kind: 'digits only', acceptedPattern: '^[0-9]+$', message: 'Digits only, (min)-(max) digits' },
  {
    id: 7,
    kind: 'letters and digits with at least one uppercase letter',
    acceptedPattern: '^(?=.*[A-Z])[A-Za-z0-9]+$',
    message: 'Letters and digits with at least one uppercase letter, (min)-(max) characters',
  },
  {
    id: 8,
    kind: 'English letters and spaces only',
    acceptedPattern: '^[A-Za-z ]+$',
    message: 'English letters and spaces only, (min)-(max) characters',
  },
  {
    id: 9,
    kind: 'no spaces',
    acceptedPattern: '^\\S+$',
    message: 'No spaces allowed, (min)-(max) characters',
  },
  {
    id: 10,
    kind: 'Chinese characters and punctuation',
    acceptedPattern: `^[${HAN}${CJK_PUNCT}]+$`,
    message: 'Chinese characters and punctuation only, (min)-(max) characters',
  },
  {
    id: 11,
    kind: 'a date as yyyy-MM-dd',
    acceptedPattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
    message: 'Please enter a date as yyyy-MM-dd',
  },
  {
    id: 12,
    kind: 'letters and a space',
    acceptedPattern: '^[A-Za-z]+(?: [A-Za-z]+)*$',
    message: 'Letters separated by single spaces, (min)-(max) characters',
  },
  {
    id: 13,
    kind: 'a date as MM-dd-yyyy',
    acceptedPattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$',
    message: 'Please enter a date as MM-dd-yyyy',
  },
  {
    id: 14,
    kind: 'letters and digits only',
    acceptedPattern: '^[A-Za-z0-9]+$',
    message: 'Letters and digits only, (min)-(max) characters',
  },
  {
    id: 15,
    kind: 'Korean only',
    acceptedPattern: '^[\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f]+$',
    message: 'Korean only, (min)-(max) characters',
  },
  {
    id: 16,
    kind: 'Thai only',
    acceptedPattern: '^[\\u0e00-\\u0e7f]+$',
    message: 'Thai only, (min)-(max) characters',
  },
  {
    id: 17,
    kind: 'Thai or English, with spaces',
    acceptedPattern: '^[\\u0e00-\\u0e7fA-Za-z ]+$',
    message: 'Thai or English letters and spaces, (min)-(max) characters',
  },
  {
    id: 18,
    kind: 'uppercase letters and spaces, at least one letter',
    acceptedPattern: '^(?=.*[A-Z])[A-Z ]+$',
    message: 'Uppercase letters and spaces, (min)-(max) characters',
  },
  {
    id: 19,
    kind: 'letters, digits and symbols',
    acceptedPattern: '^[\\x21-\\x7e]+$',
    message: 'Letters, digits and symbols, (min)-(max) characters',
  },
  {
    id: 20,
    kind: 'uppercase, lowercase, digit and special symbol all required',
    acceptedPattern: '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9\\s])[\\x21-\\x7e]+$',
    message: 'Use uppercase, lowercase, a digit and a symbol, (min)-(max) characters',
  },
  {
    id: 21,
    kind: 'full name, first and last name separated by a space',
    acceptedPattern: "^[A-Za-z][A-Za-z'-]* [A-Za-z][A-Za-z'-]*$",
    message: 'Enter your full name as "First Last", (min)-(max) characters',
  },
  {
    id: 22,
    kind: 'full-width Hiragana, Katakana or Kanji, no spaces',
    acceptedPattern: `^[\\u3040-\\u309f\\u30a0-\\u30ff${HAN}]+$`,
    message: 'Full-width Hiragana, Katakana or Kanji without spaces, (min)-(max) characters',
  },
  {
    id: 23,
    kind: 'uppercase English letters only, no spaces',
    acceptedPattern: '^[A-Z]+$',
    message: 'Uppercase English letters only, (min)-(max) characters',
  },
];

export function patternById(id: number): PatternDef | undefined {
  return patternCatalogue[id];
}

export interface FieldRule {
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: number;
  minLength: number;
  maxLength: number;
}

const compiled = new Map<string, RegExp>();
function compile(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source);
    compiled.set(source, re);
  }
  return re;
}

/** True when `value` matches `acceptedPattern` ("*" matches anything). */
export function matchesPattern(acceptedPattern: string, value: string): boolean {
  return acceptedPattern === '*' || compile(acceptedPattern).test(value);
}

export type FieldProblem =
  { kind: 'required' } | { kind: 'pattern'; messageKey: string; min: number; max: number };

/**
 * Checks one value against its rule. An empty value is a problem only when the rule requires it
 * (or the caller forces it); a present value must match the pattern and lie within the bounds.
 */
export function validateField(
  rule: FieldRule,
  raw: string | undefined | null,
  forceRequired = false,
): FieldProblem | null {
  const value = raw ?? '';
  if (value === '') return rule.required || forceRequired ? { kind: 'required' } : null;
  const length = [...value].length;
  const fits = length >= rule.minLength && length <= rule.maxLength;
  if (fits && matchesPattern(rule.acceptedPattern, value)) return null;
  return {
    kind: 'pattern',
    messageKey: `reg_pattern_${rule.patternId}`,
    min: rule.minLength,
    max: rule.maxLength,
  };
}

/** Fills (min) and (max); when they are equal only one number is shown. */
export function formatPatternMessage(template: string, min: number, max: number): string {
  if (min === max)
    return template.replace(/\(min\)\s*-\s*\(max\)/g, String(min)).replace(/\((min|max)\)/g, String(min));
  return template.replace(/\(min\)/g, String(min)).replace(/\(max\)/g, String(max));
}

/** English messages keyed `reg_pattern_<id>`, the source of the web's English catalogue. */
export const patternMessages: Record<string, string> = Object.fromEntries(
  patternCatalogue.map((p) => [`reg_pattern_${p.id}`, p.message]),
);
