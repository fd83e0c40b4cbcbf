import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { CloseIcon, ListIcon } from '../../../shared/ui/icons.tsx';
import { dataKey, LOTTERY_NS } from '../strings.ts';
import styles from './client.module.css';
import { formatMoney } from '../../../shared/i18n/money.ts';

export interface SlipLine {
  key: string;
  playId: number;
  playName: string;
  groupName: string;
  content: string;
  notes: number;
  bettingModeId: number;
  unitCode: string;
  multiple: number;
  series: number;
  amount: number;
}

/** The content as players read it: rows separated by a bar, balls by a space. */
export function readableContent(content: string): string {
  return content
    .split('_')
    .map((r) => r.split(',').join(' ') || '–')
    .join(' | ');
}

/** The bet slip: one line per play added, each with its notes, unit, multiple and amount. */
export function BetSlip({
  lines,
  onRemove,
  onClear,
}: {
  lines: SlipLine[];
  onRemove: (key: string) => void;
  onClear: () => void;
}) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  return (
    <section className={styles.slip} aria-labelledby="slip-title">
      <div className={styles.slipHead}>
        <h2 id="slip-title" className={styles.sideTitle}>
          {t('bet_slip')} <span className={styles.count}>{lines.length}</span>
        </h2>
        {lines.length ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {t('clear_slip')}
          </Button>
        ) : null}
      </div>
      {lines.length ? (
        <ul className={styles.slipLines} data-testid="slip-lines">
          {lines.map((l) => (
            <li key={l.key} className={styles.slipLine}>
              <div className={styles.slipMain}>
                <span className={styles.slipPlay}>
                  {l.groupName} · {l.playName}
                </span>
                <span className={styles.slipContent}>{readableContent(l.content)}</span>
                <span className={styles.slipMeta}>
                  {t('slip_meta', {
                    notes: l.notes,
                    unit: t(dataKey(`unit_${l.unitCode.toLowerCase()}`), { defaultValue: l.unitCode }),
                    multiple: l.multiple,
                    series: l.series,
                  })}
                </span>
              </div>
              <strong className={styles.money}>{formatMoney(l.amount)}</strong>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('remove_line', { play: l.playName })}
                onClick={() => onRemove(l.key)}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.slipEmpty}>
          <ListIcon size={18} /> {t('slip_empty')}
        </p>
      )}
    </section>
  );
}
