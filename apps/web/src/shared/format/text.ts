/**
 * Plain text of server HTML, for teasers and excerpts. DOMParser builds an inert document:
 * scripts do not run and images do not load, so no sanitiser is needed for text; HTML that is
 * rendered as HTML goes through SafeHtml instead.
 */
export function htmlToText(html: string): string {
  return htmlToParagraphs(html).join(' ');
}

export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, td';

/** The text of server HTML as paragraphs (one per block element), for plain-text renderings. */
export function htmlToParagraphs(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks = [...doc.body.querySelectorAll(BLOCKS)].filter((el) => !el.querySelector(BLOCKS));
  const texts = (blocks.length ? blocks : [doc.body]).map((el) =>
    (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
  return texts.filter(Boolean);
}
