/** The console's few line icons (24×24, stroke), inline so the console loads no icon font. */
const PATHS = {
  dashboard: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-4H4zM14 8h6V4h-6z',
  staff:
    'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM21 19v-1a4 4 0 0 0-3-3.9M16 3.1a3.5 3.5 0 0 1 0 6.8',
  audit: 'M9 4h6M9 4a2 2 0 0 0-2 2H5v15h14V6h-2a2 2 0 0 0-2-2M9 12h6M9 16h4',
  logout: 'M15 17l5-5-5-5M20 12H9M12 20H5V4h7',
  plus: 'M12 5v14M5 12h14',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  deposit: 'M12 3v12M7 10l5 5 5-5M4 15v5h16v-5',
  withdraw: 'M12 15V3M7 8l5-5 5 5M4 15v5h16v-5',
  player: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  content: 'M4 5h16v14H4zM4 9h16M8 13h8M8 16h5',
  lottery: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 10h.01M12 8h.01M16 10h.01M9 15h6',
  agents: 'M10 3h4v4h-4zM12 7v4M6 15v-4h12v4M4 15h4v4H4zM16 15h4v4h-4z',
  games:
    'M6 9h4M8 7v4M15 10h.01M18 8h.01M7 5h10a4 4 0 0 1 4 4v6a3 3 0 0 1-5.2 2L14 15h-4l-1.8 2A3 3 0 0 1 3 15V9a4 4 0 0 1 4-4z',
  site: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
  reports: 'M5 20V11M12 20V4M19 20v-6M3 20h18',
  gift: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3-5-1s3 1 5 1zM12 7c1.5-3 5-3 5-1s-3 1-5 1z',
  feedback: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name] ?? PATHS.dashboard} />
    </svg>
  );
}
