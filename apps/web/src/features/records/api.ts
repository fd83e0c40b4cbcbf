import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import {
  getAccountRecords,
  getBetRecords,
  getBonusDetails,
  getProfitLoss,
  RECORDS_EXPORT_PATH,
  type CallDef,
  type CallQuery,
  type CallValue,
  type RecordsExportQuery,
} from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { downloadCsv } from '../../shared/http/download.ts';
import { LiveKeys } from '../../shared/realtime/live-keys.ts';

/**
 * One records query. The key starts with LiveKeys.records, so a balance change pushed by the live
 * stream refreshes an open records page; the previous page stays on screen while the next loads.
 */
function useRecordsQuery<C extends CallDef>(def: C, query: CallQuery<C>) {
  return useQuery<CallValue<C>>({
    queryKey: [...LiveKeys.records, def.id, query],
    queryFn: ({ signal }) => call(def, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export const useBetRecords = (q: CallQuery<typeof getBetRecords>) => useRecordsQuery(getBetRecords, q);
export const useAccountRecords = (q: CallQuery<typeof getAccountRecords>) =>
  useRecordsQuery(getAccountRecords, q);
export const useProfitLoss = (q: CallQuery<typeof getProfitLoss>) => useRecordsQuery(getProfitLoss, q);
export const useBonusDetails = (q: CallQuery<typeof getBonusDetails>) => useRecordsQuery(getBonusDetails, q);

/** Downloads the server-built CSV of the range (GET /wps/records/export) as a file. */
export const downloadRecords = (query: RecordsExportQuery): Promise<void> =>
  downloadCsv(RECORDS_EXPORT_PATH, query, 'records.csv');
