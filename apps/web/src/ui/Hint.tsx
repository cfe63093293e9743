import { useId, type ReactElement, cloneElement } from 'react';
import classes from './Hint.module.css';

/**
 * A small tooltip shown on hover and keyboard focus, in CSS only. The shell and the patient home use
 * it instead of Mantine's Tooltip, which brings the floating-ui engine (~20 KB gzipped) into the
 * first load. The child is described by the hint (aria-describedby).
 */
export function Hint({
  label,
  children,
}: {
  label: string;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const id = useId();
  return (
    <span className={classes.root}>
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className={classes.tip}>
        {label}
      </span>
    </span>
  );
}
