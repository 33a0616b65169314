import type { FastifyRequest } from 'fastify';
import { Errors } from '../http/apiError';
import { requestLanguage } from '../http/language';
import type { Kernel } from '../kernel';
import { contentTypeOf, checkFormatList, extensionOf } from './contentCheck';
import { entityOfFunction, fileNotFound, type FileAccess } from './fileAccess';
import { FileRecords, type FileRecord } from './fileRecords';
import type { FileLinkSigner } from './fileLinks';
import type { FileStorage } from './fileStorage';
import { discard, receiveUpload, type ReceivedFile } from './uploadReceiver';
import { callLimits, checkFiles, serverLimits, type UploadLimits } from './uploadRules';

/** At most this many files in one list, download or delete call. */
export const MAX_FILE_REFS = 200;

/**
 * An attachment as the API answers it (docs/architecture.md "Spec: records and grid config": id, fileId,
 * originalFileName, previewUrl, …).
 */
export type FileView = Omit<FileRecord, 'sha256'> & { sha256: string; previewUrl: string };

export const downloadPath = (id: number) => `/api/fileServer/v2/file/download?id=${id}`;

export function viewOf(file: FileRecord): FileView {
  return { ...file, previewUrl: downloadPath(file.id) };
}

/**
 * Attachment ids or storage keys from a body: `[1, 2]`, `"1,2"`, `3` or `["9f…"]`. Numbers are
 * attachment ids (what a record's attachment field holds); 32-hex strings are storage keys.
 */
export function fileRefs(value: unknown, name: string): (number | string)[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',')
      : value === undefined || value === null
        ? []
        : [value];
  const refs = items.map((item) => {
    const text = String(item).trim();
    if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text)) && Number(text) > 0) return Number(text);
    if (/^[0-9a-f]{32}$/.test(text)) return text;
    throw Errors.badRequest(`${name} 无效`, `${name} must list attachment ids`);
  });
  if (!refs.length) throw Errors.badRequest(`${name} 不能为空`, `${name} must not be empty`);
  if (refs.length > MAX_FILE_REFS)
    throw Errors.badRequest(`一次最多 ${MAX_FILE_REFS} 个附件`, `At most ${MAX_FILE_REFS} attachments at once`);
  return [...new Set(refs)];
}

function businessIdOf(text: string | undefined): number | null {
  if (!text) return null;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw Errors.badRequest('businessId 无效', 'businessId must be a record id');
  return n;
}

const trimmed = (value: string | undefined, max: number) => (value?.trim() ? value.trim().slice(0, max) : null);

/** The file server's work, apart from HTTP: upload, find, delete (docs/architecture.md "Files API"). */
export class FileService {
  readonly records: FileRecords;
  readonly limits: UploadLimits;

  constructor(
    private readonly startKernel: Kernel,
    readonly storage: FileStorage,
    readonly links: FileLinkSigner,
  ) {
    // baseFile is platform metadata: table_model publishes never change it, so the start-up registry serves.
    this.records = new FileRecords(startKernel.registry, startKernel.db, startKernel.resources.writer);
    const { uploadMaxSizeKb, uploadFormats } = startKernel.config;
    this.limits = serverLimits(uploadMaxSizeKb, uploadFormats && checkFormatList(uploadFormats));
  }

  /** The kernel of the latest metadata publish: attachments of an entity published after start-up resolve too. */
  private get kernel(): Kernel {
    return this.startKernel.live?.kernel ?? this.startKernel;
  }

  /** Stores, checks and records every file of the upload, or none of them. */
  async upload(req: FastifyRequest, access: FileAccess, userId: number): Promise<FileView[]> {
    const { fields, files } = await receiveUpload(req, this.storage, this.limits.maxBytes);
    try {
      checkFiles(files, callLimits(this.limits, fields));
      const owner = await this.owner(fields, access);
      const ids = await this.kernel.db.transaction(async (tx) => {
        const saved: number[] = [];
        for (const file of files)
          saved.push(await this.records.insert(tx, this.newRecord(file, fields, owner, userId), userId));
        return saved;
      });
      return (await this.records.find(ids, undefined, requestLanguage(req))).map(viewOf);
    } catch (e) {
      await discard(this.storage, files);
      throw e;
    }
  }

  /**
   * The record the files are uploaded for: when businessId is given, the caller must be able to
   * change it (its readers download what is attached); one who can only read it gets 403, others 404.
   */
  private async owner(
    fields: Record<string, string>,
    access: FileAccess,
  ): Promise<{ functionId: string | null; businessId: number | null }> {
    const businessId = businessIdOf(fields.businessId);
    const functionId = trimmed(fields.functionId, 100);
    if (businessId === null) return { functionId, businessId };
    const entity = entityOfFunction(this.kernel, functionId);
    if (!entity)
      throw Errors.badRequest('functionId 无效', 'functionId must name the record type when businessId is given');
    if (!(await access.record(entity, businessId, true))) {
      if (!(await access.record(entity, businessId))) throw Errors.recordNotFound();
      throw Errors.forbidden(
        '您没有修改该记录的权限，不能为它上传附件',
        'You may not change this record, so you cannot attach files to it',
      );
    }
    return { functionId: entity.name, businessId };
  }

  private newRecord(
    file: ReceivedFile,
    fields: Record<string, string>,
    owner: { functionId: string | null; businessId: number | null },
    userId: number,
  ) {
    const extension = extensionOf(file.originalFileName);
    return {
      fileId: file.key,
      originalFileName: file.originalFileName,
      extension,
      contentType: contentTypeOf(extension),
      size: file.size,
      sha256: file.sha256,
      path: trimmed(fields.path, 255),
      fileDesc: trimmed(fields.fileDesc, 500),
      uploadedBy: userId,
      ...owner,
    };
  }

  /** Files the caller may read, all of them, or a 404 that does not say which one is missing or foreign. */
  async readable(refs: (number | string)[], access: FileAccess): Promise<FileRecord[]> {
    const files = await this.records.find(refs);
    await access.assertReadable(files, refs.length);
    return files;
  }

  async one(ref: number | string, access: FileAccess): Promise<FileRecord> {
    return (await this.readable([ref], access))[0];
  }

  /** All or nothing: every file must exist and be deletable by the caller; bytes go after the rows. */
  async delete(refs: (number | string)[], access: FileAccess): Promise<number> {
    const files = await this.records.find(refs);
    if (files.length < refs.length) throw fileNotFound();
    for (const file of files) {
      if (!(await access.mayRead(file)) && !access.isUploader(file)) throw fileNotFound();
      if (!(await access.mayDelete(file)))
        throw Errors.forbidden(
          '只有上传人或可编辑该单据的用户才能删除附件',
          'Only the uploader or someone who may edit the record can delete this attachment',
        );
    }
    await this.kernel.db.transaction((tx) =>
      this.records.delete(
        tx,
        files.map((f) => f.id),
      ),
    );
    await discard(
      this.storage,
      files.map((f) => ({ key: f.fileId })),
    );
    return files.length;
  }
}
