import { useCallback } from 'react';
import { create } from 'zustand';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/client.ts';
import { addFavoriteCall, removeFavoriteCall } from './calls.ts';

/**
 * The player's favourite changes, applied to every list on screen at once (NC-39) before the
 * server answers; the server's flag holds for any game not touched here.
 */
interface FavouriteState {
  changed: Record<string, boolean>;
  set(nodeId: string, favourite: boolean): void;
  reset(): void;
}

export const useFavouriteStore = create<FavouriteState>((set) => ({
  changed: {},
  set: (nodeId, favourite) => set((s) => ({ changed: { ...s.changed, [nodeId]: favourite } })),
  reset: () => set({ changed: {} }),
}));

/** Whether a game is a favourite now: the local change if any, else the server's flag. */
export function isFavourite(game: { nodeId: string; isFavorite: boolean }, changed: Record<string, boolean>) {
  return changed[game.nodeId] ?? game.isFavorite;
}

export type FavouriteAction = 'add' | 'remove' | 'skip';

/** NC-38: adding a game that is already a favourite is skipped (no call). */
export function favouriteAction(currentlyFavourite: boolean, want: boolean): FavouriteAction {
  if (want) return currentlyFavourite ? 'skip' : 'add';
  return currentlyFavourite ? 'remove' : 'skip';
}

/** Adds or removes a favourite: the lists change at once, the call follows, a failure puts it back. */
export function useToggleFavourite() {
  const client = useQueryClient();
  const setLocal = useFavouriteStore((s) => s.set);
  return useCallback(
    async (game: { nodeId: string; isFavorite: boolean }, want: boolean) => {
      const current = isFavourite(game, useFavouriteStore.getState().changed);
      const action = favouriteAction(current, want);
      if (action === 'skip') return;
      setLocal(game.nodeId, want);
      try {
        await call(action === 'add' ? addFavoriteCall : removeFavoriteCall, {
          body: { nodeId: game.nodeId },
        });
        void client.invalidateQueries({ queryKey: ['games', 'list'], refetchType: 'none' });
        void client.invalidateQueries({ queryKey: ['games', 'favourites'] });
      } catch {
        setLocal(game.nodeId, current);
      }
    },
    [client, setLocal],
  );
}
