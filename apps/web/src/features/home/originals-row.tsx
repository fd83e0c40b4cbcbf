import { useNavigate } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useGate } from '../../shared/shell/use-gate.ts';
import { DeferUntilVisible } from '../../shared/ui/defer-until-visible.tsx';
import { Section } from '../../shared/ui/page.tsx';
import styles from './originals-row.module.css';

/**
 * The house originals' row of the lobby (decision 046): Dice, Limbo, Crash, Mines, Plinko, Keno, Wheel,
 * European Roulette, Sic Bo, HiLo, Baccarat and Blackjack, each with art of its own, its stated return and the promise it
 * keeps (provably fair). A visitor is asked to
 * log in (or try free play) first; a member opens the game page at once. The codes and the return
 * are written here rather than imported, so the home page's chunk carries none of the engines
 * (contract HOUSE_ORIGINALS and the stated returns; originals-row.test.ts holds them equal).
 * Crash (decision 055) is no per-player round of HOUSE_ORIGINALS but one shared round: anyone may
 * watch it, so its card opens the page without asking to log in first.
 */
export const LOBBY_ORIGINALS = [
  'dice',
  'limbo',
  'crash',
  'mines',
  'plinko',
  'keno',
  'wheel',
  'roulette',
  'sic-bo',
  'hilo',
  'baccarat',
  'blackjack',
] as const;
export const LOBBY_ORIGINALS_RTP = '99';
/**
 * The games whose return is not 99 %: Roulette's 36/37, Sic Bo's and Baccarat's range over their
 * bets, Blackjack's with perfect strategy.
 */
export const LOBBY_OTHER_RTP: Record<string, string> = {
  roulette: '97.29',
  'sic-bo': '81.01–97.22',
  baccarat: '85.88–98.93',
  blackjack: '99.31',
};
/** The row's name of each game: the shell's own keys (see OriginalsRow). */
const ROW_NAME = {
  dice: 'originals_row_dice',
  limbo: 'originals_row_limbo',
  crash: 'originals_row_crash',
  mines: 'originals_row_mines',
  plinko: 'originals_row_plinko',
  keno: 'originals_row_keno',
  wheel: 'originals_row_wheel',
  roulette: 'originals_row_roulette',
  'sic-bo': 'originals_row_sicbo',
  hilo: 'originals_row_hilo',
  baccarat: 'originals_row_baccarat',
  blackjack: 'originals_row_blackjack',
} as const satisfies Record<(typeof LOBBY_ORIGINALS)[number], string>;

/**
 * The cards whose art is drawn with the row: a phone's first screen shows the top of its first two
 * (a 1440-wide screen's, its first four). The others' art, about 150 SVG elements of the row's
 * 200, is drawn when the reader scrolls towards it: drawn with the first screen it was a large
 * share of home's first render and layout on a phone (issue 33). Its place keeps the art's box
 * (the same class: full width, 3:2), so nothing moves when it comes; the card, its name and its
 * return are there from the start.
 */
const CARDS_DRAWN_FIRST = 4;

export function OriginalsRow() {
  // The row's words are the shell catalogue's (the home page's own, in before it renders): the
  // games' six catalogues (about 40 kB in Burmese, the brand's default language) are the game
  // pages' and are not fetched for a row of names (decision 060). The names repeat the games'
  // own; locales.test.ts holds them equal.
  const { t } = useTypedTranslation('translation');
  const gate = useGate();
  const navigate = useNavigate();
  const open = (code: string) =>
    code === 'crash'
      ? void navigate('/sandbox/games/crash')
      : gate(() => void navigate(`/sandbox/games/${encodeURIComponent(code)}`), { allowTrial: true });
  return (
    <Section title={t('originals_row_title')} id="home-originals">
      <ul className={styles.row} data-testid="originals-row">
        {LOBBY_ORIGINALS.map((code, i) => (
          <li key={code}>
            <button
              type="button"
              className={styles.card}
              data-game={code}
              onClick={() => open(code)}
              data-testid={`original-card-${code}`}
            >
              {i < CARDS_DRAWN_FIRST ? (
                <Art code={code} />
              ) : (
                <DeferUntilVisible minHeight={0} margin="100px" className={styles.art} as="span">
                  <Art code={code} />
                </DeferUntilVisible>
              )}
              <span className={styles.name}>{t(ROW_NAME[code])}</span>
              <span className={styles.tag}>
                {t('originals_row_tag', { rtp: LOBBY_OTHER_RTP[code] ?? LOBBY_ORIGINALS_RTP })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Art({ code }: { code: string }) {
  if (code === 'crash')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        {[
          [14, 12],
          [40, 8],
          [66, 16],
          [24, 34],
          [110, 46],
          [56, 40],
        ].map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r="1.2" fill="#fff" opacity="0.7" />
        ))}
        <path d="M6 76 C 42 74, 68 62, 88 28 L88 76 Z" fill="#ffb547" fillOpacity="0.22" />
        <path
          d="M6 76 C 42 74, 68 62, 88 28"
          stroke="#ffd166"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
        />
        <g transform="translate(92 22) rotate(-55) scale(1.35)">
          <path d="M-6 -3 L-17 0 L-6 3 Z" fill="#ff8c3a" />
          <path d="M-4 -6 Q 12 -7 20 0 Q 12 7 -4 6 Z" fill="#f6f3ea" />
          <circle cx="7" cy="0" r="2.6" fill="#4da3ff" stroke="#1b2a4a" strokeWidth="0.8" />
          <path d="M-3 -6 L-9 -12 L3 -6 Z" fill="#ff4d6a" />
          <path d="M-3 6 L-9 12 L3 6 Z" fill="#ff4d6a" />
        </g>
      </svg>
    );
  if (code === 'dice')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        <rect x="22" y="14" width="44" height="44" rx="10" fill="#fff" transform="rotate(-12 44 36)" />
        <rect x="58" y="24" width="40" height="40" rx="9" fill="#ffd166" transform="rotate(14 78 44)" />
        {[
          [34, 26],
          [44, 36],
          [54, 46],
        ].map(([x, y]) => (
          <circle key={`${x}`} cx={x} cy={y} r="4.5" fill="#1b2a4a" />
        ))}
        {[
          [72, 36],
          [84, 52],
        ].map(([x, y]) => (
          <circle key={`${x}`} cx={x} cy={y} r="4" fill="#7a4b00" />
        ))}
      </svg>
    );
  if (code === 'limbo')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        <path
          d="M10 70 C 50 68, 80 50, 108 8"
          stroke="#ffd166"
          strokeWidth="5"
          fill="none"
          strokeLinecap="round"
        />
        <text x="16" y="38" fontSize="24" fontWeight="900" fill="#fff">
          2.00×
        </text>
      </svg>
    );
  if (code === 'keno')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        {Array.from({ length: 15 }, (_, i) => {
          const hit = [1, 7, 8, 13].includes(i);
          const pick = [3, 10].includes(i);
          return (
            <g key={i}>
              <rect
                x={18 + (i % 5) * 18}
                y={6 + Math.floor(i / 5) * 24}
                width="15"
                height="20"
                rx="4"
                fill={hit ? '#2fd08a' : pick ? '#7b5cff' : '#2c3b63'}
              />
              {hit ? (
                <circle cx={25.5 + (i % 5) * 18} cy={16 + Math.floor(i / 5) * 24} r="3" fill="#eafff4" />
              ) : null}
            </g>
          );
        })}
      </svg>
    );
  if (code === 'wheel')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        {Array.from({ length: 12 }, (_, i) => {
          const a0 = (i / 12) * 2 * Math.PI;
          const a1 = ((i + 1) / 12) * 2 * Math.PI;
          const p = (a: number, r: number) => `${60 + r * Math.sin(a)} ${42 - r * Math.cos(a)}`;
          return (
            <path
              key={i}
              d={`M ${p(a0, 14)} L ${p(a0, 34)} A 34 34 0 0 1 ${p(a1, 34)} L ${p(a1, 14)} A 14 14 0 0 0 ${p(a0, 14)} Z`}
              fill={i === 0 ? '#ffd166' : i % 2 ? '#2a3557' : ['#2fd08a', '#4da3ff', '#b07cff'][i % 3]}
              stroke="#0b1222"
            />
          );
        })}
        <path d="M 55 2 L 65 2 L 60 12 Z" fill="#ffd166" />
      </svg>
    );
  if (code === 'roulette')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        <circle cx="60" cy="40" r="36" fill="#6b3d1e" />
        {Array.from({ length: 18 }, (_, i) => {
          const a0 = (i / 18) * 2 * Math.PI;
          const a1 = ((i + 1) / 18) * 2 * Math.PI;
          const p = (a: number, r: number) => `${60 + r * Math.sin(a)} ${40 - r * Math.cos(a)}`;
          return (
            <path
              key={i}
              d={`M ${p(a0, 18)} L ${p(a0, 32)} A 32 32 0 0 1 ${p(a1, 32)} L ${p(a1, 18)} A 18 18 0 0 0 ${p(a0, 18)} Z`}
              fill={i === 0 ? '#0f8a4f' : i % 2 ? '#d8323f' : '#1a1f2e'}
            />
          );
        })}
        <circle cx="60" cy="40" r="16" fill="#c9a25a" />
        <circle cx="60" cy="40" r="4" fill="#7a4b00" />
        <circle cx="78" cy="20" r="3.5" fill="#fff" />
      </svg>
    );
  if (code === 'sic-bo')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        {[
          [16, 28, -10, 3],
          [46, 12, 8, 5],
          [74, 30, 16, 6],
        ].map(([x, y, r, v]) => (
          <g key={x} transform={`rotate(${r} ${x! + 15} ${y! + 15})`}>
            <rect x={x} y={y} width="30" height="30" rx="7" fill="#f6f3ea" />
            {(
              {
                3: [
                  [8, 8],
                  [15, 15],
                  [22, 22],
                ],
                5: [
                  [8, 8],
                  [22, 8],
                  [15, 15],
                  [8, 22],
                  [22, 22],
                ],
                6: [
                  [8, 7],
                  [22, 7],
                  [8, 15],
                  [22, 15],
                  [8, 23],
                  [22, 23],
                ],
              } as Record<number, number[][]>
            )[v!]!.map(([px, py], i) => (
              <circle key={i} cx={x! + px!} cy={y! + py!} r="2.8" fill="#1b2a4a" />
            ))}
          </g>
        ))}
      </svg>
    );
  if (code === 'baccarat')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        <rect x="6" y="50" width="50" height="24" rx="8" fill="#3b82f6" />
        <rect x="64" y="50" width="50" height="24" rx="8" fill="#ef4452" />
        <text x="31" y="67" fontSize="13" fontWeight="900" fill="#fff" textAnchor="middle">
          P
        </text>
        <text x="89" y="67" fontSize="13" fontWeight="900" fill="#fff" textAnchor="middle">
          B
        </text>
        <g transform="rotate(-8 40 28)">
          <rect x="24" y="4" width="30" height="42" rx="5" fill="#f6f3ea" />
          <text x="29" y="20" fontSize="12" fontWeight="800" fill="#1b2a4a">
            9
          </text>
          <text x="33" y="39" fontSize="15" fill="#1b2a4a">
            ♣
          </text>
        </g>
        <g transform="rotate(8 80 28)">
          <rect x="66" y="4" width="30" height="42" rx="5" fill="#f6f3ea" />
          <text x="71" y="20" fontSize="12" fontWeight="800" fill="#d7263d">
            K
          </text>
          <text x="75" y="39" fontSize="15" fill="#d7263d">
            ♦
          </text>
        </g>
        <circle cx="60" cy="40" r="9" fill="#ffd166" stroke="#8a5a00" strokeWidth="2" strokeDasharray="3 2" />
      </svg>
    );
  if (code === 'blackjack')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        <ellipse cx="60" cy="74" rx="56" ry="12" fill="#0a3a2a" stroke="#ffd166" strokeOpacity="0.5" />
        <g transform="rotate(-12 44 40)">
          <rect x="22" y="10" width="38" height="54" rx="6" fill="#f6f3ea" />
          <text x="28" y="28" fontSize="14" fontWeight="800" fill="#1b2a4a">
            A
          </text>
          <text x="34" y="52" fontSize="20" fill="#1b2a4a">
            ♠
          </text>
        </g>
        <g transform="rotate(10 76 40)">
          <rect x="56" y="10" width="38" height="54" rx="6" fill="#f6f3ea" />
          <text x="61" y="28" fontSize="14" fontWeight="800" fill="#d7263d">
            K
          </text>
          <text x="68" y="52" fontSize="20" fill="#d7263d">
            ♥
          </text>
        </g>
        <circle cx="102" cy="22" r="14" fill="#ffd166" stroke="#8a5a00" strokeWidth="2" />
        <text x="102" y="27" fontSize="13" fontWeight="900" fill="#3b2a00" textAnchor="middle">
          21
        </text>
      </svg>
    );
  if (code === 'hilo')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        <g transform="rotate(-10 42 42)">
          <rect x="24" y="12" width="38" height="54" rx="6" fill="#f6f3ea" />
          <text x="30" y="30" fontSize="14" fontWeight="800" fill="#1b2a4a">
            7
          </text>
          <text x="36" y="54" fontSize="20" fill="#1b2a4a">
            ♠
          </text>
        </g>
        <g transform="rotate(10 78 42)">
          <rect x="58" y="12" width="38" height="54" rx="6" fill="#f6f3ea" />
          <text x="63" y="30" fontSize="14" fontWeight="800" fill="#d7263d">
            Q
          </text>
          <text x="70" y="54" fontSize="20" fill="#d7263d">
            ♥
          </text>
        </g>
        <path d="M104 30l8 10h-16z" fill="#34e3a0" />
        <path d="M104 62l8-10h-16z" fill="#ffb547" />
      </svg>
    );
  if (code === 'mines')
    return (
      <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
        {Array.from({ length: 9 }, (_, i) => (
          <rect
            key={i}
            x={24 + (i % 3) * 26}
            y={4 + Math.floor(i / 3) * 25}
            width="22"
            height="21"
            rx="5"
            fill={i === 4 ? '#ff4d6a' : i % 3 === 0 ? '#34e3a0' : '#2c3b63'}
          />
        ))}
      </svg>
    );
  return (
    <svg viewBox="0 0 120 80" className={styles.art} aria-hidden>
      {Array.from({ length: 5 }, (_, r) =>
        Array.from({ length: r + 2 }, (_, i) => (
          <circle
            key={`${r}-${i}`}
            cx={60 + (i - (r + 1) / 2) * 16}
            cy={10 + r * 13}
            r="2.6"
            fill="#dfe6ff"
          />
        )),
      )}
      <circle cx="68" cy="36" r="5" fill="#ffd166" />
      {['#ff3d5a', '#ff8c5a', '#ffd166', '#ff8c5a', '#ff3d5a'].map((c, i) => (
        <rect key={i} x={22 + i * 16} y="70" width="13" height="8" rx="2" fill={c} />
      ))}
    </svg>
  );
}
