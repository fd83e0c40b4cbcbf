import { useEffect, useRef, useState } from 'react';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import './content.css';

/**
 * "As the player will see it" (decision 036): the item drawn with the player's site's look (its
 * dark theme's colours, its rich-text rules, the notice modal's two columns, the promotion page's
 * band, a banner's frame at its slot's proportions, a help article's column) around the HTML the
 * server would store: the preview call sanitises it with the very policy a write uses, so what is
 * shown here is what players get. The console never renders the typed HTML itself.
 */

/** `yyyy-MM-dd HH:mm:ss` in the browser's zone, as the player's site shows a notice's date (NM-05). */
export function noticeDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The server's sanitised HTML for `html`, asked again a moment after typing stops. */
export function useSanitised(html: string): {
  html: string;
  changed: boolean;
  pending: boolean;
  error: string | null;
} {
  const [state, setState] = useState({
    for: null as string | null,
    html: '',
    changed: false,
    error: null as string | null,
  });
  // The first answer at once (an item opened for editing), later ones once typing pauses.
  const asked = useRef(false);
  useEffect(() => {
    let live = true;
    const delay = asked.current ? 300 : 0;
    asked.current = true;
    const timer = setTimeout(() => {
      boCall(backoffice.boContentPreview, { body: { html } }).then(
        (r) => live && setState({ for: html, html: r.html, changed: r.changed, error: null }),
        (e: unknown) =>
          live && setState((s) => ({ ...s, for: html, error: e instanceof Error ? e.message : String(e) })),
      );
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [html]);
  return { html: state.html, changed: state.changed, pending: state.for !== html, error: state.error };
}

function Rich({ html }: { html: string }) {
  // The server's sanitised answer (the preview call), never the typed text.
  return <div className="cb-rich" dangerouslySetInnerHTML={{ __html: html }} />;
}

function PreviewFrame({
  label,
  changed,
  error,
  children,
}: {
  label: string;
  changed: boolean;
  error: string | null;
  children: React.ReactNode;
}) {
  return (
    <section className="cb-preview" aria-label="Preview as the player sees it">
      <header className="cb-preview-head">
        <span>Player’s view · {label}</span>
        {changed ? (
          <span
            className="badge badge-warn"
            title="Scripts, event handlers, javascript: links, forms and frames are removed"
          >
            Unsafe parts removed
          </span>
        ) : null}
      </header>
      {error ? <p className="notice notice-error">{error}</p> : null}
      <div className="cb-player" data-testid="content-preview">
        {children}
      </div>
    </section>
  );
}

/** A notice in the notice modal (NM-09): the title list on the left, the selected one's HTML on the right. */
export function NoticePreview({
  title,
  html,
  date,
  type,
}: {
  title: string;
  html: string;
  date: number;
  type: string;
}) {
  const clean = useSanitised(html);
  if (type === 'PR' || type === 'PU')
    return (
      <PreviewFrame label="/promoDetail" changed={clean.changed} error={clean.error}>
        <article className="cb-promo">
          <div className="cb-promo-band" aria-hidden="true">
            <svg
              width="34"
              height="34"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z" />
            </svg>
          </div>
          <h1 className="cb-promo-title">{title || 'Untitled'}</h1>
          <p className="cb-date">{noticeDate(date)}</p>
          <Rich html={clean.html} />
          <p className="cb-terms">
            Terms apply. <span className="cb-link">Read the terms</span>
          </p>
        </article>
      </PreviewFrame>
    );
  return (
    <PreviewFrame
      label={type === 'H' ? 'headline · notice window' : 'notice window'}
      changed={clean.changed}
      error={clean.error}
    >
      <div className="cb-reader">
        <ul className="cb-titles">
          <li className="cb-title-on">
            <strong>{title || 'Untitled'}</strong>
            <span className="cb-date">{noticeDate(date)}</span>
          </li>
          <li className="cb-title-off">Other notices…</li>
        </ul>
        <article className="cb-reader-body">
          <h2 className="cb-reader-title">{title || 'Untitled'}</h2>
          <p className="cb-date">{noticeDate(date)}</p>
          <Rich html={clean.html} />
        </article>
      </div>
    </PreviewFrame>
  );
}

/** The proportions each slot draws a banner at on the player's site. */
export const slotFrames: Record<
  backoffice.BannerSlot,
  { label: string; width: number; height: number; where: string }
> = {
  index: {
    label: 'Home carousel',
    width: 1920,
    height: 560,
    where: 'the home page carousel (and a page’s hero when it links to that page)',
  },
  w_login: { label: 'Login dialog', width: 720, height: 200, where: 'the top of the login dialog' },
  w_register: { label: 'Register dialog', width: 720, height: 200, where: 'the top of the register dialog' },
};

export function BannerPreview({
  slot,
  imageUrl,
  title,
  linkUrl,
}: {
  slot: backoffice.BannerSlot;
  imageUrl: string;
  title: string;
  linkUrl: string;
}) {
  const frame = slotFrames[slot];
  return (
    <PreviewFrame label={frame.label} changed={false} error={null}>
      <div className={slot === 'index' ? 'cb-banner-page' : 'cb-banner-dialog'}>
        <div className="cb-banner" style={{ aspectRatio: `${frame.width} / ${frame.height}` }}>
          {imageUrl ? (
            <img src={imageUrl} alt={title} />
          ) : (
            <span className="cb-banner-empty">No image yet</span>
          )}
        </div>
        {slot !== 'index' ? (
          <div className="cb-dialog-lines" aria-hidden="true">
            <i />
            <i />
            <i />
          </div>
        ) : null}
      </div>
      <p className="cb-caption">
        Shown in {frame.where}, drawn at {frame.width}×{frame.height}.{' '}
        {linkUrl ? (
          <>
            A click opens <code>{linkUrl}</code>.
          </>
        ) : (
          'It links nowhere.'
        )}
      </p>
    </PreviewFrame>
  );
}

export function HelpPreview({
  categoryTitle,
  title,
  html,
}: {
  categoryTitle: string;
  title: string;
  html: string;
}) {
  const clean = useSanitised(html);
  return (
    <PreviewFrame label="/help" changed={clean.changed} error={clean.error}>
      <div className="cb-help">
        <nav className="cb-help-nav">
          <strong>{categoryTitle || 'Section'}</strong>
          <span className="cb-title-on">{title || 'Untitled'}</span>
        </nav>
        <article className="cb-reader-body">
          <h2 className="cb-reader-title">{title || 'Untitled'}</h2>
          <Rich html={clean.html} />
        </article>
      </div>
    </PreviewFrame>
  );
}
