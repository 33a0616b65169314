import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ACCESS_ENTITIES } from '../access/accessService';
import type { Identity } from '../access/permissionGuard';
import { Errors } from '../http/apiError';
import { success, type Envelope } from '../http/envelope';
import { requestLanguage } from '../http/language';
import { receiveImport, removeQuietly, type ReceivedImport } from '../exchange/importUpload';
import { FileAccess } from '../files/fileAccess';
import { fileHeaders } from '../files/fileResponses';
import { FILE_SERVICE } from '../files/filesController';
import type { FileService } from '../files/fileService';
import { KERNEL, type ActionRequest, type ActionStoredFile, type Kernel } from '../kernel';
import type { RegisteredAction } from '../platform/actionRegistry';
import { requestKernel } from '../modeling/liveKernel';
import type { ResourceContext } from './context';
import { assertWritableDirectly, GENERIC_ACTIONS, type GenericAction } from './resourceService';
import { writtenEntities } from './writtenEntities';
import { checkActionInput } from '../platform/actionInput';
import { checkingDb, stateCheck } from '../platform/actionStates';

/** The `confirmedWarnings` header: warning codes, comma-separated (ResourceContext.confirmedWarnings). */
export function confirmedWarnings(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[A-Z][A-Z0-9_]{0,63}$/.test(s));
}

const AREAS = new Set([
  'baseServer',
  'srmServer',
  'fileServer',
  'exportServer',
  'messageServer',
  'bpmServer',
  'schedule',
  'ruleEngineServer',
]);

/**
 * POST /api/{area}/v1/{resource}Restful/{action} (and the zuul/baseServer alias). Thin: it
 * establishes who calls (session) and what they may do (PermissionGuard), then hands over to a
 * registered custom action or an entity's generic or lifecycle action.
 */
@Controller('api')
export class ResourceController {
  constructor(
    @Inject(KERNEL) private readonly kernel: Kernel,
    @Inject(FILE_SERVICE) private readonly files: FileService,
  ) {}

  @Get('health')
  async health(): Promise<Envelope> {
    await this.kernel.db.select('SELECT 1 AS ok');
    return success({ status: 'UP', database: this.kernel.config.dbKind });
  }

  @Post([':area/v1/:resource/:action', 'zuul/:area/v1/:resource/:action'])
  @HttpCode(200)
  async call(
    @Param('area') area: string,
    @Param('resource') resource: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Envelope | StreamableFile> {
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw Errors.badRequest('请求内容必须是 JSON 对象', 'The request body must be a JSON object');
    }
    const payload = (body ?? {}) as Record<string, unknown>;
    // One kernel for the whole request, even if table_model publishes meanwhile (modeling/liveKernel.ts).
    const kernel = await requestKernel(this.kernel);
    const custom = kernel.actions.find(resource, action);
    const { guard } = kernel.auth;
    // Only public actions run without a session; everything else, even a 404, first needs one.
    const identity =
      custom?.access === 'public'
        ? await guard.identify(req.headers)
        : await guard.requireIdentity(req.headers, { duringPasswordChange: custom?.duringPasswordChange });
    const ctx = this.contextOf(req, identity);
    if (!AREAS.has(area)) throw Errors.notFound('未知的服务区域', `Unknown area "${area}"`);
    if (custom && custom.area === area) return this.runCustom(kernel, custom, payload, ctx, identity, req, reply);
    const entity = kernel.registry.entityForResource(resource);
    if (!entity || entity.def.exposed === false || entity.area !== area)
      throw Errors.notFound('接口不存在', `No resource ${resource} in ${area}`);
    const transition = kernel.lifecycles.transitionFor(entity, action);
    if (!transition && !(GENERIC_ACTIONS as readonly string[]).includes(action))
      throw Errors.notFound('接口不存在', `${resource} has no action "${action}"`);
    if (!transition) assertWritableDirectly(entity, action);
    const scope = await guard.authorizeEntityAction(identity!, req.headers, entity, action, ctx);
    const journal = (ctx.journal = new Set<string>());
    const result = transition
      ? await kernel.lifecycles.run(entity, transition, payload, ctx, scope)
      : await kernel.resources.run(action as GenericAction, entity, payload, ctx, scope);
    if (ACCESS_ENTITIES.has(entity.name) && action !== 'findById' && action !== 'listByPage')
      kernel.auth.access.invalidate();
    return success(result.data, result.msg, result.page, writtenEntities(kernel.registry, journal));
  }

  /**
   * A custom action, with what only the controller has: the call's xlsx upload and the caller's
   * readable attachments. A `file` answer is sent as a download (fileHeaders) instead of the envelope.
   */
  private async runCustom(
    kernel: Kernel,
    custom: RegisteredAction,
    payload: Record<string, unknown>,
    ctx: ResourceContext,
    identity: Identity | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Envelope | StreamableFile> {
    if (typeof custom.access === 'object')
      await kernel.auth.guard.authorizeCustom(identity!, req.headers, custom.access, ctx);
    if (custom.input) checkActionInput(custom.input, payload);
    let upload: Promise<ReceivedImport> | undefined;
    try {
      // The action's writes are recorded through its ctx and its kernel's db (db/writeJournal.ts).
      const journal = (ctx.journal = new Set<string>());
      const request: ActionRequest = {
        identity,
        headers: req.headers,
        ip: req.ip,
        xlsxUpload: () => (upload ??= receiveImport(req, kernel.config.uploadMaxSizeKb * 1024)),
        readFile: identity ? (id) => this.readFile(kernel, identity, req, ctx, id) : undefined,
      };
      let db = kernel.db.withJournal(journal);
      if (custom.states) db = await checkingDb(db, stateCheck(kernel, custom.states, payload, ctx, request));
      const result = await custom.handler(
        payload,
        ctx,
        Object.assign(Object.create(kernel) as Kernel, { db }),
        request,
      );
      // A public action names nothing: what it wrote (a mail to the outbox or not) would tell an
      // anonymous caller whether a user exists.
      const written = custom.access === 'public' ? undefined : writtenEntities(kernel.registry, journal);
      if (!result.file) return success(result.data, result.msg, result.page, written);
      fileHeaders(reply, result.file.fileName, result.file.contentType);
      return new StreamableFile(result.file.content, { length: result.file.content.length });
    } finally {
      if (upload) await upload.then((u) => removeQuietly(u.file)).catch(() => undefined);
    }
  }

  /** An attachment the caller may read (FileAccess, as the file server decides), with its bytes. */
  private async readFile(
    kernel: Kernel,
    identity: Identity,
    req: FastifyRequest,
    ctx: ResourceContext,
    id: number,
  ): Promise<ActionStoredFile> {
    const record = await this.files.one(id, new FileAccess(kernel, identity, req.headers, ctx));
    const chunks: Buffer[] = [];
    for await (const chunk of (await this.files.storage.get(record.fileId)) as Readable) chunks.push(chunk as Buffer);
    const { originalFileName, extension, contentType, size } = record;
    return { id: record.id, originalFileName, extension, contentType, size, content: Buffer.concat(chunks) };
  }

  private contextOf(req: FastifyRequest, identity: Identity | undefined): ResourceContext {
    const user = identity?.user;
    const respId = Number(req.headers.respid) || null;
    return {
      userId: user?.userId ?? null,
      language: requestLanguage(req),
      confirmedWarnings: confirmedWarnings(req.headers.confirmedwarnings),
      vars: user
        ? {
            user: {
              userId: user.userId,
              supplierId: user.supplierId,
              userType: user.userType,
              orgId: user.orgId,
              personId: user.personId,
            },
            resp: { id: respId },
          }
        : {},
    };
  }
}
