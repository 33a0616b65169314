/**
 * The one renderer of rich text (announcement content on home's reader, read-pretty RichText
 * fields on detail pages and views): HTML that the server already cleaned on save, cleaned again
 * here against the same allow-list (metadata richTextPolicy) before it reaches the DOM, so a row
 * written past the API (a database edit, an old import) still cannot run script in a browser.
 */
import { RICH_TEXT_ALLOWED, RICH_TEXT_DROPPED, richTextTagAttr } from '@meridian/metadata';
import { useMemo } from 'react';
import { FilterXSS, safeAttrValue } from 'xss';

const filter = new FilterXSS({
  whiteList: RICH_TEXT_ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: RICH_TEXT_DROPPED,
  allowCommentTag: false,
  safeAttrValue,
  onTagAttr: richTextTagAttr,
});

export function sanitizeHtml(html: unknown): string {
  return typeof html === 'string' ? filter.process(html) : '';
}

export function RichText({ html }: { html: unknown }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // The one place the runtime renders HTML: only after the allow-list above.
  return <div className="meridian-rich-text" data-testid="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
