import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = new Map();
p.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
let total = 0;
for (const [id, t] of dt) {
  const n = byId.get(id);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//, '')}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
  total += t;
}
// aggregate by package
const pkg = new Map();
for (const [k, t] of self) {
  const m = /\s(@[^/]+\/[^/]+|[^/@\s:]+)/.exec(k);
  const name = m ? m[1] : k;
  pkg.set(name, (pkg.get(name) ?? 0) + t);
}
console.log('total ms', Math.round(total / 1000));
console.log([...pkg].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, t]) => `${(100 * t / total).toFixed(1)}% ${k}`).join('\n'));
console.log('---');
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.N ?? 40)).map(([k, t]) => `${(100 * t / total).toFixed(1)}% ${k}`).join('\n'));
