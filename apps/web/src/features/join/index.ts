export const loadJoinPage = () => import('./join-page.tsx').then((m) => ({ Component: m.JoinPage }));
