import { createContext, useContext } from 'react';

/** Which parts of the shell a page shows; set per route in its `handle`. */
export interface PageChrome {
  header: boolean;
  noticeBar: boolean;
  footer: boolean;
  sideBar: boolean;
  /**
   * The side bar's round button on phones (≤760 px). Off where the page's own controls sit in that
   * corner all the time, as the chat room's composer and newest messages do (decision 054).
   */
  sideBarOnPhone: boolean;
  /** The member bar shows the balance (false on game pages: SH-25, decision D3). */
  showBalance: boolean;
}

export const fullChrome: PageChrome = {
  header: true,
  noticeBar: true,
  footer: true,
  sideBar: true,
  sideBarOnPhone: true,
  showBalance: true,
};

export interface RouteHandle {
  chrome?: Partial<PageChrome>;
}

/** The chrome of the deepest matched route that sets one, given by the root route (routes.tsx). */
export const ChromeContext = createContext<PageChrome>(fullChrome);

/** The chrome of the page shown. */
export function useChrome(): PageChrome {
  return useContext(ChromeContext);
}

/** For the member bar: whether this page may show the balance. */
export function useShowBalance(): boolean {
  return useChrome().showBalance;
}
