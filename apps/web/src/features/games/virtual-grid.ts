/**
 * The window of a virtualised grid (NC-46): which rows to mount for a scroll position. Only the
 * rows on screen, one row behind and 1.3 screens ahead (BC-08's preload distance) are mounted, and
 * never more than `maxTiles` tiles, so the DOM stays small at 10,000 games.
 */
export const MAX_TILES = 100;

export interface GridGeometry {
  columns: number;
  rowHeight: number;
}

export function columnsFor(width: number, minTile: number, gap: number, minColumns = 2): number {
  return Math.max(minColumns, Math.floor((width + gap) / (minTile + gap)));
}

export function gridWindow(
  total: number,
  geometry: GridGeometry,
  viewport: { top: number; height: number },
  options: { ahead?: number; behindRows?: number; maxTiles?: number } = {},
): { firstRow: number; lastRow: number; rows: number } {
  const { columns, rowHeight } = geometry;
  const rows = Math.ceil(total / columns);
  if (rows === 0) return { firstRow: 0, lastRow: -1, rows };
  const ahead = options.ahead ?? 1.3;
  const behind = options.behindRows ?? 1;
  const maxRows = Math.max(1, Math.floor((options.maxTiles ?? MAX_TILES) / columns));
  const top = Math.max(0, viewport.top);
  let firstRow = Math.max(0, Math.floor(top / rowHeight) - behind);
  let lastRow = Math.min(rows - 1, Math.ceil((top + viewport.height * (1 + ahead)) / rowHeight));
  if (lastRow - firstRow + 1 > maxRows) lastRow = firstRow + maxRows - 1;
  if (lastRow < firstRow) lastRow = firstRow;
  if (firstRow > rows - 1) firstRow = Math.max(0, rows - maxRows);
  lastRow = Math.min(lastRow, rows - 1);
  return { firstRow, lastRow, rows };
}
