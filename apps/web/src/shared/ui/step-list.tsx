import type { CSSProperties, ReactNode } from 'react';
import styles from './step-list.module.css';

export interface Step {
  key: string;
  title: ReactNode;
  body: ReactNode;
}

/**
 * Numbered steps side by side, one under the other on narrow screens (the "how it works" of the
 * lottery and the point mall). `className` lets a page stack them at a wider breakpoint.
 */
export function StepList({ steps, className }: { steps: readonly Step[]; className?: string }) {
  return (
    <ol
      className={[styles.steps, className].filter(Boolean).join(' ')}
      style={{ '--step-count': steps.length } as CSSProperties}
    >
      {steps.map((step, i) => (
        <li key={step.key} className={styles.step}>
          <span className={`${styles.number} tabular`}>{i + 1}</span>
          <span className={styles.title}>{step.title}</span>
          <span className={styles.body}>{step.body}</span>
        </li>
      ))}
    </ol>
  );
}
