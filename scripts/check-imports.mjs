#!/usr/bin/env node
// The import guardrails (issue 11), run by `npm test` through `npm run lint`:
//  1. no import cycles among runtime imports (`import type` and dynamic `import()` do not count:
//     they do not run a module's top level) in the server, the domain and the web app;
//  2. a server feature is reached from outside its folder only through its `index.ts`
//     (features/index.ts, feature.ts and services.ts, the registry, wire the features together);
//  3. every web feature (a folder of apps/web/src/features) has an `index.ts`, its public API, and
//     is reached from other web features only through it, by static and dynamic `import()` alike
//     (code outside the features, like the router's lazy pages, is not checked). An index.ts only
//     re-exports: the web build declares it free of side effects (apps/web/vite.config.ts), which
//     keeps what it re-exports out of the chunks of the pages that do not use it.
// Test files may reach into what they test and are not checked.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['apps/server/src', 'packages/domain/src', 'apps/web/src'];
const featuresDir = join(root, 'apps/server/src/features');
const registry = new Set(['index.ts', 'feature.ts', 'services.ts'].map((f) => join(featuresDir, f)));
const webFeaturesDir = join(root, 'apps/web/src/features');

const isTest = (file) => /\.(test|spec|api\.test)\.tsx?$/.test(file) || file.includes(`${sep}test${sep}`);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTest(path)) out.push(path);
  }
  return out;
}

// Static imports and re-exports: `import … from '…'`, `export … from '…'`, `import '…'`.
const importPattern = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
// Dynamic imports, `import('…')` (checked by rule 3 only).
const dynamicImportPattern = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate)) return candidate;
  return null;
}

const files = sources.flatMap((dir) => walk(join(root, dir)));
const edges = new Map();
const problems = [];
// rule 3 (web): every web feature has its public API in an index.ts made of re-exports only
const reExport =
  /^export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+['"][^'"]+['"];?$|^export\s*\{\s*\};?$/;
for (const feature of readdirSync(webFeaturesDir)) {
  const dir = join(webFeaturesDir, feature);
  if (!statSync(dir).isDirectory()) continue;
  const index = ['index.ts', 'index.tsx'].map((f) => join(dir, f)).find((f) => existsSync(f));
  if (!index) {
    problems.push(`${relative(root, dir)} has no index.ts: every web feature has one, its public API`);
    continue;
  }
  const statements = readFileSync(index, 'utf8')
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  for (const statement of statements.filter((s) => !reExport.test(s)))
    problems.push(`${relative(root, index)} has \`${statement.slice(0, 60)}\`: an index.ts only re-exports`);
}
// rule 3 (web): into a web feature, from another feature, only through its index.ts
function checkWebFeature(file, target) {
  if (!target.startsWith(webFeaturesDir + sep) || !file.startsWith(webFeaturesDir + sep)) return;
  const feature = relative(webFeaturesDir, target).split(sep)[0];
  const from = relative(webFeaturesDir, file).split(sep)[0];
  if (from !== feature && !/^index\.tsx?$/.test(relative(join(webFeaturesDir, feature), target)))
    problems.push(
      `${relative(root, file)} imports ${relative(root, target)}: use features/${feature}/index.ts`,
    );
}

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const targets = [];
  for (const [, spec] of text.matchAll(dynamicImportPattern)) {
    const target = resolveImport(file, spec);
    if (target) checkWebFeature(file, target);
  }
  for (const match of text.matchAll(importPattern)) {
    const [, typeOnly, spec] = match;
    const target = resolveImport(file, spec);
    if (!target) continue;
    // rule 2: into a server feature from outside it, only through its index.ts
    if (target.startsWith(featuresDir + sep) && !registry.has(file)) {
      const feature = relative(featuresDir, target).split(sep)[0];
      const inside = file.startsWith(join(featuresDir, feature) + sep);
      if (!inside && target !== join(featuresDir, feature, 'index.ts') && !registry.has(target))
        problems.push(
          `${relative(root, file)} imports ${relative(root, target)}: use features/${feature}/index.ts`,
        );
    }
    checkWebFeature(file, target);
    if (!typeOnly) targets.push(target);
  }
  edges.set(file, targets);
}

// rule 1: strongly connected components of the runtime import graph (Tarjan)
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function connect(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!edges.has(w)) continue;
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v))
      problems.push(`import cycle: ${component.map((f) => relative(root, f)).join(' → ')}`);
  }
}
for (const file of files) if (!index.has(file)) connect(file);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`check-imports: ${problems.length} problem(s) in ${files.length} files`);
  process.exit(1);
}
console.info(`check-imports: ${files.length} files, no cycles, features reached through their index.ts`);
