export const loadPointMallPage = () =>
  import('./point-mall-page.tsx').then((m) => ({ Component: m.PointMallPage }));
