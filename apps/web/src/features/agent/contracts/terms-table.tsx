import type { ContractTerms } from '@app/contract';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { usePrecision } from '../money-input.ts';
import { AGENT_STRINGS } from '../strings.ts';
import { cellText, fieldsOf, money } from './format.ts';
import styles from './contracts.module.css';

/**
 * A contract's tiers as a table (the modal's and each page's, research §2.3): one row per tier, the
 * thresholds then the rate, with the terms beside the tiers (period, carry-forward, frequency, unit
 * value) above it. `highlight` marks a tier (the simulator's tier reached).
 */
export function TermsTable({
  terms,
  testId,
  highlight,
}: {
  terms: ContractTerms;
  testId?: string;
  highlight?: number | null;
}) {
  const { t, i18n } = useTypedTranslation(AGENT_STRINGS);
  const precision = usePrecision();
  const fields = fieldsOf(terms);
  const language = i18n.language || 'en';
  const extras: [string, string][] = [];
  if (terms.kind === 'dividend') {
    extras.push([t('ct_period'), t(`ct_period_${terms.computationPeriod}`)]);
    extras.push([t('ct_reset'), t(`ct_reset_${terms.resetFrequency}`)]);
  }
  if (terms.kind === 'hourlySalary') {
    extras.push([t('ct_frequency'), t(`ct_frequency_${terms.frequency}`)]);
    if (terms.unitValue !== null) extras.push([t('ct_unit_value'), money(terms.unitValue, precision)]);
  }
  return (
    <div className={styles.terms} data-testid={testId}>
      {extras.length ? (
        <dl className={styles.extras}>
          {extras.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className={styles.tableWrap}>
        <table className={styles.tiers}>
          <caption className="visually-hidden">{t('ct_tiers')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ct_tier')}</th>
              {fields.map((f) => (
                <th key={f.key} scope="col" data-numeric="">
                  {t(f.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {terms.tiers.map((row, i) => (
              <tr key={i} data-highlight={highlight === i || undefined}>
                <th scope="row" data-label={t('ct_tier')}>
                  {i + 1}
                </th>
                {fields.map((f) => (
                  <td key={f.key} data-numeric="" data-label={t(f.label)}>
                    {cellText(f, row as Record<string, unknown>, precision, language, t)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
