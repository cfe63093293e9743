// The risk check (packages/domain/src/safety/risk.ts) scored on its labelled corpora: dev.json,
// which the rules are tuned against, and held-out.json when present, written blind to the rules.
// Run: `npx tsx bench/risk-corpus.mjs` (add `--misses` to list the dev statements scored wrongly).
// No network, no build: tsx loads the domain's TypeScript directly.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateCorpus, evaluationTable } from '../packages/domain/src/safety/corpus/evaluate.ts';

const print = (line) => process.stdout.write(`${line}\n`);

const dir = join(dirname(fileURLToPath(import.meta.url)), '../packages/domain/src/safety/corpus');
for (const name of ['dev.json', 'held-out.json']) {
  const path = join(dir, name);
  if (!existsSync(path)) {
    print(`${name}: not present\n`);
    continue;
  }
  const result = evaluateCorpus(JSON.parse(readFileSync(path, 'utf8')));
  print(`${evaluationTable(name, result)}\n`);
  if (name === 'dev.json' && process.argv.includes('--misses')) {
    for (const m of result.misses) print(`  ${m.kind} [${m.label} -> ${m.level}] ${m.text}`);
    print('');
  }
}
