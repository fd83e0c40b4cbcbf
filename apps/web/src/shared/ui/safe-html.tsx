import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './safe-html.module.css';

let hooked = false;

/**
 * Every piece of server HTML (notices, promotions, help) goes through here (NM-12): DOMPurify
 * strips scripts, event handlers and javascript: URLs; links that leave the site open in a new
 * tab without handing it our window. Import this only from lazily loaded components: DOMPurify
 * stays out of the entry chunk.
 */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node instanceof HTMLAnchorElement && node.hasAttribute('href')) {
        let external = false;
        try {
          external =
            new URL(node.getAttribute('href')!, window.location.href).origin !== window.location.origin;
        } catch {
          node.removeAttribute('href');
        }
        if (external) {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer');
        }
      }
    });
  }
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['srcset'],
  });
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      // Written by the operator, in the player's language or the fallback's (English in an Arabic
      // page): its direction from its own first letter (decision 044).
      dir="auto"
      className={[styles.rich, className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
