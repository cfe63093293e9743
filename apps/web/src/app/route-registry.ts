/**
 * The paths the router serves, so that navigation data can show an entry only once its feature
 * has landed (no links to screens that do not exist yet).
 */
let registered = new Set<string>();

export function registerPaths(paths: Iterable<string>): void {
  registered = new Set(paths);
}

export function isPathRegistered(path: string): boolean {
  return registered.has(path.split('?')[0] ?? path);
}

interface RouteLike {
  path?: string;
  children?: RouteLike[];
}

/** Absolute paths of a route tree (relative child paths are joined to their parents). */
export function collectPaths(routes: RouteLike[], parent = ''): string[] {
  const out: string[] = [];
  for (const route of routes) {
    const joined = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    if (route.path && !route.path.includes('*')) out.push(joined);
    if (route.children) out.push(...collectPaths(route.children, joined));
  }
  return out;
}
