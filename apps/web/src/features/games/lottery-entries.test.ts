import { describe, expect, it } from 'vitest';
import type { VendorCard } from '@app/contract';
import { launchTarget, vendorLaunchItem } from './launch-rules.ts';
import { buildHeaderNav, categoryPath, type VendorLane } from './vendor-nav.ts';

const card = (vassalage: string, gameType: string): VendorCard => ({
  vassalage,
  displayName: `${vassalage} name`,
  gameType: gameType as VendorCard['gameType'],
  accountTypeId: 1,
  isHot: 0,
  name: vassalage,
  page: '',
  imageUrl: '',
  status: 'ACTIVE',
  maintenanceFrom: null,
  maintenanceUntil: null,
  gameCount: 10,
  isGame: 0,
  nodeId: '',
  gameId: '',
});
const lane = (type: string, ...vendors: string[]): VendorLane => ({
  title: type,
  gameClassify: type,
  cards: vendors.map((v) => card(v, type)),
});

/** Where an entry that starts a game lands once the player is logged in (the brand's lottery type SEA). */
const landing = (item: { game?: VendorCard }) => launchTarget(vendorLaunchItem(item.game!, 'SEA'), true);

describe('the header lottery entries (issue #28: LOTTERY and E-LOTTERY both led to /elott)', () => {
  const nav = buildHeaderNav([lane('LOTT', 'TCG_SEA'), lane('ELOTT', 'TCG_SEA'), lane('LIVE', 'EVO')], []);
  const lott = nav.find((i) => i.key === 'LOTT')!;
  const elott = nav.find((i) => i.key === 'ELOTT')!;

  it('GL-02 both start the TCG_SEA game', () => {
    expect(lott.game?.vassalage).toBe('TCG_SEA');
    expect(elott.game?.vassalage).toBe('TCG_SEA');
  });

  it('LOTTERY links to /lottery and lands on the brand lottery page (GL-08 /seaLottery), never /elott', () => {
    expect(lott.page).toBe('/lottery');
    expect(landing(lott)).toEqual({ kind: 'route', to: '/seaLottery' });
  });

  it('E-LOTTERY links to and lands on its own page /elott (NC-16), not the lottery page', () => {
    expect(elott.page).toBe('/elott');
    expect(landing(elott)).toEqual({ kind: 'route', to: '/elott' });
  });

  it('an e-lottery game with a code still opens in the lottery client (GL-06)', () => {
    const item = { ...vendorLaunchItem(card('TCG_SEA', 'ELOTT'), 'SEA'), code: 'SSC1' };
    expect(launchTarget(item, true)).toEqual({ kind: 'route', to: '/lottery' });
  });

  it('NC-16 without a TCG_SEA vendor the entries keep category navigation', () => {
    const plain = buildHeaderNav([lane('LOTT', 'OTHER'), lane('ELOTT', 'OTHER')], []);
    expect(plain.map((i) => [i.key, i.page, i.game])).toEqual([
      ['LOTT', categoryPath('LOTT'), undefined],
      ['ELOTT', categoryPath('ELOTT'), undefined],
    ]);
  });
});
