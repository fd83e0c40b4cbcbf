export {
  useHelpCenter,
  helpCenterQuery,
  flattenArticles,
  helpArticlePath,
  type HelpArticleRef,
} from './api.ts';

export const loadHelpPage = () => import('./help-page.tsx').then((m) => ({ Component: m.HelpPage }));
export const loadHelpMcPage = () => import('./help-mc-page.tsx').then((m) => ({ Component: m.HelpMcPage }));
