import 'reflect-metadata';
import fastifyStatic from '@fastify/static';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appsignRefusal } from './http/appsignMiddleware';
import { errorAnswer } from './http/errorResponse';
import { EnvelopeExceptionFilter } from './http/exceptionFilter';
import { requestLanguage } from './http/language';
import { KERNEL, type Kernel } from './kernel';
import { ResourceController } from './resource/resourceController';
import { FilesController, fileServiceProvider, registerMultipart } from './files/filesSetup';
import type { FileStorage } from './files/fileStorage';
import { isPreviewLink } from './files/fileLinks';
import { ExchangeController } from './exchange/exchangeController';
import { ApiDocsController, isApiDocsRequest } from './docs/apiDocsController';

/** What a deployment may plug in: shared or object storage for attachments (default: DATA_DIR/files). */
export interface AppOptions {
  fileStorage?: FileStorage;
}

@Module({})
class AppModule {
  static forKernel(kernel: Kernel, options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      controllers: [ResourceController, FilesController, ApiDocsController, ExchangeController],
      providers: [
        { provide: KERNEL, useValue: kernel },
        { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
        fileServiceProvider(kernel, options.fileStorage),
      ],
    };
  }
}

/** Body size limit: a header with thousands of lines fits; anything bigger is a 413, not an out-of-memory. */
const BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Browser security headers on every answer (the runtime's pages and assets, the API, errors).
 * No inline script anywhere; antd writes inline styles; images come as data:/blob: URLs (the
 * captcha, previews); embedded screens frame configured http(s) sites and the PDF preview frames
 * a blob: URL. The app itself may be framed only by itself. docs/decisions.md, "Issue 13: limits
 * and hygiene".
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob: http: https:",
  "object-src 'self' blob:",
  "worker-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

function installHooks(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (req, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (!req.url.startsWith('/api/') || req.url === '/api/health' || req.url.startsWith('/api/health?')) return;
    // A signed preview link is fetched by an outside preview service: its signature is its check.
    if (isPreviewLink(req.url)) return;
    // The API description is read by a browser (GET, no appsign); it holds no data.
    if (isApiDocsRequest(req.method, req.url)) return;
    const refusal = appsignRefusal(req.headers);
    if (refusal) {
      const answer = errorAnswer(refusal, requestLanguage(req));
      return reply.code(answer.status).send(answer.body);
    }
  });
}

const ONE_YEAR_SECONDS = 365 * 24 * 3600;
const isHashedAsset = (file: string) => /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(file);

async function serveRuntime(fastify: FastifyInstance, runtimeDir: string | undefined): Promise<void> {
  if (!runtimeDir || !fs.existsSync(path.join(runtimeDir, 'index.html'))) return;
  await fastify.register(fastifyStatic, {
    root: runtimeDir,
    prefix: '/',
    index: 'index.html',
    wildcard: true,
    maxAge: 3600 * 1000,
    // The build writes .br and .gz copies (runtime/precompress.ts): sent to browsers that accept them.
    preCompressed: true,
    setHeaders: (res, file) => {
      // index.html names the current build: always revalidated. Files under assets/ carry their
      // content hash in the name, so a name never changes content: cached for a year, unasked.
      const logical = file.replace(/\.(br|gz)$/, '');
      if (logical.endsWith('index.html')) res.header('Cache-Control', 'no-cache');
      else if (isHashedAsset(logical)) res.header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
    },
  });
  // @fastify/static's wildcard route finds no index for "/" once preCompressed is on: serve it here.
  fastify.get('/', (_req, reply) => reply.sendFile('index.html'));
}

/**
 * The Nest application over a ready kernel: API under /api, the built runtime at /. Nest runs
 * on Fastify: the generic endpoint is measured against the raw driver, and Express's per-request
 * overhead alone cost ~30% of a cheap indexed query (docs/benchmarks.md).
 */
export async function createApp(kernel: Kernel, options: AppOptions = {}): Promise<NestFastifyApplication> {
  // trustProxy off unless TRUST_PROXY says which proxy to believe: a forged X-Forwarded-For must not dodge the login throttle.
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    logger: false,
    return503OnClosing: false,
    ...(kernel.config.trustProxy ? { trustProxy: kernel.config.trustProxy } : {}),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forKernel(kernel, options), adapter, {
    logger: ['error', 'warn'],
  });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  installHooks(fastify);
  await registerMultipart(fastify);
  await serveRuntime(fastify, kernel.config.runtimeDir);
  await app.init();
  return app;
}
