#!/usr/bin/env node
// Recomputes Crash rounds (decision 055) with node:crypto only, from the rules, without any
// project code: the crash point of a round from its revealed hash, the chain's salt and the
// round number, and that the hash leads back to the chain's published commitment.
//
//   node scripts/verify-crash.mjs                       the vectors of docs/crash-vectors.json
//   node scripts/verify-crash.mjs HASH SALT ROUND_NO [COMMITMENT]
//
// Rules: block c = HMAC-SHA256(key = hash as text, message = `${salt}:${roundNo}:${c}`); its
// bytes read as big-endian 32-bit words, 8 a block, are the binary digits of U in [0, 1); the
// point (hundredths) is min(100000000, floor(99 / U)), read word by word until decided.
// The chain: the hash before h is SHA-256 of h's hex text; round n's hash reaches the commitment
// (round 0) after n steps back.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const CAP = 100000000n;

export function crashPointOf(hash, salt, roundNo) {
  let a = 0n;
  let pow = 1n;
  let block = null;
  for (let word = 0; word < 32; word++) {
    if (word % 8 === 0)
      block = createHmac('sha256', hash)
        .update(`${salt}:${roundNo}:${word / 8}`)
        .digest();
    a = (a << 32n) | BigInt(block.readUInt32BE((word % 8) * 4));
    pow <<= 32n;
    const low = (99n * pow) / (a + 1n);
    if (low >= CAP) return Number(CAP);
    if (a > 0n && (99n * pow) / a === low) return Number(low);
    if (word === 31) return Number(low);
  }
}

export function stepsToCommitment(hash, commitment, max = 10000000) {
  let h = hash;
  for (let n = 0; n <= max; n++) {
    if (h === commitment) return n;
    h = createHash('sha256').update(h, 'utf8').digest('hex');
  }
  return -1;
}

const text = (p) =>
  `${Math.floor(Math.max(100, p) / 100)}.${String(Math.max(100, p) % 100).padStart(2, '0')}x`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.length >= 3) {
    const [hash, salt, roundNo, commitment] = args;
    const point = crashPointOf(hash, salt, Number(roundNo));
    console.log(`round ${roundNo}: crash point ${point} hundredths (${text(point)})`);
    if (commitment) {
      const n = stepsToCommitment(hash, commitment, Number(roundNo));
      console.log(n === Number(roundNo) ? 'chain: the hash leads to the commitment' : 'chain: MISMATCH');
      if (n !== Number(roundNo)) process.exit(1);
    }
  } else {
    const file = new URL('../docs/crash-vectors.json', import.meta.url);
    const { commitment, salt, rounds } = JSON.parse(readFileSync(file, 'utf8'));
    let bad = 0;
    for (const r of rounds) {
      const point = crashPointOf(r.hash, salt, r.roundNo);
      const chain = stepsToCommitment(r.hash, commitment, r.roundNo) === r.roundNo;
      const ok = point === r.crashPoint && chain;
      if (!ok) bad++;
      console.log(
        `${ok ? 'ok' : 'MISMATCH'} round ${r.roundNo}: ${text(point)}${chain ? '' : ' (chain broken)'}`,
      );
    }
    console.log(`${rounds.length - bad} of ${rounds.length} rounds match`);
    if (bad) process.exit(1);
  }
}
