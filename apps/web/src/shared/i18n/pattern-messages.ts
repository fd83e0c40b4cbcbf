import { patternMessages } from '@app/contract';

/**
 * The `forms` namespace: the validation messages `reg_pattern_<id>` of the contract's pattern
 * catalogue, in English (the source of truth is the contract; catalogues may translate them
 * later). Loaded with the first dialog, never at start: the pattern table is not small.
 */
export function formsStrings(): Record<string, string> {
  return { ...patternMessages };
}
