import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a preview link works: enough for a preview service to fetch and convert the file. */
export const LINK_TTL_MS = 10 * 60 * 1000;

export const PREVIEW_LINK_PATH = '/api/fileServer/v1/file/preview';

/**
 * Short-lived signed links for the external preview service (docs/architecture.md "Spec: calls", onlinePreview):
 * that service fetches the file itself, without the user's session, so the link carries its own
 * proof — an HMAC of the attachment id and the expiry — issued only to a caller who may read the
 * file. Instances share FILE_LINK_SECRET; without it each process has its own random secret
 * (fine for one instance; links then work only against the instance that made them).
 */
export class FileLinkSigner {
  private readonly secret: Buffer;

  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  private signature(id: number, expires: number): string {
    return createHmac('sha256', this.secret).update(`preview:${id}:${expires}`).digest('base64url');
  }

  link(id: number, now = Date.now()): string {
    const expires = now + LINK_TTL_MS;
    return `${PREVIEW_LINK_PATH}?id=${id}&expires=${expires}&sig=${this.signature(id, expires)}`;
  }

  /** The attachment id of a valid, unexpired link; undefined for anything else. */
  verify(query: { id?: string; expires?: string; sig?: string }, now = Date.now()): number | undefined {
    const id = Number(query.id);
    const expires = Number(query.expires);
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(expires) || expires < now || !query.sig)
      return undefined;
    const expected = Buffer.from(this.signature(id, expires));
    const given = Buffer.from(query.sig);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
  }
}

/** Signed preview links are checked by their signature, not by appsign (the preview service cannot sign). */
export function isPreviewLink(url: string): boolean {
  return url.startsWith(`${PREVIEW_LINK_PATH}?`);
}
