import { Errors } from '@app/contract';
import { ApiError } from './api-error.ts';
import { buildUrl, standardHeaders } from './client.ts';

/**
 * Downloads a server-built CSV (a bare GET: the records' export, the agent centre's) as a file,
 * in the browser's time zone. A plain link cannot carry the Authorization header, so the file is
 * fetched and handed to the browser; a refusal throws the server's error.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, unknown>,
  fallbackName: string,
): Promise<void> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const res = await fetch(buildUrl(path, { ...query, ...(timeZone ? { timeZone } : {}) }), {
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
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5_000);
}
