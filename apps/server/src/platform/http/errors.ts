import type { ErrorDef } from '@app/contract';

export interface FailOptions {
  /** A sentence more precise than the catalogue's default (e.g. which field, which limit). */
  message?: string;
  /** Data the client acts on (e.g. `{captcha: true}`), sent as the envelope's `value`. */
  value?: unknown;
}

/**
 * An outcome the caller can act on: sent as the error envelope with the code and the HTTP status
 * the contract's catalogue gives the error. Raised with `fail`.
 */
export class AppError extends Error {
  readonly error: ErrorDef;
  readonly value: unknown;
  constructor(error: ErrorDef, options: FailOptions = {}) {
    super(options.message ?? error.message);
    this.name = 'AppError';
    this.error = error;
    this.value = options.value;
  }
  get statusCode(): number {
    return this.error.status;
  }
  get errorCode(): string {
    return this.error.code;
  }
}

/** The one way to refuse: `throw fail(Errors.codeInvalid)`, optionally with a sharper sentence or a value. */
export function fail(error: ErrorDef, options?: FailOptions): AppError {
  return new AppError(error, options);
}
