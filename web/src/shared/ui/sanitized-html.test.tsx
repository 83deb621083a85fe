import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_TAGS, sanitizeHtml } from './sanitized-html';

describe('sanitizeHtml', () => {
  it('removes scripts and event handlers', () => {
    const clean = sanitizeHtml('<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src=x onerror=alert(3)>');
    expect(clean).not.toContain('script');
    expect(clean).not.toContain('onclick');
    expect(clean).not.toContain('onerror');
    expect(clean).toContain('<p>Hi</p>');
  });

  it('keeps only the announcement tags when asked', () => {
    const clean = sanitizeHtml('<h2>Title</h2><p><strong>Bold</strong> <a href="/x">link</a></p>', ANNOUNCEMENT_TAGS);
    expect(clean).toBe('Title<p><strong>Bold</strong> <a href="/x">link</a></p>');
  });

  it('drops javascript: links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });
});
