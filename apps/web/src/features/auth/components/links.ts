import { useLocation } from 'react-router';

/** Auth pages keep ?m=1 (the mobile app flag) on every link between them. */
export function useMobileFlag(): boolean {
  return new URLSearchParams(useLocation().search).get('m') === '1';
}

export function withMobileFlag(path: string, mobile: boolean): string {
  if (!mobile) return path;
  return path.includes('?') ? `${path}&m=1` : `${path}?m=1`;
}

/** The internal path a login should return to, or null (only same-site paths outside /auth). */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return from.startsWith('/auth') ? null : from;
}
