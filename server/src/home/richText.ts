import { RICH_TEXT_ALLOWED, RICH_TEXT_DROPPED, richTextTagAttr } from '@meridian/metadata';
import { FilterXSS, safeAttrValue } from 'xss';

/**
 * Announcement content is rich text typed by administrators and shown to every user and supplier:
 * it is cleaned here, before it is stored, against the shared allow-list (metadata richTextPolicy).
 * Tags not listed are removed (their text kept), code elements with their content; event handlers
 * (on…) and javascript:/data: URLs never survive.
 */
const filter = new FilterXSS({
  whiteList: RICH_TEXT_ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: RICH_TEXT_DROPPED,
  allowCommentTag: false,
  // The library's own checks (style through its CSS allow-list, URL schemes) still apply.
  safeAttrValue,
  onTagAttr: richTextTagAttr,
});

export function sanitizeRichText(html: unknown): string {
  if (typeof html !== 'string') return '';
  return filter.process(html).trim();
}
