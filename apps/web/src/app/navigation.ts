/** A bridge so that non-React code (logout, session timers) can navigate through the router. */
type Navigate = (to: string) => void;

let navigator: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}

/** Mobile means ?m=1 in the address (the mobile app) or a viewport narrower than 768 px. */
export function isMobileContext(): boolean {
  const flagged = new URLSearchParams(window.location.search).get('m') === '1';
  return flagged || window.innerWidth < 768;
}

/** Adds query parameters to a path that may already carry some. */
export function withQuery(path: string, params: Record<string, string>): string {
  const [pathname, search = ''] = path.split('?');
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(params)) query.set(key, value);
  const text = query.toString();
  return text ? `${pathname}?${text}` : (pathname ?? path);
}
