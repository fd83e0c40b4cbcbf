/** Page heroes from the announcement banners; kept apart from the notices so the shell's start does not carry them. */
export { BannerHero } from './banner-hero.tsx';
