import { ErrorCodes, type ErrorCode } from '@app/contract';

/** An outcome the caller can act on: sent as the error envelope with a truthful HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errorCode: ErrorCode;
  readonly value: unknown;
  constructor(statusCode: number, errorCode: ErrorCode, message: string, value?: unknown) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.errorCode = errorCode;
    this.value = value;
  }
}

export const unauthorized = (message = 'You are not logged in, please log in') =>
  new AppError(401, ErrorCodes.tokenInvalid, message);
export const forbidden = (message: string, code: ErrorCode = ErrorCodes.forbidden) =>
  new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, ErrorCodes.notFound, message);
export const conflict = (message: string, code: ErrorCode = ErrorCodes.conflict) =>
  new AppError(409, code, message);
export const invalidInput = (message: string, value?: unknown) =>
  new AppError(422, ErrorCodes.invalidInput, message, value);
export const tooManyRequests = (message = 'Too many requests, try again after 5 minutes') =>
  new AppError(429, ErrorCodes.tooManyRequests, message);
