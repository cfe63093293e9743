import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web app's HTML for a path (issue 18, decision 101): index.html with `<link rel="modulepreload">`
 * for the chunks the path's screen loads, so the browser fetches them with the entry script instead
 * of after it has run and the router has matched the URL (a request waterfall on every cold load).
 * The build writes the table (route-preloads.json: the files, and per route pattern the indexes of
 * its files); no table (an older build) means the plain index.html.
 */
export interface PreloadTable {
  files: string[];
  table: Array<[string, number[]]>;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The table's route for a path, ranked as the router ranks them: the pattern with the most static
 * segments among those that match segment for segment (`:name` matches any one segment), the
 * catch-all `*` only when nothing else matches.
 */
export function matchRoute(table: PreloadTable['table'], pathname: string): number[] | null {
  const path = segments(pathname);
  let best: number[] | null = null;
  let bestScore = -1;
  for (const [pattern, files] of table) {
    if (pattern === '*') continue;
    const parts = segments(pattern);
    if (parts.length !== path.length) continue;
    let score = 0;
    for (let i = 0; i < parts.length && score >= 0; i += 1)
      if (!parts[i]!.startsWith(':')) score = parts[i] === path[i] ? score + 1 : -1;
    if (score > bestScore) {
      best = files;
      bestScore = score;
    }
  }
  return best ?? table.find(([pattern]) => pattern === '*')?.[1] ?? null;
}

/** A file name safe to put in an attribute as it is (the build's own names: /assets/Name-hash.js). */
const safeHref = /^\/assets\/[\w.-]+\.(js|css)$/;

function linkFor(href: string): string {
  return href.endsWith('.css')
    ? `<link rel="preload" as="style" href="${href}">`
    : `<link rel="modulepreload" crossorigin href="${href}">`;
}

export interface WebShell {
  /** index.html for a path, with its screen's preloads (cached per route). */
  html(pathname: string): string;
}

export function loadWebShell(webDist: string): WebShell {
  const index = readFileSync(join(webDist, 'index.html'), 'utf8');
  const tablePath = join(webDist, 'route-preloads.json');
  const preloads: PreloadTable = existsSync(tablePath)
    ? (JSON.parse(readFileSync(tablePath, 'utf8')) as PreloadTable)
    : { files: [], table: [] };
  const byRoute = new Map<number[] | null, string>();
  return {
    html(pathname) {
      const files = matchRoute(preloads.table, pathname);
      let html = byRoute.get(files);
      if (html === undefined) {
        const links = (files ?? [])
          .map((i) => preloads.files[i])
          .filter((href): href is string => typeof href === 'string' && safeHref.test(href))
          .map(linkFor);
        const end = index.indexOf('</head>');
        html =
          links.length === 0 || end < 0
            ? index
            : `${index.slice(0, end)}  ${links.join('\n    ')}\n  ${index.slice(end)}`;
        byRoute.set(files, html);
      }
      return html;
    },
  };
}
