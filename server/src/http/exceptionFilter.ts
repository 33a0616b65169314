import { ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from './apiError';
import { failure } from './envelope';
import { sendError } from './errorResponse';

/** Every error leaves Nest as the envelope with the right status (DESIGN section 4). */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (exception instanceof HttpException && !(exception instanceof ApiError)) {
      const status = exception.getStatus();
      const notFound = status === 404;
      res.status(status).json(failure(notFound ? (req.headers.language === 'EN' ? 'Not found' : '接口不存在') : exception.message));
      return;
    }
    sendError(exception, req, res);
  }
}
