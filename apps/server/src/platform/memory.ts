import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, for the few jobs that build and drop tens of megabytes in a row (a
 * backup import of thousands of entries): V8 otherwise keeps that old-generation garbage until the
 * heap nears its limit, and the process's memory climbs with each run (bench/README.md, backup).
 * Called between the steps of such a job, never on a request's path; a pause of tens of
 * milliseconds. The collector is reached once through V8's flag (no command-line flag needed); when
 * that is refused, nothing happens.
 */
let collect: (() => void) | null | undefined;

export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
