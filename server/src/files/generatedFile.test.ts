import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SqlExecutor, SqlParam } from '../db/sqlExecutor';
import type { FileStorage } from './fileStorage';
import { storeGeneratedFile, type GeneratedFile } from './generatedFile';

/** A storage in memory that remembers what was put and deleted. */
function memoryStorage() {
  const objects = new Map<string, Buffer>();
  const deleted: string[] = [];
  const storage = {
    put: async (content: Readable) => {
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(Buffer.from(chunk as Buffer));
      const key = `key${objects.size + 1}`;
      objects.set(key, Buffer.concat(chunks));
      return key;
    },
    delete: async (key: string) => {
      deleted.push(key);
      objects.delete(key);
    },
  } as unknown as FileStorage;
  return { storage, objects, deleted };
}

const FILE: GeneratedFile = {
  fileName: 'A-1-signed.pdf',
  extension: 'pdf',
  contentType: 'application/pdf',
  content: Buffer.from('%PDF-1.7 test'),
  path: 'contractSign',
  functionId: 'srmSlcContractSignLine',
  businessId: 7,
  fileDesc: 'signed',
};
const tx = {} as SqlExecutor;

describe('storeGeneratedFile', () => {
  it('stores the bytes and writes their base_file row with size, SHA-256 and uploader', async () => {
    const { storage, objects } = memoryStorage();
    const inserted: { entity: string; values: Record<string, SqlParam>; userId: number | null }[] = [];
    const rows = {
      insert: async (_tx: SqlExecutor, entity: string, values: Record<string, SqlParam>, userId: number | null) => {
        inserted.push({ entity, values, userId });
        return 42;
      },
    };
    expect(await storeGeneratedFile(storage, rows, tx, FILE, 5)).toBe(42);
    expect(objects.get('key1')?.toString()).toBe('%PDF-1.7 test');
    expect(inserted).toEqual([
      {
        entity: 'baseFile',
        userId: 5,
        values: {
          fileId: 'key1',
          originalFileName: 'A-1-signed.pdf',
          extension: 'pdf',
          contentType: 'application/pdf',
          path: 'contractSign',
          functionId: 'srmSlcContractSignLine',
          businessId: 7,
          size: 13,
          sha256: 'eddc31937fbdaf708e866af0d20b9fb8c79dd001881c8a11e4c617f2882e779f',
          fileDesc: 'signed',
          uploadedBy: 5,
        },
      },
    ]);
  });

  it('removes the stored bytes when the row cannot be written', async () => {
    const { storage, objects, deleted } = memoryStorage();
    const rows = {
      insert: async () => {
        throw new Error('insert refused');
      },
    };
    await expect(storeGeneratedFile(storage, rows, tx, FILE, 5)).rejects.toThrow('insert refused');
    expect(deleted).toEqual(['key1']);
    expect(objects.size).toBe(0);
  });
});
