import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SafeHtml, sanitizeHtml } from './safe-html.tsx';

describe('server HTML', () => {
  it('NM-12 scripts, event handlers and javascript: links are removed before render', () => {
    const hit = vi.fn();
    (window as unknown as { hit: () => void }).hit = hit;
    const html =
      '<p onclick="hit()">Hello <b>player</b></p><img src="x" onerror="hit()"><script>hit()</script>' +
      '<a href="javascript:hit()">click</a><a href="https://example.org/x">out</a><iframe src="https://evil.example"></iframe>';
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    expect(clean).toContain('<b>player</b>');
    const { container } = render(<SafeHtml html={html} />);
    container.querySelectorAll('a, p, img').forEach((el) => (el as HTMLElement).click());
    expect(hit).not.toHaveBeenCalled();
    const out = container.querySelector('a[href="https://example.org/x"]');
    expect(out).toHaveAttribute('target', '_blank');
    expect(out).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
