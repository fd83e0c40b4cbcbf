import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import {
  Errors,
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
import { call, buildUrl, standardHeaders } from '../../shared/http/client.ts';
import { ApiError } from '../../shared/http/api-error.ts';
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

/**
 * Downloads the server-built CSV of the range (GET /wps/records/export) as a file. A plain link
 * cannot carry the Authorization header, so the file is fetched and handed to the browser.
 */
export async function downloadRecords(query: RecordsExportQuery): Promise<void> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const res = await fetch(buildUrl(RECORDS_EXPORT_PATH, { ...query, ...(timeZone ? { timeZone } : {}) }), {
    headers: standardHeaders(),
    credentials: 'same-origin',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errorCode?: string; message?: string } | null;
    throw new ApiError({
      status: res.status,
      errorCode: body?.errorCode ?? Errors.systemError.code,
      message: body?.message ?? `HTTP ${res.status}`,
    });
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'records.csv';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5_000);
}
