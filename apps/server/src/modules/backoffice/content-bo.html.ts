import type { DOMPurify } from 'dompurify';

/**
 * The server's HTML sanitiser for what staff (and the CLI) store as a notice, a promotion or a help
 * article (decision 036). It is the player's site's policy (apps/web `sanitizeHtml`, NM-12) run
 * where the HTML is written: DOMPurify over a jsdom window, with the same forbidden tags and
 * attributes, and a link that leaves the site (an absolute http(s) address) opening in a new tab
 * without our window. So what is stored is already what a player's browser will render; the
 * player's site still sanitises it again when it shows it (two lines of defence, decision 004).
 *
 * jsdom is loaded on the first use only: a server that never writes content never loads it.
 */
export const SANITIZE_POLICY = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['srcset'],
};

let purifier: Promise<DOMPurify> | null = null;

/** The one part of jsdom used here (jsdom ships no types of its own). */
interface JsdomModule {
  JSDOM: new (html: string, options: { url: string }) => { window: unknown };
}
const JSDOM_MODULE: string = 'jsdom';

async function load(): Promise<DOMPurify> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
    import(JSDOM_MODULE) as Promise<JsdomModule>,
    import('dompurify'),
  ]);
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'https://site.invalid/',
  });
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const el = node as unknown as {
      hasAttribute(n: string): boolean;
      getAttribute(n: string): string | null;
    };
    const a = node as unknown as Element;
    if (!el.hasAttribute('href')) return;
    let external = false;
    try {
      // Relative to a host no link can name: a path of the site stays on it, an address is external.
      external = new URL(el.getAttribute('href')!, 'https://site.invalid/').origin !== 'https://site.invalid';
    } catch {
      a.removeAttribute('href');
    }
    if (external) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purify;
}

/** The HTML as the player's site would render it: scripts, handlers, javascript: links, forms and frames gone. */
export async function sanitizeContentHtml(html: string): Promise<string> {
  purifier ??= load();
  const purify = await purifier;
  return purify.sanitize(html, SANITIZE_POLICY);
}
