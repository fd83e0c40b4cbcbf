/**
 * What the pages show, independent of the wire: api.ts maps the gateway's answers (contract
 * lottery.ts, in the TCG shapes) onto these.
 */
export interface LobbyGame {
  gameId: number;
  gameCode: string;
  name: string;
  groupCode: string;
  defaultPlayType?: string | number;
  /** Seconds sales close before the draw. */
  lockTime: number;
  /** Seconds between draws; 0 for the daily draws. */
  interval: number;
}

export interface LobbyGroup {
  code: string;
  label: string;
  games: LobbyGame[];
}

/** One numero as the countdown needs it: absolute times on the browser's clock. */
export interface OpenNumero {
  numero: string;
  /** Sales close (draw time − lockTime), ms since epoch on this browser's clock. */
  closeAt: number;
  /** The draw, ms since epoch. */
  drawAt: number;
  isSale: boolean;
}

export interface DrawResult {
  numero: string;
  /** The result as published: comma-separated balls or a bare digit string. */
  winNo: string;
  drawTime?: number;
}
