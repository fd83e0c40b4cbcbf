import { SlotSymbols } from '@app/contract';
import styles from './house.module.css';

/** The art of the slot's symbols: drawn here (SVG), so the reels need no image requests. */
const letter = (text: string, fill: string, stroke: string) => (
  <text
    x="50"
    y="68"
    textAnchor="middle"
    fontSize={text.length > 1 ? 44 : 58}
    fontWeight="800"
    fontFamily="Georgia, 'Times New Roman', serif"
    fill={fill}
    stroke={stroke}
    strokeWidth="2.5"
    paintOrder="stroke"
  >
    {text}
  </text>
);

const art: Record<string, React.ReactNode> = {
  WILD: (
    <>
      <defs>
        <linearGradient id="hg-wild" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe9a3" />
          <stop offset="0.5" stopColor="#f2c14e" />
          <stop offset="1" stopColor="#b87a1c" />
        </linearGradient>
      </defs>
      <rect
        x="8"
        y="22"
        width="84"
        height="56"
        rx="12"
        fill="url(#hg-wild)"
        stroke="#7a4d0c"
        strokeWidth="3"
      />
      <text
        x="50"
        y="61"
        textAnchor="middle"
        fontSize="27"
        fontWeight="900"
        fill="#4a2a00"
        fontFamily="system-ui, sans-serif"
      >
        WILD
      </text>
    </>
  ),
  SCATTER: (
    <>
      <circle cx="50" cy="44" r="36" fill="#3b1240" stroke="#ff7ac8" strokeWidth="3" />
      {[0, 60, 120, 180, 240, 300].map((a) => (
        <ellipse key={a} cx="50" cy="27" rx="8" ry="15" fill="#ff9fd8" transform={`rotate(${a} 50 44)`} />
      ))}
      <circle cx="50" cy="44" r="9" fill="#ffd978" />
      <text
        x="50"
        y="93"
        textAnchor="middle"
        fontSize="15"
        fontWeight="900"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        FREE
      </text>
    </>
  ),
  LOTUS: (
    <>
      <ellipse cx="50" cy="78" rx="34" ry="7" fill="#1e6b52" />
      <path
        d="M50 18 C62 34 62 58 50 74 C38 58 38 34 50 18Z"
        fill="#ff8fc4"
        stroke="#c2417f"
        strokeWidth="2"
      />
      <path
        d="M50 74 C34 70 20 56 18 38 C34 42 46 54 50 74Z"
        fill="#ffb3d6"
        stroke="#c2417f"
        strokeWidth="2"
      />
      <path
        d="M50 74 C66 70 80 56 82 38 C66 42 54 54 50 74Z"
        fill="#ffb3d6"
        stroke="#c2417f"
        strokeWidth="2"
      />
      <circle cx="50" cy="60" r="5" fill="#ffd978" />
    </>
  ),
  DRAGON: (
    <>
      <circle cx="50" cy="50" r="40" fill="#8d1b1b" stroke="#f2c14e" strokeWidth="4" />
      <path
        d="M28 62 C30 40 48 30 62 36 C74 41 72 56 60 58 C50 60 46 50 54 46 M62 36 L70 24 M58 34 L60 22"
        fill="none"
        stroke="#ffd978"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="62" cy="44" r="3.5" fill="#ffd978" />
    </>
  ),
  KOI: (
    <>
      <path
        d="M18 50 C30 28 62 26 74 50 C62 74 30 72 18 50Z"
        fill="#ff8a3d"
        stroke="#fff3e6"
        strokeWidth="3"
      />
      <path d="M74 50 L90 36 L88 50 L90 64Z" fill="#ff6a1a" stroke="#fff3e6" strokeWidth="3" />
      <circle cx="32" cy="46" r="4" fill="#1b1405" />
      <path d="M42 38 C48 44 48 56 42 62" fill="none" stroke="#fff3e6" strokeWidth="3" />
    </>
  ),
  LANTERN: (
    <>
      <rect x="42" y="10" width="16" height="8" rx="2" fill="#f2c14e" />
      <ellipse cx="50" cy="50" rx="30" ry="34" fill="#e0312f" stroke="#f2c14e" strokeWidth="3" />
      <path
        d="M50 16 L50 84 M36 20 C28 40 28 60 36 80 M64 20 C72 40 72 60 64 80"
        stroke="#f2c14e"
        strokeWidth="2"
        fill="none"
      />
      <rect x="42" y="82" width="16" height="6" rx="2" fill="#f2c14e" />
    </>
  ),
  COIN: (
    <>
      <circle cx="50" cy="50" r="38" fill="#f2c14e" stroke="#a8731a" strokeWidth="4" />
      <circle cx="50" cy="50" r="29" fill="none" stroke="#a8731a" strokeWidth="2" />
      <rect x="40" y="40" width="20" height="20" fill="#3a2608" />
    </>
  ),
  A: letter('A', '#ff6b6b', '#4a0d0d'),
  K: letter('K', '#5ab0ff', '#0b2547'),
  Q: letter('Q', '#3ccf91', '#0a3322'),
  J: letter('J', '#c58bff', '#2b0c47'),
  TEN: letter('10', '#ffd978', '#4a3300'),
};

export function SymbolArt({ symbol, className }: { symbol: number; className?: string }) {
  const name = SlotSymbols[symbol] ?? 'TEN';
  return (
    <svg
      viewBox="0 0 100 100"
      className={[styles.symbol, className].filter(Boolean).join(' ')}
      role="img"
      aria-label={name}
    >
      {art[name]}
    </svg>
  );
}
