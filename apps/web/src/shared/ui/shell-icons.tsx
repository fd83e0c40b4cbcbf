import type { ReactNode, SVGProps } from 'react';
import sprite from './shell-icons.svg?url';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

const stroke = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Line icons drawn for this site (24-unit grid, stroke in currentColor); decorative unless labelled. */
export function Svg({ size = 20, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      {...stroke}
      aria-hidden={rest['aria-label'] ? undefined : true}
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/**
 * An icon of the shell's sprite (shell-icons.svg): an image file the browser fetches once and
 * caches, so the drawings of the icons every page shows are not JavaScript to load with the first
 * screen. Page and dialog icons (icons.tsx) are plain components in their own chunks.
 */
export function SpriteIcon({ name, size = 20, ...rest }: IconProps & { name: string }) {
  return (
    <svg
      width={size}
      height={size}
      {...stroke}
      aria-hidden={rest['aria-label'] ? undefined : true}
      focusable="false"
      {...rest}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export function CloseIcon(props: IconProps) {
  return <SpriteIcon name="close" {...props} />;
}

export function MegaphoneIcon(props: IconProps) {
  return <SpriteIcon name="megaphone" {...props} />;
}

export function PauseIcon(props: IconProps) {
  return <SpriteIcon name="pause" {...props} />;
}

export function PlayIcon(props: IconProps) {
  return <SpriteIcon name="play" {...props} />;
}

export function HeadsetIcon(props: IconProps) {
  return <SpriteIcon name="headset" {...props} />;
}

export function PhoneIcon(props: IconProps) {
  return <SpriteIcon name="phone" {...props} />;
}

export function MailIcon(props: IconProps) {
  return <SpriteIcon name="mail" {...props} />;
}

export function GiftIcon(props: IconProps) {
  return <SpriteIcon name="gift" {...props} />;
}

export function GlobeIcon(props: IconProps) {
  return <SpriteIcon name="globe" {...props} />;
}

export function ChevronDownIcon(props: IconProps) {
  return <SpriteIcon name="chevron-down" {...props} />;
}

/** Previous and next point the other way in a right-to-left page (data-mirror, styles/global.css). */
export function ChevronLeftIcon(props: IconProps) {
  return <SpriteIcon name="chevron-left" data-mirror {...props} />;
}

export function ChevronRightIcon(props: IconProps) {
  return <SpriteIcon name="chevron-right" data-mirror {...props} />;
}

export function ClockIcon(props: IconProps) {
  return <SpriteIcon name="clock" {...props} />;
}

export function BookIcon(props: IconProps) {
  return <SpriteIcon name="book" {...props} />;
}

export function RefreshIcon(props: IconProps) {
  return <SpriteIcon name="refresh" {...props} />;
}

export function AlertIcon(props: IconProps) {
  return <SpriteIcon name="alert" {...props} />;
}

export function UserIcon(props: IconProps) {
  return <SpriteIcon name="user" {...props} />;
}

export function CheckIcon(props: IconProps) {
  return <SpriteIcon name="check" {...props} />;
}
