/**
 * The one renderer of rich text (announcement content on home's reader, read-pretty RichText
 * fields on detail pages and views): HTML that the server already cleaned on save, cleaned again
 * here against the same allow-list (metadata richTextPolicy) before it reaches the DOM, so a row
 * written past the API (a database edit, an old import) still cannot run script in a browser.
 */
import { sanitizeRichText } from '@meridian/metadata';
import { useMemo } from 'react';

export const sanitizeHtml = sanitizeRichText;

export function RichText({ html }: { html: unknown }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // The one place the runtime renders HTML: only after the allow-list above.
  return <div className="meridian-rich-text" data-testid="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
