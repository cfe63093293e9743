import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Route chunks and fonts requested with the HTML (issue 18, decision 101). Without this, a cold load
 * is a waterfall: the entry script downloads and runs, the router matches the URL, only then are the
 * screen's lazy chunks asked for, and the fonts only once text is laid out. Here the build reads the
 * route table (src/app/router.tsx), maps each path pattern to the chunks its lazy routes load (with
 * their static imports and stylesheets) and writes route-preloads.json; the server puts the
 * `<link rel="modulepreload">` of the path being opened into the HTML it sends (no script: the page
 * carries no extra JavaScript and the CSP allows no inline script). The Latin faces of Inter are
 * preloaded by index.html itself.
 */

/** A route with a path: its pattern (`/user/home`, `/checkout/:sessionId`, `*`) and the modules its lazy routes load, root first. */
export interface RouteModules {
  pattern: string;
  modules: string[];
}

function propertyNamed(
  node: ts.ObjectLiteralExpression,
  name: string,
): ts.ObjectLiteralElementLike | undefined {
  return node.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);
}

/** The `import('…')` specifiers inside a node. */
function importsIn(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (child: ts.Node) => {
    if (
      ts.isCallExpression(child) &&
      child.expression.kind === ts.SyntaxKind.ImportKeyword &&
      child.arguments[0] &&
      ts.isStringLiteralLike(child.arguments[0])
    )
      found.push(child.arguments[0].text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** Route objects under a `children` value: an array's object elements, or (a computed list) the outermost objects with a path or a lazy. */
function routeObjectsIn(node: ts.Node): ts.ObjectLiteralExpression[] {
  if (ts.isArrayLiteralExpression(node)) return node.elements.filter(ts.isObjectLiteralExpression);
  const found: ts.ObjectLiteralExpression[] = [];
  const visit = (child: ts.Node) => {
    if (
      ts.isObjectLiteralExpression(child) &&
      (propertyNamed(child, 'path') || propertyNamed(child, 'lazy'))
    ) {
      found.push(child);
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

function joinPath(parent: string, path: string): string {
  if (path === '*' && parent === '') return '*';
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/**
 * Reads the exported `routes` array of a router source: every route with a path (or an index
 * route), with the lazy modules of it and its parents. A path that is not a string literal (computed
 * in a `.map`) is taken as one dynamic segment.
 */
export function routeModules(source: string, fileName = 'router.tsx'): RouteModules[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let table: ts.ArrayLiteralExpression | undefined;
  const find = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'routes' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    )
      table = node.initializer;
    else ts.forEachChild(node, find);
  };
  find(file);
  if (!table) throw new Error(`${fileName}: no \`routes\` array found`);

  // by pattern: a layout route's index child, with the same path, replaces it (it is what matches)
  const out = new Map<string, string[]>();
  const visit = (route: ts.ObjectLiteralExpression, parent: string, inherited: string[]) => {
    const pathProperty = propertyNamed(route, 'path');
    const lazy = propertyNamed(route, 'lazy');
    const index = propertyNamed(route, 'index');
    const modules = [...inherited, ...(lazy ? importsIn(lazy) : [])];
    let pattern: string | undefined;
    if (pathProperty) {
      const literal =
        ts.isPropertyAssignment(pathProperty) && ts.isStringLiteralLike(pathProperty.initializer)
          ? pathProperty.initializer.text
          : ':segment';
      pattern = joinPath(parent, literal);
    } else if (index) pattern = parent || '/';
    if (pattern !== undefined) out.set(pattern, modules);
    const children = propertyNamed(route, 'children');
    if (children && ts.isPropertyAssignment(children))
      for (const child of routeObjectsIn(children.initializer)) visit(child, pattern ?? parent, modules);
  };
  for (const route of routeObjectsIn(table)) visit(route, '', []);
  return [...out].map(([pattern, modules]) => ({ pattern, modules }));
}

export interface PreloadTable {
  files: string[];
  table: Array<[string, number[]]>;
}

export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** A module and the chunks it needs: its own chunk, the chunks that chunk imports statically, their stylesheets. */
function chunkFiles(chunk: ChunkLike, byFile: Map<string, ChunkLike>, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  return [
    chunk.fileName,
    ...(chunk.viteMetadata ? [...chunk.viteMetadata.importedCss] : []),
    ...chunk.imports.flatMap((name) => {
      const next = byFile.get(name);
      return next ? chunkFiles(next, byFile, seen) : [];
    }),
  ];
}

function resolveModule(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return base;
}

/** What runs before the first render: the entries, the chunks they import statically, their stylesheets. */
export function initialFiles(chunks: ChunkLike[]): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  return new Set(chunks.filter((c) => c.isEntry).flatMap((c) => chunkFiles(c, byFile)));
}

/**
 * The table for a build: each route's files, less those of the entry (loaded by index.html
 * already). Routes whose modules have no chunk (none, or all in the entry) are left out.
 */
export function preloadTable(
  routes: RouteModules[],
  chunks: ChunkLike[],
  resolveId: (specifier: string) => string,
): PreloadTable {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
  const initial = initialFiles(chunks);
  const files: string[] = [];
  const table: Array<[string, number[]]> = [];
  for (const route of routes) {
    const wanted = new Set<string>();
    for (const specifier of route.modules) {
      const chunk = byModule.get(resolveId(specifier));
      if (chunk) for (const file of chunkFiles(chunk, byFile)) if (!initial.has(file)) wanted.add(file);
    }
    if (wanted.size === 0) continue;
    table.push([
      route.pattern,
      [...wanted].map((file) => {
        const at = files.indexOf(`/${file}`);
        return at >= 0 ? at : files.push(`/${file}`) - 1;
      }),
    ]);
  }
  return { files, table };
}

/** The fonts' preloads index.html gets before its entry script (crossorigin: fonts are fetched in CORS mode). */
export function fontPreloads(fonts: string[]): string {
  return fonts
    .map((font) => `<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`)
    .join('\n    ');
}

export function routePreloads(options: { router: string; fonts: RegExp }): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle: {
      // after Vite has written index.html into the bundle
      order: 'post',
      handler(_output, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
        const routes = routeModules(readFileSync(options.router, 'utf8'), options.router);
        const chunks = Object.values(bundle).filter((b) => b.type === 'chunk') as unknown as ChunkLike[];
        const table = preloadTable(routes, chunks, (specifier) => resolveModule(options.router, specifier));
        // read by the server, which adds the path's preloads to the HTML it sends (decision 101)
        this.emitFile({
          type: 'asset',
          fileName: 'route-preloads.json',
          source: `${JSON.stringify(table)}\n`,
        });
        const fonts = Object.keys(bundle)
          .filter((name) => options.fonts.test(name))
          .sort();
        const entry = html.source.indexOf('<script type="module"');
        if (entry < 0) throw new Error('index.html: no module script to put the preloads before');
        if (fonts.length === 0) throw new Error('route-preloads: no font file matches the fonts pattern');
        html.source = `${html.source.slice(0, entry)}${fontPreloads(fonts)}\n    ${html.source.slice(entry)}`;
      },
    },
  };
}
