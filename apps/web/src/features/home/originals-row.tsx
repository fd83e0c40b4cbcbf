import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { useGate } from '../../shared/shell/use-gate.ts';
import { Section } from '../../shared/ui/page.tsx';
import styles from './originals-row.module.css';

/**
 * The house originals' row of the lobby (decision 046): Dice, Limbo, Mines and Plinko, each with
 * art of its own, its stated return and the promise it keeps (provably fair). A visitor is asked to
 * log in (or try free play) first; a member opens the game page at once. The codes and the return
 * are written here rather than imported, so the home page's chunk carries none of the engines
 * (contract HOUSE_ORIGINALS and ORIGINALS_RTP_PERCENT; originals-row.test.ts holds them equal).
 */
export const LOBBY_ORIGINALS = ['dice', 'limbo', 'mines', 'plinko'] as const;
export const LOBBY_ORIGINALS_RTP = '99';
export function OriginalsRow() {
  const { t } = useTranslation('originals');
  const gate = useGate();
  const navigate = useNavigate();
  const open = (code: string) =>
    gate(() => void navigate(`/sandbox/games/${encodeURIComponent(code)}`), { allowTrial: true });
  return (
    <Section title={t('row_title')} id="home-originals">
      <ul className={styles.row} data-testid="originals-row">
        {LOBBY_ORIGINALS.map((code) => (
          <li key={code}>
            <button
              type="button"
              className={styles.card}
              data-game={code}
              onClick={() => open(code)}
              data-testid={`original-card-${code}`}
            >
              <Art code={code} />
              <span className={styles.name}>{t(`game_${code}`)}</span>
              <span className={styles.tag}>{t('row_tag', { rtp: LOBBY_ORIGINALS_RTP })}</span>
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Art({ code }: { code: string }) {
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
