import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useInvalidate, useList, useOne, type BaseRecord } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { DataTable } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Icon } from '../ui/icon.tsx';
import { dateTime } from '../ui/format.ts';
import { Empty, Failed, Loading, NotFound } from '../ui/states.tsx';
import { notificationProvider } from '../ui/toasts.tsx';
import { BannerPreview, HelpPreview, NoticePreview, slotFrames } from './content-preview.tsx';
import { LanguageVersions } from './content-versions.tsx';
import './content.css';

type Notice = backoffice.ContentNotice;
type Banner = backoffice.ContentBanner;
type HelpArticle = backoffice.ContentHelpArticle;

export const contentSections = ['notices', 'promotions', 'banners', 'help'] as const;
export type ContentSection = (typeof contentSections)[number];

const sectionLabels: Record<ContentSection, string> = {
  notices: 'Notices',
  promotions: 'Promotions',
  banners: 'Banners',
  help: 'Help centre',
};

const typeLabels: Record<string, string> = {
  PL: 'Player notice',
  H: 'Headline',
  PR: 'Promotion',
  PU: 'Popup offer',
};
const executionLabels = { B: 'Everyone', L: 'Logged-in players', G: 'Guests' } as const;
const stateBadge: Record<backoffice.ContentState, string> = {
  draft: 'badge',
  scheduled: 'badge badge-warn',
  live: 'badge badge-ok',
  ended: 'badge badge-off',
};

const notify = (type: 'success' | 'error', message: string) => notificationProvider.open?.({ type, message });
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Tabs({ section }: { section: ContentSection }) {
  return (
    <nav className="tabs" aria-label="Content">
      {contentSections.map((s) => (
        <Link
          key={s}
          to={`/content/${s}`}
          className={s === section ? 'tab active' : 'tab'}
          aria-current={s === section ? 'page' : undefined}
        >
          {sectionLabels[s]}
        </Link>
      ))}
    </nav>
  );
}

/** /content/:section — the list of one kind of content; /content/:section/new|:id — its editor. */
export function ContentPage() {
  const params = useParams();
  const section = (params.section ?? 'notices') as ContentSection;
  if (!contentSections.includes(section)) return <NotFound />;
  const id = params.id;
  if (id !== undefined) {
    if (section === 'banners') return <BannerEditor id={id === 'new' ? null : id} />;
    if (section === 'help') return <HelpEditor id={id === 'new' ? null : id} />;
    return <NoticeEditor section={section} id={id === 'new' ? null : id} />;
  }
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Content</h1>
          <p className="muted">
            What players read: notices, promotions, banners and the help centre. HTML is cleaned by the server
            when it is saved; the preview shows it as a player will see it. Every change is in the audit log.
          </p>
        </div>
        <div className="head-actions">
          <Link className="button button-primary" to={`/content/${section}/new`}>
            <Icon name="plus" />
            {section === 'notices'
              ? 'New notice'
              : section === 'promotions'
                ? 'New promotion'
                : section === 'banners'
                  ? 'New banner'
                  : 'New article'}
          </Link>
        </div>
      </header>
      <Tabs section={section} />
      {section === 'banners' ? (
        <BannerList />
      ) : section === 'help' ? (
        <HelpList />
      ) : (
        <NoticeList key={section} group={section} />
      )}
    </div>
  );
}

// ---- notices and promotions ------------------------------------------------------------------------

/** A content row's actions (notices, banners, help articles): edit, publish or unpublish, delete. */
function PublishRowActions({
  editTo,
  published,
  onToggle,
  onDelete,
}: {
  editTo: string;
  published: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  return (
    // The row opens its editor on a click; its buttons do only their own thing.
    <span className="cb-actions" onClick={(e) => e.stopPropagation()}>
      <Link className="button" to={editTo}>
        Edit
      </Link>
      <button type="button" className="button" onClick={onToggle}>
        {published ? 'Unpublish' : 'Publish'}
      </button>
      <button type="button" className="button button-danger-quiet" onClick={onDelete}>
        Delete
      </button>
    </span>
  );
}

function NoticeList({ group }: { group: 'notices' | 'promotions' }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [deleting, setDeleting] = useState<Notice | null>(null);
  const refresh = () => invalidate({ resource: 'content-notices', invalidates: ['list', 'detail'] });

  async function act(run: () => Promise<unknown>, message: string) {
    try {
      await run();
      notify('success', message);
    } catch (e) {
      notify('error', errorText(e));
    }
    await refresh();
  }

  const columns = useMemo<ColumnDef<Notice>[]>(
    () => [
      {
        id: 'order',
        header: 'Order',
        size: 80,
        cell: ({ row, table }) => {
          const rows = table.getCoreRowModel().rows.map((r) => r.original.id);
          const i = row.index;
          const move = (to: number) => {
            const ids = [...rows];
            [ids[i], ids[to]] = [ids[to]!, ids[i]!];
            void act(() => boCall(backoffice.boContentNoticeReorder, { body: { ids } }), 'Order saved');
          };
          return (
            <span className="cb-order" onClick={(e) => e.stopPropagation()}>
              <button
                type="button"
                className="button button-quiet"
                aria-label={`Move ${row.original.title} up`}
                disabled={i === 0}
                onClick={() => move(i - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button-quiet"
                aria-label={`Move ${row.original.title} down`}
                disabled={i === rows.length - 1}
                onClick={() => move(i + 1)}
              >
                ↓
              </button>
            </span>
          );
        },
      },
      {
        id: 'title',
        header: 'Title',
        accessorKey: 'title',
        meta: { className: 'cb-wrap' },
        cell: ({ row }) => (
          <>
            <strong>{row.original.title}</strong>
            <span className="muted small by-line">
              {typeLabels[row.original.type] ?? row.original.type} ·{' '}
              {row.original.audience === 'AGENTS' ? 'Agents only' : executionLabels[row.original.execution]}
            </span>
          </>
        ),
      },
      {
        id: 'state',
        header: 'State',
        size: 90,
        accessorKey: 'state',
        cell: ({ row }) => <span className={stateBadge[row.original.state]}>{row.original.state}</span>,
      },
      {
        id: 'schedule',
        header: 'Shows',
        size: 210,
        cell: ({ row }) => (
          <span className="small">
            from {dateTime(row.original.startsAt)}
            <span className="muted by-line">
              {row.original.endsAt ? `until ${dateTime(row.original.endsAt)}` : 'no end'}
            </span>
          </span>
        ),
      },
      {
        id: 'actions',
        header: '',
        meta: { className: 'cell-actions' },
        cell: ({ row }) => {
          const n = row.original;
          return (
            <PublishRowActions
              editTo={`/content/${group}/${n.id}`}
              published={n.published}
              onToggle={() =>
                void act(
                  () =>
                    boCall(backoffice.boContentNoticePublish, {
                      body: { id: n.id, published: !n.published },
                    }),
                  n.published ? `“${n.title}” unpublished` : `“${n.title}” published`,
                )
              }
              onDelete={() => setDeleting(n)}
            />
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [group],
  );

  const { reactTable, refineCore } = useTable<Notice>({
    columns,
    refineCoreProps: {
      resource: 'content-notices',
      pagination: { pageSize: 50, mode: 'server' },
      sorters: { mode: 'off' },
      filters: { mode: 'server', permanent: [{ field: 'group', operator: 'eq', value: group }] },
    },
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
  });
  const stateFilter = refineCore.filters.find((f) => 'field' in f && f.field === 'state')?.value as
    string | undefined;

  return (
    <>
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="State">
          {['', ...backoffice.contentStates].map((s) => (
            <button
              key={s || 'all'}
              type="button"
              className={(stateFilter ?? '') === s ? 'button button-primary' : 'button'}
              onClick={() => refineCore.setFilters([{ field: 'state', operator: 'eq', value: s }], 'merge')}
            >
              {s ? s[0]!.toUpperCase() + s.slice(1) : 'All'}
            </button>
          ))}
        </div>
        <span className="muted small">
          {group === 'promotions'
            ? 'Promotions (and popup offers) are listed on the player’s /promotions page; the text is its rules.'
            : 'Player notices scroll in the notice bar and open in the notice window; headlines are the hot list.'}{' '}
          Players see them in this order.
        </span>
      </div>
      <DataTable
        table={reactTable}
        core={refineCore}
        label={sectionLabels[group]}
        onRowClick={(n) => void navigate(`/content/${group}/${n.id}`)}
        empty={{
          title: `No ${group} here.`,
          hint: `Create one with “New ${group === 'notices' ? 'notice' : 'promotion'}”.`,
        }}
      />
      <Dialog open={deleting !== null} title="Delete" onClose={() => setDeleting(null)}>
        {deleting ? (
          <ConfirmDelete
            what={`“${deleting.title}”`}
            onCancel={() => setDeleting(null)}
            onConfirm={async () => {
              await act(
                () => boCall(backoffice.boContentNoticeDelete, { body: { id: deleting.id } }),
                'Deleted',
              );
              setDeleting(null);
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function ConfirmDelete({
  what,
  onCancel,
  onConfirm,
}: {
  what: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="form">
      <p>
        Delete {what}? Players stop seeing it at once and it leaves this list. The audit log keeps what it
        was.
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {busy ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </div>
  );
}

/** A `datetime-local` value (the browser's zone) from epoch ms, and back. */
const toLocalInput = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const fromLocalInput = (v: string): number | null => (v ? new Date(v).getTime() : null);

function useEditing<T extends BaseRecord>(resource: string, id: string | null) {
  const { query } = useOne<T>({ resource, id: id ?? '', queryOptions: { enabled: id !== null } });
  return query;
}

function EditorShell({
  back,
  title,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="page">
      <nav className="crumbs">
        <Link to={back.to}>← {back.label}</Link>
      </nav>
      <header className="page-head">
        <h1>{title}</h1>
      </header>
      {children}
    </div>
  );
}

function NoticeEditor({ section, id }: { section: 'notices' | 'promotions'; id: string | null }) {
  const query = useEditing<Notice>('content-notices', id);
  if (id !== null && query.isLoading) return <Loading />;
  if (id !== null && query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const notice = query.data?.data;
  return (
    <EditorShell
      back={{ to: `/content/${section}`, label: sectionLabels[section] }}
      title={
        notice
          ? `Edit ${section === 'promotions' ? 'promotion' : 'notice'}`
          : section === 'promotions'
            ? 'New promotion'
            : 'New notice'
      }
    >
      <NoticeForm key={notice?.id ?? 'new'} section={section} notice={notice ?? null} />
      {notice ? <LanguageVersions kind="notice" id={String(notice.id)} fields={{ html: true }} /> : null}
    </EditorShell>
  );
}

function NoticeForm({ section, notice }: { section: 'notices' | 'promotions'; notice: Notice | null }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const types = section === 'promotions' ? (['PR', 'PU'] as const) : (['PL', 'H'] as const);
  const [type, setType] = useState<string>(notice?.type ?? types[0]);
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice?.content ?? '');
  const [execution, setExecution] = useState<'B' | 'L' | 'G'>(notice?.execution ?? 'B');
  const [audience, setAudience] = useState<'ALL' | 'AGENTS'>(notice?.audience ?? 'ALL');
  const [startsAt, setStartsAt] = useState(notice && notice.published ? toLocalInput(notice.startsAt) : '');
  const [endsAt, setEndsAt] = useState(toLocalInput(notice?.endsAt));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (publish: boolean | null) => {
    const fields = {
      type,
      title,
      content,
      execution,
      audience,
      startsAt: fromLocalInput(startsAt),
      endsAt: fromLocalInput(endsAt),
    };
    const parsed = (
      notice ? backoffice.ContentNoticeUpdateSchema : backoffice.ContentNoticeInputSchema
    ).safeParse(notice ? { ...fields, id: notice.id } : { ...fields, publish: publish === true });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      let saved: Notice;
      if (notice) {
        saved = await boCall(backoffice.boContentNoticeUpdate, {
          body: parsed.data as backoffice.ContentNoticeUpdate,
        });
        if (publish !== null && publish !== saved.published)
          saved = await boCall(backoffice.boContentNoticePublish, {
            body: { id: saved.id, published: publish },
          });
      } else
        saved = await boCall(backoffice.boContentNoticeCreate, {
          body: parsed.data as backoffice.ContentNoticeInput,
        });
      notify(
        'success',
        saved.published ? `“${saved.title}” is ${saved.state}` : `“${saved.title}” saved as a draft`,
      );
      await invalidate({ resource: 'content-notices', invalidates: ['list', 'detail'] });
      void navigate(`/content/${section}`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(null);
  };

  const [openedAt] = useState(() => Date.now());
  const previewDate = fromLocalInput(startsAt) ?? notice?.startsAt ?? openedAt;
  return (
    <div className="cb-layout">
      <form className="form panel cb-editor" onSubmit={submit} aria-label="Notice">
        {notice ? (
          <p className="small">
            <span className={stateBadge[notice.state]}>{notice.state}</span>{' '}
            <span className="muted">last changed {dateTime(notice.updatedAt)}</span>
          </p>
        ) : null}
        <div className="cb-row2">
          <label className="field">
            <span>Kind</span>
            <select name="type" value={type} onChange={(e) => setType(e.target.value)}>
              {types.map((t) => (
                <option key={t} value={t}>
                  {typeLabels[t]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Readers</span>
            <select
              name="audience"
              value={audience}
              onChange={(e) => setAudience(e.target.value as 'ALL' | 'AGENTS')}
            >
              <option value="ALL">Players and guests</option>
              <option value="AGENTS">Agents only (agent centre)</option>
            </select>
          </label>
        </div>
        <label className="field">
          <span>Title</span>
          <input
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            required
            autoFocus
          />
        </label>
        <div className="cb-row2">
          <label className="field">
            <span>Shown to</span>
            <select
              name="execution"
              value={execution}
              onChange={(e) => setExecution(e.target.value as 'B' | 'L' | 'G')}
            >
              {(['B', 'L', 'G'] as const).map((x) => (
                <option key={x} value={x}>
                  {executionLabels[x]}
                </option>
              ))}
            </select>
          </label>
          <span />
        </div>
        <div className="cb-row2">
          <label className="field">
            <span>Starts</span>
            <input
              type="datetime-local"
              name="startsAt"
              value={startsAt}
              onChange={(e) => setStartsAt(e.target.value)}
            />
            <small className="muted">Empty: when published.</small>
          </label>
          <label className="field">
            <span>Ends</span>
            <input
              type="datetime-local"
              name="endsAt"
              value={endsAt}
              onChange={(e) => setEndsAt(e.target.value)}
            />
            <small className="muted">Empty: never.</small>
          </label>
        </div>
        <label className="field">
          <span>{section === 'promotions' ? 'Text and rules (HTML)' : 'Text (HTML)'}</span>
          <textarea
            name="content"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            maxLength={backoffice.CONTENT_HTML_MAX}
            required
          />
          <small className="muted">
            Headings, paragraphs, lists, links and images. Scripts, handlers, forms and frames are removed.
          </small>
        </label>
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          {notice ? (
            <>
              <button className="button" type="submit" disabled={busy}>
                Save
              </button>
              <button
                className="button button-primary"
                type="button"
                disabled={busy}
                onClick={() => void save(!notice.published)}
              >
                {notice.published ? 'Save and unpublish' : 'Save and publish'}
              </button>
            </>
          ) : (
            <>
              <button className="button" type="button" disabled={busy} onClick={() => void save(false)}>
                Save as draft
              </button>
              <button
                className="button button-primary"
                type="button"
                disabled={busy}
                onClick={() => void save(true)}
              >
                Publish
              </button>
            </>
          )}
        </div>
      </form>
      <NoticePreview title={title} html={content} date={previewDate} type={type} />
    </div>
  );
}

// ---- banners ----------------------------------------------------------------------------------------

function BannerList() {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { result, query } = useList<Banner>({ resource: 'content-banners', pagination: { mode: 'off' } });
  const [deleting, setDeleting] = useState<Banner | null>(null);
  if (query.isLoading) return <Loading />;
  if (query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const all = result.data;
  const refresh = () => invalidate({ resource: 'content-banners', invalidates: ['list', 'detail'] });
  async function act(run: () => Promise<unknown>, message: string) {
    try {
      await run();
      notify('success', message);
    } catch (e) {
      notify('error', errorText(e));
    }
    await refresh();
  }
  return (
    <>
      {backoffice.bannerSlots.map((slot) => {
        const rows = all.filter((b) => b.group === slot);
        const move = (i: number, to: number) => {
          const ids = rows.map((b) => b.id);
          [ids[i], ids[to]] = [ids[to]!, ids[i]!];
          void act(() => boCall(backoffice.boContentBannerReorder, { body: { ids } }), 'Order saved');
        };
        return (
          <section key={slot} className="panel cb-slot" aria-label={slotFrames[slot].label}>
            <header className="panel-head">
              <div>
                <h2 className="cb-section-title">{slotFrames[slot].label}</h2>
                <span className="muted small">Shown in {slotFrames[slot].where}; first one first.</span>
              </div>
            </header>
            {rows.length === 0 ? (
              <Empty title="No banner in this slot." />
            ) : (
              <div className="table-scroll">
                <table className="grid" aria-label={`${slotFrames[slot].label} banners`}>
                  <thead>
                    <tr>
                      <th style={{ width: 80 }}>Order</th>
                      <th style={{ width: 180 }}>Image</th>
                      <th>Title and link</th>
                      <th>State</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((b, i) => (
                      <tr
                        key={b.id}
                        className="clickable"
                        onClick={() => void navigate(`/content/banners/${b.id}`)}
                      >
                        <td>
                          <span className="cb-order" onClick={(e) => e.stopPropagation()}>
                            <button
                              type="button"
                              className="button button-quiet"
                              aria-label={`Move ${b.title} up`}
                              disabled={i === 0}
                              onClick={() => move(i, i - 1)}
                            >
                              ↑
                            </button>
                            <button
                              type="button"
                              className="button button-quiet"
                              aria-label={`Move ${b.title} down`}
                              disabled={i === rows.length - 1}
                              onClick={() => move(i, i + 1)}
                            >
                              ↓
                            </button>
                          </span>
                        </td>
                        <td>
                          <img
                            className={slot === 'index' ? 'cb-thumb' : 'cb-thumb cb-thumb-small'}
                            src={b.imageUrl}
                            alt=""
                            loading="lazy"
                          />
                        </td>
                        <td>
                          <strong>{b.title}</strong>
                          <span className="muted small by-line mono">{b.linkUrl || 'no link'}</span>
                        </td>
                        <td>
                          <span className={b.published ? 'badge badge-ok' : 'badge'}>
                            {b.published ? 'shown' : 'hidden'}
                          </span>
                        </td>
                        <td className="cell-actions">
                          <PublishRowActions
                            editTo={`/content/banners/${b.id}`}
                            published={b.published}
                            onToggle={() =>
                              void act(
                                () =>
                                  boCall(backoffice.boContentBannerPublish, {
                                    body: { id: b.id, published: !b.published },
                                  }),
                                b.published ? `“${b.title}” hidden` : `“${b.title}” shown`,
                              )
                            }
                            onDelete={() => setDeleting(b)}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
      <Dialog open={deleting !== null} title="Delete banner" onClose={() => setDeleting(null)}>
        {deleting ? (
          <ConfirmDelete
            what={`the banner “${deleting.title}”`}
            onCancel={() => setDeleting(null)}
            onConfirm={async () => {
              await act(
                () => boCall(backoffice.boContentBannerDelete, { body: { id: deleting.id } }),
                'Deleted',
              );
              setDeleting(null);
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function BannerEditor({ id }: { id: string | null }) {
  const query = useEditing<Banner>('content-banners', id);
  if (id !== null && query.isLoading) return <Loading />;
  if (id !== null && query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const banner = query.data?.data ?? null;
  return (
    <EditorShell
      back={{ to: '/content/banners', label: 'Banners' }}
      title={banner ? 'Edit banner' : 'New banner'}
    >
      <BannerForm key={banner?.id ?? 'new'} banner={banner} />
      {banner ? <LanguageVersions kind="banner" id={String(banner.id)} fields={{ image: true }} /> : null}
    </EditorShell>
  );
}

function BannerForm({ banner }: { banner: Banner | null }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [group, setGroup] = useState<backoffice.BannerSlot>(
    (backoffice.bannerSlots as readonly string[]).includes(banner?.group ?? '')
      ? (banner!.group as backoffice.BannerSlot)
      : 'index',
  );
  const [title, setTitle] = useState(banner?.title ?? '');
  const [imageUrl, setImageUrl] = useState(banner?.imageUrl ?? '');
  const [linkUrl, setLinkUrl] = useState(banner?.linkUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      // The server decides the type from the bytes' signature: the name and the browser's guess do not count.
      const image = await boCall(backoffice.boContentImageUpload, {
        raw: new Blob([file], { type: 'application/octet-stream' }),
      });
      setImageUrl(image.url);
      notify('success', `Image uploaded (${image.width}×${image.height})`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setUploading(false);
    }
  };

  const save = async (publish: boolean | null) => {
    const fields = { group, title, imageUrl, linkUrl };
    const parsed = (
      banner ? backoffice.ContentBannerUpdateSchema : backoffice.ContentBannerInputSchema
    ).safeParse(banner ? { ...fields, id: banner.id } : { ...fields, publish: publish === true });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      let saved: Banner;
      if (banner) {
        saved = await boCall(backoffice.boContentBannerUpdate, {
          body: parsed.data as backoffice.ContentBannerUpdate,
        });
        if (publish !== null && publish !== saved.published)
          saved = await boCall(backoffice.boContentBannerPublish, {
            body: { id: saved.id, published: publish },
          });
      } else
        saved = await boCall(backoffice.boContentBannerCreate, {
          body: parsed.data as backoffice.ContentBannerInput,
        });
      notify('success', saved.published ? `“${saved.title}” is shown` : `“${saved.title}” saved, hidden`);
      await invalidate({ resource: 'content-banners', invalidates: ['list', 'detail'] });
      void navigate('/content/banners');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cb-layout">
      <form
        className="form panel cb-editor"
        aria-label="Banner"
        onSubmit={(e) => {
          e.preventDefault();
          void save(null);
        }}
      >
        <label className="field">
          <span>Slot</span>
          <select
            name="group"
            value={group}
            onChange={(e) => setGroup(e.target.value as backoffice.BannerSlot)}
          >
            {backoffice.bannerSlots.map((s) => (
              <option key={s} value={s}>
                {slotFrames[s].label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Title</span>
          <input
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            required
            autoFocus
          />
          <small className="muted">Also the image’s text for screen readers.</small>
        </label>
        <div className="field">
          <span>Image</span>
          <div className="cb-upload">
            <input
              type="file"
              name="image"
              accept="image/png,image/jpeg,image/webp"
              aria-label="Upload an image"
              onChange={(e) => void upload(e.target.files?.[0])}
              disabled={uploading}
            />
            {uploading ? <span className="muted small">Uploading…</span> : null}
          </div>
          <input
            name="imageUrl"
            value={imageUrl}
            onChange={(e) => setImageUrl(e.target.value)}
            placeholder="/cdn/content/… or https://…"
            aria-label="Image address"
          />
          <small className="muted">
            PNG, JPEG or WebP up to 5 MB; stored as WebP. Draw it at {slotFrames[group].width}×
            {slotFrames[group].height}.
          </small>
        </div>
        <label className="field">
          <span>Link</span>
          <input
            name="linkUrl"
            value={linkUrl}
            onChange={(e) => setLinkUrl(e.target.value)}
            placeholder="/promotions"
            maxLength={500}
          />
          <small className="muted">
            A page of the site (/promotions) or an http(s) address; empty for none.
          </small>
        </label>
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          {banner ? (
            <>
              <button className="button" type="submit" disabled={busy || uploading}>
                Save
              </button>
              <button
                className="button button-primary"
                type="button"
                disabled={busy || uploading}
                onClick={() => void save(!banner.published)}
              >
                {banner.published ? 'Save and unpublish' : 'Save and publish'}
              </button>
            </>
          ) : (
            <>
              <button
                className="button"
                type="button"
                disabled={busy || uploading}
                onClick={() => void save(false)}
              >
                Save hidden
              </button>
              <button
                className="button button-primary"
                type="button"
                disabled={busy || uploading}
                onClick={() => void save(true)}
              >
                Publish
              </button>
            </>
          )}
        </div>
      </form>
      <BannerPreview slot={group} imageUrl={imageUrl} title={title} linkUrl={linkUrl} />
    </div>
  );
}

// ---- help centre ------------------------------------------------------------------------------------

function HelpList() {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { result, query } = useList<HelpArticle>({ resource: 'content-help', pagination: { mode: 'off' } });
  const [deleting, setDeleting] = useState<HelpArticle | null>(null);
  if (query.isLoading) return <Loading />;
  if (query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const rows = result.data;
  async function act(run: () => Promise<unknown>, message: string) {
    try {
      await run();
      notify('success', message);
    } catch (e) {
      notify('error', errorText(e));
    }
    await invalidate({ resource: 'content-help', invalidates: ['list', 'detail'] });
  }
  const move = (i: number, to: number) => {
    const ids = rows.map((a) => a.id);
    [ids[i], ids[to]] = [ids[to]!, ids[i]!];
    void act(() => boCall(backoffice.boContentHelpReorder, { body: { ids } }), 'Order saved');
  };
  return (
    <section className="panel">
      {rows.length === 0 ? (
        <Empty title="The help centre is empty.">Create an article with “New article”.</Empty>
      ) : (
        <div className="table-scroll">
          <table className="grid" aria-label="Help articles">
            <thead>
              <tr>
                <th style={{ width: 80 }}>Order</th>
                <th>Section</th>
                <th>Article</th>
                <th>State</th>
                <th>Changed</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((a, i) => (
                <tr key={a.id} className="clickable" onClick={() => void navigate(`/content/help/${a.id}`)}>
                  <td>
                    <span className="cb-order" onClick={(e) => e.stopPropagation()}>
                      <button
                        type="button"
                        className="button button-quiet"
                        aria-label={`Move ${a.title} up`}
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="button button-quiet"
                        aria-label={`Move ${a.title} down`}
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, i + 1)}
                      >
                        ↓
                      </button>
                    </span>
                  </td>
                  <td>{a.categoryTitle}</td>
                  <td>
                    <strong>{a.title}</strong>
                    <span className="muted small by-line mono">/help?topic={a.id}</span>
                  </td>
                  <td>
                    <span className={a.published ? 'badge badge-ok' : 'badge'}>
                      {a.published ? 'shown' : 'hidden'}
                    </span>
                  </td>
                  <td className="small">{dateTime(a.updatedAt)}</td>
                  <td className="cell-actions">
                    <PublishRowActions
                      editTo={`/content/help/${a.id}`}
                      published={a.published}
                      onToggle={() =>
                        void act(
                          () =>
                            boCall(backoffice.boContentHelpPublish, {
                              body: { id: a.id, published: !a.published },
                            }),
                          a.published ? `“${a.title}” hidden` : `“${a.title}” shown`,
                        )
                      }
                      onDelete={() => setDeleting(a)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog open={deleting !== null} title="Delete article" onClose={() => setDeleting(null)}>
        {deleting ? (
          <ConfirmDelete
            what={`the article “${deleting.title}”`}
            onCancel={() => setDeleting(null)}
            onConfirm={async () => {
              await act(
                () => boCall(backoffice.boContentHelpDelete, { body: { id: deleting.id } }),
                'Deleted',
              );
              setDeleting(null);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function HelpEditor({ id }: { id: string | null }) {
  const query = useEditing<HelpArticle>('content-help', id);
  if (id !== null && query.isLoading) return <Loading />;
  if (id !== null && query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const article = query.data?.data ?? null;
  return (
    <EditorShell
      back={{ to: '/content/help', label: 'Help centre' }}
      title={article ? 'Edit article' : 'New article'}
    >
      <HelpForm key={article?.id ?? 'new'} article={article} />
      {article ? (
        <LanguageVersions kind="help" id={article.id} fields={{ html: true, section: true }} />
      ) : null}
    </EditorShell>
  );
}

function HelpForm({ article }: { article: HelpArticle | null }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [key, setKey] = useState(article?.id ?? '');
  const [categoryId, setCategoryId] = useState(article?.categoryId ?? '');
  const [categoryTitle, setCategoryTitle] = useState(article?.categoryTitle ?? '');
  const [title, setTitle] = useState(article?.title ?? '');
  const [content, setContent] = useState(article?.content ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (publish: boolean | null) => {
    const fields = { id: key, categoryId, categoryTitle, title, content };
    const parsed = (
      article ? backoffice.ContentHelpUpdateSchema : backoffice.ContentHelpInputSchema
    ).safeParse(article ? fields : { ...fields, publish: publish === true });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      let saved: HelpArticle;
      if (article) {
        saved = await boCall(backoffice.boContentHelpUpdate, {
          body: parsed.data as backoffice.ContentHelpUpdate,
        });
        if (publish !== null && publish !== saved.published)
          saved = await boCall(backoffice.boContentHelpPublish, {
            body: { id: saved.id, published: publish },
          });
      } else
        saved = await boCall(backoffice.boContentHelpCreate, {
          body: parsed.data as backoffice.ContentHelpInput,
        });
      notify(
        'success',
        saved.published ? `“${saved.title}” is in the help centre` : `“${saved.title}” saved, hidden`,
      );
      await invalidate({ resource: 'content-help', invalidates: ['list', 'detail'] });
      void navigate('/content/help');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cb-layout">
      <form
        className="form panel cb-editor"
        aria-label="Help article"
        onSubmit={(e) => {
          e.preventDefault();
          void save(null);
        }}
      >
        <div className="cb-row2">
          <label className="field">
            <span>Section key</span>
            <input
              name="categoryId"
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
              required
              className="mono"
            />
          </label>
          <label className="field">
            <span>Section title</span>
            <input
              name="categoryTitle"
              value={categoryTitle}
              onChange={(e) => setCategoryTitle(e.target.value)}
              required
            />
          </label>
        </div>
        <div className="cb-row2">
          <label className="field">
            <span>Article key</span>
            <input
              name="id"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              required
              disabled={article !== null}
              className="mono"
            />
            <small className="muted">Its address: /help?topic={key || '…'}</small>
          </label>
          <label className="field">
            <span>Title</span>
            <input
              name="title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={200}
              required
            />
          </label>
        </div>
        <label className="field">
          <span>Text (HTML)</span>
          <textarea
            name="content"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            maxLength={backoffice.CONTENT_HTML_MAX}
            required
          />
        </label>
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          {article ? (
            <>
              <button className="button" type="submit" disabled={busy}>
                Save
              </button>
              <button
                className="button button-primary"
                type="button"
                disabled={busy}
                onClick={() => void save(!article.published)}
              >
                {article.published ? 'Save and unpublish' : 'Save and publish'}
              </button>
            </>
          ) : (
            <>
              <button className="button" type="button" disabled={busy} onClick={() => void save(false)}>
                Save hidden
              </button>
              <button
                className="button button-primary"
                type="button"
                disabled={busy}
                onClick={() => void save(true)}
              >
                Publish
              </button>
            </>
          )}
        </div>
      </form>
      <HelpPreview categoryTitle={categoryTitle} title={title} html={content} />
    </div>
  );
}
