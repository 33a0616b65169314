import { sanitizeRichText as clean } from '@meridian/metadata';

/**
 * Announcement content is rich text typed by administrators and shown to every user and supplier:
 * it is cleaned here, before it is stored, against the shared allow-list (metadata
 * richTextPolicy), and trimmed.
 */
export function sanitizeRichText(html: unknown): string {
  return clean(html).trim();
}
