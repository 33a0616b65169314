import { RICH_TEXT_ALLOWED, RICH_TEXT_DROPPED, richTextUrlAllowed } from '@meridian/metadata';
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
  onTagAttr(tag, name, value) {
    // An unsafe URL loses the whole attribute, not just its value.
    if ((name === 'href' || name === 'src') && !richTextUrlAllowed(value)) return '';
    // Links open in a new tab without a handle on this one, whatever target/rel were typed.
    if (tag === 'a' && name === 'target') return 'target="_blank" rel="noopener noreferrer"';
    if (tag === 'a' && name === 'rel') return '';
    return undefined;
  },
});

export function sanitizeRichText(html: unknown): string {
  if (typeof html !== 'string') return '';
  return filter.process(html).trim();
}
