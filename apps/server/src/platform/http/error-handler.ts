import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Errors, type ErrorDef, type ErrorEnvelope } from '@app/contract';
import { AppError, type FailOptions } from './errors.ts';
import { bodyLimitOf, formatBytes } from './form-body.ts';

function sendEnvelope(
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

/**
 * Answers with the error envelope of a catalogue error, for code that holds the reply (hooks,
 * not-found handlers); a handler throws `fail(...)` instead.
 */
export function sendError(reply: FastifyReply, error: ErrorDef, options: FailOptions = {}) {
  return sendEnvelope(reply, error.status, error.code, options.message ?? error.message, options.value);
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
  if (err.code === 'FST_ERR_BAD_URL') return sendError(reply, Errors.badUrl);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, Errors.addressPartTooLong);
  // Another router refusal: its own 4xx status, with the code of bad input.
  return sendEnvelope(
    reply,
    err.statusCode && err.statusCode < 500 ? err.statusCode : 400,
    Errors.invalidInput.code,
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
      return sendError(reply, err.error, { message: err.message, value: err.value });
    if (err.validation) return sendError(reply, Errors.invalidInput, { message: describeValidation(err) });
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, Errors.malformedJson);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        // The limit that applied, which is not always the server's 1 MB (a form takes 16 kB).
        return sendError(reply, Errors.bodyTooLarge, {
          message: `The request body is larger than ${formatBytes(bodyLimitOf(req))}`,
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, Errors.unsupportedMediaType);
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, Errors.malformedJson, {
          message: 'The Content-Length header does not match the body',
        });
    }
    if (err instanceof SyntaxError) return sendError(reply, Errors.malformedJson);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // A plugin's own 4xx (e.g. a static file refusal): its status, with the catalogue's code.
      return sendEnvelope(
        reply,
        status,
        (status === 429 ? Errors.tooManyRequests : Errors.invalidInput).code,
        err.message,
      );
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, Errors.systemError);
  });
}
