import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { notificationProvider } from '../ui/toasts.tsx';
import { refusalText } from './approval-rules.ts';
import { fromLocalInput, MaintenancePreview, playerClock, toLocalInput } from './site-preview.tsx';
import './games-site.css';

type Status = backoffice.SiteStatus;

const notify = (type: 'success' | 'error', message: string, description?: string) =>
  notificationProvider.open?.({ type, message, ...(description ? { description } : {}) });

const STATUS_KEY = ['bo', 'site', 'status'];
const SWITCHES_KEY = ['bo', 'site', 'switches'];

/** The Site section (decision 035): maintenance, blocked regions, feature switches, brand config. */
export function SitePage() {
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => boCall(backoffice.boSiteStatus) });
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Site</h1>
          <p className="muted">
            The site&apos;s maintenance and blocked regions, the feature switches and the brand config. A
            change reaches every player at once and is recorded in the audit log. The back office stays open
            during a maintenance.
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

function Brand() {
  const [open, setOpen] = useState(false);
  const brand = useQuery({
    queryKey: ['bo', 'site', 'brand'],
    queryFn: () => boCall(backoffice.boSiteBrand),
  });
  return (
    <section className="panel" aria-label="Brand config">
      <div className="panel-head">
        <h2>Brand config</h2>
        <button
          type="button"
          className="button button-quiet"
          onClick={() => setOpen(true)}
          disabled={!brand.data}
        >
          Show the whole file
        </button>
      </div>
      {brand.isPending ? <Loading /> : null}
      {brand.error ? <Failed error={brand.error} retry={() => void brand.refetch()} /> : null}
      {brand.data ? (
        <>
          <dl className="facts">
            <div>
              <dt>Brand</dt>
              <dd>{brand.data.config.brandName}</dd>
            </div>
            <div>
              <dt>Merchant</dt>
              <dd className="mono">{brand.data.config.merchant}</dd>
            </div>
            <div>
              <dt>Currency</dt>
              <dd>
                {brand.data.config.currency.code} ({brand.data.config.currency.symbol},{' '}
                {brand.data.config.currency.precision} decimals)
              </dd>
            </div>
            <div>
              <dt>Languages</dt>
              <dd>
                {brand.data.config.supportLanguages.join(', ')} · default {brand.data.config.defaultLang}
              </dd>
            </div>
            <div>
              <dt>Lottery</dt>
              <dd>
                {brand.data.config.lotteryType} · prize modes {brand.data.config.prizeModes.join(', ')}
              </dd>
            </div>
            <div>
              <dt>Theme overrides</dt>
              <dd>{Object.keys(brand.data.config.theme).length || 'none'}</dd>
            </div>
          </dl>
          <p className="muted small">
            Served from <span className="mono">{brand.data.path}</span> on the server: edit the file there and
            every player gets it within a second, without a rebuild (an edit that does not validate is refused
            and the last good config stays).
          </p>
          <Dialog open={open} title="Brand config" onClose={() => setOpen(false)}>
            <pre className="gs-json">{JSON.stringify(brand.data.config, null, 2)}</pre>
          </Dialog>
        </>
      ) : null}
    </section>
  );
}
