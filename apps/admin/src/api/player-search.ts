import type { backoffice } from '@app/contract';

/**
 * The players' search has one box: what was typed says which key it is. An e-mail has an `@`;
 * an IP is dotted numbers (or has a colon, IPv6); a number of 9 or more digits with no `+` is a bank
 * account; other digits (a leading `+` and the dialing code dropped) a phone; anything else a
 * username. A key chosen by hand wins over the guess.
 */
export function guessSearchKey(typed: string): backoffice.PlayerSearchKey {
  const q = typed.trim();
  if (q.includes('@')) return 'email';
  if (/^\d{1,3}\.\d{0,3}(\.\d{0,3}){0,2}$/.test(q) || /^[0-9a-f]{0,4}:[0-9a-f:]*$/i.test(q)) return 'ip';
  if (/^\+[\d\s-]+$/.test(q)) return 'phone';
  if (/^\d[\d\s-]*$/.test(q)) return q.replace(/\D/g, '').length >= 9 ? 'bank' : 'phone';
  return 'username';
}

/** The prefix the server is sent for a key: phones and bank accounts as digits only. */
export function searchPrefix(key: backoffice.PlayerSearchKey, typed: string): string {
  const q = typed.trim();
  if (key === 'bank') return q.replace(/\D/g, '');
  if (key === 'phone') {
    // "+63 912 345" → the number without its dialing code: the search matches the national number.
    const m = /^\+(\d{1,3})[\s-]+(.*)$/.exec(q);
    return (m ? m[2]! : q).replace(/\D/g, '');
  }
  return q;
}

export const SEARCH_KEY_LABEL: Record<backoffice.PlayerSearchKey, string> = {
  username: 'Username',
  phone: 'Phone',
  email: 'E-mail',
  bank: 'Bank account',
  ip: 'IP address',
};
