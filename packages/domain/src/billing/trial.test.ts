import { describe, expect, it } from 'vitest';
import { trialMailbox } from './trial.js';

describe('the mailbox of the first-time trial (decision 106)', () => {
  it('is the same for case, spaces and +tags of one address', () => {
    const one = trialMailbox('dana@example.com');
    for (const variant of [' Dana@Example.COM ', 'dana+trial@example.com', 'DANA+2@EXAMPLE.COM'])
      expect(trialMailbox(variant), variant).toBe(one);
  });

  it('drops the dots of a Gmail address, and googlemail.com is gmail.com', () => {
    const one = trialMailbox('dana.lee@gmail.com');
    for (const variant of ['danalee@gmail.com', 'D.a.n.a.Lee@Gmail.com', 'dana.lee+x@googlemail.com'])
      expect(trialMailbox(variant), variant).toBe(one);
  });

  it('keeps apart what reaches different people', () => {
    expect(trialMailbox('dana.lee@example.com')).not.toBe(trialMailbox('danalee@example.com'));
    expect(trialMailbox('dana@example.com')).not.toBe(trialMailbox('dana@example.org'));
    expect(trialMailbox('dana@example.com')).not.toBe(trialMailbox('dan@example.com'));
  });

  it('leaves an odd address as typed, lowercased', () => {
    expect(trialMailbox('+x@example.com')).toBe('+x@example.com');
    expect(trialMailbox('NoAt')).toBe('noat');
    expect(trialMailbox('...@gmail.com')).toBe('...@gmail.com');
  });
});
