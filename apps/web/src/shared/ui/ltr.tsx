import { Fragment, type ReactNode } from 'react';
import type { TFunction, TOptions } from '../i18n/translator.ts';
import { i18n } from '../i18n/i18n.ts';
import { isRtl } from '../i18n/language.ts';

/**
 * Bidirectional isolation of data inside a page's text (decision 044): in Arabic, Persian and Urdu a
 * draw number ("20261130-0336"), a signed amount ("+291.00"), an order or account number, a date
 * with dashes or a Latin name keeps its own order and punctuation instead of taking the page's
 * right-to-left flow ("0336-20261130", "291.00+", ".Lucky Lotus Co., Ltd").
 */

/** Data that always reads left to right: numbers, amounts, draw and order numbers, account numbers. */
export function Ltr({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <bdi dir="ltr" className={className} data-testid={testId}>
      {children}
    </bdi>
  );
}

/**
 * A name from outside the page (a bank, an account holder, a username, a game title): isolated,
 * its direction taken from its own first strong letter, so a Latin name keeps its full stop at its
 * end and an Arabic one reads right to left.
 */
export function Isolate({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <bdi dir="auto" className={className} data-testid={testId}>
      {children}
    </bdi>
  );
}

/** Whether the page reads right to left: its language's direction (the document takes it from there too). */
function pageIsRtl(): boolean {
  return isRtl(i18n.language);
}

/**
 * The same for plain text (an `<option>`, a message string): first-strong isolate … pop directional
 * isolate, the direction from the text's first letter (a name). Only on a right-to-left page: in a
 * left-to-right one the order is right already, and the invisible marks would go with the text
 * wherever a player copies it (an order number pasted into a search).
 */
export function isolateText(text: string | number, rtl = pageIsRtl()): string {
  return rtl ? `\u2068${text}\u2069` : String(text);
}

/** Left-to-right isolate … pop directional isolate: plain-text data that reads left to right (RTL pages only). */
export function ltrText(text: string | number, rtl = pageIsRtl()): string {
  return rtl ? `\u2066${text}\u2069` : String(text);
}

// Private-use marks that no catalogue carries: where each value goes in the translated text.
const MARK = '\uE000';
const MARKS = new RegExp(`${MARK}(\\w+)${MARK}`, 'g');

/**
 * A translated message whose data values are isolated left to right: `ltrMessage(t, 'numero_no',
 * { numero })` renders "السحب رقم <bdi dir="ltr">20261130-0336</bdi>". Other options (count, …) go
 * to `t` unchanged through `options`.
 */
export function ltrMessage(
  t: TFunction,
  key: string,
  values: Record<string, string | number>,
  options?: TOptions,
): ReactNode {
  const marked: TOptions = { ...options };
  for (const name of Object.keys(values)) marked[name] = `${MARK}${name}${MARK}`;
  const parts = t(key, marked).split(MARKS);
  // split with one capture group: text, name, text, name, …, text.
  return parts.map((part, i) =>
    i % 2 === 0 ? <Fragment key={i}>{part}</Fragment> : <Ltr key={i}>{values[part] ?? part}</Ltr>,
  );
}
