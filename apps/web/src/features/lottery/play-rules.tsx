import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { Family } from '@app/contract';
import { errorText } from '../../shared/forms/error-text.ts';
import { ErrorState, Skeleton } from '../../shared/ui/states.tsx';
import { usePlayMenu, useSeries, useSetting } from './api.ts';
import { playGroupKey, playNameKey, playRuleKey, playsOfFamily, winPerNote } from './rules.ts';
import { LOTTERY_NS, LOTTERY_RULES_NS } from './strings.ts';
import type { Variant } from './variants.ts';
import styles from './lottery.module.css';
import { formatMoney } from '../../shared/i18n/money.ts';

/**
 * The rules of every play of a game, in the player's language: what wins, the price of a note and
 * the prize at the default series (prize = bonus × series ÷ base × unit × multiple), then the
 * game's own rules (close before the draw, limits, ties and void draws).
 */
export function PlayRules({
  family,
  gameId,
  prizeMode,
}: {
  family: Family;
  gameId: number;
  prizeMode: Variant['prizeMode'];
}) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const plays = usePlayMenu(gameId, prizeMode);
  const series = useSeries(gameId, prizeMode);
  const setting = useSetting(gameId);
  if (plays.isPending || series.isPending || setting.isPending) return <Skeleton height={400} />;
  const failed = plays.error ?? series.error ?? setting.error;
  if (failed || !plays.data || !series.data || !setting.data)
    return <ErrorState message={errorText(failed, t)} />;
  const mode = plays.data.find((m) => m.prizeMode === prizeMode) ?? plays.data[0];
  const band = series.data.find((s) => s.prizeMode === prizeMode) ?? series.data[0];
  const menus = new Map(
    (mode?.playMenuGroups ?? []).flatMap((g) => g.playMenus.map((p) => [p.playId, p] as const)),
  );
  const defs = playsOfFamily(family);
  const groups = [...new Set(defs.map((d) => d.group))];

  return (
    <div className={styles.rules}>
      <section className={styles.rulesGeneral}>
        <h2 className={styles.rulesTitle}>{t('rules_general')}</h2>
        <ul>
          <li>{t('rules_close', { seconds: setting.data.lockTime })}</li>
          <li>{t('rules_formula', { base: band?.base ?? 2000 })}</li>
          <li>{t('rules_ties')}</li>
          <li>{t('rules_void')}</li>
          <li>{t('rules_chase')}</li>
          {setting.data.drawPayoutMax > 0 ? (
            <li>{t('rules_payout_max', { amount: formatMoney(setting.data.drawPayoutMax) })}</li>
          ) : null}
          <li>{setting.data.resultSource === 'RNG' ? t('rules_rng') : t('rules_official')}</li>
        </ul>
      </section>
      {groups.map((g) => {
        const inGroup = defs.filter((d) => d.group === g);
        return (
          <section key={g} className={styles.rulesGroup}>
            <h3 className={styles.rulesGroupTitle}>
              {t(playGroupKey(inGroup[0]!), { defaultValue: inGroup[0]!.groupName })}
            </h3>
            <dl className={styles.rulesList}>
              {inGroup.map((d) => {
                const menu = menus.get(d.playId);
                return (
                  <div
                    key={d.playId}
                    className={styles.rule}
                    data-off={menu && menu.playSwitch ? undefined : ''}
                  >
                    <dt>{t(playNameKey(d), { defaultValue: menu?.playName ?? d.name })}</dt>
                    <dd>
                      <p>{t(playRuleKey(d), { ns: LOTTERY_RULES_NS, defaultValue: d.rule })}</p>
                      <p className={styles.ruleFigures}>
                        {t('rule_price', { price: formatMoney(menu?.singleBetPrice ?? d.singleBetPrice) })}
                        {menu && band
                          ? ` · ${t('rule_prize', { prize: formatMoney(winPerNote(d, band.defaultSeries, band.base, 1, 1)), series: band.defaultSeries })}`
                          : ''}
                      </p>
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
