import { Fragment, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Draw } from '@app/contract';
import { formatNoticeDate } from '../../shared/format/date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LotteryIcon, ShieldIcon } from '../../shared/ui/icons.tsx';
import { useDrawHistory } from './api.ts';
import { Balls, splitWinNo } from './balls.tsx';
import type { Family } from '@app/contract';
import { isVn } from './families.ts';
import { PagedFrame } from './paged-frame.tsx';
import { dataKey, LOTTERY_NS } from './strings.ts';
import styles from './lottery.module.css';

const PAGE_SIZE = 15;

/** Sum, big/small and odd/even of a result, as players read a fast game's board. */
export function resultTraits(
  winNo: string,
  family: Family,
): { sum: number; big?: boolean; odd: boolean } | null {
  const balls = splitWinNo(winNo).map(Number);
  if (!balls.length || balls.some(Number.isNaN)) return null;
  if (isVn(family) || family === '4D') return null;
  if (family === 'PK10') {
    const sum = balls[0]! + balls[1]!;
    return { sum, big: sum > 11, odd: sum % 2 === 1 };
  }
  const sum = balls.reduce((a, b) => a + b, 0);
  const big =
    family === 'SSC'
      ? sum >= 23
      : family === 'K3'
        ? sum >= 11
          ? true
          : false
        : sum === 30
          ? undefined
          : sum > 30;
  return { sum, big, odd: sum % 2 === 1 };
}

/** Vietnamese prize rows: the special first, as the official sheet prints them. */
function VnSheet({ draw }: { draw: Draw }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  return (
    <table className={styles.vnSheet}>
      <tbody>
        {draw.slots.map((s) => (
          <tr key={s.prize} data-prize={s.prize}>
            <th scope="row">{t(dataKey(`prize_${s.prize}`), { defaultValue: s.prize })}</th>
            <td>
              {s.numbers.map((n, i) => (
                <span key={i} className={styles.vnNumber}>
                  {n}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The results board: a game's draws, newest first, with the sum and big/small/odd/even of each;
 * Vietnamese draws open their full prize sheet. Each drawn numero links to the verifier.
 */
export function ResultsBoard({
  gameId,
  family,
  live,
  onVerify,
}: {
  gameId: number;
  family: Family;
  live: boolean;
  onVerify: (numero: string) => void;
}) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const history = useDrawHistory(gameId, page, PAGE_SIZE, live && page === 1);

  return (
    <PagedFrame
      query={history}
      page={page}
      onPage={setPage}
      className={styles.board}
      labelClassName={styles.muted}
      skeleton={{ rows: 6, height: 40 }}
      empty={{ icon: <LotteryIcon />, title: t('results_empty') }}
    >
      {(content) => (
        <table className={styles.boardTable}>
          <thead>
            <tr>
              <th scope="col">{t('col_numero')}</th>
              <th scope="col">{t('col_result')}</th>
              {!isVn(family) && family !== '4D' ? (
                <th scope="col" className={styles.hideNarrow}>
                  {t('col_traits')}
                </th>
              ) : null}
              <th scope="col" className={styles.hideNarrow}>
                {t('col_time')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('verify')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {content.map((d) => {
              const traits = resultTraits(d.winNo, family);
              const expandable = d.slots.length > 0;
              return (
                <Fragment key={d.numero}>
                  <tr data-testid="draw-row" data-numero={d.numero}>
                    <td className={styles.mono}>
                      <NumeroText numero={d.numero} />
                    </td>
                    <td>
                      {d.status === 'void' ? (
                        <span className={styles.muted}>{t('void_draw')}</span>
                      ) : expandable ? (
                        <button
                          type="button"
                          className={styles.linkish}
                          aria-expanded={open === d.numero}
                          onClick={() => setOpen(open === d.numero ? null : d.numero)}
                        >
                          <strong className={styles.specialNumber}>{d.slots[0]?.numbers[0]}</strong>
                          <span className={styles.muted}>{t('full_sheet')}</span>
                        </button>
                      ) : (
                        <Balls
                          winNo={d.winNo}
                          family={family}
                          size="sm"
                          max={family === '4D' ? 3 : undefined}
                        />
                      )}
                    </td>
                    {!isVn(family) && family !== '4D' ? (
                      <td className={styles.hideNarrow}>
                        {traits ? (
                          <span className={styles.traits}>
                            <span className={styles.mono}>{traits.sum}</span>
                            {traits.big !== undefined ? (
                              <span className={styles.tag} data-tone={traits.big ? 'hot' : 'cold'}>
                                {t(traits.big ? 'big' : 'small')}
                              </span>
                            ) : (
                              <span className={styles.tag}>{t('tie')}</span>
                            )}
                            <span className={styles.tag} data-tone={traits.odd ? 'hot' : 'cold'}>
                              {t(traits.odd ? 'odd' : 'even')}
                            </span>
                          </span>
                        ) : null}
                      </td>
                    ) : null}
                    <td className={`${styles.hideNarrow} ${styles.muted}`}>{formatNoticeDate(d.drawTime)}</td>
                    <td className={styles.right}>
                      {d.seed ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => onVerify(d.numero)}
                          aria-label={t('verify_numero', { numero: d.numero })}
                        >
                          <ShieldIcon size={16} />
                          <span className={styles.hideNarrow}>{t('verify')}</span>
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                  {expandable && open === d.numero ? (
                    <tr>
                      <td colSpan={5}>
                        <VnSheet draw={d} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </PagedFrame>
  );
}

/** A numero with its day part dropped on a phone (20261124-0190 reads 0190 there). */
function NumeroText({ numero }: { numero: string }) {
  const at = numero.lastIndexOf('-');
  if (at < 0) return <bdi dir="ltr">{numero}</bdi>;
  return (
    // A numero reads left to right in every language (decision 044).
    <bdi dir="ltr" className={styles.nowrap} title={numero}>
      <span className={styles.hideNarrow}>{numero.slice(0, at + 1)}</span>
      {numero.slice(at + 1)}
    </bdi>
  );
}
