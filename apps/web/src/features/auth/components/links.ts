import { useLocation } from 'react-router';

/** Auth pages keep ?m=1 (the mobile app flag) on every link between them. */
export function useMobileFlag(): boolean {
  return new URLSearchParams(useLocation().search).get('m') === '1';
}

export function withMobileFlag(path: string, mobile: boolean): string {
  if (!mobile) return path;
  return path.includes('?') ? `${path}&m=1` : `${path}?m=1`;
}
