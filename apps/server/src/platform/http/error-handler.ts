import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCodes, type ErrorEnvelope } from '@app/contract';
import { AppError } from './errors.ts';

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  errorCode: string,
  message: string,
  value?: unknown,
) {
  const body: ErrorEnvelope = {
    success: false,
    errorCode,
    message,
    ...(value === undefined ? {} : { value }),
  };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

function describeValidation(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const parts = err.validation.map((issue) => {
      const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      // A missing body or a JSON array where an object belongs: say what to send, not zod's wording.
      if (!where && err.validationContext === 'body' && issue.keyword === 'invalid_type')
        return 'the request body must be a JSON object';
      return `${where || err.validationContext || 'request'}: ${issue.message}`;
    });
    return `Invalid ${err.validationContext ?? 'request'}: ${parts.join('; ')}`;
  }
  return err.message;
}

/**
 * Errors the router raises before any route runs (a path with broken percent-encoding, an
 * over-long parameter); passed to Fastify as `frameworkErrors` so they get the envelope too.
 */
export function handleFrameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL')
    return sendError(
      reply,
      400,
      ErrorCodes.malformedJson,
      'The address is not a valid URL: check its percent-encoding',
    );
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(reply, 414, ErrorCodes.invalidInput, 'A part of the address is too long');
  return sendError(
    reply,
    err.statusCode && err.statusCode < 500 ? err.statusCode : 400,
    ErrorCodes.invalidInput,
    err.message,
  );
}

/**
 * Every failure leaves as the error envelope. Bad input gets a 4xx with a message a person can act
 * on; anything unexpected is logged with its stack and answered 500 without internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  // The wire is JSON only. Fastify's built-in text/plain parser would hand a string to the body
  // schema and answer with a puzzling type error; without it a text body gets a plain 415.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError)
      return sendError(reply, err.statusCode, err.errorCode, err.message, err.value);
    if (err.validation) return sendError(reply, 422, ErrorCodes.invalidInput, describeValidation(err));
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, ErrorCodes.malformedJson, 'The request body is not valid JSON');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, ErrorCodes.bodyTooLarge, 'The request body is larger than 1 MB');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(
          reply,
          415,
          ErrorCodes.unsupportedMediaType,
          'Send the request body as application/json',
        );
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(
          reply,
          400,
          ErrorCodes.malformedJson,
          'The Content-Length header does not match the body',
        );
    }
    if (err instanceof SyntaxError)
      return sendError(reply, 400, ErrorCodes.malformedJson, 'The request body is not valid JSON');
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(
        reply,
        status,
        status === 429 ? ErrorCodes.tooManyRequests : ErrorCodes.invalidInput,
        err.message,
      );
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, ErrorCodes.systemError, 'System error, please try again later');
  });
}
