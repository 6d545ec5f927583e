// The import graph of src (docs/architecture.md "Import graph"): no circle of modules, type-only
// imports included, and the layer rules of docs/architecture.md "Layers". Read from the source text,
// so that it needs no dependency and sees what the compiler would erase (`import type`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** Written by tools (Prisma, graphql-codegen), with circles of their own; left alone as everywhere else. */
const GENERATED = ['generated', 'facades/generated'];

/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`: every way one module names another. */
const SPECIFIER = /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every module of src (as `dir/file.ts`) with the modules of src it imports. */
function importGraph(root = SRC): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!GENERATED.includes(relative(root, path))) visit(path);
      } else if (name.endsWith('.ts')) {
        graph.set(relative(root, path), importsOf(root, path));
      }
    }
  };
  visit(root);
  return graph;
}

function importsOf(root: string, file: string): string[] {
  const targets = new Set<string>();
  for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier.startsWith('.')) continue; // a package
    const target = moduleAt(resolve(dirname(file), specifier));
    if (target === undefined) throw new Error(`${relative(root, file)} imports ${specifier}, which names no module of src`);
    if (target.endsWith('.ts')) targets.add(relative(root, target));
  }
  return [...targets].sort();
}

/** What a specifier names: `./x.js` is the source `./x.ts`; a directory its index; anything else (JSON) itself. */
function moduleAt(path: string): string | undefined {
  for (const candidate of [path.replace(/\.js$/, '.ts'), `${path}.ts`, join(path, 'index.ts'), path]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The circles of a graph: each strongly connected set of modules (Tarjan), named by one shortest circle through it. */
function circlesOf(graph: Map<string, string[]>): { modules: string[]; circle: string[] }[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components.map((modules) => ({ modules, circle: shortestCircle(graph, modules) }));
}

/** A shortest way from the component's first module back to itself, inside the component (breadth first). */
function shortestCircle(graph: Map<string, string[]>, modules: string[]): string[] {
  const inside = new Set(modules);
  const start = modules[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]) as string);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return modules;
}

/** The area of a module for the layer rules: its first directory, `facades/<interface>`, or the file at the top of src. */
function areaOf(module: string): string {
  const parts = module.split('/');
  if (parts.length === 1) return module;
  return parts[0] === 'facades' ? `facades/${parts[1]}` : parts[0];
}

/**
 * docs/architecture.md "Layers", as rules on one import: what an area may import outside itself.
 * Each rule names the areas it allows (`only`) or refuses (`not`); a module not named is free.
 */
const LAYER_RULES: { area: (module: string) => boolean; name: string; only?: (target: string) => boolean; not?: (target: string) => boolean }[] = [
  { name: 'src/domain imports nothing of the service', area: (m) => areaOf(m) === 'domain', only: (t) => areaOf(t) === 'domain' },
  {
    name: 'src/schema imports src/domain, src/db (and the Prisma client), src/auth, src/live, src/sessions and the clock',
    area: (m) => areaOf(m) === 'schema',
    only: (t) => ['schema', 'domain', 'db', 'generated', 'auth', 'live', 'sessions', 'clock.ts'].includes(areaOf(t)),
  },
  {
    name: 'a facade asks the schema (its context) and never the database',
    area: (m) => ['facades/rest', 'facades/v3', 'facades/legacy', 'facades/bo', 'facades/shared'].includes(areaOf(m)),
    not: (t) => areaOf(t) === 'db' || areaOf(t) === 'generated' || (areaOf(t) === 'schema' && t !== 'schema/context.ts'),
  },
  {
    name: 'src/http imports neither facades nor schema',
    area: (m) => areaOf(m) === 'http',
    not: (t) => areaOf(t).startsWith('facades/') || areaOf(t) === 'schema',
  },
  {
    // The wiring loads the config (config.ts) and passes values down; of the rest, only the CLIs' own wiring (src/data/cli) loads it too.
    name: 'only the wiring imports the wiring (server, cluster, service, startup, app, config)',
    area: (m) => !['server.ts', 'cluster.ts', 'service.ts', 'startup.ts', 'app.ts', 'config.ts'].includes(m) && !m.startsWith('data/cli/'),
    not: (t) => ['server.ts', 'cluster.ts', 'service.ts', 'startup.ts', 'app.ts', 'config.ts'].includes(t),
  },
];

describe('the import graph of src', () => {
  const graph = importGraph();

  it('reads the modules and their imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('schema/index.ts')).toContain('schema/builder.ts');
    // Type-only imports count: they tie the modules together for the reader as much as any.
    expect(graph.get('schema/builder.ts')).toContain('schema/context.ts');
  });

  it('has no circle of modules', () => {
    const circles = circlesOf(graph);
    // One shortest circle names each tangle; a tangle larger than its circle lists all its modules too.
    const named = circles.map(({ circle, modules }) => circle.join(' → ') + (circle.length <= modules.length ? ` (all of: ${modules.join(', ')})` : ''));
    expect(named).toEqual([]);
  });

  it('keeps the layers of docs/architecture.md', () => {
    const broken: string[] = [];
    for (const [module, targets] of graph) {
      for (const rule of LAYER_RULES) {
        if (!rule.area(module)) continue;
        for (const target of targets) {
          if (areaOf(target) === areaOf(module) && !rule.not) continue;
          if ((rule.only && !rule.only(target)) || rule.not?.(target)) broken.push(`${module} → ${target} (${rule.name})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
