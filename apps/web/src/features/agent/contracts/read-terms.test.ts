import { describe, expect, it } from 'vitest';
import {
  checkOffer,
  ContractTermsSchema,
  RATE_BP_MAX,
  TIER_ACTIVE_MAX,
  TIER_AMOUNT_MAX,
  TIERS_MAX,
  type ContractTerms,
  type OfferCheck,
  type OfferContext,
} from '@app/contract';
import { checkOfferTerms, readTerms } from './read-terms.ts';

/**
 * The editor reads the terms by hand (read-terms.ts) so that zod stays out of the browser; these
 * tests hold that reading to the contract's schema and `checkOffer`, which the server keeps using,
 * on valid terms of every kind and on each field broken every way an edge allows.
 */

const dividend = {
  kind: 'dividend',
  productType: 'LOTT',
  computationPeriod: 'M',
  resetFrequency: 1,
  periodicTotalBetRequired: 'Y',
  tiers: [
    { minimumBet: 100_000, netLoss: 50_000, activeMember: 3, periodicTotalBet: 10_000, contractRate: 1_000 },
    { minimumBet: 200_000, netLoss: 60_000, activeMember: 5, periodicTotalBet: 20_000, contractRate: 2_000 },
  ],
};
const dailySalary = {
  kind: 'dailySalary',
  productType: 'DEPOSIT',
  tiers: [
    { betVolume: 100_000, activeMember: 2, rateType: 'P', rate: 150 },
    { betVolume: 300_000, activeMember: 4, rateType: 'F', rate: 5_000 },
  ],
};
const hourlySalary = {
  kind: 'hourlySalary',
  productType: 'RNG',
  frequency: 'BH',
  unitValue: 1_000,
  tiers: [{ minimumBet: 10_000, activeMember: 1, rateType: 'P', rate: 50 }],
};
const realTimeSalary = {
  kind: 'realTimeSalary',
  productType: 'LOTT',
  tiers: [
    { betAmount: 100, lossRate: 100, winRate: 0 },
    { betAmount: 1_000, lossRate: 200, winRate: 50 },
  ],
};
const bases: Record<string, unknown>[] = [dividend, dailySalary, hourlySalary, realTimeSalary];

/** Values every field is tried with: absent, empty, of another type, fractions, each bound and past it. */
const edges: unknown[] = [
  undefined,
  null,
  '',
  '1',
  true,
  {},
  [],
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -1,
  -0,
  0,
  1,
  2,
  3,
  4,
  0.5,
  1.5,
  -1.5,
  99,
  100,
  RATE_BP_MAX,
  RATE_BP_MAX + 1,
  TIER_ACTIVE_MAX,
  TIER_ACTIVE_MAX + 1,
  TIER_AMOUNT_MAX,
  TIER_AMOUNT_MAX + 1,
  TIER_AMOUNT_MAX + 0.5,
  Number.MAX_SAFE_INTEGER + 2,
  1e17,
  -1e17,
  'dividend',
  'dailySalary',
  'hourlySalary',
  'realTimeSalary',
  'lottery',
  'LOTT',
  'DEPOSIT',
  'CONS',
  'D',
  'W',
  'M',
  'X',
  'Y',
  'N',
  'H',
  'BH',
  'P',
  'F',
];

/** What a tier list is tried with besides its rows broken one by one. */
const tierLists = (row: unknown): unknown[] => [
  undefined,
  null,
  '',
  'abc',
  'x'.repeat(TIERS_MAX + 1),
  7,
  {},
  { length: 0 },
  { length: null },
  { length: 'many' },
  [],
  [row],
  Array.from({ length: TIERS_MAX }, () => row),
  Array.from({ length: TIERS_MAX + 1 }, () => row),
  Array.from({ length: TIERS_MAX + 1 }, () => null),
  [null],
  [row, null, [], 'row', 5],
  [{ ...(row as object), extra: 1 }],
];

function cases(): unknown[] {
  const out: unknown[] = [
    null,
    undefined,
    'terms',
    7,
    [],
    [dividend],
    {},
    { kind: 'lottery' },
    { kind: null },
  ];
  for (const base of bases) {
    out.push(base, { ...base, extra: 'dropped' }, Object.fromEntries(Object.entries(base).reverse()));
    const tiers = base.tiers as Record<string, unknown>[];
    for (const key of [...Object.keys(base), 'extra'])
      for (const value of edges) out.push({ ...base, [key]: value });
    for (const list of tierLists(tiers[0])) out.push({ ...base, tiers: list });
    for (const key of Object.keys(tiers[0]!))
      for (const value of edges) {
        out.push({ ...base, tiers: [{ ...tiers[0], [key]: value }, ...tiers.slice(1)] });
        // Faults in two rows and two fields at once keep zod's order: rows in order, fields in the schema's.
        out.push({
          ...base,
          productType: value,
          tiers: [...tiers.slice(0, 1), { ...tiers[tiers.length - 1], [key]: value, activeMember: -1 }],
        });
      }
  }
  return out;
}

/** Many faults at once, drawn the same on every run: a field of the terms or of a row per draw. */
function mixed(count: number): unknown[] {
  let seed = 33;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const out: unknown[] = [];
  for (let c = 0; c < count; c++) {
    const base = structuredClone(bases[next(bases.length)]!) as Record<string, unknown>;
    const tiers = base.tiers as Record<string, unknown>[];
    for (let d = 1 + next(4); d > 0; d--) {
      const target = next(3) === 0 ? base : tiers[next(tiers.length)]!;
      const keys = Object.keys(target).filter((k) => k !== 'tiers');
      target[keys[next(keys.length)]!] = edges[next(edges.length)];
    }
    out.push(base);
  }
  return out;
}

const offerers: ContractTerms[] = bases.map((b) => ContractTermsSchema.parse(b));

/** An issue as the editor shows it: its code, tier and field pick the sentence in the agent's language. */
const shown = (check: OfferCheck) =>
  check.ok
    ? { ok: true, terms: JSON.stringify(check.terms) }
    : {
        ok: false,
        // "Invalid contract" is the only sentence the editor shows for zod's own English message.
        issues: check.issues.map((i) =>
          i.code === 'contract.invalid' ? { ...i, message: 'Invalid contract' } : i,
        ),
      };

describe('readTerms, the editor reading contract terms by hand', () => {
  const inputs = [...cases(), ...mixed(3_000)];

  it('reads terms as ContractTermsSchema does: the same terms with its defaults and key order, or a refusal', () => {
    expect(inputs.length).toBeGreaterThan(3_000);
    let valid = 0;
    for (const input of inputs) {
      const schema = ContractTermsSchema.safeParse(input);
      const read = readTerms(input);
      expect(read.ok, JSON.stringify(input)).toBe(schema.success);
      if (read.ok && schema.success) {
        valid++;
        // As JSON, so the key order counts too: a modification compares terms as JSON.
        expect(JSON.stringify(read.terms), JSON.stringify(input)).toBe(JSON.stringify(schema.data));
      }
    }
    expect(valid).toBeGreaterThan(100);
  });

  it('checks offers as checkOffer does: the same issues in the same order, tier and field, or the same terms', () => {
    const contexts: OfferContext[] = [
      { offerer: null },
      ...offerers.map((offerer) => ({ offerer })),
      ...offerers.map((offerer) => ({ offerer, current: offerer })),
      { offerer: offerers[1]!, lowest: { P: 100, activeMember: 3 } },
    ];
    const codes = new Set<string>();
    for (const input of inputs)
      for (const ctx of contexts) {
        const hand = checkOfferTerms(input, ctx);
        expect(shown(hand), JSON.stringify(input)).toEqual(shown(checkOffer(input, ctx)));
        if (!hand.ok) for (const i of hand.issues) codes.add(i.code);
      }
    // Every way the reading refuses terms was met, and the rules after it.
    expect([...codes].sort()).toEqual(
      expect.arrayContaining([
        'contract.invalid',
        'contract.tier.empty',
        'contract.tier.integer',
        'contract.kind.not.held',
        'contract.tier.zero',
        'contract.tier.not.higher',
        'contract.tier.above.highest',
        'contract.unchanged',
      ]),
    );
  });
});
