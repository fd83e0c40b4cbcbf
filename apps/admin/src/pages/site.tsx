import { useState } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { notificationProvider } from '../ui/toasts.tsx';
import { refusalText } from './approval-rules.ts';
import { fromLocalInput, MaintenancePreview, playerClock, toLocalInput } from './site-preview.tsx';
import { RegisterFields, ServiceLinks } from './site-settings.tsx';
import './games-site.css';

type Status = backoffice.SiteStatus;

const notify = (type: 'success' | 'error', message: string, description?: string) =>
  notificationProvider.open?.({ type, message, ...(description ? { description } : {}) });

const STATUS_KEY = ['bo', 'site', 'status'];
const SWITCHES_KEY = ['bo', 'site', 'switches'];

/** The Site section (decision 035): maintenance, blocked regions, feature switches, brand config. */
export function SitePage() {
  const can = useCan();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => boCall(backoffice.boSiteStatus) });
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Site</h1>
          <p className="muted">
            The site&apos;s maintenance and blocked regions, the feature switches, the brand config, the
            registration fields and the customer-service links. A change reaches every player at once and is
            recorded in the audit log. The back office stays open during a maintenance.
          </p>
        </div>
      </header>
      {status.isPending ? <Loading /> : null}
      {status.error ? <Failed error={status.error} retry={() => void status.refetch()} /> : null}
      {status.data ? (
        <div className="cards-2">
          <Maintenance status={status.data} />
          <Regions status={status.data} />
        </div>
      ) : null}
      <Switches />
      <Brand />
      <RegisterFields canEdit={can('brand.edit')} />
      <ServiceLinks canEdit={can('brand.edit')} />
    </div>
  );
}

function useStatusMutation<B>(call: (body: B) => Promise<Status>, done: (s: Status) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (s) => {
      client.setQueryData(STATUS_KEY, s);
      notify('success', done(s));
    },
  });
}

function Maintenance({ status }: { status: Status }) {
  const [until, setUntil] = useState(() => toLocalInput(Date.now() + 2 * 3_600_000));
  const [confirming, setConfirming] = useState(false);
  const untilMs = fromLocalInput(until);
  const start = useStatusMutation(
    (b: { on: boolean; until: number | null }) => boCall(backoffice.boSiteMaintenance, { body: b }),
    (s) =>
      s.status === 1
        ? `Maintenance on${s.maintenanceEndTime ? ` until ${playerClock(s.maintenanceEndTime)}` : ''}`
        : 'Maintenance ended: the site is open',
  );
  const on = status.status === 1;
  return (
    <section className="panel" aria-label="Maintenance">
      <div className="panel-head">
        <h2>Maintenance</h2>
        <span className="gs-state" data-testid="site-state">
          {on ? (
            <span className="badge badge-warn">Closed for maintenance</span>
          ) : (
            <span className="badge badge-ok">Open</span>
          )}
        </span>
      </div>
      {on ? (
        <>
          <p>
            {status.maintenanceEndTime
              ? `Players see the maintenance page until ${playerClock(status.maintenanceEndTime)} (your clock); the site then opens by itself.`
              : 'Players see the maintenance page until it is ended here.'}
          </p>
          <MaintenancePreview until={status.maintenanceEndTime} />
          {start.isError ? (
            <p className="notice notice-error" role="alert">
              {refusalText(start.error)}
            </p>
          ) : null}
          <div className="form-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={start.isPending}
              onClick={() => start.mutate({ on: false, until: null })}
            >
              End maintenance now
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">
            Every player call is refused with the maintenance page; the site opens by itself at the end time.
          </p>
          <label className="field">
            <span>Ends at (your time zone; empty: no end time)</span>
            <input
              type="datetime-local"
              name="until"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          </label>
          <div className="form-actions">
            <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
              Start maintenance…
            </button>
          </div>
        </>
      )}
      <Dialog open={confirming} title="Start the site's maintenance" onClose={() => setConfirming(false)}>
        <div className="form">
          <p>
            Every player is shown this page at once, and money, bets and games stop until{' '}
            {untilMs ? playerClock(untilMs) : 'you end it'}.
          </p>
          <MaintenancePreview until={untilMs} />
          {start.isError ? (
            <p className="notice notice-error" role="alert">
              {refusalText(start.error)}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="button" className="button button-quiet" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={start.isPending}
              onClick={() =>
                start.mutate({ on: true, until: untilMs }, { onSuccess: () => setConfirming(false) })
              }
            >
              {start.isPending ? 'Sending…' : 'Confirm: close the site'}
            </button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}

function Regions({ status }: { status: Status }) {
  const [codes, setCodes] = useState<string[]>(status.blockedCountries);
  const [typed, setTyped] = useState('');
  const save = useStatusMutation(
    (countries: string[]) => boCall(backoffice.boSiteRegions, { body: { countries } }),
    (s) => (s.blockedCountries.length ? `Blocked: ${s.blockedCountries.join(', ')}` : 'No region is blocked'),
  );
  const nameOf = (code: string) => status.knownCountries.find((c) => c.code === code)?.name;
  const changed = codes.join(',') !== status.blockedCountries.join(',');
  const add = () => {
    const code = typed.trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(code) && !codes.includes(code)) setCodes([...codes, code]);
    setTyped('');
  };
  return (
    <section className="panel" aria-label="Blocked regions">
      <div className="panel-head">
        <h2>Blocked regions</h2>
        <span className="muted small">{status.blockedCountries.length} blocked</span>
      </div>
      <p className="muted">
        Callers from these countries (by their IP) see the region page and are refused every call. A
        maintenance wins over a block.
      </p>
      {codes.length ? (
        <ul className="chips" aria-label="Countries to block">
          {codes.map((c) => (
            <li key={c} className="chip">
              <span className="mono">{c}</span>
              {nameOf(c) ? ` ${nameOf(c)}` : ''}{' '}
              <button
                type="button"
                className="link-button"
                aria-label={`Unblock ${c}`}
                onClick={() => setCodes(codes.filter((x) => x !== c))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="small">No region is blocked.</p>
      )}
      <form
        className="gs-row"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label className="field gs-grow">
          <span>Country code (ISO 3166, two letters)</span>
          <input
            name="country"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={2}
            list="site-countries"
            placeholder="US"
          />
          <datalist id="site-countries">
            {status.knownCountries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </datalist>
        </label>
        <button type="submit" className="button" disabled={!/^[a-zA-Z]{2}$/.test(typed.trim())}>
          Add
        </button>
      </form>
      {save.isError ? (
        <p className="notice notice-error" role="alert">
          {refusalText(save.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button button-quiet"
          disabled={!changed}
          onClick={() => setCodes(status.blockedCountries)}
        >
          Undo
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!changed || save.isPending}
          onClick={() => save.mutate(codes)}
        >
          {save.isPending ? 'Saving…' : 'Save the blocked regions'}
        </button>
      </div>
    </section>
  );
}

function Switches() {
  const client = useQueryClient();
  const switches = useQuery({ queryKey: SWITCHES_KEY, queryFn: () => boCall(backoffice.boSiteSwitches) });
  const toggle = useMutation({
    mutationFn: (s: backoffice.FeatureSwitchRow) =>
      boCall(backoffice.boSiteSwitch, { body: { modId: s.modId, enabled: !s.enabled } }),
    onSuccess: (row) => {
      client.setQueryData(SWITCHES_KEY, (old: { list: backoffice.FeatureSwitchRow[] } | undefined) =>
        old ? { list: old.list.map((s) => (s.modId === row.modId ? row : s)) } : old,
      );
      notify('success', `${row.label || row.modId} is ${row.enabled ? 'on' : 'off'}`);
    },
    onError: (err) => notify('error', 'Switch not changed', refusalText(err)),
  });
  return (
    <section className="panel" aria-label="Feature switches">
      <div className="panel-head">
        <h2>Feature switches</h2>
        <span className="muted small">the whitelabel tree the player&apos;s site reads at every visit</span>
      </div>
      {switches.isPending ? <Loading /> : null}
      {switches.error ? <Failed error={switches.error} retry={() => void switches.refetch()} /> : null}
      {switches.data && switches.data.list.length === 0 ? <Empty title="No feature switches." /> : null}
      {switches.data && switches.data.list.length > 0 ? (
        <div className="table-scroll">
          <table className="grid grid-compact gs-switches" aria-label="Feature switches">
            <thead>
              <tr>
                <th>Switch</th>
                <th>What it does</th>
                <th>State</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {switches.data.list.map((s) => (
                <tr
                  key={s.modId}
                  className={s.parentModId ? 'gs-child' : undefined}
                  data-testid={`switch-${s.modId}`}
                >
                  <td className="mono">{s.modId}</td>
                  <td>{s.label}</td>
                  <td>
                    {s.enabled ? (
                      <span className="badge badge-ok">On</span>
                    ) : (
                      <span className="badge badge-off">Off</span>
                    )}
                  </td>
                  <td className="num">
                    <button
                      type="button"
                      className={s.enabled ? 'button button-danger-quiet' : 'button'}
                      disabled={toggle.isPending && toggle.variables?.modId === s.modId}
                      onClick={() => toggle.mutate(s)}
                    >
                      {s.enabled ? 'Turn off' : 'Turn on'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function useCan() {
  const { data: me } = useGetIdentity<backoffice.StaffMe>();
  return (p: backoffice.StaffPermission) => me?.permissions.includes(p) ?? false;
}

const BRAND_KEY = ['bo', 'site', 'brand'];
type BrandSettings = backoffice.BrandSettings;

const SETTING_LABEL: Record<keyof BrandSettings, string> = {
  brandName: 'Site name',
  defaultLang: 'Default language',
  supportLanguages: 'Languages offered',
  currencySymbol: 'Currency symbol',
  loginedToHomePage: 'After login',
  chatHeaderColor: 'Chat header colour',
};

function settingText(key: keyof BrandSettings, v: BrandSettings[keyof BrandSettings]): string {
  if (key === 'loginedToHomePage') return v ? 'the home page' : 'where the player was';
  return Array.isArray(v) ? v.join(', ') : String(v);
}

/** The brand config: the settings staff may change (decision 040), and the rest of the file. */
function Brand() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const can = useCan();
  const brand = useQuery({ queryKey: BRAND_KEY, queryFn: () => boCall(backoffice.boSiteBrand) });
  const b = brand.data;
  return (
    <section className="panel" aria-label="Brand config">
      <div className="panel-head">
        <h2>Brand config</h2>
        <span className="head-actions">
          <button type="button" className="button button-quiet" onClick={() => setOpen(true)} disabled={!b}>
            Show the whole config
          </button>
          {can('brand.edit') ? (
            <button type="button" className="button" onClick={() => setEditing(true)} disabled={!b}>
              Edit brand settings
            </button>
          ) : null}
        </span>
      </div>
      {brand.isPending ? <Loading /> : null}
      {brand.error ? <Failed error={brand.error} retry={() => void brand.refetch()} /> : null}
      {b ? (
        <>
          <dl className="facts" data-testid="brand-settings">
            {backoffice.brandSettingKeys.map((k) => (
              <div key={k}>
                <dt>{SETTING_LABEL[k]}</dt>
                <dd>
                  {k === 'chatHeaderColor' ? (
                    <span
                      className="gs-swatch"
                      style={{ background: b.settings.chatHeaderColor }}
                      aria-hidden="true"
                    />
                  ) : null}
                  {settingText(k, b.settings[k])}{' '}
                  {b.overridden.includes(k) ? (
                    <span
                      className="badge badge-warn"
                      title={`The file says ${settingText(k, b.defaults[k])}`}
                    >
                      set here
                    </span>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
          <dl className="facts">
            <div>
              <dt>Merchant</dt>
              <dd className="mono">{b.config.merchant}</dd>
            </div>
            <div>
              <dt>Currency</dt>
              <dd>
                {b.config.currency.code} ({b.config.currency.precision} decimals)
              </dd>
            </div>
            <div>
              <dt>Lottery</dt>
              <dd>
                {b.config.lotteryType} · prize modes {b.config.prizeModes.join(', ')}
              </dd>
            </div>
            <div>
              <dt>Theme overrides</dt>
              <dd>{Object.keys(b.config.theme).length || 'none'}</dd>
            </div>
          </dl>
          <p className="muted small">
            The settings above are kept in the database: a change reaches every server and every new page at
            once, and is recorded in the audit log with its reason. The rest (merchant, the currency&apos;s
            code and decimals, the lottery&apos;s prize modes, the theme) is the file{' '}
            <span className="mono">{b.path}</span> on the server, whose values are also the settings&apos;
            defaults.
          </p>
          <Dialog open={open} title="Brand config" onClose={() => setOpen(false)}>
            <pre className="gs-json">{JSON.stringify(b.config, null, 2)}</pre>
          </Dialog>
          <Dialog open={editing} title="Brand settings" onClose={() => setEditing(false)}>
            {editing ? <BrandForm brand={b} onDone={() => setEditing(false)} /> : null}
          </Dialog>
        </>
      ) : null}
    </section>
  );
}

function BrandForm({ brand, onDone }: { brand: backoffice.SiteBrand; onDone: () => void }) {
  const client = useQueryClient();
  const [s, setS] = useState<BrandSettings>(brand.settings);
  const [reason, setReason] = useState('');
  const [review, setReview] = useState(false);
  const set = <K extends keyof BrandSettings>(k: K, v: BrandSettings[K]) =>
    setS((cur) => ({ ...cur, [k]: v }));
  const changes = backoffice.brandSettingKeys.filter(
    (k) => JSON.stringify(s[k]) !== JSON.stringify(brand.settings[k]),
  );
  const checked = backoffice.BrandSettingsSchema.safeParse(s);
  const problem = !checked.success
    ? checked.error.issues.map(
        (i) => `${SETTING_LABEL[i.path[0] as keyof BrandSettings] ?? ''}: ${i.message}`,
      )[0]
    : !s.supportLanguages.includes(s.defaultLang)
      ? 'The default language must be one of the languages offered.'
      : null;
  const save = useMutation({
    mutationFn: () => boCall(backoffice.boSiteBrandSet, { body: { settings: s, reason: reason.trim() } }),
    onSuccess: (b) => {
      client.setQueryData(BRAND_KEY, b);
      notify('success', 'Brand settings saved', 'Every new page of the player site has them now.');
      onDone();
    },
    onError: (err) => notify('error', 'Brand settings not saved', refusalText(err)),
  });
  if (review) {
    return (
      <div className="form" data-testid="brand-review">
        <p>These settings change for every player:</p>
        <table className="grid grid-compact" aria-label="Changes">
          <thead>
            <tr>
              <th>Setting</th>
              <th>Now</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((k) => (
              <tr key={k}>
                <td>{SETTING_LABEL[k]}</td>
                <td className="muted">{settingText(k, brand.settings[k])}</td>
                <td>
                  <strong>{settingText(k, s[k])}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted small">Reason for the audit log: {reason.trim()}</p>
        {save.isError ? (
          <p className="notice notice-error" role="alert">
            {refusalText(save.error)}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setReview(false)} disabled={save.isPending}>
            Back
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => save.mutate()}
            disabled={save.isPending}
          >
            {save.isPending ? 'Saving…' : 'Confirm: save'}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="form"
      aria-label="Brand settings"
      onSubmit={(e) => {
        e.preventDefault();
        setReview(true);
      }}
    >
      <label className="field">
        <span>{SETTING_LABEL.brandName}</span>
        <input
          name="brandName"
          value={s.brandName}
          maxLength={60}
          onChange={(e) => set('brandName', e.target.value)}
        />
        <small className="muted">The page title, the start screen, the codes&apos; messages.</small>
      </label>
      <fieldset className="field gs-langs">
        <legend>{SETTING_LABEL.supportLanguages}</legend>
        {brand.knownLanguages.map((l) => (
          <label key={l} className="check">
            <input
              type="checkbox"
              checked={s.supportLanguages.includes(l)}
              onChange={(e) =>
                set(
                  'supportLanguages',
                  e.target.checked ? [...s.supportLanguages, l] : s.supportLanguages.filter((x) => x !== l),
                )
              }
            />
            {l}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{SETTING_LABEL.defaultLang}</span>
        <select name="defaultLang" value={s.defaultLang} onChange={(e) => set('defaultLang', e.target.value)}>
          {s.supportLanguages.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
          {s.supportLanguages.includes(s.defaultLang) ? null : (
            <option value={s.defaultLang}>{s.defaultLang}</option>
          )}
        </select>
      </label>
      <div className="cards-2">
        <label className="field">
          <span>{SETTING_LABEL.currencySymbol}</span>
          <input
            name="currencySymbol"
            value={s.currencySymbol}
            maxLength={8}
            onChange={(e) => set('currencySymbol', e.target.value)}
          />
          <small className="muted">
            Shown before amounts; the currency ({brand.config.currency.code}) and its decimals stay.
          </small>
        </label>
        <label className="field">
          <span>{SETTING_LABEL.chatHeaderColor}</span>
          <span className="gs-colour">
            <input
              type="color"
              aria-label="Pick the colour"
              value={/^#[0-9a-fA-F]{6}$/.test(s.chatHeaderColor) ? s.chatHeaderColor : '#000000'}
              onChange={(e) => set('chatHeaderColor', e.target.value)}
            />
            <input
              name="chatHeaderColor"
              className="mono"
              value={s.chatHeaderColor}
              maxLength={7}
              onChange={(e) => set('chatHeaderColor', e.target.value)}
            />
          </span>
        </label>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={s.loginedToHomePage}
          onChange={(e) => set('loginedToHomePage', e.target.checked)}
        />
        After login, players land on the home page
      </label>
      <label className="field">
        <span>Reason</span>
        <input
          name="reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          required
        />
      </label>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button button-quiet"
          onClick={() => setS(brand.defaults)}
          disabled={JSON.stringify(s) === JSON.stringify(brand.defaults)}
        >
          Back to the file&apos;s values
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={changes.length === 0 || problem !== null || !reason.trim()}
        >
          Review {changes.length} change{changes.length === 1 ? '' : 's'}
        </button>
      </div>
    </form>
  );
}
