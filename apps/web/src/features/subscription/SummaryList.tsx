import type { ReactNode } from 'react';
import classes from './subscription.module.css';

export interface SummaryRow {
  term: string;
  value: ReactNode;
  strong?: boolean;
}

/** Terms and values of an order or upgrade summary, as a description list. */
export function SummaryList({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className={classes.summary}>
      {rows.map((row) => (
        <div key={row.term} className={classes.summaryRow} data-strong={row.strong || undefined}>
          <dt>{row.term}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
