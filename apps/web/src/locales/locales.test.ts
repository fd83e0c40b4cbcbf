import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerKindCodes } from '@app/contract';
import { checkCatalogues } from '../../catalogue-check.ts';
import { catalogueLanguageCodes, untranslated } from './languages.ts';

type Catalogue = Record<string, string>;
const files = import.meta.glob<Catalogue>('./**/*.json', { eager: true, import: 'default' });

/** Catalogues by namespace folder ('' for the shell's translation namespace) and language. */
function byNamespace(): Map<string, Map<string, Catalogue>> {
  const out = new Map<string, Map<string, Catalogue>>();
  for (const [path, strings] of Object.entries(files)) {
    const parts = path.replace(/^\.\//, '').split('/');
    const language = parts.pop()!.replace(/\.json$/, '');
    const ns = parts.join('/');
    if (!out.has(ns)) out.set(ns, new Map());
    out.get(ns)!.set(language, strings);
  }
  return out;
}

/** The languages every catalogue of the shell and pages namespaces is written in. */
const languages = ['en', 'my', 'zh-CN', 'zh-TW', 'ja', 'th', 'vi', 'pt'];
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('every namespace has a file in each of the 31 languages with exactly the English keys, or declares it untranslated (the build runs the same check)', () => {
    expect(catalogueLanguageCodes).toHaveLength(31);
    expect(checkCatalogues()).toEqual([]);
  });

  it('LN-06 catalogues exist for the 31 languages the spec names, each complete: every namespace, every English key, none empty, placeholders kept, none declared untranslated', () => {
    // The spec's list (B §9), by name, and the code each is served under.
    const spec: Record<string, string> = {
      Chinese: 'zh-CN',
      English: 'en',
      Japanese: 'ja',
      Thai: 'th',
      Vietnamese: 'vi',
      Burmese: 'my',
      Spanish: 'es',
      Hindi: 'hi',
      Indonesian: 'id',
      Khmer: 'km',
      Korean: 'ko',
      Malay: 'ms',
      Portuguese: 'pt',
      Tamil: 'ta',
      'Traditional Chinese': 'zh-TW',
      Tagalog: 'tl',
      Urdu: 'ur',
      'Roman Urdu': 'ur-Latn',
      'Brazilian Portuguese': 'pt-BR',
      Turkish: 'tr',
      Bengali: 'bn',
      Arabic: 'ar',
      Persian: 'fa',
      Russian: 'ru',
      Kazakh: 'kk',
      Uzbek: 'uz',
      Lao: 'lo',
      Nepali: 'ne',
      French: 'fr',
      Telugu: 'te',
      Swahili: 'sw',
    };
    expect(Object.keys(spec)).toHaveLength(31);
    expect([...catalogueLanguageCodes].sort()).toEqual(Object.values(spec).sort());
    expect(Object.values(untranslated).flat()).toEqual([]);
    const all = byNamespace();
    // Every namespace folder, and the shell's files beside them.
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(all.size).toBe(folders.length + 1);
    for (const [ns, catalogues] of all) {
      const en = catalogues.get('en')!;
      for (const [name, code] of Object.entries(spec)) {
        const strings = catalogues.get(code);
        expect(strings, `${ns || 'translation'}: ${name} (${code})`).toBeDefined();
        expect(Object.keys(strings!).sort(), `${ns || 'translation'}/${code}`).toEqual(
          Object.keys(en).sort(),
        );
        for (const [key, text] of Object.entries(strings!)) {
          expect(text.trim(), `${ns || 'translation'}/${code}:${key}`).not.toBe('');
          expect(placeholders(text), `${ns || 'translation'}/${code}:${key}`).toEqual(placeholders(en[key]!));
        }
      }
    }
  });

  it('the check names a missing key, an extra key, a lost value and an undeclared missing file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogues-'));
    mkdirSync(join(dir, 'pages'));
    const write = (path: string, strings: Catalogue) =>
      writeFileSync(join(dir, path), JSON.stringify(strings));
    write('en.json', { a: 'A {{name}}', b: 'B' });
    write('ar.json', { a: 'أ', c: 'ج' });
    write('pages/en.json', { p: 'P' });
    write('pages/fa.json', { p: 'پ' });
    expect(checkCatalogues(dir, ['en', 'ar', 'fa'], { pages: ['fa'] })).toEqual([
      'translation/ar.json lacks b',
      'translation/ar.json has keys English has not: c',
      'translation/ar.json a: values none, English has name',
      'translation/fa.json is missing (write it, or declare it in languages.ts untranslated)',
      'pages/ar.json is missing (write it, or declare it in languages.ts untranslated)',
    ]);
    rmSync(dir, { recursive: true });
  });

  it('the check reads messages with formats and ICU blocks (session 30): each language its own branches, a lost value, unpaired braces and a block without other named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogues-'));
    const write = (path: string, strings: Catalogue) =>
      writeFileSync(join(dir, path), JSON.stringify(strings));
    write('en.json', {
      paid: 'Paid {{amount, money}} on {{at, date}}',
      items: '{count, plural, one {# item} other {# items}}',
      kind: '{kind, select, deposit {Deposit} other {Movement}}',
    });
    // Arabic's own plural branches and a value written without its format are fine.
    write('ar.json', {
      paid: 'دفعت {{amount}} في {{at, date}}',
      items: '{count, plural, one {عنصر} two {عنصران} few {# عناصر} many {# عنصرًا} other {# عنصر}}',
      kind: '{kind, select, deposit {إيداع} other {حركة}}',
    });
    write('fa.json', {
      paid: 'پرداخت {{amount, money}}',
      items: '{count, plural, other {# مورد}',
      kind: '{kind, select, deposit {واریز}}',
    });
    expect(checkCatalogues(dir, ['en', 'ar', 'fa'], {})).toEqual([
      'translation/fa.json paid: values amount, English has amount at',
      'translation/fa.json items: its braces do not pair',
      'translation/fa.json kind: a select or plural block has no other branch',
    ]);
    rmSync(dir, { recursive: true });
  });

  it("every key the app's code names in a t('...') call is a key of an English catalogue (no raw key on a page)", () => {
    const english = new Set<string>();
    for (const catalogues of byNamespace().values())
      for (const key of Object.keys(catalogues.get('en') ?? {})) {
        english.add(key);
        english.add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
      }
    const src = join(import.meta.dirname, '..');
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? sources(join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
            ? [join(dir, e.name)]
            : [],
      );
    const unknown: string[] = [];
    let calls = 0;
    for (const file of sources(src))
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w:.-]+)'/g)) {
        calls++;
        if (!english.has(key!.split(':').pop()!)) unknown.push(`${file.slice(src.length + 1)}: ${key}`);
      }
    expect(calls).toBeGreaterThan(1000);
    expect(unknown).toEqual([]);
  });

  it('the declared gaps name only offered languages', () => {
    for (const gaps of Object.values(untranslated))
      for (const language of gaps) expect(catalogueLanguageCodes).toContain(language);
  });

  it('LN-05 the shell and pages catalogues exist in every offered language with every key', () => {
    const all = byNamespace();
    for (const ns of ['', 'pages']) {
      const catalogues = all.get(ns)!;
      const en = catalogues.get('en')!;
      for (const language of languages) {
        const strings = catalogues.get(language);
        expect(strings, `${ns || 'translation'}/${language}`).toBeDefined();
        expect(Object.keys(strings!).sort(), `${ns || 'translation'}/${language}`).toEqual(
          Object.keys(en).sort(),
        );
        for (const [key, text] of Object.entries(strings!)) {
          expect(text.trim(), `${language}:${key}`).not.toBe('');
          expect(placeholders(text), `${language}:${key} placeholders`).toEqual(placeholders(en[key]!));
        }
      }
    }
  });

  it('every translated catalogue of any namespace carries exactly the English keys', () => {
    for (const [ns, catalogues] of byNamespace()) {
      const en = catalogues.get('en');
      if (!en) continue;
      for (const [language, strings] of catalogues) {
        expect(Object.keys(strings).sort(), `${ns}/${language}`).toEqual(Object.keys(en).sort());
      }
    }
  });

  it('LN-05 the keys the spec names are there', () => {
    const en = byNamespace().get('')!.get('en')!;
    for (const key of [
      'in_my_account',
      'in_my_wallet',
      'in_increase_deposit',
      'in_increase_withdrawal',
      'in_transfer_upline',
      'in_betting_record',
      'in_account_record',
      'in_personal_loss',
      'in_bonus_details',
      'in_reward_center',
      'invite_friends',
      'mission_activity',
      'in_platform_information',
      'in_need_true_account',
      'in_increase_submit',
      'hd_event',
    ]) {
      expect(en[key], key).toBeTruthy();
    }
  });

  it('ER-18 ER-19 ER-22 the error messages read as the spec says in English', () => {
    const en = byNamespace().get('')!.get('en')!;
    expect(en.error_network).toBe('Network link abnormal, please retry');
    expect(en.error_chunk_body).toMatch(
      /took too long to load.*check your network or contact customer service/i,
    );
    expect(en.error_system).toMatch(/^System error/);
  });

  it('ER-21 the invalid-URL message says the domain check failed and to contact service', () => {
    const pages = byNamespace().get('pages')!.get('en')!;
    expect(pages.error_invalid_url).toMatch(
      /Invalid URL \(the domain check failed\).*contact customer service/,
    );
  });

  it('ER-43 ER-44 the maintenance and region pages read as the spec says', () => {
    const en = byNamespace().get('')!.get('en')!;
    expect(en.maintenance_title).toBe('System Maintenance');
    expect(en.maintenance_message).toBe('We are currently performing a system maintenance');
    expect(en.region_title).toBe('IP Restriction');
    expect(en.region_message).toMatch(/location or IP address is not allowed/);
  });

  it('every kind of money movement has its label in every records catalogue (a new kind never reaches a player in English only)', () => {
    const records = byNamespace().get('records')!;
    for (const language of languages)
      for (const kind of ledgerKindCodes)
        expect(records.get(language)![`kind_${kind}`], `records/${language}: kind_${kind}`).toBeTruthy();
  });

  it("the home page's originals row names each game as its own page does, in every language (the shell keeps a copy so the home page fetches none of the games' catalogues)", () => {
    const all = byNamespace();
    const own: Record<string, [string, string]> = {
      dice: ['originals', 'game_dice'],
      limbo: ['originals', 'game_limbo'],
      crash: ['originals-crash', 'title'],
      mines: ['originals', 'game_mines'],
      plinko: ['originals', 'game_plinko'],
      keno: ['originals-tables', 'game_keno'],
      wheel: ['originals-tables', 'game_wheel'],
      roulette: ['originals-tables', 'game_roulette'],
      sicbo: ['originals-tables', 'game_sicbo'],
      hilo: ['originals-cards', 'game_hilo'],
      baccarat: ['originals-baccarat', 'game_baccarat'],
      blackjack: ['originals-blackjack', 'game_blackjack'],
    };
    for (const language of catalogueLanguageCodes)
      for (const [code, [ns, key]] of Object.entries(own))
        expect(all.get('')!.get(language)![`originals_row_${code}`], `${language}: ${code}`).toBe(
          all.get(ns)!.get(language)![key],
        );
  });
});
