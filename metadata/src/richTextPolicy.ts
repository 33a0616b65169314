import { FilterXSS, safeAttrValue } from 'xss';

/**
 * The allow-list of announcement rich text (tags → attributes), shared by the server, which cleans
 * content before storing it, and the runtime, which cleans it again before showing it. Anything
 * not listed is removed; event handlers (on…) are never allowed.
 */
const TEXT_TAGS = [
  'p',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'span',
  'div',
  'blockquote',
  'pre',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'caption',
  'colgroup',
  'col',
];

export const RICH_TEXT_ALLOWED: Record<string, string[]> = {
  ...Object.fromEntries(TEXT_TAGS.map((tag) => [tag, ['style', 'class']])),
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'style'],
  td: ['colspan', 'rowspan', 'style', 'align'],
  th: ['colspan', 'rowspan', 'style', 'align'],
  font: ['color', 'size'],
};

/** Elements whose content is code, not text: removed together with their content. */
export const RICH_TEXT_DROPPED = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
];

/** URLs allowed in href/src: http(s), mailto, and paths (/…, ./…, ../…, #…); never javascript:, data:, vbscript:… */
export function richTextUrlAllowed(url: string): boolean {
  return /^(https?:\/\/|mailto:|\/|#|\.\.?\/)/i.test(url.trim());
}

/**
 * The attribute rule both sides give the xss filter (its onTagAttr): an unsafe URL loses the
 * whole attribute, and links open in a new tab without a handle on this one, whatever target/rel
 * were typed. Answers the attribute text to write, '' to drop it, undefined for the default.
 */
export function richTextTagAttr(tag: string, name: string, value: string): string | undefined {
  if ((name === 'href' || name === 'src') && !richTextUrlAllowed(value)) return '';
  if (tag === 'a' && name === 'target') return 'target="_blank" rel="noopener noreferrer"';
  if (tag === 'a' && name === 'rel') return '';
  return undefined;
}

// Pure: bundles that never clean rich text (the sign-in page) leave the filter and its library out.
const filter = /* @__PURE__ */ new FilterXSS({
  whiteList: RICH_TEXT_ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: RICH_TEXT_DROPPED,
  allowCommentTag: false,
  // The library's own checks (style through its CSS allow-list, URL schemes) still apply.
  safeAttrValue,
  onTagAttr: richTextTagAttr,
});

/**
 * Rich text cleaned against the allow-list: tags not listed are removed (their text kept), code
 * elements with their content; event handlers (on…) and javascript:/data: URLs never survive.
 * The one cleaner of both sides: the server before storing, the runtime before rendering.
 */
export function sanitizeRichText(html: unknown): string {
  return typeof html === 'string' ? filter.process(html) : '';
}
