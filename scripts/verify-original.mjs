#!/usr/bin/env node
// Standalone verifier of the house originals (decision 046): no import from the project, only
// node:crypto and, for Crash, verify-crash.mjs beside it (node:crypto only too), so anyone can
// check a bet or the published vectors with Node and these two files alone.
//
//   node scripts/verify-original.mjs docs/provably-fair-vectors.json
//     recomputes every vector and says which match (exit 1 when one does not)
//   node scripts/verify-original.mjs '<json of one bet>'
//     one bet: {serverSeed, serverSeedHash?, clientSeed, nonce, wager: {kind, bet, ...}}, prints
//     the outcome (the verifier page's "copy for the script" gives this text)
//   node scripts/verify-original.mjs docs/crash-vectors.json
//     Crash (decision 055): every round of the published chain, its crash point and its hash back
//     to the chain's commitment
//   node scripts/verify-original.mjs '{"kind":"crash","hash":…,"salt":…,"roundNo":…,"commitment"?:…,"crashPoint"?:…}'
//     one Crash round as its page reveals it (the verifier page's Crash form gives this text)
//
// The rules, written again from the decision record, not copied from the engine:
// - block c = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${c}`), UTF-8;
//   blocks read in order as big-endian 32-bit words; float = word / 2^32;
//   a whole number below n: the first word u < 2^32 - (2^32 mod n), then u mod n.
// - Dice: roll = int(10000); under wins roll < target, over wins roll >= target;
//   pays bet * 9900 / chance (chance = target, or 10000 - target), rounded down.
// - Limbo: d = int(target); result = max(100, floor(99 * target / (d + 1))); wins when
//   result >= target; pays bet * target / 100, rounded down.
// - Mines: Fisher-Yates over tiles 0..24, i = 0..mines-1: j = i + int(25 - i), swap; the first
//   `mines` tiles are mines. Picks in order until a mine; cashed out after `safe` safe tiles pays
//   bet * 99 * C(25, safe) / (100 * C(25 - mines, safe)), rounded down.
// - Plinko: one float per row, < 0.5 left else right; bucket = rights; pays bet * table / 100.
// - Keno: Fisher-Yates over 1..40, i = 0..9: j = i + int(40 - i), swap; the first 10 are drawn
//   (in that order); hits = picks drawn; pays bet * KENO[risk][picks - 1][hits] / 100.
// - Wheel: segment = int(segments); pays bet * the segment's multiplier / 100. Per ten segments,
//   low is 1.30 0 1.30 2.10 1.30 0 1.30 1.30 0 1.30; high is 0.84 x segments on segment 0 and
//   1.50 on segments 5, 15, 25 ...; medium alternates a paying segment and a blank, the paying
//   ones taken in turn from CLIMB and the last closing the sum to 0.99 x segments.
// - European Roulette: pocket = int(37); a spot `type:a-b-...` covers those numbers and returns
//   36 / (how many) per unit; dozens, columns and red/black, odd/even, low/high (1-18) return 3
//   and 2 and lose on zero. The win is the sum over the spots that cover the pocket.
// - Sic Bo: dice = 1 + int(6), three times. small 4-10 / big 11-17 / odd / even return 2 and lose
//   on any triple; triple:n 181; any-triple 31; double:n (two or three n) 11; total:t 61 31 18
//   13 9 7 7 7 7 9 13 18 31 61 for t = 4..17; combo:a-b (both faces shown) 6; single:n returns
//   1 + (dice showing n) when at least one does.
// - HiLo: every card = int(52) in order (a full deck each time); rank = card % 13 + 1, ace low.
//   The first card, then one per action: skip turns the next card; higher wins on a rank at or
//   above the current (at an ace: above), lower at or below (at a king: below), same on the same
//   rank. The round stops at the first wrong guess (no win); else it pays
//   bet * 99 * 13^g / (100 * the product of each right guess's winning ranks), rounded down.
// - Baccarat (decision 056): every card = int(52) (a full deck each time), value = rank for 1-9, 0
//   for tens and faces; dealt player, banker, player, banker; a two-card 8 or 9 ends the deal; the
//   player draws on 0-5, the banker by the standard tableau; returns in hundredths per unit:
//   player 200, banker 195 (both 100 on a tie), tie 900, a pair (first two ranks equal) 1200; the
//   spots that returned in that order; pays the total / 100, rounded down once.
// - Crash (decision 055): a shared round of a hash chain, no player's seeds. Round i plays its hash
//   h_i as server seed, the chain's salt as client seed and i as nonce; the words, in order, are
//   the binary digits of U in [0, 1): after k words U is in [a/2^32k, (a+1)/2^32k), and the crash
//   point (hundredths) is floor(99 * 2^32k / (a+1)) once that equals floor(99 * 2^32k / a), at
//   most 100000000 (1,000,000.00x). The chain: SHA-256 of h_i's hex text is h_(i-1); h_0 is the
//   commitment published before round 1, reached from round i after exactly i steps.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
// Crash's rules, node:crypto only as well (decision 055; its own script checks a chain alone).
import { crashPointOf, stepsToCommitment } from './verify-crash.mjs';

const PLINKO = {
  8: {
    low: [562, 210, 110, 100, 50, 100, 110, 210, 562],
    medium: [1304, 301, 130, 70, 40, 70, 130, 301, 1304],
    high: [2900, 399, 150, 30, 20, 30, 150, 399, 2900],
  },
  9: {
    low: [564, 200, 160, 100, 70, 70, 100, 160, 200, 564],
    medium: [1800, 400, 169, 90, 50, 50, 90, 169, 400, 1800],
    high: [4293, 699, 200, 60, 20, 20, 60, 200, 699, 4293],
  },
  10: {
    low: [888, 300, 140, 110, 100, 50, 100, 110, 140, 300, 888],
    medium: [2203, 500, 201, 140, 60, 40, 60, 140, 201, 500, 2203],
    high: [7598, 997, 300, 90, 30, 20, 30, 90, 300, 997, 7598],
  },
  11: {
    low: [836, 300, 190, 130, 100, 70, 70, 100, 130, 190, 300, 836],
    medium: [2398, 598, 300, 180, 70, 50, 50, 70, 180, 300, 598, 2398],
    high: [11990, 1396, 518, 140, 40, 20, 20, 40, 140, 518, 1396, 11990],
  },
  12: {
    low: [1006, 303, 160, 140, 110, 100, 50, 100, 110, 140, 160, 303, 1006],
    medium: [3310, 1101, 400, 200, 110, 60, 30, 60, 110, 200, 400, 1101, 3310],
    high: [16994, 2399, 810, 199, 70, 20, 20, 20, 70, 199, 810, 2399, 16994],
  },
  13: {
    low: [814, 400, 300, 190, 120, 90, 70, 70, 90, 120, 190, 300, 400, 814],
    medium: [4311, 1301, 600, 300, 130, 70, 40, 40, 70, 130, 300, 600, 1301, 4311],
    high: [25995, 3695, 1100, 399, 100, 20, 20, 20, 20, 100, 399, 1100, 3695, 25995],
  },
  14: {
    low: [708, 400, 190, 140, 130, 110, 100, 50, 100, 110, 130, 140, 190, 400, 708],
    medium: [5806, 1503, 700, 400, 190, 100, 50, 20, 50, 100, 190, 400, 700, 1503, 5806],
    high: [42003, 5606, 1801, 500, 190, 30, 20, 20, 20, 30, 190, 500, 1801, 5606, 42003],
  },
  15: {
    low: [1486, 800, 300, 200, 150, 110, 100, 70, 70, 100, 110, 150, 200, 300, 800, 1486],
    medium: [8811, 1801, 1100, 500, 300, 130, 50, 30, 30, 50, 130, 300, 500, 1100, 1801, 8811],
    high: [61986, 8300, 2696, 800, 300, 50, 20, 20, 20, 20, 50, 300, 800, 2696, 8300, 61986],
  },
  16: {
    low: [1610, 902, 200, 140, 140, 120, 110, 100, 50, 100, 110, 120, 140, 140, 200, 902, 1610],
    medium: [11006, 4101, 1003, 500, 300, 150, 100, 50, 30, 50, 100, 150, 300, 500, 1003, 4101, 11006],
    high: [100012, 13005, 2601, 901, 400, 200, 20, 20, 20, 20, 20, 200, 400, 901, 2601, 13005, 100012],
  },
};

const KENO = {
  low: [
    [0, 396],
    [0, 183, 496],
    [0, 101, 319, 901],
    [0, 0, 320, 688, 1461],
    [0, 0, 190, 442, 1068, 2496],
    [0, 0, 120, 308, 740, 1774, 4498],
    [0, 0, 0, 310, 720, 1703, 3907, 8979],
    [0, 0, 0, 194, 480, 1200, 3027, 7900, 19993],
    [0, 0, 0, 127, 330, 860, 2200, 5940, 15000, 40272],
    [0, 0, 0, 90, 230, 625, 1500, 4068, 9500, 24000, 57672],
  ],
  medium: [
    [0, 396],
    [0, 120, 916],
    [0, 0, 492, 2616],
    [0, 0, 170, 1123, 7986],
    [0, 0, 0, 701, 3732, 19996],
    [0, 0, 0, 350, 1592, 7500, 35002],
    [0, 0, 0, 0, 1401, 4898, 17000, 60009],
    [0, 0, 0, 0, 750, 2435, 7800, 24958, 80007],
    [0, 0, 0, 0, 0, 2940, 6900, 15929, 38000, 89892],
    [0, 0, 0, 0, 0, 1619, 3700, 8400, 19320, 44000, 100344],
  ],
  high: [
    [0, 396],
    [0, 0, 1716],
    [0, 0, 0, 8151],
    [0, 0, 0, 1098, 24261],
    [0, 0, 0, 470, 4646, 44996],
    [0, 0, 0, 0, 2946, 13000, 60012],
    [0, 0, 0, 0, 0, 14796, 33996, 80001],
    [0, 0, 0, 0, 0, 5970, 15018, 36000, 89847],
    [0, 0, 0, 0, 0, 0, 28950, 44015, 66000, 99612],
    [0, 0, 0, 0, 0, 0, 12678, 21000, 36000, 66228, 99972],
  ],
};
const CLIMB = [150, 170, 150, 200, 150, 170, 150, 300, 160, 380];

function wheelMultiplier(segments, risk, segment) {
  if (risk === 'low') return [130, 0, 130, 210, 130, 0, 130, 130, 0, 130][segment % 10];
  if (risk === 'high') return segment === 0 ? 84 * segments : segment % 10 === 5 ? 150 : 0;
  if (segment % 2 === 1) return 0;
  const paying = Array.from({ length: segments / 2 - 1 }, (_, i) => CLIMB[i % CLIMB.length]);
  paying.push(99 * segments - paying.reduce((a, b) => a + b, 0));
  return paying[segment / 2];
}

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
function rouletteReturn(key, n) {
  const [type, list] = key.split(':');
  if (list) {
    if (type === 'dozen') return n >= 1 && Math.ceil(n / 12) === Number(list) ? 3 : 0;
    if (type === 'column') return n >= 1 && ((n - 1) % 3) + 1 === Number(list) ? 3 : 0;
    const nums = list.split('-').map(Number);
    return nums.includes(n) ? 36 / nums.length : 0;
  }
  if (n === 0) return 0;
  const wins = {
    red: RED.includes(n),
    black: !RED.includes(n),
    odd: n % 2 === 1,
    even: n % 2 === 0,
    low: n <= 18,
    high: n >= 19,
  }[type];
  return wins ? 2 : 0;
}

const TOTALS = {
  4: 61,
  5: 31,
  6: 18,
  7: 13,
  8: 9,
  9: 7,
  10: 7,
  11: 7,
  12: 7,
  13: 9,
  14: 13,
  15: 18,
  16: 31,
  17: 61,
};
function sicBoReturn(key, d) {
  const sum = d[0] + d[1] + d[2];
  const triple = d[0] === d[1] && d[1] === d[2];
  const count = (n) => d.filter((x) => x === n).length;
  const [type, arg] = key.split(':');
  switch (type) {
    case 'small':
      return !triple && sum <= 10 ? 2 : 0;
    case 'big':
      return !triple && sum >= 11 ? 2 : 0;
    case 'odd':
      return !triple && sum % 2 === 1 ? 2 : 0;
    case 'even':
      return !triple && sum % 2 === 0 ? 2 : 0;
    case 'triple':
      return triple && d[0] === Number(arg) ? 181 : 0;
    case 'any-triple':
      return triple ? 31 : 0;
    case 'double':
      return count(Number(arg)) >= 2 ? 11 : 0;
    case 'total':
      return sum === Number(arg) ? TOTALS[arg] : 0;
    case 'combo': {
      const [a, b] = arg.split('-').map(Number);
      return count(a) && count(b) ? 6 : 0;
    }
    case 'single':
      return count(Number(arg)) ? 1 + count(Number(arg)) : 0;
    default:
      throw new Error(`unknown sic bo spot ${key}`);
  }
}

function spots(bets, returnOf) {
  const winning = [];
  let totalWin = 0;
  for (const [key, stake] of Object.entries(bets)) {
    const back = returnOf(key);
    if (back) {
      winning.push(key);
      totalWin += stake * back;
    }
  }
  return { winning, totalWin };
}

function words(serverSeed, clientSeed, nonce) {
  let cursor = -1;
  let block = null;
  let at = 8;
  const next = () => {
    if (at === 8) {
      cursor += 1;
      block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
      at = 0;
    }
    return block.readUInt32BE(4 * at++);
  };
  const int = (n) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const u = next();
      if (u < limit) return u % n;
    }
  };
  return { float: () => next() / 2 ** 32, int };
}

/** Whether round `roundNo`'s hash reaches the commitment after exactly roundNo steps back. */
export function crashChainHolds(hash, commitment, roundNo) {
  return stepsToCommitment(hash, commitment, roundNo) === roundNo;
}

const crashText = (p) =>
  `${Math.floor(Math.max(100, p) / 100)}.${String(Math.max(100, p) % 100).padStart(2, '0')}x`;

/** One Crash round: its point, and whether its hash leads to the commitment (null: none given). */
export function verifyCrash(round, salt = round.salt, commitment = round.commitment) {
  const crashPoint = crashPointOf(round.hash, salt, round.roundNo);
  const chain = commitment ? crashChainHolds(round.hash, commitment, round.roundNo) : null;
  const problem =
    round.crashPoint !== undefined && round.crashPoint !== crashPoint
      ? `crash point ${crashText(crashPoint)}, not ${crashText(round.crashPoint)}`
      : chain === false
        ? 'the hash does not lead back to the commitment'
        : null;
  return { crashPoint, multiplier: crashText(crashPoint), chain, problem };
}

const choose = (n, k) => {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};
const pays = (bet, num, den) => Number((BigInt(bet) * BigInt(num)) / BigInt(den));

export function verify(bet) {
  const { serverSeed, clientSeed, nonce, wager: w } = bet;
  const r = words(serverSeed, clientSeed, nonce);
  const hash = createHash('sha256').update(serverSeed).digest('hex');
  switch (w.kind) {
    case 'dice': {
      const roll = r.int(10000);
      const won = w.over ? roll >= w.target : roll < w.target;
      const chance = w.over ? 10000 - w.target : w.target;
      return { hash, roll, won, totalWin: won ? pays(w.bet, 9900, chance) : 0 };
    }
    case 'limbo': {
      const draw = r.int(w.target);
      const result = Math.max(100, Math.floor((99 * w.target) / (draw + 1)));
      const won = result >= w.target;
      return { hash, draw, result, won, totalWin: won ? pays(w.bet, w.target, 100) : 0 };
    }
    case 'mines': {
      const tiles = Array.from({ length: 25 }, (_, i) => i);
      for (let i = 0; i < w.mines; i++) {
        const j = i + r.int(25 - i);
        [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
      }
      const layout = tiles.slice(0, w.mines).sort((a, b) => a - b);
      let safe = 0;
      let hit = null;
      for (const p of w.picks) {
        if (layout.includes(p)) {
          hit = p;
          break;
        }
        safe += 1;
      }
      const win =
        hit === null && safe > 0 ? pays(w.bet, 99n * choose(25, safe), 100n * choose(25 - w.mines, safe)) : 0;
      return { hash, layout, hit, safe, totalWin: win };
    }
    case 'plinko': {
      const path = [];
      for (let i = 0; i < w.rows; i++) path.push(r.float() < 0.5 ? 0 : 1);
      const bucket = path.reduce((a, b) => a + b, 0);
      const multiplier = PLINKO[w.rows][w.risk][bucket];
      return { hash, path, bucket, multiplier, totalWin: pays(w.bet, multiplier, 100) };
    }
    case 'keno': {
      const balls = Array.from({ length: 40 }, (_, i) => i + 1);
      for (let i = 0; i < 10; i++) {
        const j = i + r.int(40 - i);
        [balls[i], balls[j]] = [balls[j], balls[i]];
      }
      const drawn = balls.slice(0, 10);
      const hits = w.picks.filter((p) => drawn.includes(p)).sort((a, b) => a - b);
      const multiplier = KENO[w.risk][w.picks.length - 1][hits.length];
      return { hash, drawn, hits, multiplier, totalWin: pays(w.bet, multiplier, 100) };
    }
    case 'wheel': {
      const segment = r.int(w.segments);
      const multiplier = wheelMultiplier(w.segments, w.risk, segment);
      return { hash, segment, multiplier, totalWin: pays(w.bet, multiplier, 100) };
    }
    case 'roulette': {
      const number = r.int(37);
      return { hash, number, ...spots(w.bets, (key) => rouletteReturn(key, number)) };
    }
    case 'sicbo': {
      const dice = [1 + r.int(6), 1 + r.int(6), 1 + r.int(6)];
      return {
        hash,
        dice,
        total: dice[0] + dice[1] + dice[2],
        ...spots(w.bets, (key) => sicBoReturn(key, dice)),
      };
    }
    case 'hilo': {
      // Every card from a full deck: int(52), rank = card % 13 + 1 (ace low), suit = card / 13.
      const rank = (c) => (c % 13) + 1;
      const cards = [r.int(52)];
      let lost = false;
      let num = 99n;
      let den = 100n;
      let guesses = 0;
      for (const a of w.actions) {
        const cur = rank(cards.at(-1));
        const next = r.int(52);
        cards.push(next);
        if (a === 'skip') continue;
        const n = rank(next);
        const right =
          a === 'same'
            ? n === cur
            : a === 'higher'
              ? cur === 1
                ? n > 1
                : n >= cur
              : cur === 13
                ? n < 13
                : n <= cur;
        if (!right) {
          lost = true;
          break;
        }
        const ranks = a === 'same' ? 1 : a === 'higher' ? (cur === 1 ? 12 : 14 - cur) : cur === 13 ? 12 : cur;
        num *= 13n;
        den *= BigInt(ranks);
        guesses += 1;
      }
      return { hash, cards, lost, guesses, totalWin: !lost && guesses ? pays(w.bet, num, den) : 0 };
    }
    case 'baccarat': {
      // Punto Banco (decision 056): every card int(52) from a full deck, value = rank for 1-9, 0
      // for tens and faces; dealt P, B, P, B; naturals 8/9 stand; the player draws on 0-5; the
      // banker by the tableau. Returns per unit in hundredths: player 200, banker 195 (100 each on
      // a tie), tie 900, a pair 1200; the round's total rounded down once.
      const value = (c) => ((c % 13) + 1 >= 10 ? 0 : (c % 13) + 1);
      const sum = (cards) => cards.reduce((a, c) => a + value(c), 0) % 10;
      const [p1, b1, p2, b2] = [r.int(52), r.int(52), r.int(52), r.int(52)];
      const player = [p1, p2];
      const banker = [b1, b2];
      if (sum(player) < 8 && sum(banker) < 8) {
        let third = null;
        if (sum(player) <= 5) {
          player.push(r.int(52));
          third = value(player[2]);
        }
        const b = sum(banker);
        const draws =
          third === null
            ? b <= 5
            : b <= 2 ||
              (b === 3 && third !== 8) ||
              (b === 4 && third >= 2 && third <= 7) ||
              (b === 5 && third >= 4 && third <= 7) ||
              (b === 6 && third >= 6 && third <= 7);
        if (draws) banker.push(r.int(52));
      }
      const [pt, bt] = [sum(player), sum(banker)];
      const result = pt > bt ? 'player' : bt > pt ? 'banker' : 'tie';
      const back = {
        player: result === 'player' ? 200 : result === 'tie' ? 100 : 0,
        banker: result === 'banker' ? 195 : result === 'tie' ? 100 : 0,
        tie: result === 'tie' ? 900 : 0,
        'player-pair': p1 % 13 === p2 % 13 ? 1200 : 0,
        'banker-pair': b1 % 13 === b2 % 13 ? 1200 : 0,
      };
      const winning = Object.keys(back).filter((k) => w.bets[k] && back[k]);
      const hundredths = winning.reduce((a, k) => a + BigInt(w.bets[k]) * BigInt(back[k]), 0n);
      return {
        hash,
        player,
        banker,
        playerTotal: pt,
        bankerTotal: bt,
        result,
        winning,
        totalWin: Number(hundredths / 100n),
      };
    }
    case 'blackjack': {
      // Decision 057: every card int(52) from a full deck, value = min(rank, 10), an ace 11 when
      // that does not bust. Dealt player, dealer, player; then each card a hit, double or split asks
      // for (a split hand draws its second card when its turn comes; split aces one card each; a
      // hand at 21 stands), then the dealer's second card and on while under 17 (stands on soft 17),
      // none when every hand busted, only the second against a blackjack. A dealer blackjack takes
      // every stake and pushes a player's blackjack (3:2). Returns in halves of the bet.
      const value = (c) => Math.min((c % 13) + 1, 10);
      const total = (cards) => {
        const hard = cards.reduce((a, c) => a + value(c), 0);
        return cards.some((c) => value(c) === 1) && hard + 10 <= 21 ? hard + 10 : hard;
      };
      const card = () => r.int(52);
      const first = card();
      const dealer = [card()];
      let hands = [{ cards: [first, card()], doubled: false }];
      const natural = total(hands[0].cards) === 21;
      let split = false;
      const actions = [...w.actions];
      if (!natural)
        for (let i = 0; i < hands.length; i++) {
          const h = hands[i];
          if (h.cards.length < 2) h.cards.push(card());
          if (split && value(h.cards[0]) === 1) continue;
          while (total(h.cards) < 21) {
            const a = actions.shift();
            if (a === undefined) throw new Error('the round is not finished');
            if (a === 'stand') break;
            if (a === 'split') {
              if (split || h.cards.length !== 2 || value(h.cards[0]) !== value(h.cards[1]))
                throw new Error('split not allowed');
              split = true;
              hands = [
                { cards: [h.cards[0]], doubled: false },
                { cards: [h.cards[1]], doubled: false },
              ];
              i -= 1;
              break;
            }
            if (a === 'double') {
              if (h.cards.length !== 2) throw new Error('double not allowed');
              h.doubled = true;
              h.cards.push(card());
              break;
            }
            h.cards.push(card());
          }
        }
      if (actions.length) throw new Error('more actions than the round took');
      if (!hands.every((h) => total(h.cards) > 21)) {
        dealer.push(card());
        if (!natural) while (total(dealer) < 17) dealer.push(card());
      }
      const dealerBj = dealer.length === 2 && total(dealer) === 21;
      const d = total(dealer);
      let halves = 0;
      const results = hands.map((h) => {
        const p = total(h.cards);
        const s = h.doubled ? 2 : 1;
        const [result, back] =
          p > 21
            ? ['bust', 0]
            : dealerBj
              ? natural
                ? ['push', 2]
                : ['lose', 0]
              : natural
                ? ['blackjack', 5]
                : d > 21 || p > d
                  ? ['win', 4 * s]
                  : p === d
                    ? ['push', 2 * s]
                    : ['lose', 0];
        halves += back;
        return { cards: h.cards, result };
      });
      return {
        hash,
        hands: results.map((h, i) => ({ ...hands[i], ...h })).map(({ cards, result }) => ({ cards, result })),
        dealer,
        totalWin: Number((BigInt(w.bet) * BigInt(halves)) / 2n),
      };
    }
    default:
      throw new Error(`unknown game ${w.kind}`);
  }
}

const KEYS = [
  'roll',
  'won',
  'draw',
  'result',
  'layout',
  'hit',
  'safe',
  'path',
  'bucket',
  'multiplier',
  'drawn',
  'hits',
  'segment',
  'number',
  'dice',
  'total',
  'winning',
  'cards',
  'player',
  'banker',
  'playerTotal',
  'bankerTotal',
  'lost',
  'guesses',
  'dealer',
  'totalWin',
];

function matches(expected, got) {
  if (expected.serverSeedHash && expected.serverSeedHash !== got.hash) return 'server seed hash differs';
  if (got.hands && expected.outcome?.hands) {
    const mine = expected.outcome.hands.map((h) => ({ cards: h.cards, result: h.result }));
    if (JSON.stringify(mine) !== JSON.stringify(got.hands)) return 'hands differ';
  }
  for (const k of KEYS)
    if (k in got && expected.outcome && k in expected.outcome)
      if (JSON.stringify(expected.outcome[k]) !== JSON.stringify(got[k])) return `${k} differs`;
  return null;
}

const arg = process.argv[2];
if (arg) {
  const text = arg.trim().startsWith('{') ? arg : readFileSync(arg, 'utf8');
  const doc = JSON.parse(text);
  if (Array.isArray(doc.rounds) && doc.commitment) {
    // Crash's published chain (docs/crash-vectors.json).
    let bad = 0;
    for (const r of doc.rounds) {
      const got = verifyCrash(r, doc.salt, doc.commitment);
      if (got.problem) bad += 1;
      console.log(
        `${got.problem ? 'MISMATCH' : 'match   '} crash    round ${r.roundNo}: ${got.multiplier}${got.problem ? `: ${got.problem}` : ''}`,
      );
    }
    console.log(`${doc.rounds.length - bad} of ${doc.rounds.length} crash rounds match`);
    process.exitCode = bad ? 1 : 0;
  } else if (doc.kind === 'crash') {
    const got = verifyCrash(doc);
    console.log(JSON.stringify(got));
    console.log(
      got.problem
        ? `MISMATCH: ${got.problem}`
        : `round ${doc.roundNo} crashed at ${got.multiplier}${got.chain ? '; the hash leads back to the commitment' : ''}`,
    );
    process.exitCode = got.problem ? 1 : 0;
  } else if (Array.isArray(doc.vectors)) {
    let bad = 0;
    for (const v of doc.vectors) {
      const problem = matches(v, verify(v));
      if (problem) bad += 1;
      console.log(
        `${problem ? 'MISMATCH' : 'match   '} ${v.wager.kind.padEnd(8)} nonce ${v.nonce}${problem ? `: ${problem}` : ''}`,
      );
    }
    console.log(`${doc.vectors.length - bad} of ${doc.vectors.length} vectors match`);
    process.exitCode = bad ? 1 : 0;
  } else {
    const got = verify(doc);
    const problem = matches(doc, got);
    console.log(JSON.stringify(got));
    console.log(problem ? `MISMATCH: ${problem}` : 'match');
    process.exitCode = problem ? 1 : 0;
  }
}
