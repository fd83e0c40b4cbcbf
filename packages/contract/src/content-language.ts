import type { ErrorDef } from './errors.ts';
import { defaultLanguageLabelMap } from './constants.ts';
import { memberLanguages } from './member.ts';

/**
 * Content in the player's language (issue 33, decision 047). Notices, promotions, banners, help
 * articles and points-mall goods are written in English (the item's own row) and may carry a
 * version per language. A player is answered in the version of the language asked for, else
 * English (the item's own text, always there); a request that names no language reads the brand's
 * default language's version, else English (decision 047, amended for issue 33).
 */

/** The kinds of content that carry per-language versions. */
export const contentKinds = ['notice', 'banner', 'help', 'goods'] as const;
export type ContentKind = (typeof contentKinds)[number];

/** The language an item's own row is written in; its versions are the other languages. */
export const CONTENT_BASE_LANGUAGE = 'en';

export const ContentLanguageErrors = {
  languageInvalid: {
    code: 'language.invalid',
    status: 400,
    message: 'The language is not one this site is written in',
  },
} as const satisfies Record<string, ErrorDef>;

/**
 * The language a request names, as one of the 31 catalogue codes: by code in any case ("my",
 * "ZH-cn") or by a picker label ("MY", "CN", "EN" as the original client sends them), else null.
 */
export function contentLanguageOf(requested: string, labels: Record<string, string> = {}): string | null {
  const wanted = requested.trim().replace('_', '-');
  if (!wanted) return null;
  const byCode = memberLanguages.find((code) => code.toLowerCase() === wanted.toLowerCase());
  if (byCode) return byCode;
  const label = wanted.toUpperCase();
  const mapped = labels[label] ?? defaultLanguageLabelMap[label];
  return mapped
    ? (memberLanguages.find((code) => code.toLowerCase() === mapped.toLowerCase()) ?? null)
    : null;
}

/**
 * The order versions are looked for in: the language asked for (or, when a request names none, the
 * brand's default), then English. English is every item's own text, so the chain ends there: a
 * Persian or Bengali reader whose language has no version reads English, never the brand's Burmese
 * (set in a script their fonts may not draw).
 */
export function contentLanguageChain(first: string): string[] {
  return [...new Set([first, CONTENT_BASE_LANGUAGE])];
}
