import { describe, expect, it } from 'vitest';
import {
  formatPatternMessage,
  matchesPattern,
  patternById,
  patternCatalogue,
  patternMessages,
  validateField,
  type FieldRule,
} from './patterns.ts';

/** A rule as the server sends it for one pattern, with bounds wide enough that only the pattern decides. */
function ruleFor(patternId: number, minLength = 1, maxLength = 64): FieldRule {
  return {
    enabled: true,
    required: true,
    acceptedPattern: patternById(patternId)!.acceptedPattern,
    patternId,
    minLength,
    maxLength,
  };
}

const accepts = (id: number, value: string) => validateField(ruleFor(id), value) === null;

/** Per pattern id: the checklist id, what it accepts, values it must accept and values it must refuse. */
const cases: { id: number; rg: string; kind: string; ok: string[]; bad: string[] }[] = [
  {
    id: 1,
    rg: 'RG-39',
    kind: 'a letter first, then letters and digits',
    ok: ['abc123', 'A1', 'z'],
    bad: ['1abc', 'ab_c', 'ab c', 'äbc'],
  },
  {
    id: 2,
    rg: 'RG-40',
    kind: 'Chinese and digits',
    ok: ['张三123', '中文', '2024年'],
    bad: ['abc', '张 三', '张三!'],
  },
  {
    id: 3,
    rg: 'RG-41',
    kind: 'a valid e-mail address',
    ok: ['john.doe+tag@example.co.uk', 'a@b.io'],
    bad: ['john@', 'john@example', 'a b@example.com', '@example.com', 'john@@example.com'],
  },
  {
    id: 4,
    rg: 'RG-42',
    kind: 'letters and digits, no special characters',
    ok: ['abc123', 'ABC', '42'],
    bad: ['abc_123', '中文', 'a-b', 'a b'],
  },
  {
    id: 5,
    rg: 'RG-43',
    kind: 'a mix of letters and digits',
    ok: ['abc123', '1a'],
    bad: ['abcdef', '123456', 'abc-123'],
  },
  { id: 6, rg: 'RG-44', kind: 'digits only', ok: ['0123456789', '7'], bad: ['12a', '12 3', '-1', '１２'] },
  {
    id: 7,
    rg: 'RG-45',
    kind: 'letters and digits with an uppercase letter',
    ok: ['Abc123', 'ABC', 'a1B'],
    bad: ['abc123', 'Abc_123', '123'],
  },
  {
    id: 8,
    rg: 'RG-46',
    kind: 'English letters and spaces',
    ok: ['John Smith', 'abc'],
    bad: ['John3', 'Jöhn', 'John-Smith'],
  },
  {
    id: 9,
    rg: 'RG-47',
    kind: 'anything without spaces',
    ok: ['a_b-c!', '中文', 'x'],
    bad: ['a b', 'tab\there', ' lead'],
  },
  {
    id: 10,
    rg: 'RG-48',
    kind: 'Chinese characters and punctuation',
    ok: ['你好，世界。', '「中文」'],
    bad: ['hello', '你好 world', '中文1'],
  },
  {
    id: 11,
    rg: 'RG-49',
    kind: 'a yyyy-MM-dd date',
    ok: ['2024-02-29', '1999-12-31'],
    bad: ['2024-13-01', '29-02-2024', '2024-2-1', '2024-01-32'],
  },
  {
    id: 12,
    rg: 'RG-50',
    kind: 'letters separated by a space',
    ok: ['John Smith', 'Jo'],
    bad: ['John  Smith', ' John', 'John1', 'John '],
  },
  {
    id: 13,
    rg: 'RG-51',
    kind: 'an MM-dd-yyyy date',
    ok: ['12-31-1999', '02-29-2024'],
    bad: ['1999-12-31', '13-01-2000', '1-1-2000'],
  },
  {
    id: 14,
    rg: 'RG-52',
    kind: 'letters and digits only',
    ok: ['abc123', 'Z9'],
    bad: ['abc 123', 'abc!', '中文'],
  },
  { id: 15, rg: 'RG-53', kind: 'Korean only', ok: ['한국어', '김철수'], bad: ['abc', '한국 어', '한국1'] },
  { id: 16, rg: 'RG-54', kind: 'Thai only', ok: ['ภาษาไทย', 'สมชาย'], bad: ['thai', 'ไทย1', 'ไทย ไทย'] },
  {
    id: 17,
    rg: 'RG-55',
    kind: 'Thai or English with spaces',
    ok: ['สวัสดี Hello', 'John Smith', 'สมชาย'],
    bad: ['Hello1', '你好', 'a_b'],
  },
  {
    id: 18,
    rg: 'RG-56',
    kind: 'uppercase letters and spaces with at least one letter',
    ok: ['JOHN SMITH', 'A'],
    bad: ['John', '   ', 'JOHN1'],
  },
  {
    id: 19,
    rg: 'RG-57',
    kind: 'letters, digits and symbols',
    ok: ['Abc123!@#', 'a.b'],
    bad: ['abc 123', '中文', 'tab\t'],
  },
  {
    id: 20,
    rg: 'RG-58',
    kind: 'uppercase, lowercase, digit and symbol together',
    ok: ['Abcdef1!', 'x#Y9'],
    bad: ['abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdef12', 'Ab 1!'],
  },
  {
    id: 21,
    rg: 'RG-59',
    kind: 'a full name "First Last"',
    ok: ['John Smith', "Mary-Jane O'Neil"],
    bad: ['John', 'John  Smith', 'John Smith Jr', ' John Smith'],
  },
  {
    id: 22,
    rg: 'RG-60',
    kind: 'full-width Hiragana, Katakana or Kanji without spaces',
    ok: ['やまだタロウ山田', 'ひらがな'],
    bad: ['ﾔﾏﾀﾞ', '山田 太郎', 'abc'],
  },
  {
    id: 23,
    rg: 'RG-61',
    kind: 'uppercase English letters only',
    ok: ['ABC', 'Z'],
    bad: ['ABC DEF', 'Abc', 'ABC1'],
  },
];

describe('validation pattern catalogue', () => {
  it('RG-36 pattern ids run 0 to 23, each with a compiling acceptedPattern and a reg_pattern_<id> message', () => {
    expect(patternCatalogue.map((p) => p.id)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    for (const p of patternCatalogue) {
      expect(patternById(p.id)).toBe(p);
      if (p.acceptedPattern !== '*') expect(() => new RegExp(p.acceptedPattern)).not.toThrow();
      expect(patternMessages[`reg_pattern_${p.id}`]).toBe(p.message);
    }
    expect(patternById(24)).toBeUndefined();
    expect(Object.keys(patternMessages)).toHaveLength(24);
  });

  it('RG-36 validation uses acceptedPattern; patternId only picks the message key', () => {
    // A rule that names pattern 6 (digits) but sends "*" accepts letters: the client trusts acceptedPattern.
    const loose: FieldRule = {
      enabled: true,
      required: true,
      acceptedPattern: '*',
      patternId: 6,
      minLength: 1,
      maxLength: 10,
    };
    expect(validateField(loose, 'abc')).toBeNull();
    // And a rule that names pattern 0 but sends the digits pattern refuses letters, with message key reg_pattern_0.
    const strict: FieldRule = { ...loose, acceptedPattern: patternById(6)!.acceptedPattern, patternId: 0 };
    expect(validateField(strict, 'abc')).toEqual({
      kind: 'pattern',
      messageKey: 'reg_pattern_0',
      min: 1,
      max: 10,
    });
    expect(matchesPattern('*', '')).toBe(true);
  });

  it('RG-36 required and optional empty values, and bounds counted in characters', () => {
    const rule = ruleFor(2, 2, 4);
    expect(validateField(rule, '')).toEqual({ kind: 'required' });
    expect(validateField(rule, undefined)).toEqual({ kind: 'required' });
    expect(validateField({ ...rule, required: false }, '')).toBeNull();
    expect(validateField({ ...rule, required: false }, null, true)).toEqual({ kind: 'required' });
    // Four Chinese characters are four characters, not twelve UTF-8 bytes.
    expect(validateField(rule, '中文中文')).toBeNull();
    expect(validateField(rule, '中文中文中')).toMatchObject({ kind: 'pattern', messageKey: 'reg_pattern_2' });
  });

  it('RG-38 pattern 0 checks the length only', () => {
    const rule = ruleFor(0, 6, 12);
    expect(patternById(0)!.acceptedPattern).toBe('*');
    for (const v of ['abcdef', '  !@# x', '中文中文中文', 'a b c d e f'])
      expect(validateField(rule, v)).toBeNull();
    expect(validateField(rule, 'abc')).toEqual({
      kind: 'pattern',
      messageKey: 'reg_pattern_0',
      min: 6,
      max: 12,
    });
    expect(validateField(rule, 'x'.repeat(13))).toMatchObject({ kind: 'pattern' });
  });

  for (const c of cases) {
    it(`${c.rg} pattern ${c.id} accepts ${c.kind}`, () => {
      for (const v of c.ok)
        expect(accepts(c.id, v), `pattern ${c.id} should accept ${JSON.stringify(v)}`).toBe(true);
    });
    it(`${c.rg} pattern ${c.id} refuses anything else`, () => {
      for (const v of c.bad) {
        expect(accepts(c.id, v), `pattern ${c.id} should refuse ${JSON.stringify(v)}`).toBe(false);
        expect(validateField(ruleFor(c.id), v)).toMatchObject({ messageKey: `reg_pattern_${c.id}` });
      }
    });
  }
});

describe('pattern messages', () => {
  it('RG-37 fills in (min) and (max)', () => {
    expect(formatPatternMessage('Please enter (min)-(max) characters', 6, 20)).toBe(
      'Please enter 6-20 characters',
    );
    expect(formatPatternMessage('(max) at most, (min) at least', 2, 9)).toBe('9 at most, 2 at least');
    for (const p of patternCatalogue) {
      const text = formatPatternMessage(p.message, 4, 16);
      expect(text).not.toMatch(/\((min|max)\)/);
    }
  });

  it('RG-37 shows one number when min equals max', () => {
    expect(formatPatternMessage('Please enter (min)-(max) characters', 8, 8)).toBe(
      'Please enter 8 characters',
    );
    expect(formatPatternMessage('Digits only, (min) - (max) digits', 6, 6)).toBe('Digits only, 6 digits');
    expect(formatPatternMessage(patternMessages.reg_pattern_6!, 6, 6)).toBe('Digits only, 6 digits');
    expect(formatPatternMessage('Please enter a date as yyyy-MM-dd', 10, 10)).toBe(
      'Please enter a date as yyyy-MM-dd',
    );
  });
});
