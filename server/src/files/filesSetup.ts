import fastifyMultipart from '@fastify/multipart';
import type { Provider } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../kernel';
import { FILE_SERVICE, FilesController } from './filesController';
import { FileLinkSigner } from './fileLinks';
import { FileService } from './fileService';
import type { FileStorage } from './fileStorage';

export { FilesController };

/** The kernel's storage (KernelOptions.fileStorage, by default DATA_DIR/files on the local disk). */
export function defaultFileStorage(kernel: Kernel): FileStorage {
  return kernel.fileStorage;
}

export function fileServiceProvider(kernel: Kernel, storage?: FileStorage): Provider {
  const links = new FileLinkSigner(process.env.FILE_LINK_SECRET || undefined);
  return { provide: FILE_SERVICE, useValue: new FileService(kernel, storage ?? defaultFileStorage(kernel), links) };
}

/**
 * Multipart parsing for uploads. Files are streamed by the handler (never attached to the body),
 * and the per-file size limit is set per call from the upload limits.
 */
export async function registerMultipart(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyMultipart, { attachFieldsToBody: false, throwFileSizeLimit: true });
  // docs/architecture.md "Spec: calls": the generic download is "POST ?id= with an empty body". Clients often still
  // send Content-Type: application/json, which Fastify's JSON parser refuses when empty; an empty
  // body carries nothing to parse, whatever type it claims.
  fastify.addHook('onRequest', async (req) => {
    if (
      req.url.startsWith('/api/fileServer/') &&
      req.headers['content-length'] === '0' &&
      !req.headers['transfer-encoding']
    ) {
      delete req.headers['content-type'];
    }
  });
}
