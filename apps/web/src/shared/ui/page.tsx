import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The content column of a page. */
export function Page({
  children,
  wide = false,
  className,
}: {
  children: ReactNode;
  wide?: boolean;
  className?: string;
}) {
  return (
    <div className={[styles.page, wide ? styles.wide : '', className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}

export function PageHeader({
  title,
  subtitle,
  icon,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      {icon ? <span className={styles.headerIcon}>{icon}</span> : null}
      <div className={styles.headerText}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}

export function Section({
  title,
  action,
  children,
  id,
}: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section className={styles.section} aria-labelledby={title && id ? `${id}-title` : undefined}>
      {title || action ? (
        <div className={styles.sectionHead}>
          {title ? (
            <h2 className={styles.sectionTitle} id={id ? `${id}-title` : undefined}>
              {title}
            </h2>
          ) : null}
          {action ? <div className={styles.sectionAction}>{action}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export function Card({
  children,
  className,
  padded = true,
}: {
  children: ReactNode;
  className?: string;
  padded?: boolean;
}) {
  return (
    <div className={[styles.card, padded ? styles.padded : '', className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}
