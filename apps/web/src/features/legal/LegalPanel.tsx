import type { ReactNode } from 'react';
import classes from './legal.module.css';

/**
 * A scrollable panel of at most 60 % of the viewport's height (Part 2 §9), focusable so that a
 * keyboard can scroll it, and named for screen readers.
 */
export function LegalPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.panel} role="region" aria-label={label} tabIndex={0} data-testid="legal-panel">
      {children}
    </div>
  );
}
