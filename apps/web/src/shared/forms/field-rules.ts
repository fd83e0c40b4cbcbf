import { formatPatternMessage, Limits, validateField, type Country, type FieldRule } from '@app/contract';
import type { TFunction } from '../i18n/translator.ts';
import type { FieldError, FieldValues, Resolver } from './use-form.ts';

/** Fields whose format failure has its own sentence in spec B §8 (ER-31..ER-35). */
const formatKeys: Record<string, string> = {
  username: 'error_account_format',
  password: 'error_password_format',
  newPassword: 'error_password_format',
  paymentPassword: 'error_password_format',
  payeeName: 'error_real_name_format',
  mobileNum: 'error_phone_format',
  email: 'error_email_format',
};

export interface RuleCheckOptions {
  /** Required whatever the rule says (username and password when shown, spec B §5). */
  forceRequired?: boolean;
  /** The sentence for an empty value; "input cannot be empty" (ER-39) by default. */
  emptyKey?: string;
}

/** The `reg_pattern_<id>` message of a rule with (min) and (max) filled in (RG-37). */
export function patternHint(rule: FieldRule, t: TFunction): string {
  return formatPatternMessage(t(`reg_pattern_${rule.patternId}`), rule.minLength, rule.maxLength);
}

/**
 * What is wrong with `value` under the server's rule for `field`, in words, or null. The rule's
 * acceptedPattern decides (its patternId only picks the message, DESIGN.md §2); a field with its
 * own format sentence says it first, then the pattern's hint.
 */
export function ruleProblem(
  field: string,
  rule: FieldRule | undefined,
  value: string,
  t: TFunction,
  options: RuleCheckOptions = {},
): string | null {
  if (!rule) return options.forceRequired && !value ? t(options.emptyKey ?? 'error_input_empty') : null;
  const problem = validateField(rule, value, options.forceRequired ?? false);
  if (!problem) return null;
  if (problem.kind === 'required') return t(options.emptyKey ?? 'error_input_empty');
  const hint = formatPatternMessage(t(problem.messageKey), problem.min, problem.max);
  const format = formatKeys[field];
  return format ? `${t(format)}: ${hint}` : hint;
}

/** The national number as the server compares it: separators and a trunk 0 dropped. */
export function nationalDigits(raw: string): string {
  return raw.replace(/[\s-]/g, '').replace(/^0+/, '');
}

/**
 * A mobile number for the chosen country (RG-25): digits only (ER-32), with one of the digit
 * counts the country allows (ER-41).
 */
export function phoneProblem(
  raw: string,
  country: Pick<Country, 'numberLengths'> | undefined,
  t: TFunction,
  required = true,
): string | null {
  const compact = raw.replace(/[\s-]/g, '');
  if (!compact) return required ? t('error_mobile_invalid') : null;
  if (!/^[0-9]+$/.test(compact)) return t('error_phone_format');
  const digits = nationalDigits(compact);
  if (country && country.numberLengths.length > 0 && !country.numberLengths.includes(digits.length))
    return t('error_mobile_invalid');
  return null;
}

/** A verification code: present and at most 255 characters (RG-22, ER-40). */
export function codeProblem(raw: string, t: TFunction, rule?: FieldRule): string | null {
  const value = raw.trim();
  if (!value || value.length > Limits.verificationCodeMaxLength) return t('error_code_invalid_input');
  if (rule && validateField({ ...rule, required: true }, value)) return t('error_code_invalid_input');
  return null;
}

/** What is wrong with a field's value, in words, or null; `values` is the whole form, for a field checked against another. */
export type FieldCheck<V, T> = (value: T, values: V) => string | null;

/** One check per field of a form, in the order its errors are listed; null takes any value. */
export type FormChecks<V extends FieldValues> = { [K in keyof V]: FieldCheck<V, V[K]> | null };

/** Each failing field's sentence, in the order of `checks`. */
export function fieldProblems<V extends FieldValues>(
  checks: FormChecks<V>,
  values: V,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of Object.keys(checks)) {
    const message = checks[field]?.(values[field], values);
    if (message) problems[field] = message;
  }
  return problems;
}

/**
 * The forms' resolver (`use-form.ts`) from a form's checks. The forms' rules are all sentences
 * worked out by the functions above; they were carried by zod schemas (`superRefine`) and zod's
 * resolver, which cost the player's forms zod's chunk (20.4 kB gzip) for no check of their own
 * (issue 33, bench/web-size). It answers as zod's resolver for React Hook Form did: every failing
 * field's sentence as a `custom` error (the form shows one per field), in the order of `checks`,
 * or the checked fields' values.
 */
export function checksResolver<V extends FieldValues>(checks: FormChecks<V>): Resolver<V> {
  return async (values) => {
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(fieldProblems(checks, values)))
      errors[field] = { type: 'custom', message };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: Object.fromEntries(Object.keys(checks).map((f) => [f, values[f]])) as V, errors: {} };
  };
}

/**
 * The checks of a phone-and-code field group: a number for the picked country, and when the site
 * has a rule for the number (the SMS login), that rule too; then the code.
 */
export function phoneCodeChecks(
  country: Pick<Country, 'numberLengths'> | undefined,
  t: TFunction,
  rule?: FieldRule,
): { mobileNum: (value: string) => string | null; code: (value: string) => string | null } {
  return {
    mobileNum: (v) =>
      phoneProblem(v, country, t) ??
      (rule
        ? ruleProblem('mobileNum', rule, nationalDigits(v), t, {
            forceRequired: true,
            emptyKey: 'error_mobile_invalid',
          })
        : null),
    code: (v) => codeProblem(v, t),
  };
}
