import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../access/permissionGuard';
import { Errors } from '../http/apiError';
import { success, type Envelope } from '../http/envelope';
import { requestLanguage } from '../http/language';
import { KERNEL, type Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';
import { FileAccess } from './fileAccess';
import { sendFile, sendZip } from './fileResponses';
import { fileRefs, FileService, viewOf, type FileView } from './fileService';

export const FILE_SERVICE = 'MERIDIAN_FILE_SERVICE';

type Body = Record<string, unknown> | undefined;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The file server (docs/architecture.md "Spec: calls", "Files API") under /api/fileServer. Every call
 * needs a session (appsign is checked for all of /api before this runs); which files a caller may
 * touch is FileAccess's decision.
 */
@Controller('api/fileServer')
export class FilesController {
  constructor(
    @Inject(KERNEL) private readonly kernel: Kernel,
    @Inject(FILE_SERVICE) private readonly files: FileService,
  ) {}

  private async caller(req: FastifyRequest): Promise<{ identity: Identity; access: FileAccess }> {
    const kernel = this.kernel.live?.kernel ?? this.kernel; // the registry of the latest publish
    const identity = await kernel.auth.guard.requireIdentity(req.headers);
    const user = identity.user;
    const ctx: ResourceContext = {
      userId: user.userId,
      language: requestLanguage(req),
      vars: {
        user: { userId: user.userId, supplierId: user.supplierId, userType: user.userType, orgId: user.orgId },
        resp: { id: Number(first(req.headers.respid)) || null },
      },
    };
    return { identity, access: new FileAccess(kernel, identity, req.headers, ctx) };
  }

  @Post('v2/file/upload')
  @HttpCode(200)
  async upload(@Req() req: FastifyRequest): Promise<Envelope<FileView[]>> {
    const { identity, access } = await this.caller(req);
    return success(await this.files.upload(req, access, identity.user.userId));
  }

  /** `{ids}`: the attachments the caller may read, in the order asked; others are left out. */
  @Post('v2/file/listBaseFile')
  @HttpCode(200)
  async list(@Body() body: Body, @Req() req: FastifyRequest): Promise<Envelope<FileView[]>> {
    const { access } = await this.caller(req);
    const refs =
      body?.ids === '' || (Array.isArray(body?.ids) && body.ids.length === 0) ? [] : fileRefs(body?.ids, 'ids');
    const found = await this.files.records.find(refs, undefined, requestLanguage(req));
    return success((await access.readable(found)).map(viewOf));
  }

  /** `{fileIds}` naming one attachment: the file itself. */
  @Post('v2/file/singleDownload')
  async singleDownload(@Body() body: Body, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { access } = await this.caller(req);
    const refs = fileRefs(body?.fileIds ?? body?.fileId, 'fileIds');
    if (refs.length > 1)
      throw Errors.badRequest(
        '单个下载只能指定一个附件，多个请用批量下载',
        'singleDownload takes one attachment; use batchDownload for several',
      );
    await sendFile(reply, this.files.storage, await this.files.one(refs[0], access));
  }

  /** `{fileIds}`: one zip named with a timestamp. */
  @Post('v2/file/batchDownload')
  async batchDownload(@Body() body: Body, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { access } = await this.caller(req);
    const files = await this.files.readable(fileRefs(body?.fileIds, 'fileIds'), access);
    await sendZip(reply, this.files.storage, files);
  }

  /** `POST …/download?id=` with an empty body: the generic download (and every attachment's previewUrl). */
  @Post('v2/file/download')
  async download(@Query('id') id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { access } = await this.caller(req);
    const [ref] = fileRefs(id, 'id');
    await sendFile(reply, this.files.storage, await this.files.one(ref, access));
  }

  /** `{id}`: a signed link, valid 10 minutes, for the external preview service (which has no session). */
  @Post('v2/file/previewLink')
  @HttpCode(200)
  async previewLink(@Body() body: Body, @Req() req: FastifyRequest): Promise<Envelope<{ url: string }>> {
    const { access } = await this.caller(req);
    const [ref] = fileRefs(body?.id, 'id');
    const file = await this.files.one(ref, access);
    return success({ url: this.files.links.link(file.id) });
  }

  /** The file behind a signed preview link; no session (appsign is skipped for it in app.ts). */
  @Get('v1/file/preview')
  async preview(@Query() query: Record<string, string>, @Res() reply: FastifyReply): Promise<void> {
    const id = this.files.links.verify(query);
    const [file] = id === undefined ? [] : await this.files.records.find([id]);
    if (!file) throw Errors.notFound('预览链接无效或已过期', 'The preview link is not valid or has expired');
    await sendFile(reply, this.files.storage, file);
  }

  /** `{ids}` (or `{fileIds}`): all or nothing. */
  @Post('v2/file/batchDelete')
  @HttpCode(200)
  async batchDelete(@Body() body: Body, @Req() req: FastifyRequest): Promise<Envelope<{ count: number }>> {
    const { access } = await this.caller(req);
    const count = await this.files.delete(fileRefs(body?.ids ?? body?.fileIds, 'ids'), access);
    return success({ count });
  }

  /** Large files: streamed, with HTTP Range (206, Content-Range) so a client can resume. */
  @Get('v1/largeFile/download')
  async largeDownload(@Query('id') id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { access } = await this.caller(req);
    const [ref] = fileRefs(id, 'id');
    await sendFile(reply, this.files.storage, await this.files.one(ref, access), first(req.headers.range) ?? '');
  }
}
