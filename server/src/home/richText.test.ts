import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './richText';

describe('announcement rich text', () => {
  it('keeps formatting, lists, tables, safe links and images', () => {
    const html =
      '<h2>假期</h2><p style="color:red">A <strong>b</strong> <em>c</em></p><ul><li>x</li></ul><table><tr><td colspan="2">t</td></tr></table>' +
      '<a href="https://example.com/a">l</a><img src="/api/fileServer/v2/file/download?id=1" alt="i">';
    const clean = sanitizeRichText(html);
    for (const kept of [
      '<h2>假期</h2>',
      '<p style="color:red;">',
      '<strong>b</strong>',
      '<ul><li>x</li></ul>',
      '<td colspan="2">',
      'href="https://example.com/a"',
      'src="/api/fileServer/v2/file/download?id=1"',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  it('removes scripts, event handlers, dangerous URLs and unknown tags', () => {
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror="alert(1)"><a href="javascript:alert(1)">j</a>' +
      '<a href=" JaVaScRiPt:alert(1)">k</a><iframe src="https://evil.example"></iframe><style>p{}</style><svg onload="alert(1)"><circle/></svg>' +
      '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a><form action="/x"><input name="p"></form><div style="background:url(javascript:alert(1))">s</div>';
    const clean = sanitizeRichText(html).toLowerCase();
    for (const gone of [
      '<script',
      'alert(1)</',
      'onclick',
      'onerror',
      'onload',
      'javascript:',
      '<iframe',
      '<style',
      '<svg',
      'data:text',
      '<form',
      '<input',
      'steal',
    ]) {
      expect(clean).not.toContain(gone);
    }
    expect(clean).toContain('<p>hi</p>');
  });

  it('makes links open in a new tab without an opener', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('answers an empty string for what is not text', () => {
    expect(sanitizeRichText(undefined)).toBe('');
    expect(sanitizeRichText({ html: '<b>' })).toBe('');
  });
});
