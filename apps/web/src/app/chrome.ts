import { useMatches } from 'react-router';

/** Which parts of the shell a page shows; set per route in its `handle`. */
export interface PageChrome {
  header: boolean;
  noticeBar: boolean;
  footer: boolean;
  sideBar: boolean;
  /** The member bar shows the balance (false on game pages: SH-25, decision D3). */
  showBalance: boolean;
}

export const fullChrome: PageChrome = {
  header: true,
  noticeBar: true,
  footer: true,
  sideBar: true,
  showBalance: true,
};

export interface RouteHandle {
  chrome?: Partial<PageChrome>;
}

/** The chrome of the deepest matched route that sets one. */
export function useChrome(): PageChrome {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const chrome = (matches[i]!.handle as RouteHandle | undefined)?.chrome;
    if (chrome) return { ...fullChrome, ...chrome };
  }
  return fullChrome;
}

/** For the member bar: whether this page may show the balance. */
export function useShowBalance(): boolean {
  return useChrome().showBalance;
}
