/**
 * Typed keys (decision 025, session 30): each namespace's keys are the English catalogue's, read by
 * the type checker from the JSON file itself (`typeof en.json`), so no generated file can go
 * stale. A `t` over namespaces takes their keys, a plural key's base (`items` for `items_one`),
 * the fallbacks' (`translation`, `forms`) and any namespace's with its prefix; a call with a key
 * no catalogue has fails `tsc`. The other 30 languages carry exactly English's keys (catalogue-check.ts).
 */
import type { TOptions } from './translator.ts';
import type translation from '../../locales/en.json';
import type accounts from '../../locales/accounts/en.json';
import type agent from '../../locales/agent/en.json';
import type chat from '../../locales/chat/en.json';
import type forms from '../../locales/forms/en.json';
import type games from '../../locales/games/en.json';
import type house from '../../locales/house/en.json';
import type lotteryRules from '../../locales/lottery-rules/en.json';
import type lottery from '../../locales/lottery/en.json';
import type messages from '../../locales/messages/en.json';
import type originalsBaccarat from '../../locales/originals-baccarat/en.json';
import type originalsBlackjack from '../../locales/originals-blackjack/en.json';
import type originalsCards from '../../locales/originals-cards/en.json';
import type originalsCrash from '../../locales/originals-crash/en.json';
import type originalsTables from '../../locales/originals-tables/en.json';
import type originals from '../../locales/originals/en.json';
import type pages from '../../locales/pages/en.json';
import type profile from '../../locales/profile/en.json';
import type promotions from '../../locales/promotions/en.json';
import type raffles from '../../locales/raffles/en.json';
import type records from '../../locales/records/en.json';
import type rewards from '../../locales/rewards/en.json';
import type vip from '../../locales/vip/en.json';
import type wallet from '../../locales/wallet/en.json';

/** Every namespace's English catalogue, by namespace (a folder of locales/; translation is the shell's files). */
export interface Catalogues {
  translation: typeof translation;
  accounts: typeof accounts;
  agent: typeof agent;
  chat: typeof chat;
  forms: typeof forms;
  games: typeof games;
  house: typeof house;
  'lottery-rules': typeof lotteryRules;
  lottery: typeof lottery;
  messages: typeof messages;
  'originals-baccarat': typeof originalsBaccarat;
  'originals-blackjack': typeof originalsBlackjack;
  'originals-cards': typeof originalsCards;
  'originals-crash': typeof originalsCrash;
  'originals-tables': typeof originalsTables;
  originals: typeof originals;
  pages: typeof pages;
  profile: typeof profile;
  promotions: typeof promotions;
  raffles: typeof raffles;
  records: typeof records;
  rewards: typeof rewards;
  vip: typeof vip;
  wallet: typeof wallet;
}

export type Namespace = keyof Catalogues;

type PluralBase<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : never;

/** The keys of one namespace or of each of a union of them: as written, and a plural key's base. */
export type Key<NS extends Namespace> = NS extends Namespace
  ? (keyof Catalogues[NS] & string) | PluralBase<keyof Catalogues[NS] & string>
  : never;

/** Any namespace's key with its prefix: `pages:title`. */
type PrefixedKey = { [NS in Namespace]: `${NS}:${Key<NS>}` }[Namespace];

/** What a `t` over `NS` reads: their keys, the fallbacks' (`translation`, `forms`), any prefixed key. */
export type KeyIn<NS extends Namespace> = Key<NS | 'translation' | 'forms'> | PrefixedKey;

/** A `t` whose key must be one of the catalogues' (`KeyIn<NS>`). */
export type TypedT<NS extends Namespace> = (key: KeyIn<NS>, options?: TOptions) => string;

/** A namespace, or a list of them, as `useTranslation` takes it. */
export type Namespaces = Namespace | readonly Namespace[];

/** The namespaces named by `N`. */
export type NamespacesOf<N extends Namespaces> = N extends readonly (infer Each extends Namespace)[]
  ? Each
  : N extends Namespace
    ? N
    : never;

/**
 * `s.toLowerCase()` typed as the lower-case of its literal type (the standard library says
 * `string`), so a key built from a known union stays a union: `` t(`fb_type_${lower(type)}`) ``.
 */
export function lower<S extends string>(s: S): Lowercase<S> {
  return s.toLowerCase() as Lowercase<S>;
}

/** What `s.replace('-', '_')` gives, for a literal type. */
export type Underscored<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${B}` : S;

/**
 * `s.replace('-', '_')` typed as its literal's (the standard library says `string`), so a key
 * built from a known union stays a union: `` t(`sicbo_${underscored(spot.type)}`) ``.
 */
export function underscored<S extends string>(s: S): Underscored<S> {
  return s.replace('-', '_') as Underscored<S>;
}
