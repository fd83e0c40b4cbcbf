import { describe, expect, it } from 'vitest';
import * as contract from '@app/contract';
import type { VendorCard } from '@app/contract';
import * as calls from './calls.ts';
import { favouriteAction, isFavourite } from './favourites.ts';
import { attemptUrl, LoadedImages, PRELOAD_MARGIN } from './image-cache.ts';
import {
  gameLaunchItem,
  launchPayload,
  launchTarget,
  vendorLaunchItem,
  type LaunchItem,
} from './launch-rules.ts';
import { isCurrentPath } from './use-launch.ts';
import { columnsFor, gridWindow, MAX_TILES } from './virtual-grid.ts';
import {
  buildHeaderNav,
  categoryPath,
  dropdownOf,
  isCentred,
  splitEsports,
  vendorGroupOf,
  vendorImagePath,
  vendorPage,
  vendorSortingOf,
  type VendorLane,
} from './vendor-nav.ts';
import { listTypeOf } from './game-list-page.tsx';

function card(vassalage: string, gameType: string, over: Partial<VendorCard> = {}): VendorCard {
  return {
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
    ...over,
  };
}
const lane = (type: string, ...vendors: string[]): VendorLane => ({
  title: type,
  gameClassify: type,
  cards: vendors.map((v) => card(v, type)),
});
const esports = ['IMES', 'SV388', 'TF', 'IA'];

describe('navigation from the vendor data', () => {
  const lanes = [
    lane('LOTT', 'TCG_SEA'),
    lane('ELOTT', 'TCG_SEA'),
    lane('LIVE', 'EVO', 'SEXY'),
    lane('RNG', 'PG', 'BGS', 'YBG'),
    lane('FISH', 'JILI'),
    lane('PVP', 'KM'),
    lane('SPORTS', 'SABA', 'DS88', 'IMES'),
    lane('BINGO', 'JILI'),
  ];

  it('NC-03 NC-19 one item per game type holding a vendor, each with name, gameType, page, enName and point', () => {
    const items = buildHeaderNav(lanes, esports);
    for (const item of items) {
      expect(typeof item.name).toBe('string');
      expect(typeof item.gameType).toBe('string');
      expect(typeof item.page).toBe('string');
      expect(typeof item.enName).toBe('string');
      expect('point' in item).toBe(true);
    }
    const types = items.map((i) => i.key);
    expect(types).toContain('LIVE');
    expect(types).not.toContain('CARDS'); // no vendor for it: no item
    expect(buildHeaderNav([lane('LIVE', 'EVO'), lane('FISH')], esports).map((i) => i.key)).toEqual(['LIVE']);
  });

  it('NC-04 header point rates: live 0.70, sports 1.00, e-sports 1.00, fishing 1.20, slots 1.20, PvP 1.00', () => {
    const point = Object.fromEntries(buildHeaderNav(lanes, esports).map((i) => [i.key, i.point]));
    expect(point).toMatchObject({ LIVE: 0.7, SPORTS: 1, ESPORTS: 1, FISH: 1.2, RNG: 1.2, PVP: 1 });
  });

  it('NC-10 NC-11 NC-12 bingo and BGS after the lottery items, BGS only with an RNG vendor BGS; DS88 after LIVE', () => {
    const keys = buildHeaderNav(lanes, esports).map((i) => i.key);
    expect(keys.slice(0, 4)).toEqual(['LOTT', 'ELOTT', 'BINGO', 'BGS']);
    expect(keys[keys.indexOf('LIVE') + 1]).toBe('DS88');
    // The bingo item is the page /bingo, not another game list's.
    const bingo = buildHeaderNav(lanes, esports).find((i) => i.key === 'BINGO')!;
    expect(bingo).toMatchObject({ page: '/bingo', gameType: 'BINGO', enName: 'Bingo' });
    expect(categoryPath('BINGO')).toBe('/bingo');
    // After the lottery items whatever the order of the vendor data: a BINGO lane sent first moves
    // behind LOTT and ELOTT, and ahead of every other type.
    const bingoFirst = buildHeaderNav([lanes[7]!, lanes[3]!, lanes[2]!, lanes[1]!, lanes[0]!], esports);
    expect(bingoFirst.map((i) => [i.key, i.page])).toEqual([
      ['ELOTT', '/elott'],
      // The lottery entry starts TCG_SEA, on a lottery page (lottery-entries.test.ts).
      ['LOTT', '/lottery'],
      ['BINGO', '/bingo'],
      ['BGS', '/bgs'],
      ['RNG', '/rng'],
      ['LIVE', '/live'],
    ]);
    expect(buildHeaderNav(lanes, esports).find((i) => i.key === 'BGS')?.page).toBe('/bgs');
    const noBgs = buildHeaderNav(
      [lane('LOTT', 'TCG_SEA'), lane('RNG', 'PG'), lane('BINGO', 'JILI')],
      esports,
    );
    expect(noBgs.map((i) => i.key)).toEqual(['LOTT', 'BINGO', 'RNG']);
    // Not "after the lottery items" by accident: a BGS vendor of another type does not add it.
    expect(buildHeaderNav([lane('LIVE', 'BGS')], esports).map((i) => i.key)).toEqual(['LIVE']);
  });

  it('NC-13 the RNG vendor YBG never appears in the navigation', () => {
    const rng = buildHeaderNav(lanes, esports).find((i) => i.key === 'RNG')!;
    expect(rng.vendors.map((v) => v.vassalage)).toEqual(['PG', 'BGS']);
    expect(buildHeaderNav([lane('RNG', 'YBG')], esports)).toEqual([]);
  });

  it('NC-14 FISH, LIVE, RNG and PVP vendors go to /{type}?vassalage=; the other types launch (GL-04)', () => {
    expect(vendorPage(card('JILI', 'FISH'))).toBe('/fish?vassalage=JILI');
    expect(vendorPage(card('EVO', 'LIVE'))).toBe('/live?vassalage=EVO');
    expect(vendorPage(card('PG', 'RNG'))).toBe('/rng?vassalage=PG');
    expect(vendorPage(card('KM', 'PVP'))).toBe('/pvp?vassalage=KM');
    for (const type of ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'CARDS', 'BINGO'])
      expect(vendorPage(card('X', type))).toBeNull();
  });

  it('NC-16 NC-17 category navigation: ELOTT and LOTT /elott, LIVE /live, SPORTS /sports, FISH /fish, RNG /rng, PVP /pvp, ESPORTS /esports', () => {
    expect(['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'].map(categoryPath)).toEqual([
      '/elott',
      '/elott',
      '/live',
      '/sports',
      '/fish',
      '/rng',
      '/pvp',
      '/esports',
    ]);
  });

  it('NC-08 NC-09 at most 9 vendors show; a dropdown showing exactly 9 gets the more-games tile, one of 8 does not', () => {
    const n = (k: number) => Array.from({ length: k }, (_, i) => card(`V${i}`, 'RNG'));
    // 12 vendors: the dropdown shows exactly 9, so the tile leads to the rest.
    expect(dropdownOf(n(12))).toMatchObject({ moreTile: true });
    expect(dropdownOf(n(12)).cards).toHaveLength(9);
    expect(dropdownOf(n(9))).toMatchObject({ moreTile: true });
    expect(dropdownOf(n(9)).cards).toHaveLength(9);
    expect(dropdownOf(n(8))).toMatchObject({ moreTile: false });
    expect(dropdownOf(n(8)).cards).toHaveLength(8);
  });

  it('NC-15 menu lists with more than 5 entries are centred, 5 or fewer are not', () => {
    expect(isCentred(6)).toBe(true);
    expect(isCentred(10)).toBe(true);
    expect(isCentred(5)).toBe(false);
    expect(isCentred(1)).toBe(false);
  });

  it('NC-26 e-sports vendors are split out of SPORTS into their own group', () => {
    const out = splitEsports([lane('SPORTS', 'SABA', 'IMES', 'TF'), lane('RNG', 'PG')], esports);
    expect(out.map((l) => l.gameClassify)).toEqual(['SPORTS', 'ESPORTS', 'RNG']);
    expect(out[0]!.cards.map((c) => c.vassalage)).toEqual(['SABA']);
    expect(out[1]!.cards.map((c) => [c.vassalage, c.gameType])).toEqual([
      ['IMES', 'ESPORTS'],
      ['TF', 'ESPORTS'],
    ]);
  });

  it('NC-21 NC-22 the vendor groups of the server (title, cards, gameClassify) become the header items, each vendor card keeping vassalage, displayName, gameType, accountTypeId, isHot, name and page', () => {
    const hot = card('PG', 'RNG', { isHot: 1, accountTypeId: 7, name: 'pg', page: '/rng?vassalage=PG' });
    const groups: VendorLane[] = [
      { title: 'Slots', gameClassify: 'RNG', cards: [hot, card('JILI', 'RNG')] },
      { title: 'Live', gameClassify: 'LIVE', cards: [card('EVO', 'LIVE')] },
    ];
    const items = buildHeaderNav(groups, esports);
    // One item per group, keyed by its gameClassify, holding the group's cards in order.
    expect(items.map((i) => [i.gameType, i.vendors.map((v) => v.vassalage)])).toEqual([
      ['RNG', ['PG', 'JILI']],
      ['LIVE', ['EVO']],
    ]);
    const shown = items[0]!.vendors[0]!;
    expect(shown).toMatchObject({
      vassalage: 'PG',
      displayName: 'PG name',
      gameType: 'RNG',
      accountTypeId: 7,
      isHot: 1,
      name: 'pg',
      page: '/rng?vassalage=PG',
    });
    // The groups the e-sports split makes keep the group shape.
    for (const g of splitEsports([lane('SPORTS', 'SABA', 'IMES')], esports))
      expect(Object.keys(g).sort()).toEqual(['cards', 'gameClassify', 'title']);
    // A group without cards gives no item.
    expect(buildHeaderNav([{ title: 'Fish', gameClassify: 'FISH', cards: [] }], esports)).toEqual([]);
  });

  it('NC-23 vendor sorting entries (gameCategory, vendors[] each with vassalage) and the vendor group record (gameCategory, vendors[], vassalage) from the server lists', () => {
    const sorting = vendorSortingOf(
      [lane('LIVE', 'EVO', 'SEXY'), lane('FISH'), lane('SPORTS', 'SABA', 'TF'), lane('RNG', 'PG')],
      esports,
    );
    expect(sorting.map((e) => Object.keys(e).sort())).toEqual(Array(4).fill(['gameCategory', 'vendors']));
    expect(sorting.map((e) => [e.gameCategory, e.vendors.map((v) => v.vassalage)])).toEqual([
      ['LIVE', ['EVO', 'SEXY']],
      ['SPORTS', ['SABA']],
      ['ESPORTS', ['TF']],
      ['RNG', ['PG']],
    ]);
    const lanes = [lane('RNG', 'PG', 'BGS'), lane('LIVE', 'EVO')];
    const record = vendorGroupOf(lanes, 'RNG', 'PG', false);
    expect(Object.keys(record).sort()).toEqual(['gameCategory', 'vassalage', 'vendors']);
    expect(record.gameCategory).toBe('RNG');
    expect(record.vassalage).toBe('PG');
    expect(record.vendors.map((v) => v.vassalage)).toEqual(['PG', 'BGS']);
    expect(vendorGroupOf(lanes, 'LIVE', null, false)).toMatchObject({ gameCategory: 'LIVE', vassalage: '' });
  });

  it('NC-18 opening /bgs sets the vendor group to BGS first; /rng does not, and a vassalage query wins', () => {
    const lanes = [lane('RNG', 'PG', 'BGS')];
    expect(listTypeOf('/bgs')).toBe('RNG');
    const bgs = vendorGroupOf(lanes, listTypeOf('/bgs'), null, true);
    expect(bgs).toMatchObject({ gameCategory: 'RNG', vassalage: 'BGS' });
    expect(bgs.vendors.map((v) => v.vassalage)).toContain('BGS');
    // Before the vendor list has arrived the group is already BGS.
    expect(vendorGroupOf([], 'RNG', null, true).vassalage).toBe('BGS');
    expect(vendorGroupOf(lanes, listTypeOf('/rng'), null, false).vassalage).toBe('');
    expect(vendorGroupOf(lanes, 'RNG', 'PG', true).vassalage).toBe('PG');
  });

  it('NC-44 vendor images at SUBMENU_IMG/STYLE2/{gameType}-{vassalage}.png', () => {
    expect(vendorImagePath(card('PG', 'RNG'))).toBe('SUBMENU_IMG/STYLE2/RNG-PG.png');
  });

  it('NC-20 a navigation to the path already shown is skipped', () => {
    expect(isCurrentPath('/rng?vassalage=PG', { pathname: '/rng', search: '?vassalage=PG' })).toBe(true);
    expect(isCurrentPath('/rng?vassalage=PG', { pathname: '/rng', search: '' })).toBe(false);
    expect(isCurrentPath('/live', { pathname: '/rng', search: '' })).toBe(false);
  });
});

describe('launch rules', () => {
  const item = (over: Partial<LaunchItem>): LaunchItem => ({
    code: '',
    defaultPlayType: '',
    accountTypeName: '',
    gameType: 'SPORTS',
    isGame: '',
    vassalage: 'SABA',
    ...over,
  });

  it('GL-01 without login every kind of item opens the login popup and nothing launches', () => {
    for (const i of [
      item({}),
      item({ gameType: 'LOTT' }),
      item({ gameType: 'RNG' }),
      item({ isGame: 'VASSALAGE' }),
    ])
      expect(launchTarget(i, false)).toEqual({ kind: 'login' });
    expect(launchTarget(item({}), true)).toEqual({ kind: 'thirdParty' });
  });

  it('GL-02 lottery navigation entries start the TCG_SEA game', () => {
    const nav = buildHeaderNav([lane('LOTT', 'OTHER', 'TCG_SEA'), lane('ELOTT', 'TCG_SEA')], []);
    expect(nav.map((i) => i.game?.vassalage)).toEqual(['TCG_SEA', 'TCG_SEA']);
    expect(buildHeaderNav([lane('LOTT', 'OTHER')], [])[0]!.game).toBeUndefined();
  });

  it('GL-03 an entry marked as a game starts that game directly: it launches the marked game instead of navigating or looking a game up', () => {
    const arena = card('ARENA', 'CARDS', { isGame: 1, nodeId: '600002', gameId: 'ARENA-CARDS-LOBBY' });
    const [item] = buildHeaderNav(
      [lane('LIVE', 'EVO'), { title: 'CARDS', gameClassify: 'CARDS', cards: [arena] }],
      [],
    ).filter((i) => i.gameType === 'CARDS');
    expect(item!.game).toBe(arena);
    const launch = vendorLaunchItem(item!.game!, 'SEA');
    expect(launch).toMatchObject({ nodeId: '600002', gameId: 'ARENA-CARDS-LOBBY', vassalage: 'ARENA' });
    expect(launchTarget(launch, true)).toEqual({ kind: 'thirdParty' });
    // Not marked: the entry is a category (no game), and a card launch names no game to look up later.
    const plain = buildHeaderNav([lane('CARDS', 'KM')], []);
    expect(plain[0]!.game).toBeUndefined();
    expect(vendorLaunchItem(card('KM', 'CARDS'), 'SEA')).not.toHaveProperty('nodeId');
    // Two vendors, even single-game ones, are a category again.
    const two = buildHeaderNav(
      [{ title: 'CARDS', gameClassify: 'CARDS', cards: [arena, { ...arena, vassalage: 'B' }] }],
      [],
    );
    expect(two[0]!.game).toBeUndefined();
    // A marked slots vendor starts its game too, instead of going to /rng (GL-09's route).
    const single = vendorLaunchItem(card('AVI', 'RNG', { isGame: 1, nodeId: '9', gameId: 'AVI-1' }), 'SEA');
    expect(launchTarget(single, true)).toEqual({ kind: 'thirdParty' });
    // The DS88 entry is its vendor's game.
    const ds88 = card('DS88', 'SPORTS', { isGame: 1, nodeId: '600002', gameId: 'DS88-SPORTS-LOBBY' });
    const nav = buildHeaderNav(
      [
        lane('LIVE', 'EVO'),
        { title: 'SPORTS', gameClassify: 'SPORTS', cards: [card('SABA', 'SPORTS'), ds88] },
      ],
      [],
    );
    expect(nav.find((i) => i.key === 'DS88')!.game).toBe(ds88);
    expect(vendorLaunchItem(ds88, 'SEA').nodeId).toBe('600002');
  });

  it('the Vietnamese lottery entry opens /vnlottery, the SEA lottery /seaLottery', () => {
    const vn = vendorLaunchItem(card('TCG_LOTTO_VN', 'LOTT'), 'SEA');
    expect(vn.accountTypeName).toBe('TCG_LOTTO_VN');
    expect(launchTarget(vn, true)).toEqual({ kind: 'route', to: '/vnlottery' });
    expect(launchTarget(vendorLaunchItem(card('TCG_SEA', 'LOTT'), 'SEA'), true)).toEqual({
      kind: 'route',
      to: '/seaLottery',
    });
    // The lottery item still starts TCG_SEA (GL-02) with the VN vendor beside it.
    const nav = buildHeaderNav([lane('LOTT', 'TCG_SEA', 'TCG_LOTTO_VN')], []);
    expect(nav[0]!.game?.vassalage).toBe('TCG_SEA');
    expect(nav[0]!.vendors.map((v) => v.vassalage)).toEqual(['TCG_SEA', 'TCG_LOTTO_VN']);
  });

  it('GL-05 a launch item has code, defaultPlayType, accountTypeName, gameType, isGame and vassalage', () => {
    const i = vendorLaunchItem(card('TCG_SEA', 'LOTT'), 'SEA');
    for (const key of ['code', 'defaultPlayType', 'accountTypeName', 'gameType', 'isGame', 'vassalage'])
      expect(i).toHaveProperty(key);
  });

  it('GL-06 lottery types go to /lottery, with gameCode and playType only when the game has both', () => {
    expect(launchTarget(item({ gameType: 'LOTT', code: 'SEA5', defaultPlayType: 'DX' }), true)).toEqual({
      kind: 'route',
      to: '/lottery?gameCode=SEA5&playType=DX',
    });
    expect(launchTarget(item({ gameType: 'ELOTT', code: 'SEA5' }), true)).toEqual({
      kind: 'route',
      to: '/lottery',
    });
    expect(launchTarget(item({ gameType: 'LOTT' }), true)).toEqual({ kind: 'route', to: '/lottery' });
  });

  it('GL-07 GL-08 the Vietnam account type goes to /vnlottery, the SEA one to /seaLottery', () => {
    expect(launchTarget(item({ gameType: 'LOTT', accountTypeName: 'VN' }), true)).toEqual({
      kind: 'route',
      to: '/vnlottery',
    });
    expect(launchTarget(item({ gameType: 'LOTT', accountTypeName: 'SEA' }), true)).toEqual({
      kind: 'route',
      to: '/seaLottery',
    });
    expect(launchTarget(vendorLaunchItem(card('TCG_SEA', 'LOTT'), 'SEA'), true)).toEqual({
      kind: 'route',
      to: '/seaLottery',
    });
  });

  it('GL-09 a slots vendor stores its vassalage, then goes to /rng', () => {
    expect(launchTarget(item({ gameType: 'RNG', vassalage: 'PG' }), true)).toEqual({
      kind: 'route',
      to: '/rng?vassalage=PG',
      storeVassalage: 'PG',
    });
  });

  it('GL-10 a VASSALAGE item opens the popup list of its provider instead of launching', () => {
    expect(launchTarget(item({ isGame: 'VASSALAGE', vassalage: 'KM', gameType: 'CARDS' }), true)).toEqual({
      kind: 'popup',
      vassalage: 'KM',
      gameType: 'CARDS',
    });
  });

  it('GL-11 every other type launches as a third-party game', () => {
    for (const gameType of ['SPORTS', 'ESPORTS', 'LIVE', 'FISH', 'PVP', 'CARDS', 'BINGO'])
      expect(launchTarget(item({ gameType }), true)).toEqual({ kind: 'thirdParty' });
    const slot = gameLaunchItem({
      nodeId: '7',
      gameId: 'PG-1',
      gameName: 'x',
      vassalage: 'PG',
      gameType: 'RNG',
    });
    expect(launchTarget(slot, true)).toEqual({ kind: 'thirdParty' });
  });

  it('GL-12 the payload: gameId or roomId, nodeId, accountType 1, confirmTrans 0, vassalage, launchMode GLS, platform html5-desktop, clientType 3, username, token, merchantCode, language', () => {
    const who = { username: 'ann', token: 'tok', merchantCode: 'SEA888', language: 'en', trial: false };
    const game = launchPayload(item({ gameId: 'PG-1', nodeId: '7', vassalage: 'PG' }), who);
    expect(game).toEqual({
      gameId: 'PG-1',
      nodeId: '7',
      accountType: 1,
      confirmTrans: 0,
      vassalage: 'PG',
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: 3,
      username: 'ann',
      token: 'tok',
      merchantCode: 'SEA888',
      language: 'en',
    });
    const room = launchPayload(item({ roomId: 'R9', nodeId: '8' }), who);
    expect(room.roomId).toBe('R9');
    expect(room).not.toHaveProperty('gameId');
  });
});

describe('lists', () => {
  it('BC-08 lazy images preload 1.3 screens ahead, make 3 attempts and cache 200 items', () => {
    expect(PRELOAD_MARGIN).toBe('130% 0px');
    expect(attemptUrl('/a.png', 1)).toBe('/a.png');
    expect(attemptUrl('/a.png', 3)).toBe('/a.png?retry=2');
    expect(attemptUrl('/a.png', 4)).toBeNull();
    const cache = new LoadedImages();
    for (let i = 0; i < 250; i++) cache.add(`/${i}.png`);
    expect(cache.size).toBe(200);
    expect(cache.has('/0.png')).toBe(false);
    expect(cache.has('/249.png')).toBe(true);
  });

  it('NC-46 the grid window mounts at most 100 tiles at 10,000 games, wherever it is scrolled', () => {
    for (const width of [360, 1240, 2400]) {
      const columns = columnsFor(width, 160, 14);
      for (const top of [0, 50_000, 10_000_000]) {
        const w = gridWindow(10_000, { columns, rowHeight: 220 }, { top, height: 900 });
        expect((w.lastRow - w.firstRow + 1) * columns).toBeLessThanOrEqual(MAX_TILES);
        expect(w.lastRow).toBeGreaterThanOrEqual(w.firstRow);
      }
    }
  });

  it('NC-38 adding a game that is already a favourite is skipped; NC-39 a removal shows at once', () => {
    expect(favouriteAction(true, true)).toBe('skip');
    expect(favouriteAction(false, true)).toBe('add');
    expect(favouriteAction(true, false)).toBe('remove');
    expect(isFavourite({ nodeId: '1', isFavorite: true }, { 1: false })).toBe(false);
    expect(isFavourite({ nodeId: '1', isFavorite: true }, {})).toBe(true);
  });

  it('the call refs match their contract calls', () => {
    const defs = contract as unknown as Record<
      string,
      { id?: string; method?: string; path?: string; token?: boolean }
    >;
    const byId = new Map(
      Object.values(defs)
        .filter((d) => d && typeof d === 'object' && 'path' in d)
        .map((d) => [d.id, d]),
    );
    for (const ref of Object.values(calls)) {
      const def = byId.get(ref.id);
      if (!def) continue; // launchGame: not in the contract yet
      expect([ref.method, ref.path, ref.token], ref.id).toEqual([def.method, def.path, def.token]);
    }
  });
});
