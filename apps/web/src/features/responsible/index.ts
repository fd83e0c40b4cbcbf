export const loadResponsiblePage = () =>
  import('./responsible-page.tsx').then((m) => ({ Component: m.ResponsiblePage }));
/** The last-login notice and the reality check, mounted for a logged-in player (a lazy chunk). */
export const loadRealityCheck = () =>
  import('./reality-check.tsx').then((m) => ({ default: m.RealityCheck }));
