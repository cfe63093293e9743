import { describe, expect, it } from 'vitest';
import { deletedIdsKey, readDeletedIds, rememberDeletedId, withoutDeleted } from './deleted-ids';

describe('deleted entry ids', () => {
  it('keeps the newest 200 ids in local storage', () => {
    for (let i = 0; i < 205; i += 1) rememberDeletedId(`id-${i}`);
    const ids = readDeletedIds();
    expect(ids).toHaveLength(200);
    expect(ids[0]).toBe('id-5');
    expect(ids.at(-1)).toBe('id-204');
    rememberDeletedId('id-5');
    expect(readDeletedIds().at(-1)).toBe('id-5');
    expect(readDeletedIds()).toHaveLength(200);
  });

  it('ignores a damaged list and filters deleted entries out', () => {
    localStorage.setItem(deletedIdsKey, '{not json');
    expect(readDeletedIds()).toEqual([]);
    localStorage.setItem(deletedIdsKey, JSON.stringify(['b', 3]));
    expect(withoutDeleted([{ id: 'a' }, { id: 'b' }])).toEqual([{ id: 'a' }]);
  });
});
