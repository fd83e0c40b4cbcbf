export { useAnnouncements, announcementsQuery, announcementRequest } from './api.ts';
export { NoticeBar } from './notice-bar.tsx';
export { BannerHero } from './banner-hero.tsx';

export const loadNoticeModal = () => import('./notice-modal.tsx').then((m) => ({ default: m.NoticeModal }));
export const loadNoticesPage = () => import('./notices-page.tsx').then((m) => ({ Component: m.NoticesPage }));
/** The popup notice (type PU) of the home page, with its sanitised HTML: a chunk of its own. */
export const loadPopupNotice = () => import('./popup-notice.tsx').then((m) => ({ default: m.PopupNotice }));
export { unseenPopups } from './popup-seen.ts';
