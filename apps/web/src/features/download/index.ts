export const loadDownloadPage = () =>
  import('./download-page.tsx').then((m) => ({ Component: m.DownloadPage }));
