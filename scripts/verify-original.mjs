#!/usr/bin/env node
// Standalone verifier of the house originals (decision 046): no import from the project, only
// node:crypto, so anyone can check a bet or the published vectors with Node alone.
//
//   node scripts/verify-original.mjs docs/provably-fair-vectors.json
//     recomputes every vector and says which match (exit 1 when one does not)
//   node scripts/verify-original.mjs '<json of one bet>'
//     one bet: {serverSeed, serverSeedHash?, clientSeed, nonce, wager: {kind, bet, ...}}, prints
//     the outcome (the verifier page's "copy for the script" gives this text)
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
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

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
  'totalWin',
];

function matches(expected, got) {
  if (expected.serverSeedHash && expected.serverSeedHash !== got.hash) return 'server seed hash differs';
  for (const k of KEYS)
    if (k in got && expected.outcome && k in expected.outcome)
      if (JSON.stringify(expected.outcome[k]) !== JSON.stringify(got[k])) return `${k} differs`;
  return null;
}

const arg = process.argv[2];
if (arg) {
  const text = arg.trim().startsWith('{') ? arg : readFileSync(arg, 'utf8');
  const doc = JSON.parse(text);
  if (Array.isArray(doc.vectors)) {
    let bad = 0;
    for (const v of doc.vectors) {
      const problem = matches(v, verify(v));
      if (problem) bad += 1;
      console.log(
        `${problem ? 'MISMATCH' : 'match   '} ${v.wager.kind.padEnd(6)} nonce ${v.nonce}${problem ? `: ${problem}` : ''}`,
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
