import { describe, expect, it } from 'vitest';
import {
  checkOffer,
  ContractTermsSchema,
  DailySalaryTierSchema,
  DividendTierSchema,
  HourlySalaryTierSchema,
  RealTimeSalaryTierSchema,
  rateCaps,
  type ContractTerms,
} from '../index.ts';

const parse = (x: unknown) => ContractTermsSchema.parse(x);

const dividend = (tiers: object[], extra: object = {}) =>
  ({ kind: 'dividend', productType: 'CONS', computationPeriod: 'W', tiers, ...extra }) as const;
const daily = (tiers: object[]) => ({ kind: 'dailySalary', productType: 'LOTT', tiers }) as const;
const realTime = (tiers: object[]) => ({ kind: 'realTimeSalary', productType: 'LOTT', tiers }) as const;

const upDividend = parse(
  dividend([
    { minimumBet: 100_000, netLoss: 10_000, activeMember: 3, contractRate: 1_000 },
    { minimumBet: 500_000, netLoss: 50_000, activeMember: 5, contractRate: 3_000 },
  ]),
);
const upDaily = parse(
  daily([
    { betVolume: 1_000_000, activeMember: 5, rateType: 'P', rate: 50 },
    { betVolume: 5_000_000, activeMember: 10, rateType: 'P', rate: 120 },
  ]),
);
const upRealTime = parse(
  realTime([
    { betAmount: 1_000, lossRate: 30, winRate: 10 },
    { betAmount: 10_000, lossRate: 50, winRate: 20 },
  ]),
);

const codes = (r: ReturnType<typeof checkOffer>) =>
  r.ok ? [] : r.issues.map((i) => `${i.tier}:${i.field}:${i.code}`);

describe('contract tiers', () => {
  it('AG-10 a dividend contract has period valid bet, period profit/loss, active members and rate', () => {
    expect(Object.keys(DividendTierSchema.shape)).toEqual(
      expect.arrayContaining(['minimumBet', 'netLoss', 'activeMember', 'contractRate']),
    );
    const t = DividendTierSchema.parse({ minimumBet: 1, netLoss: 2, activeMember: 3, contractRate: 400 });
    expect(t).toEqual({ minimumBet: 1, netLoss: 2, activeMember: 3, contractRate: 400, periodicTotalBet: 0 });
    expect(DividendTierSchema.safeParse({ minimumBet: 1, activeMember: 3, contractRate: 400 }).success).toBe(
      false,
    );
  });

  it('AG-11 a daily wage contract has daily bet amount and rate', () => {
    const t = DailySalaryTierSchema.parse({ betVolume: 100, activeMember: 0, rateType: 'P', rate: 50 });
    expect(t).toMatchObject({ betVolume: 100, rate: 50 });
    expect(DailySalaryTierSchema.safeParse({ activeMember: 0, rateType: 'P', rate: 50 }).success).toBe(false);
    expect(DailySalaryTierSchema.safeParse({ betVolume: 100, activeMember: 0, rateType: 'P' }).success).toBe(
      false,
    );
  });

  it('AG-12 an hourly contract has bet per hour and rate', () => {
    const t = HourlySalaryTierSchema.parse({ minimumBet: 100, activeMember: 0, rateType: 'P', rate: 5 });
    expect(t).toMatchObject({ minimumBet: 100, rate: 5 });
    expect(HourlySalaryTierSchema.safeParse({ activeMember: 0, rateType: 'P', rate: 5 }).success).toBe(false);
  });

  it('AG-13 a real-time salary contract has profit rate, loss rate and single bet amount', () => {
    const t = RealTimeSalaryTierSchema.parse({ betAmount: 1_000, lossRate: 30, winRate: 10 });
    expect(t).toEqual({ betAmount: 1_000, lossRate: 30, winRate: 10 });
    for (const missing of ['betAmount', 'lossRate', 'winRate']) {
      const row: Record<string, number> = { betAmount: 1_000, lossRate: 30, winRate: 10 };
      delete row[missing];
      expect(RealTimeSalaryTierSchema.safeParse(row).success, missing).toBe(false);
    }
    // Lottery only.
    expect(ContractTermsSchema.safeParse({ ...realTime([t]), productType: 'LIVE' }).success).toBe(false);
  });

  it('accepts tiers that rise and stay within the offerer’s rates', () => {
    const r = checkOffer(
      dividend([
        { minimumBet: 100_000, netLoss: 10_000, activeMember: 3, contractRate: 500 },
        { minimumBet: 200_000, netLoss: 10_000, activeMember: 3, contractRate: 3_000 },
      ]),
      { offerer: upDividend },
    );
    expect(r.ok).toBe(true);
    expect(
      checkOffer(daily([{ betVolume: 0, activeMember: 0, rateType: 'P', rate: 120 }]), { offerer: upDaily })
        .ok,
    ).toBe(true);
  });

  it('refuses thresholds that do not rise, with the original’s messages', () => {
    const r = checkOffer(
      dividend([
        { minimumBet: 200_000, netLoss: 20_000, activeMember: 4, contractRate: 1_000 },
        { minimumBet: 200_000, netLoss: 10_000, activeMember: 3, contractRate: 950 },
      ]),
      { offerer: upDividend },
    );
    expect(codes(r)).toEqual([
      '1:contractRate:contract.tier.integer',
      '1:minimumBet:contract.tier.not.higher',
      '1:netLoss:contract.tier.at.least',
      '1:activeMember:contract.tier.at.least',
      '1:contractRate:contract.tier.at.least',
    ]);
    expect(!r.ok && r.issues[1]!.message).toBe('Current Valid bet must be higher than last Valid bet');
    expect(!r.ok && r.issues[2]!.message).toBe('Period P&L must be ≥ 20000');
  });

  it('refuses a zero rate, a rate above the offerer’s highest, a kind the offerer does not hold and no change', () => {
    expect(
      codes(
        checkOffer(daily([{ betVolume: 1, activeMember: 0, rateType: 'P', rate: 0 }]), { offerer: upDaily }),
      ),
    ).toEqual(['0:rate:contract.tier.zero']);
    const above = checkOffer(daily([{ betVolume: 1, activeMember: 0, rateType: 'P', rate: 121 }]), {
      offerer: upDaily,
    });
    expect(codes(above)).toEqual(['0:rate:contract.tier.above.highest']);
    expect(!above.ok && above.issues[0]!.message).toBe('Rate must not be higher than highest 120');
    // A fixed amount where the offerer holds percentages only: no rate available.
    expect(
      codes(
        checkOffer(daily([{ betVolume: 1, activeMember: 0, rateType: 'F', rate: 100 }]), {
          offerer: upDaily,
        }),
      ),
    ).toEqual(['0:rate:contract.tier.no.rate']);
    expect(
      codes(checkOffer(realTime([{ betAmount: 1, lossRate: 51, winRate: 20 }]), { offerer: upRealTime })),
    ).toEqual(['0:lossRate:contract.tier.above.highest']);
    expect(
      codes(checkOffer(realTime([{ betAmount: 1, lossRate: 0, winRate: 0 }]), { offerer: upRealTime })),
    ).toEqual(['0:lossRate:contract.tier.zero']);
    // Not held: no contract, or another line (another period of dividend).
    const offer = dividend([{ minimumBet: 1, netLoss: 1, activeMember: 0, contractRate: 100 }]);
    expect(codes(checkOffer(offer, { offerer: null }))).toEqual(['null:null:contract.kind.not.held']);
    expect(codes(checkOffer({ ...offer, computationPeriod: 'M' }, { offerer: upDividend }))).toEqual([
      'null:null:contract.kind.not.held',
    ]);
    const current = parse(offer);
    expect(codes(checkOffer(offer, { offerer: upDividend, current }))).toEqual([
      'null:null:contract.unchanged',
    ]);
    expect(codes(checkOffer(offer, { offerer: upDividend, lowest: { contractRate: 200 } }))).toEqual([
      '0:contractRate:contract.tier.below.lowest',
    ]);
  });

  it('refuses an empty field, a fraction of a minor unit, a product the kind does not have, periodic bet off a month', () => {
    expect(
      codes(checkOffer(daily([{ activeMember: 0, rateType: 'P', rate: 5 }]), { offerer: upDaily })),
    ).toEqual(['0:betVolume:contract.tier.empty']);
    expect(
      codes(
        checkOffer(daily([{ betVolume: 1.5, activeMember: 0, rateType: 'P', rate: 5 }]), {
          offerer: upDaily,
        }),
      ),
    ).toEqual(['0:betVolume:contract.tier.integer']);
    expect(
      codes(
        checkOffer(
          {
            kind: 'hourlySalary',
            productType: 'DEPOSIT',
            tiers: [{ minimumBet: 1, activeMember: 0, rateType: 'P', rate: 5 }],
          },
          { offerer: null },
        ),
      ),
    ).toContain('null:productType:contract.product.invalid');
    expect(
      codes(
        checkOffer(
          dividend([{ minimumBet: 1, netLoss: 1, activeMember: 0, contractRate: 100 }], {
            periodicTotalBetRequired: 'Y',
          }),
          { offerer: upDividend },
        ),
      ),
    ).toEqual(['null:periodicTotalBetRequired:contract.periodic.monthly.only']);
  });

  it('caps are per rate field: percentages and fixed amounts apart, loss and win rates apart', () => {
    const mixed: ContractTerms = parse(
      daily([
        { betVolume: 1, activeMember: 0, rateType: 'F', rate: 5_000 },
        { betVolume: 2, activeMember: 0, rateType: 'P', rate: 40 },
      ]),
    );
    expect(rateCaps(mixed)).toEqual({ F: 5_000, P: 40 });
    expect(rateCaps(upRealTime)).toEqual({ lossRate: 50, winRate: 20 });
    expect(rateCaps(upDividend)).toEqual({ contractRate: 3_000 });
  });
});
