import { describe, expect, it } from 'vitest';
import { collectGarbage } from './memory.js';

describe('collectGarbage', () => {
  it('runs a full collection: an object nothing refers to any more is gone', async () => {
    let ref: WeakRef<object> | undefined;
    (() => {
      ref = new WeakRef({ rows: Array.from({ length: 10_000 }, (_, i) => ({ i })) });
    })();
    // a WeakRef's target is kept until the current job ends
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(ref?.deref()).toBeUndefined();
  });
});
