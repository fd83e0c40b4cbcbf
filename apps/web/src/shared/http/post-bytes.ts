import { Errors } from '@app/contract';
import { ApiError } from './api-error.ts';
import { buildUrl, standardHeaders } from './client.ts';

/**
 * POSTs raw bytes (an image upload: not JSON, so not through `call`) with the wire's headers and
 * unwraps the answer's envelope the way `call` does: a refusal or a bad answer is an ApiError.
 */
export async function postBytes<T>(
  path: string,
  query: Record<string, unknown>,
  body: Blob,
  contentType: string,
): Promise<T> {
  const res = await fetch(buildUrl(path, query), {
    method: 'POST',
    headers: { ...standardHeaders(), 'Content-Type': contentType },
    body,
    credentials: 'same-origin',
  });
  const payload = (await res.json().catch(() => null)) as {
    success?: boolean;
    errorCode?: string;
    message?: string;
    value?: unknown;
  } | null;
  if (!res.ok || !payload || payload.success === false) {
    throw new ApiError({
      status: res.status,
      errorCode: payload?.errorCode ?? Errors.systemError.code,
      message: payload?.message ?? Errors.systemError.message,
    });
  }
  return payload.value as T;
}
