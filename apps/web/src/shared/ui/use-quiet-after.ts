import { startTransition, useEffect, useState } from 'react';

/**
 * True once `settled` holds and then the browser has had a quiet moment (an idle callback, at
 * most a second away; 50 ms where there is none). For work a page can do after its first paint
 * without anyone missing it: rendering it with the first screen made the first visit's longest
 * tasks longer (decision 015). The change is a transition: an urgent update here would interrupt
 * a page's own transition render (a game grid's, say) and make React start that over.
 */
export function useQuietAfter(settled: boolean): boolean {
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    if (!settled || quiet) return;
    const settle = () => startTransition(() => setQuiet(true));
    if (typeof window.requestIdleCallback !== 'function') {
      const id = window.setTimeout(settle, 50);
      return () => window.clearTimeout(id);
    }
    const id = window.requestIdleCallback(settle, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }, [settled, quiet]);
  return quiet;
}
