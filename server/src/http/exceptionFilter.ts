import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer } from './errorResponse';
import { requestLanguage } from './language';

/**
 * Every error leaves Nest as the envelope with the right status (docs/architecture.md
 * "Envelope and HTTP statuses").
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const answer = errorAnswer(exception, requestLanguage(req), `${req.method} ${req.url}`);
    void http.getResponse<FastifyReply>().status(answer.status).send(answer.body);
  }
}
