/**
 * Help and service pages of issue 32 (decision 043): the feedback form (/feedback: PUT
 * /wps/feedback with up to three images) and the mini-games screen (/miniGames, NC-47: the house
 * games). Lazy chunks; their routes wait for the `pages` strings.
 */
export const loadFeedbackPage = () =>
  import('./feedback-page.tsx').then((m) => ({ Component: m.FeedbackPage }));
export const loadMiniGamesPage = () =>
  import('./mini-games-page.tsx').then((m) => ({ Component: m.MiniGamesPage }));
