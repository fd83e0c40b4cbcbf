export { useAnnouncements, announcementsQuery, announcementRequest } from './api.ts';
export { NoticeBar } from './notice-bar.tsx';
export { NoticeLinks } from './notice-links.tsx';

export const loadNoticeModal = () => import('./notice-modal.tsx').then((m) => ({ default: m.NoticeModal }));
export const loadNoticesPage = () => import('./notices-page.tsx').then((m) => ({ Component: m.NoticesPage }));
export { PopupNotice } from './popup-notice.tsx';
export { popupsFor, unseenPopups } from './popup-seen.ts';
