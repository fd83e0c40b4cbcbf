import { create } from 'zustand';
import { useUiStore } from '../../shared/shell/ui-store.ts';

/**
 * A jump from one agent page to another with a member in hand (team management's "downline
 * report" and "game records"): the target page opens filtered on that member. The filter waits
 * here until the page takes it on mounting.
 */
interface DrillState {
  /** Page key → the username it should open on. */
  pending: Record<string, string>;
}

const useDrill = create<DrillState>(() => ({ pending: {} }));

export function drillTo(page: string, username: string): void {
  useDrill.setState((s) => ({ pending: { ...s.pending, [page]: username } }));
  useUiStore.getState().setAccountPage(page);
}

/** The username a page was opened on (once: it is cleared as it is read), or ''. */
export function takeDrill(page: string): string {
  const username = useDrill.getState().pending[page] ?? '';
  if (username) useDrill.setState((s) => ({ pending: { ...s.pending, [page]: '' } }));
  return username;
}
