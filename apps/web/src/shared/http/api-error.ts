/** A failed call: the server's envelope error, an HTTP failure, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly value: unknown;

  constructor(init: { status: number; errorCode: string; message: string; value?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.value = init.value;
  }
}

/** Error codes the client produces itself (the server's codes come from the contract's Errors catalogue). */
export const ClientErrorCodes = {
  network: 'network.error',
  badResponse: 'response.invalid',
  encryptionUnavailable: 'encryption.unavailable',
  /** The player closed a slider challenge the action needed; the message is the text to show. */
  challengeClosed: 'challenge.closed',
} as const;

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
