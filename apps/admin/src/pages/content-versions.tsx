import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { backoffice, CONTENT_BASE_LANGUAGE, memberLanguages, type ContentKind } from '@app/contract';
import { boCall } from '../api/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { dateTime } from '../ui/format.ts';
import { Failed, Loading } from '../ui/states.tsx';
import { useSanitised } from './content-preview.tsx';
import './content.css';

type Version = backoffice.ContentVersion;

const names = new Intl.DisplayNames(['en'], { type: 'language' });
/** "Burmese (my)": the language's English name and its code. */
export function languageName(code: string): string {
  let name = code;
  try {
    name = names.of(code) ?? code;
  } catch {
    // A code the browser cannot name: the code alone.
  }
  return `${name} (${code})`;
}

/** What an item's versions carry besides the title: HTML (notices, promotions, help), an image (banners), a section title (help). */
export interface VersionFields {
  html?: boolean;
  image?: boolean;
  section?: boolean;
}

/**
 * An item's versions in other languages (issue 33, decision 047): the list, add a language, change
 * or remove one. Players read the version in their language, else the item's own English text; a
 * request naming no language reads the brand's default language's version. HTML is sanitised by the server as the item's own, and the
 * preview shows the server's answer.
 */
export function LanguageVersions({
  kind,
  id,
  fields,
}: {
  kind: ContentKind;
  id: string;
  fields: VersionFields;
}) {
  const query = useQuery({
    queryKey: ['bo', 'content-versions', kind, id],
    queryFn: () => boCall(backoffice.boContentVersions, { query: { kind, id } }),
  });
  const [editing, setEditing] = useState<{ language: string; version: Version | null } | null>(null);
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<Version | null>(null);
  const [error, setError] = useState<string | null>(null);
  const versions = query.data?.versions ?? [];
  const free = memberLanguages.filter(
    (l) => l !== CONTENT_BASE_LANGUAGE && !versions.some((v) => v.language === l),
  );

  return (
    <section className="panel cb-versions" aria-labelledby={`versions-${kind}-${id}`}>
      <h2 id={`versions-${kind}-${id}`}>Other languages</h2>
      <p className="muted small">
        Players read the version in their language, else the English text. A visitor whose language is not
        known reads {query.data ? languageName(query.data.defaultLanguage) : 'the brand’s default language'}{' '}
        (the brand’s default), else the English text.
      </p>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {query.isSuccess ? (
        versions.length ? (
          <table className="table" aria-label="Language versions">
            <thead>
              <tr>
                <th>Language</th>
                <th>Title</th>
                <th>Last changed</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.language} data-testid="content-version">
                  <td data-label="Language">{languageName(v.language)}</td>
                  <td data-label="Title" lang={v.language}>
                    {v.title}
                  </td>
                  <td data-label="Last changed" className="mono small">
                    {dateTime(v.updatedAt)}
                  </td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="button"
                      onClick={() => setEditing({ language: v.language, version: v })}
                    >
                      Edit
                    </button>
                    <button type="button" className="button button-danger" onClick={() => setRemoving(v)}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="small">No other language yet: every player reads the English text.</p>
        )
      ) : null}
      <div className="cb-row2">
        <label className="field">
          <span>Add a language</span>
          <select value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">Choose…</option>
            {free.map((l) => (
              <option key={l} value={l}>
                {languageName(l)}
              </option>
            ))}
          </select>
        </label>
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={!adding}
            onClick={() => {
              setEditing({ language: adding, version: null });
              setAdding('');
            }}
          >
            Add version
          </button>
        </div>
      </div>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <Dialog
        open={editing !== null}
        title={editing ? `${editing.version ? 'Edit' : 'Add'} ${languageName(editing.language)}` : ''}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <VersionForm
            kind={kind}
            id={id}
            language={editing.language}
            version={editing.version}
            fields={fields}
            onDone={() => {
              setEditing(null);
              void query.refetch();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={removing !== null}
        title={removing ? `Remove ${languageName(removing.language)}` : ''}
        onClose={() => setRemoving(null)}
      >
        {removing ? (
          <div className="form">
            <p>
              Remove the {languageName(removing.language)} version? Its players then read the fallback. The
              audit log keeps what it was.
            </p>
            <div className="form-actions">
              <button type="button" className="button" onClick={() => setRemoving(null)}>
                Cancel
              </button>
              <button
                type="button"
                className="button button-danger"
                onClick={() => {
                  const language = removing.language;
                  setRemoving(null);
                  boCall(backoffice.boContentVersionDelete, { body: { kind, id, language } }).then(
                    () => {
                      setError(null);
                      void query.refetch();
                    },
                    (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
                  );
                }}
              >
                Remove
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}

function VersionForm({
  kind,
  id,
  language,
  version,
  fields,
  onDone,
}: {
  kind: ContentKind;
  id: string;
  language: string;
  version: Version | null;
  fields: VersionFields;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(version?.title ?? '');
  const [content, setContent] = useState(version?.content ?? '');
  const [imageUrl, setImageUrl] = useState(version?.imageUrl ?? '');
  const [categoryTitle, setCategoryTitle] = useState(version?.categoryTitle ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = backoffice.ContentVersionInputSchema.safeParse({
      kind,
      id,
      language,
      title,
      content: fields.html ? content : '',
      imageUrl: fields.image ? imageUrl : '',
      categoryTitle: fields.section ? categoryTitle : '',
    });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
      return;
    }
    setBusy(true);
    boCall(backoffice.boContentVersionSave, { body: parsed.data }).then(onDone, (err: unknown) => {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-label={`Version in ${languageName(language)}`}>
      <label className="field">
        <span>{kind === 'goods' ? 'Name' : 'Title'}</span>
        <input
          name="title"
          lang={language}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={200}
          required
          autoFocus
        />
      </label>
      {fields.section ? (
        <label className="field">
          <span>Section title</span>
          <input
            name="categoryTitle"
            lang={language}
            value={categoryTitle}
            onChange={(e) => setCategoryTitle(e.target.value)}
            maxLength={200}
          />
        </label>
      ) : null}
      {fields.image ? (
        <label className="field">
          <span>Image in this language (optional)</span>
          <input
            name="imageUrl"
            value={imageUrl}
            onChange={(e) => setImageUrl(e.target.value)}
            placeholder="/cdn/content/….webp: empty for the banner's own"
          />
        </label>
      ) : null}
      {fields.html ? (
        <>
          <label className="field">
            <span>Text (HTML)</span>
            <textarea
              name="content"
              lang={language}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              maxLength={backoffice.CONTENT_HTML_MAX}
              required
            />
            <small className="muted">
              Sanitised as the English text: scripts, handlers, forms and frames are removed.
            </small>
          </label>
          <VersionPreview html={content} language={language} />
        </>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button className="button button-primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save version'}
        </button>
      </div>
    </form>
  );
}

/** The HTML as a player will be shown it: the server's sanitised answer, never the typed text. */
function VersionPreview({ html, language }: { html: string; language: string }) {
  const clean = useSanitised(html);
  return (
    <div className="cb-version-preview" aria-label="Preview" aria-busy={clean.pending}>
      <span className="muted small">Preview{clean.changed ? ' (something was removed)' : ''}</span>
      {clean.error ? <p className="notice notice-error">{clean.error}</p> : null}
      <div className="cb-rich" lang={language} dangerouslySetInnerHTML={{ __html: clean.html }} />
    </div>
  );
}
