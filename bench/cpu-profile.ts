// Reads a V8 CPU profile (`node --cpu-prof`) and says where the time went: per frame of the
// service's own code (dist/, i.e. its hooks) and per package the time spent in it and below it
// (inclusive, once per sample however often the frame recurs), and per category the time spent in
// it itself (self). The hit part of `npm run bench` profiles the service while it serves hits.
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  name: string;
  /** Of the busy time (every sample but idle), 0..1. */
  share: number;
  /** Busy time per request, µs. */
  microsPerRequest: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  /** Frames of the service's code and of packages, time in them and below them, most first. */
  inclusive: ProfileShare[];
  /** Where the time itself was spent, most first. */
  self: ProfileShare[];
  /**
   * Each sample to one stage, the innermost on its stack: a frame of the service's code (a hook
   * with what it calls), or a step of fastify's (routing, writing the reply); the rest by self
   * category. These add up to the busy time.
   */
  stages: ProfileShare[];
  /** The window counted: from the first request node dispatched to the last, s. */
  windowSeconds: number;
}

/** Steps of fastify and node a hit goes through, by package (or node module) and function. */
const STAGES: [RegExp, string][] = [
  [/find-my-way (lookup|find)$/, 'fastify: routing (find-my-way)'],
  [/fastify (writePayload|onSendEnd)$/, 'fastify: writing the reply (headers, socket)'],
  [/fastify (onResFinished|onResponseHookIterator)$/, 'fastify: response finished (onResponse hooks)'],
  [/fastify (getGenReqId)$/, 'fastify: request id'],
  [
    /fastify (routeHandler|preRouting|hookRunner|hookIterator|next|handleResolve|onSendHook|wrapOnSendEnd|send|Reply\.send)$/,
    'fastify: request and hook plumbing',
  ],
  [/^node:_http_server (parserOnIncoming|connectionListenerInternal)$/, 'node http: request parsing and dispatch'],
];

const IDLE = '(idle)';

/** A package's name from a node_modules URL, scoped or not. */
function packageOf(url: string): string | undefined {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return match?.[1];
}

/** The service's own frames are named by file, function and line, so that each hook stands apart. */
function ownFrame(frame: CallFrame): string | undefined {
  const match = /\/dist\/(.+\.js)$/.exec(frame.url);
  return match ? `${match[1]} ${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}` : undefined;
}

function selfCategory(frames: CallFrame[]): string {
  const [leaf] = frames;
  if (leaf.functionName.startsWith('(')) return leaf.functionName; // (idle), (garbage collector), (program)
  // Native code has no URL: it counts as the nearest caller's that has one.
  const located = frames.find((frame) => frame.url !== '') ?? leaf;
  const native = located === leaf ? '' : ' (native)';
  const own = /\/dist\/(.+\.js)$/.exec(located.url)?.[1];
  if (own) return `service ${own}${native}`;
  const pkg = packageOf(located.url);
  if (pkg) return `${pkg}${native}`;
  if (located.url.startsWith('node:')) return `${located.url}${native}`;
  return `${located.url || leaf.functionName}${native}`;
}

/** The name a frame counts under in the stage view, or undefined if it is no stage. */
function stageOf(frame: CallFrame): string | undefined {
  const own = ownFrame(frame);
  if (own) return own;
  const where = packageOf(frame.url) ?? (frame.url.startsWith('node:') ? frame.url : undefined);
  if (!where) return undefined;
  const name = `${where} ${frame.functionName}`;
  return STAGES.find(([pattern]) => pattern.test(name))?.[1];
}

// Node's dispatch of a parsed request: every request passes it, those the fast path answers before fastify routes anything too.
const routed = (frames: CallFrame[]) => frames.some((frame) => frame.functionName === 'parserOnIncoming' && frame.url === 'node:_http_server');

export function summarizeProfile(path: string, requests: number, shown = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id: number) => {
    const frames: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push((byId.get(at) as ProfileNode).callFrame);
    return frames;
  };
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  const stages = new Map<string, number>();
  let [busy, idle] = [0, 0];
  // Start-up and shutdown are in the profile too: only the window in which requests were dispatched counts.
  const stacks = profile.samples.map(stackOf);
  const first = stacks.findIndex(routed);
  const last = stacks.findLastIndex(routed);
  const windowMicros = profile.timeDeltas.slice(first + 1, last + 1).reduce((sum, delta) => sum + delta, 0);
  profile.samples.forEach((_, i) => {
    if (i < first || i > last) return;
    const micros = profile.timeDeltas[i] ?? 0;
    const frames = stacks[i];
    if (frames[0].functionName === IDLE) {
      idle += micros;
      return;
    }
    busy += micros;
    const category = selfCategory(frames);
    self.set(category, (self.get(category) ?? 0) + micros);
    const names = new Set<string>();
    for (const frame of frames) {
      const name = ownFrame(frame) ?? (packageOf(frame.url) ? `${packageOf(frame.url)} ${frame.functionName || '(anonymous)'}` : undefined);
      if (name) names.add(name);
    }
    for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
    const stage = frames.map(stageOf).find((name) => name !== undefined) ?? category;
    stages.set(stage, (stages.get(stage) ?? 0) + micros);
  });
  const shares = (sums: Map<string, number>) =>
    [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, shown)
      .map(([name, micros]) => ({ name, share: micros / busy, microsPerRequest: micros / Math.max(1, requests) }));
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    inclusive: shares(inclusive),
    self: shares(self),
    stages: shares(stages),
    windowSeconds: windowMicros / 1e6,
  };
}
