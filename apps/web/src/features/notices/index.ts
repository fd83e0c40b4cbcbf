export { useAnnouncements, announcementsQuery, announcementRequest } from './api.ts';
export { NoticeBar } from './notice-bar.tsx';
export { NoticeLinks } from './notice-links.tsx';

export const loadNoticeModal = () => import('./notice-modal.tsx').then((m) => ({ default: m.NoticeModal }));
export const loadNoticesPage = () => import('./notices-page.tsx').then((m) => ({ Component: m.NoticesPage }));
export { popupsFor, unseenPopups } from './popup-seen.ts';
/** The home page's popup notice, with the modal it opens in: a chunk fetched once the page has painted. */
export const loadPopupNotice = () => import('./popup-notice.tsx').then((m) => ({ default: m.PopupNotice }));
