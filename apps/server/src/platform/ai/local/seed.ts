/** FNV-1a: the same conversation or input always gets the same phrasing; another one varies. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic choice from a list for a seed; `salt` varies the choice between lists. */
export function picker(seed: number) {
  return <T>(list: readonly T[], salt: number): T => {
    const index = (Math.imul(seed ^ Math.imul(salt + 1, 0x9e3779b1), 0x85ebca6b) >>> 0) % list.length;
    return list[index] as T;
  };
}
