import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, type ErrorCode } from '@mindledger/domain';
import { AppError } from './errors.js';

/** The contract's code for an HTTP status (Fastify's own 4xx errors: 413, 415, 404 …): the first listed. */
const codeOfStatus = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(errorCodes))
  if (!codeOfStatus.has(status)) codeOfStatus.set(status, code as ErrorCode);

const clientErrors: Record<number, string> = {
  400: 'The request could not be understood.',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'The request is too large.',
  415: 'Unsupported content type.',
};

/** Maps every error to the one body `{ success: false, message, code?, errors? }`, in one place. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfter) reply.header('retry-after', String(error.extra.retryAfter));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message,
      }));
      return reply.status(400).send({
        success: false,
        code: 'VALIDATION',
        message: errors[0]?.message ?? clientErrors[400],
        errors,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : (clientErrors[status] ?? clientErrors[400]);
      return reply
        .status(status)
        .send({ success: false, code: codeOfStatus.get(status) ?? 'VALIDATION', message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, code: 'INTERNAL', message: 'Something went wrong. Please try again later' });
  });
}
