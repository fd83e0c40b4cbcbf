import { rowsContent } from './content.ts';
import { familyOf } from './families.ts';
import { D4_PLAYS } from './plays/d4.ts';
import { K3_PLAYS } from './plays/k3.ts';
import { PK10_PLAYS } from './plays/pk10.ts';
import { SSC_PLAYS } from './plays/ssc.ts';
import { vnPlays } from './plays/vn.ts';
import { X115_PLAYS } from './plays/x115.ts';
import type { Family, PlayDef } from './types.ts';
import { LotteryRuleError } from './types.ts';

let registry: Readonly<Record<Family, readonly PlayDef[]>> | undefined;
let byId: Map<number, PlayDef> | undefined;

// Built on first use, so a bundle that imports only a helper pays nothing for the tables.
function all(): Readonly<Record<Family, readonly PlayDef[]>> {
  registry ??= {
    SSC: SSC_PLAYS,
    '11X5': X115_PLAYS,
    K3: K3_PLAYS,
    PK10: PK10_PLAYS,
    VNFAST: vnPlays('VNFAST'),
    VNNORTH: vnPlays('VNNORTH'),
    VNCENTRAL: vnPlays('VNCENTRAL'),
    VNSOUTH: vnPlays('VNSOUTH'),
    '4D': D4_PLAYS,
  };
  return registry;
}

/** The plays of a family, in menu order. */
export function playsOf(family: Family | string): readonly PlayDef[] {
  return all()[familyOf(family).family];
}

/** A play by its code or playId within a family; throws `play.unknown`. */
export function playOf(family: Family | string, codeOrId: string | number): PlayDef {
  const p = playsOf(family).find((x) => x.code === codeOrId || x.playId === codeOrId);
  if (!p) throw new LotteryRuleError('play.unknown', `No play ${codeOrId} in ${family}`);
  return p;
}

/** A play by its playId (unique across families); throws `play.unknown`. */
export function playById(playId: number): PlayDef {
  if (!byId) {
    byId = new Map();
    for (const plays of Object.values(all())) for (const p of plays) byId.set(p.playId, p);
  }
  const p = byId.get(playId);
  if (!p) throw new LotteryRuleError('play.unknown', `No play ${playId}`);
  return p;
}

/** Notes of a selection while the player picks: 0 when incomplete or invalid (never throws). */
export function previewNotes(play: PlayDef, rows: readonly (readonly string[])[]): number {
  try {
    return play.countNotes(rowsContent(rows, play.rows));
  } catch {
    return 0;
  }
}
