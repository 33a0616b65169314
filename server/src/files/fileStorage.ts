import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An inclusive byte range of a stored object (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObjectInfo {
  size: number;
}

/**
 * Where uploaded bytes live. The database holds the metadata (base_file); the storage holds only
 * bytes under opaque keys it generates itself, so nothing a client sends ever becomes a path.
 * A deployment with several instances plugs in shared or object storage (NFS, S3, MinIO) by
 * implementing this interface and passing it to createApp (docs/architecture.md "Running it": no state in process).
 */
export interface FileStorage {
  /** Stores the stream under a new key and returns the key; a failed write leaves nothing behind. */
  put(content: Readable): Promise<string>;
  /** The object's bytes, or only `range` of them. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObjectInfo | undefined>;
  /** Removes the object; removing a missing key is not an error (deletes are retried after crashes). */
  delete(key: string): Promise<void>;
}

/** Keys are 32 random hex characters: unguessable, and safe as a file name on any disk. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;

/**
 * Local disk under DATA_DIR/files, two levels of fan-out (`ab/cd/abcd…`) so that no directory
 * grows to millions of entries. Writes go to a `.part` file renamed into place when complete.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    // Keys come from our own database, but a storage never trusts a name it did not make.
    if (!KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(content: Readable): Promise<string> {
    const key = newStorageKey();
    const target = this.pathOf(key);
    const partial = `${target}.part`;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await pipeline(content, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      await fs.promises.rename(partial, target);
    } catch (e) {
      await fs.promises.rm(partial, { force: true });
      throw e;
    }
    return key;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await fs.promises.access(file, fs.constants.R_OK);
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObjectInfo | undefined> {
    try {
      const info = await fs.promises.stat(this.pathOf(key));
      return { size: info.size };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
