import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Errors } from '../http/apiError';
import { KERNEL, type Kernel } from '../kernel';
import { requestKernel } from '../modeling/liveKernel';
import { apiDocument } from './apiDocs';

/** The Swagger UI files /api/docs needs; nothing else of the package is served. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};
const ASSET_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Meridian API</title>
<link rel="icon" href="docs/assets/favicon-32x32.png"><link rel="stylesheet" href="docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="docs/assets/swagger-ui-bundle.js"></script><script src="docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="docs/assets/init.js"></script></body></html>`;

// In a file of its own, not inline: a Content-Security-Policy without 'unsafe-inline' still allows it.
const INIT = `window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout', supportedSubmitMethods: [] });`;

/** GET requests for the API description, which need no appsign (app.ts). */
export function isApiDocsRequest(method: string, url: string): boolean {
  if (method !== 'GET') return false;
  const pathname = url.split('?')[0];
  return pathname === '/api/openapi.json' || pathname === '/api/docs' || pathname.startsWith('/api/docs/assets/');
}

/**
 * GET /api/openapi.json (the document, generated from the live metadata) and GET /api/docs (the
 * same, rendered for people). Read-only: "try it out" is off, since calls need appsign and a
 * session. API_DOCS=false turns both off (404).
 */
@Controller('api')
export class ApiDocsController {
  constructor(@Inject(KERNEL) private readonly kernel: Kernel) {}

  private ensureEnabled(): void {
    if (!this.kernel.config.apiDocs)
      throw Errors.notFound('接口文档未开放', 'API documentation is turned off (API_DOCS)');
  }

  /** Built from the kernel of the latest publish (this instance's or another's): regenerated on publish. */
  @Get('openapi.json')
  async openapi(@Res() reply: FastifyReply): Promise<void> {
    this.ensureEnabled();
    const kernel = await requestKernel(this.kernel);
    await reply
      .header('Cache-Control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(apiDocument(kernel)));
  }

  @Get('docs')
  page(@Res() reply: FastifyReply): void {
    this.ensureEnabled();
    void reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(PAGE);
  }

  @Get('docs/assets/:file')
  asset(@Param('file') file: string, @Res() reply: FastifyReply): void {
    this.ensureEnabled();
    if (file === 'init.js') return void reply.type('text/javascript; charset=utf-8').send(INIT);
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) throw Errors.notFound('文件不存在', `No asset ${file}`);
    void reply
      .header('Cache-Control', 'public, max-age=86400')
      .type(type)
      .send(fs.createReadStream(path.join(ASSET_DIR, file)));
  }
}
