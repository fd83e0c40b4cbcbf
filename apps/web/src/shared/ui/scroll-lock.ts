/**
 * Fixes the page's scroll position while a modal is open and restores it when the last one
 * closes (NM-15). The body is pinned with position: fixed at its current offset, which keeps the
 * page visually still (no jump) and stops background scrolling on touch devices, where
 * overflow: hidden alone does not.
 */
let locks = 0;
let saved: { x: number; y: number; style: string } | null = null;

export function lockScroll(): () => void {
  const body = document.body;
  if (locks === 0) {
    const x = window.scrollX;
    const y = window.scrollY;
    saved = { x, y, style: body.getAttribute('style') ?? '' };
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.position = 'fixed';
    body.style.top = `-${y}px`;
    body.style.left = `-${x}px`;
    body.style.right = '0';
    body.style.width = '100%';
    // The vanished scrollbar would widen the page by its width: pad it back to avoid a shift.
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  locks++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks--;
    if (locks === 0 && saved) {
      const { x, y, style } = saved;
      saved = null;
      if (style) body.setAttribute('style', style);
      else body.removeAttribute('style');
      window.scrollTo(x, y);
    }
  };
}

export function isScrollLocked(): boolean {
  return locks > 0;
}
