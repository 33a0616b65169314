import { evaluateFilter, parentLink, type EntityModel, type FilterNode } from '@meridian/metadata';
import type { Headers, Identity } from '../access/permissionGuard';
import { ApiError, Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';
import type { FileRecord } from './fileRecords';

/** The record type a functionId names: an entity name, or its resource name with or without "Restful". */
export function entityOfFunction(kernel: Kernel, functionId: string | null | undefined): EntityModel | undefined {
  if (!functionId) return undefined;
  const { registry } = kernel;
  return (
    registry.entity(functionId) ??
    registry.entityForResource(functionId) ??
    registry.entityForResource(`${functionId}Restful`)
  );
}

/** Refusals of the guard (no menu, no button, not in scope) mean "not yours"; anything else is a real error. */
function refused(e: unknown): boolean {
  return e instanceof ApiError && (e.httpStatus === 403 || e.httpStatus === 404);
}

/**
 * Who may see and delete an attachment (docs/architecture.md "File security"). A file not yet linked to a record is
 * its uploader's alone. A linked file is visible to its uploader and to whoever may read that record through the
 * menu of the call (menuId/respId headers) with their row scope, exactly as findById would answer;
 * it may be deleted by its uploader or by whoever may edit that record, and only whoever may edit a
 * record may upload files naming it.
 */
export class FileAccess {
  constructor(
    private readonly kernel: Kernel,
    private readonly identity: Identity,
    private readonly headers: Headers,
    private readonly ctx: ResourceContext,
  ) {}

  private freshCtx(): ResourceContext {
    return { ...this.ctx, scopeValues: undefined };
  }

  /** The business record as the caller may read (or, with `write`, change) it; undefined when they may not. */
  async record(entity: EntityModel, businessId: number, write = false): Promise<Record<string, unknown> | undefined> {
    const ctx = this.freshCtx();
    try {
      const scope = write
        ? await this.changeScope(entity, ctx)
        : await this.kernel.auth.guard.authorizeEntityAction(this.identity, this.headers, entity, 'findById', ctx);
      return (await this.kernel.resources.reader.byId(entity, businessId, ctx, scope)) ?? undefined;
    } catch (e) {
      if (refused(e)) return undefined;
      throw e;
    }
  }

  /**
   * The rows the caller may change, as saveOrUpdate decides for an update: the menu's save button
   * of the record's page and the writing row scope. A line is changed through its header's save,
   * so it needs that header's button and is reached through the header's writing scope. Reading a record (a shared
   * material through a picker) is not enough: a file attached to it is served to all its readers.
   */
  private async changeScope(entity: EntityModel, ctx: ResourceContext): Promise<FilterNode | undefined> {
    const { guard } = this.kernel.auth;
    const link = parentLink(entity, (name) => this.kernel.registry.entity(name));
    if (!link) return guard.authorizeEntityAction(this.identity, this.headers, entity, 'saveOrUpdate', ctx);
    const headerScope = await guard.authorizeEntityAction(
      this.identity,
      this.headers,
      link.header,
      'saveOrUpdate',
      ctx,
    );
    return headerScope ? { parent: headerScope } : undefined;
  }

  isUploader(file: FileRecord): boolean {
    return file.uploadedBy === this.identity.user.userId;
  }

  /**
   * The uploader keeps reading what they uploaded once it is linked: a supplier completing its
   * registration on /registerInfoEdit (outside any menu) sees the licence scan it attached.
   */
  async mayRead(file: FileRecord): Promise<boolean> {
    if (this.isUploader(file)) return true;
    const entity = file.businessId === null ? undefined : entityOfFunction(this.kernel, file.functionId);
    if (!entity) return false;
    return (await this.record(entity, file.businessId!)) !== undefined;
  }

  async mayDelete(file: FileRecord): Promise<boolean> {
    if (this.isUploader(file)) return true;
    const entity = file.businessId === null ? undefined : entityOfFunction(this.kernel, file.functionId);
    if (!entity) return false;
    const row = await this.record(entity, file.businessId!, true);
    if (!row) return false;
    return !entity.def.editableWhen || evaluateFilter(entity.def.editableWhen, row, this.ctx.vars);
  }

  /** Every file must be readable; an unreadable one is answered exactly like a missing one. */
  async assertReadable(files: FileRecord[], asked: number): Promise<void> {
    if (files.length < asked) throw fileNotFound();
    for (const file of files) if (!(await this.mayRead(file))) throw fileNotFound();
  }

  async readable(files: FileRecord[]): Promise<FileRecord[]> {
    const kept: FileRecord[] = [];
    for (const file of files) if (await this.mayRead(file)) kept.push(file);
    return kept;
  }
}

export const fileNotFound = () =>
  Errors.notFound('附件不存在或已被删除', 'The attachment does not exist or was deleted');
