import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText, sanitizeHtml } from './RichText';

describe('RichText', () => {
  it('renders allowed formatting and drops what could run', () => {
    const { getByTestId } = render(
      <RichText
        html={
          '<p>A <strong>b</strong><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script><a href="javascript:alert(1)">l</a></p>'
        }
      />,
    );
    const box = getByTestId('rich-text');
    expect(box.querySelector('strong')?.textContent).toBe('b');
    expect(box.innerHTML).not.toMatch(/onerror|script|javascript/i);
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('keeps safe links, opening in a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com">x</a>');
    expect(sanitizeHtml('<a href="/main/notice/noticeMore" target="_self">x</a>')).toBe(
      '<a href="/main/notice/noticeMore" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml(null)).toBe('');
  });
});
