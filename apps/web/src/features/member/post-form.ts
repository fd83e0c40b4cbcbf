import { type CallValue, Errors, type requestPasswordEmail } from '@app/contract';
import { ApiError, ClientErrorCodes } from '../../shared/http/api-error.ts';
import { standardHeaders } from '../../shared/http/client.ts';

/**
 * Forgot password by e-mail is a form POST in the original client (PW-04): the same envelope as
 * every /wps call, but an `application/x-www-form-urlencoded` body.
 */
export async function postPasswordEmailForm(fields: {
  username: string;
  email: string;
}): Promise<CallValue<typeof requestPasswordEmail>> {
  let res: Response;
  try {
    res = await fetch('/wps/member/password/email', {
      method: 'POST',
      headers: { ...standardHeaders(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({
      status: 0,
      errorCode: ClientErrorCodes.network,
      message: 'Network link abnormal, please retry',
    });
  }
  const payload = (await res.json().catch(() => null)) as {
    success?: boolean;
    value?: unknown;
    errorCode?: string;
    message?: string;
  } | null;
  if (!payload || payload.success !== true) {
    throw new ApiError({
      status: res.status,
      errorCode: payload?.errorCode ?? Errors.systemError.code,
      message: payload?.message ?? 'System error',
      value: payload?.value,
    });
  }
  return payload.value as CallValue<typeof requestPasswordEmail>;
}
