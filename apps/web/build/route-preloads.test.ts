import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fontPreloads, preloadTable, routeModules } from './route-preloads';

const router = fileURLToPath(new URL('../src/app/router.tsx', import.meta.url));

describe('routeModules', () => {
  it('reads the app router: each path with the lazy modules from the root to it', () => {
    const routes = routeModules(readFileSync(router, 'utf8'), router);
    const find = (pattern: string) => routes.find((r) => r.pattern === pattern)?.modules;
    expect(find('/auth/login/client')).toEqual(['./layouts/AuthLayout', '../features/auth/pages/LoginPage']);
    expect(find('/user/home')).toEqual(['../features/home/PatientHomePage']);
    expect(find('/provider/patient-overview/:patientId')).toEqual([
      '../features/provider-clients/PatientOverviewPage',
    ]);
    // an index route takes its parent's path; a computed list's path is one dynamic segment
    expect(find('/subscription/signup')).toEqual([
      './layouts/AuthLayout',
      '../features/subscription/SignupPlanPage',
    ]);
    expect(find('/legal/:segment')).toEqual(['./layouts/AuthLayout', '../features/legal/LegalPage']);
    expect(find('*')).toEqual(['../features/not-found/NotFoundPage']);
  });

  it('refuses a source without a routes array', () => {
    expect(() => routeModules('export const other = [];')).toThrow(/no `routes` array/);
  });
});

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
  isEntry,
  viteMetadata: { importedCss: new Set<string>(fileName === 'assets/Page.js' ? ['assets/Page.css'] : []) },
});

describe('preloadTable', () => {
  const chunks = [
    chunk('assets/index.js', '/src/main.tsx', ['assets/runtime.js'], true),
    chunk('assets/runtime.js', null),
    chunk('assets/Layout.js', '/src/Layout.tsx', ['assets/runtime.js']),
    chunk('assets/Page.js', '/src/Page.tsx', ['assets/zod.js', 'assets/runtime.js']),
    chunk('assets/zod.js', null),
    chunk('assets/Other.js', '/src/Other.tsx'),
  ];
  const resolveId = (specifier: string) => `/src/${specifier.replace('./', '')}.tsx`;

  it("lists each route's chunks, their static imports and stylesheets, less the entry's own", () => {
    const { files, table } = preloadTable(
      [
        { pattern: '/a', modules: ['./Layout', './Page'] },
        { pattern: '/b', modules: ['./Page'] },
        { pattern: '/c', modules: ['./Missing'] },
      ],
      chunks,
      resolveId,
    );
    expect(files).toEqual(['/assets/Layout.js', '/assets/Page.js', '/assets/Page.css', '/assets/zod.js']);
    // a route whose modules have no chunk is left out; shared files are listed once
    expect(table).toEqual([
      ['/a', [0, 1, 2, 3]],
      ['/b', [1, 2, 3]],
    ]);
  });
});

describe('fontPreloads', () => {
  it('preloads each font with crossorigin (fonts are fetched in CORS mode)', () => {
    expect(fontPreloads(['assets/inter-latin-400-normal-a.woff2'])).toBe(
      '<link rel="preload" href="/assets/inter-latin-400-normal-a.woff2" as="font" type="font/woff2" crossorigin>',
    );
  });
});
