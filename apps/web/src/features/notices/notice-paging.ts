import { Limits } from '@app/contract';

/** 9 notices a page (NM-08). */
export const NOTICE_PAGE_SIZE = Limits.noticePageSize;

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / NOTICE_PAGE_SIZE));
}

/** The page that holds the notice at `index` (the selected notice decides the starting page, NM-10). */
export function pageOfIndex(index: number): number {
  return Math.max(0, Math.floor(index / NOTICE_PAGE_SIZE));
}

export function pageSlice<T>(items: readonly T[], page: number): T[] {
  return items.slice(page * NOTICE_PAGE_SIZE, (page + 1) * NOTICE_PAGE_SIZE);
}
