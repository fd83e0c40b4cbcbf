import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isThemeToken, type BrandConfig } from '@app/contract';
import { escapeHtml } from './escape-html.ts';

/**
 * The app's HTML document, as every history-mode route answers it: the built index.html with the
 * brand's name in its title and in the start screen the document carries, and the brand's theme
 * tokens on the root element (decision 015, "A first paint without JavaScript").
 *
 * The web app renders nothing until its scripts have arrived and run, seconds on a phone's first
 * visit; the start screen in the document is what the player sees until then, so it must already
 * say whose site this is and wear its colours. The brand config is edited at run time, so the
 * server fills them in rather than the build.
 */
export class AppDocument {
  private readonly template: string;
  private rendered: { brand: BrandConfig; html: string; etag: string } | null = null;

  constructor(indexHtmlPath: string) {
    this.template = readFileSync(indexHtmlPath, 'utf8');
  }

  /**
   * The document for this brand config and its entity tag, rendered once per config (the store
   * keeps one object per edit). The document is answered `no-cache`: the tag lets a returning
   * browser revalidate it without the body.
   */
  forBrand(brand: BrandConfig): { html: string; etag: string } {
    if (this.rendered?.brand !== brand) {
      const html = renderAppDocument(this.template, brand);
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
      this.rendered = { brand, html, etag };
    }
    return this.rendered;
  }
}

/** The template's markers: the title, the start screen's brand name, the root element's opening tag. */
const TITLE = /<title>[^<]*<\/title>/;
const BRAND_NAME = /(<[a-z]+ [^>]*data-brand-name[^>]*>)[^<]*(<\/)/;
const HTML_TAG = /<html([^>]*)>/;

export function renderAppDocument(template: string, brand: BrandConfig): string {
  const name = escapeHtml(brand.brandName);
  const theme = themeDeclarations(brand.theme);
  // Replacer functions, not strings: a brand name may hold `$&` or `$1`.
  return template
    .replace(TITLE, () => `<title>${name}</title>`)
    .replace(BRAND_NAME, (_, open: string, close: string) => `${open}${name}${close}`)
    .replace(HTML_TAG, (tag, attributes: string) => (theme ? `<html${attributes} style="${theme}">` : tag));
}

/**
 * Of the tokens the web app applies (isThemeToken), those whose value can go into a style
 * attribute: it may not end the declaration, the attribute or the element, nor open a string or an
 * escape. Colours, gradients, lengths and font lists need none of these characters; a value that
 * has any is left to the app, which sets it through the CSSOM.
 */
const ATTRIBUTE_SAFE = /^[^;{}<>"'\\&]+$/;

function themeDeclarations(theme: Record<string, string>): string {
  return Object.entries(theme)
    .filter(([name, value]) => isThemeToken(name, value) && ATTRIBUTE_SAFE.test(value))
    .map(([name, value]) => `--${name}:${value.trim()}`)
    .join(';');
}
