import { describe, expect, it } from 'vitest';
import { ActivityReporter } from './activity-report';

function setup() {
  const state = { now: 1_000_000, lastContact: 0 };
  const sent: boolean[] = [];
  const resolvers: (() => void)[] = [];
  const reporter = new ActivityReporter({
    now: () => state.now,
    lastContact: () => state.lastContact,
    send: (payment) => {
      sent.push(payment);
      return new Promise<void>((resolve) => resolvers.push(resolve));
    },
  });
  const settle = async () => {
    for (const resolve of resolvers.splice(0)) resolve();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { state, sent, reporter, settle };
}

describe('ActivityReporter', () => {
  it('reports activity only after 30 s without a call reaching the server', async () => {
    const { state, sent, reporter, settle } = setup();
    state.lastContact = state.now - 29_000;
    reporter.activity();
    expect(sent).toEqual([]);
    state.now += 1_000;
    reporter.activity();
    expect(sent).toEqual([false]);
    await settle();
    state.now += 10_000;
    reporter.activity();
    expect(sent).toHaveLength(1);
    state.now += 20_000;
    reporter.activity();
    expect(sent).toHaveLength(2);
  });

  it('sends one report at a time', () => {
    const { state, sent, reporter } = setup();
    reporter.activity();
    state.now += 60_000;
    reporter.activity();
    expect(sent).toHaveLength(1);
  });

  it('reports Continue Session at once', () => {
    const { state, sent, reporter } = setup();
    state.lastContact = state.now;
    reporter.continued();
    expect(sent).toEqual([false]);
  });

  it('reports a change of the payment flag at once, even with a report pending, and only a change', () => {
    const { sent, reporter } = setup();
    reporter.setPayment(false);
    expect(sent).toEqual([]);
    reporter.setPayment(true);
    reporter.setPayment(true);
    reporter.setPayment(false);
    expect(sent).toEqual([true, false]);
  });
});
