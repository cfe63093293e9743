#!/usr/bin/env node
// The import guardrails (issue 11), run by `npm test` through `npm run lint`:
//  1. no import cycles among runtime imports (`import type` and dynamic `import()` do not count:
//     they do not run a module's top level) in the server, the domain and the web app;
//  2. a server feature is reached from outside its folder only through its `index.ts`
//     (features/index.ts, feature.ts and services.ts, the registry, wire the features together);
//  3. a web feature that has an `index.ts` is reached from other web features only through it.
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
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const targets = [];
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
    // rule 3 (web): into a web feature that has an index.ts, from another feature, only through it
    if (target.startsWith(webFeaturesDir + sep) && file.startsWith(webFeaturesDir + sep)) {
      const feature = relative(webFeaturesDir, target).split(sep)[0];
      const from = relative(webFeaturesDir, file).split(sep)[0];
      const hasIndex = existsSync(join(webFeaturesDir, feature, 'index.ts'));
      if (
        from !== feature &&
        hasIndex &&
        !/^index\.tsx?$/.test(relative(join(webFeaturesDir, feature), target))
      )
        problems.push(
          `${relative(root, file)} imports ${relative(root, target)}: use features/${feature}/index.ts`,
        );
    }
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
