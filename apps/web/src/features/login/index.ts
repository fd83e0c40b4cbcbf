export const loadLoginPage = () => import('./login-page.tsx').then((m) => ({ Component: m.LoginPage }));
