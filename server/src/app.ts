import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Request, type Response } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appsignMiddleware } from './http/appsignMiddleware';
import { Errors } from './http/apiError';
import { expressErrorHandler, sendError } from './http/errorResponse';
import { EnvelopeExceptionFilter } from './http/exceptionFilter';
import { KERNEL, type Kernel } from './kernel';
import { ResourceController } from './resource/resourceController';

@Module({})
class AppModule {
  static forKernel(kernel: Kernel): DynamicModule {
    return {
      module: AppModule,
      controllers: [ResourceController],
      providers: [{ provide: KERNEL, useValue: kernel }, { provide: APP_FILTER, useClass: EnvelopeExceptionFilter }],
    };
  }
}

/** Body size limit: header + up to thousands of lines fit; anything bigger is a 413, not an out-of-memory. */
const JSON_LIMIT = '5mb';

function serveRuntime(app: NestExpressApplication, runtimeDir: string | undefined): void {
  if (!runtimeDir || !fs.existsSync(path.join(runtimeDir, 'index.html'))) return;
  app.use(express.static(runtimeDir, { index: 'index.html', maxAge: '1h', setHeaders: (res, file) => {
    if (file.endsWith('index.html')) res.setHeader('Cache-Control', 'no-cache');
  } }));
}

/** The Nest application over a ready kernel: API under /api, the built runtime at /. */
export async function createApp(kernel: Kernel): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forKernel(kernel), { bodyParser: false, logger: ['error', 'warn'] });
  app.disable('x-powered-by');
  // API answers are POSTs and never revalidated: hashing every body for an ETag is wasted work.
  app.set('etag', false);
  app.use((_req: Request, res: Response, next: () => void) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use('/api', (req: Request, res: Response, next: () => void) => (req.path === '/health' ? next() : appsignMiddleware(req, res, next)));
  app.use('/api', express.json({ limit: JSON_LIMIT, strict: false }));
  app.use('/api', expressErrorHandler);
  serveRuntime(app, kernel.config.runtimeDir);
  await app.init();
  // Anything under /api that no route took: a 404 envelope, not Express's HTML page.
  app.use('/api', (req: Request, res: Response) => sendError(Errors.notFound('接口不存在', `No endpoint ${req.method} ${req.originalUrl}`), req, res));
  return app;
}
