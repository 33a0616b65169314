import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { success, type Envelope } from '../http/envelope';
import { requestLanguage } from '../http/language';
import { KERNEL, type Kernel } from '../kernel';
import { fileHeaders } from '../files/fileResponses';
import { FILE_SERVICE } from '../files/filesController';
import type { FileService } from '../files/fileService';
import type { ExchangeCaller } from './exchangeAccess';
import { ExportService, type ExportFormat } from './exportService';
import { ImportService, type ImportAnswer } from './importService';
import { receiveImport, removeQuietly } from './importUpload';

type Body = Record<string, unknown> | undefined;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * docs/architecture.md "Export and import API" puts the exchange under exportServer; the catalog lists it
 * under srmServer too.
 */
const AREAS = ['exportServer', 'srmServer'];
const routes = (resource: string, action: string) => AREAS.map((area) => `${area}/v1/${resource}/${action}`);

/**
 * Excel/CSV export and import (docs/architecture.md "Spec: calls"). Thin: who calls (session), then the services.
 * File answers stream; any error before the first byte is the JSON envelope (status E).
 */
@Controller('api')
export class ExchangeController {
  constructor(
    @Inject(KERNEL) private readonly kernel: Kernel,
    @Inject(FILE_SERVICE) private readonly files: FileService,
  ) {}

  /** The kernel of the latest metadata publish (table_model swaps it live); the services are cheap to make per call. */
  private get current(): Kernel {
    return this.kernel.live?.kernel ?? this.kernel;
  }

  private get exports(): ExportService {
    return new ExportService(this.current);
  }

  private get imports(): ImportService {
    return new ImportService(this.current, this.files);
  }

  private async caller(req: FastifyRequest): Promise<ExchangeCaller> {
    const identity = await this.current.auth.guard.requireIdentity(req.headers);
    const user = identity.user;
    const respId = Number(Array.isArray(req.headers.respid) ? req.headers.respid[0] : req.headers.respid) || null;
    const vars = {
      user: {
        userId: user.userId,
        supplierId: user.supplierId,
        userType: user.userType,
        orgId: user.orgId,
        personId: user.personId,
      },
      resp: { id: respId },
    };
    return { identity, headers: req.headers, ctx: { userId: user.userId, language: requestLanguage(req), vars } };
  }

  @Post(routes('exportExcelRestful', 'exportExcel'))
  async exportExcel(@Body() body: Body, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.stream('xlsx', body, req, reply);
  }

  /**
   * CSV variant: default name DefaultExportCsv, the first column left out, commas quoted
   * (docs/architecture.md "Spec: constants").
   */
  @Post(routes('exportExcelRestful', 'exportCsv'))
  async exportCsv(@Body() body: Body, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.stream('csv', body, req, reply);
  }

  /** The import template of the page, filled with the listed rows (lookups as drop-downs; sheets of 50000). */
  @Post(routes('exportExcelRestful', 'downloadImportTemplateWithData'))
  async downloadImportTemplateWithData(
    @Body() body: Body,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.stream('template', body, req, reply);
  }

  private async stream(format: ExportFormat, body: Body, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const prepared = await this.exports.prepare(body ?? {}, await this.caller(req), format);
    const out = new PassThrough();
    fileHeaders(reply, prepared.fileName, prepared.contentType).code(200);
    // Headers are sent: a failure from here on can only cut the file short (the client sees a broken download).
    prepared.write(out).catch((e: unknown) => out.destroy(e as Error));
    await reply.send(out);
  }

  @Post(routes('importExcelRestful', 'downloadImportTemplate'))
  async downloadImportTemplate(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const template = await this.imports.template(await this.caller(req));
    await fileHeaders(reply, template.fileName, XLSX).code(200).send(template.content);
  }

  /** multipart `file`: all rows or none; refused rows answer 400 with row/column errors and an error file. */
  @Post(routes('importExcelRestful', 'importExcel'))
  @HttpCode(200)
  async importExcel(@Req() req: FastifyRequest): Promise<Envelope<ImportAnswer>> {
    const caller = await this.caller(req);
    const upload = await receiveImport(req, this.current.config.uploadMaxSizeKb * 1024);
    try {
      return success(await this.imports.importFile(caller, upload.file, upload.originalName));
    } finally {
      await removeQuietly(upload.file);
    }
  }
}
