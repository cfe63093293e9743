import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCounterStore } from './counter-store.js';

let now = 1_000_000;
let store: MemoryCounterStore;

function fresh(): MemoryCounterStore {
  now = 1_000_000;
  store = new MemoryCounterStore(() => now);
  return store;
}

afterEach(async () => {
  await store.close();
});

describe('MemoryCounterStore windows', () => {
  it('counts hits within a fixed window and answers the time left', async () => {
    const s = fresh();
    expect(await s.hit('k', 60_000)).toEqual({ count: 1, resetMs: 60_000 });
    now += 10_000;
    expect(await s.hit('k', 60_000)).toEqual({ count: 2, resetMs: 50_000 });
    now += 49_999;
    expect(await s.hit('k', 60_000)).toEqual({ count: 3, resetMs: 1 });
    expect(await s.count('k')).toBe(3);
  });

  it('starts a new window once the old one ends (the window does not slide)', async () => {
    const s = fresh();
    await s.hit('k', 1_000);
    await s.hit('k', 1_000);
    now += 1_000;
    expect(await s.count('k')).toBe(0);
    expect(await s.hit('k', 1_000)).toEqual({ count: 1, resetMs: 1_000 });
  });

  it('keeps keys apart', async () => {
    const s = fresh();
    await s.hit('a', 60_000);
    await s.hit('a', 60_000);
    await s.hit('b', 60_000);
    expect(await s.count('a')).toBe(2);
    expect(await s.count('b')).toBe(1);
    expect(await s.count('c')).toBe(0);
  });

  it('reset forgets a key', async () => {
    const s = fresh();
    await s.hit('k', 60_000);
    await s.reset('k');
    expect(await s.count('k')).toBe(0);
    expect((await s.hit('k', 60_000)).count).toBe(1);
  });
});

describe('MemoryCounterStore flags', () => {
  it('answers the ms left on a flag, then 0 once it expired', async () => {
    const s = fresh();
    expect(await s.flagged('block')).toBe(0);
    await s.flag('block', 300_000);
    expect(await s.flagged('block')).toBe(300_000);
    now += 299_000;
    expect(await s.flagged('block')).toBe(1_000);
    now += 1_000;
    expect(await s.flagged('block')).toBe(0);
  });

  it('a new flag replaces the old one', async () => {
    const s = fresh();
    await s.flag('block', 1_000);
    await s.flag('block', 5_000);
    expect(await s.flagged('block')).toBe(5_000);
    await s.reset('block');
    expect(await s.flagged('block')).toBe(0);
  });
});
