import { useId } from 'react';
import { rateCaps, type ContractTerms } from '@app/contract';
import { useBrand } from '../../../shared/brand/brand.ts';
import type { Key } from '../../../shared/i18n/keys.ts';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { AGENT_STRINGS } from '../strings.ts';
import { uiStyles as ui } from '../ui.tsx';
import { emptyRow, stateFromTerms, type EditorIssue, type EditorState } from './editor-model.ts';
import { money, percent, tierFields } from './format.ts';
import styles from './contracts.module.css';
import table from '../../../shared/ui/table.module.css';

/** The caps line's key for each cap `rateCaps` names: a rate field, or the salary's P (percent) and F (fixed). */
const capKeys = {
  P: 'ct_cap_rate',
  F: 'ct_cap_fixed',
  contractRate: 'ct_cap_contractRate',
  winRate: 'ct_cap_winRate',
  lossRate: 'ct_cap_lossRate',
} as const satisfies Record<string, Key<'agent'>>;
const isCap = (k: string): k is keyof typeof capKeys => k in capKeys;

/**
 * The tier editor (research §2.5): one row of inputs per tier, the thresholds then the rate, with
 * the agent's own highest rate beside it ("Maximum %") and each issue under the input it is about.
 * Rows are added and removed at the end, so tiers stay in ascending order as the agent types them.
 */
export function TierEditor({
  state,
  onChange,
  offerer,
  issues,
}: {
  state: EditorState;
  onChange: (s: EditorState) => void;
  /** The agent's own terms on the line: the caps, and what "fill with my terms" copies. */
  offerer: ContractTerms | null;
  issues: EditorIssue[];
}) {
  const { t, i18n } = useTypedTranslation(AGENT_STRINGS);
  const { precision, symbol } = useBrand().currency;
  const id = useId();
  const language = i18n.language || 'en';
  const fields = tierFields({
    kind: state.kind,
    productType: state.productType,
    periodic: state.periodicTotalBetRequired === 'Y',
  });
  const caps = offerer ? rateCaps(offerer) : {};
  const setRow = (i: number, key: string, value: string) =>
    onChange({ ...state, rows: state.rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)) });
  const issueAt = (tier: number | null, field: string | null) =>
    issues.filter((x) => x.tier === tier && x.field === field);
  const whole = issues.filter((x) => x.tier === null && x.field !== 'unitValue');
  const capLine = Object.entries(caps)
    .flatMap(([k, v]) =>
      isCap(k) ? [t(capKeys[k], { value: k === 'F' ? money(v, precision) : percent(v, language) })] : [],
    )
    .join(' · ');

  return (
    <div className={styles.editor} data-testid="tier-editor">
      <div className={styles.editorHead}>
        <p className={ui.note}>{t('ct_editor_rule')}</p>
        {capLine ? (
          <p className={styles.caps} data-testid="tier-editor-caps">
            {t('ct_your_max')}: <strong>{capLine}</strong>
          </p>
        ) : null}
      </div>
      {state.rows.map((row, i) => (
        <fieldset key={i} className={styles.tierRow} data-testid="tier-row">
          <legend>{t('ct_tier_n', { n: i + 1 })}</legend>
          {fields.map((f) => {
            const inputId = `${id}-${i}-${f.key}`;
            const own = issueAt(i, f.key);
            const fixed = f.type === 'salaryRate' && row.rateType === 'F';
            const unit = f.type === 'amount' || fixed ? symbol : f.type === 'count' ? '' : '%';
            return (
              <div key={f.key} className={styles.tierField} data-field={f.key}>
                <label htmlFor={inputId}>{t(f.label)}</label>
                <div className={styles.inputWrap}>
                  {f.type === 'salaryRate' ? (
                    <select
                      aria-label={t('ct_rate_type')}
                      value={row.rateType ?? 'P'}
                      onChange={(e) => setRow(i, 'rateType', e.target.value)}
                      className={`${table.control} ${styles.rateType}`}
                      data-testid="tier-rate-type"
                    >
                      <option value="P">%</option>
                      <option value="F">{t('ct_rate_type_F')}</option>
                    </select>
                  ) : null}
                  <input
                    id={inputId}
                    className={ui.input}
                    inputMode={f.type === 'count' || f.type === 'wholeRate' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    value={row[f.key] ?? ''}
                    aria-invalid={own.length > 0 || undefined}
                    aria-describedby={own.length ? `${inputId}-err` : undefined}
                    onChange={(e) => setRow(i, f.key, e.target.value)}
                    data-testid={`tier-${f.key}`}
                  />
                  {unit ? <span className={styles.unit}>{unit}</span> : null}
                </div>
                {own.length ? (
                  <span id={`${inputId}-err`} className={ui.fieldError} data-testid="tier-issue">
                    {own.map((x) => x.message).join(' · ')}
                  </span>
                ) : null}
              </div>
            );
          })}
          {issueAt(i, null).map((x) => (
            <span key={x.message} className={ui.fieldError} data-testid="tier-issue">
              {x.message}
            </span>
          ))}
        </fieldset>
      ))}
      <div className={styles.editorTools}>
        <Button
          variant="secondary"
          size="sm"
          disabled={state.rows.length >= 20}
          onClick={() => onChange({ ...state, rows: [...state.rows, emptyRow(state)] })}
          data-testid="tier-add"
        >
          {t('ct_add_tier')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={state.rows.length <= 1}
          onClick={() => onChange({ ...state, rows: state.rows.slice(0, -1) })}
          data-testid="tier-remove"
        >
          {t('ct_remove_tier')}
        </Button>
        {offerer ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              const mine = stateFromTerms(offerer, precision);
              onChange({
                ...mine,
                productType: state.productType,
                computationPeriod: state.computationPeriod,
              });
            }}
            data-testid="tier-autofill"
          >
            {t('ct_autofill')}
          </Button>
        ) : null}
      </div>
      {whole.map((x) => (
        <p key={x.message} className={ui.alert} role="alert" data-testid="tier-issue">
          {x.message}
        </p>
      ))}
    </div>
  );
}
