import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimRafflePromotion, getRaffleDraw, getRaffles } from '@app/contract';
import { useQuery } from '../../shared/http/use-query.ts';
import { call } from '../../shared/http/client.ts';

/** Under ['wallet', …]: logout (which drops ['wallet']) clears the member's tickets and wins. */
const K = {
  list: (loggedIn: boolean) => ['wallet', 'raffles', loggedIn],
  draw: (id: number) => ['raffles', 'draw', id],
};

/** The raffles (decision 053); read again every 30 s so a draw shows up while the page is open. */
export function useRaffles(loggedIn: boolean) {
  return useQuery({
    queryKey: K.list(loggedIn),
    queryFn: ({ signal }) => call(getRaffles, { signal }),
    refetchInterval: 30_000,
  });
}

/** A drawn raffle's proof: the seed and the tickets in order. */
export function useRaffleDraw(id: number, enabled: boolean) {
  return useQuery({
    queryKey: K.draw(id),
    queryFn: ({ signal }) => call(getRaffleDraw, { query: { id }, signal }),
    enabled,
    staleTime: Infinity,
  });
}

/** Enters a raffle: the original's claim call with the raffle as its schedule (PR-11). */
export function useEnterRaffle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call(claimRafflePromotion, { body: { promotionId: id, raffleScheduleId: id } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['wallet', 'raffles'] }),
  });
}
