/**
 * A V8 CPU profile (`node --cpu-prof`, e.g. `PROFILE=1 npm run bench:api`) summarised for
 * docs/performance.md: over a window of its samples, the functions with the most self time, where
 * the self time went by module (a package of node_modules, a file of the project, Node's internals,
 * the garbage collector, idle), and the inclusive time of each project file on the stack (a sample
 * counts once for every project file it passes through: the top-down view by feature).
 *
 * The window: with `--match=<function name>` the last run of samples whose stacks hold that
 * function less than a second apart (e.g. `listEvents`: the feed's load at the end of the profile,
 * not the server's start, a single check request nor health's run), else the whole profile. Times
 * in ms of sampled wall time and % of the window.
 *
 * Run: `node scripts/bench/cpu-profile-summary.ts <file.cpuprofile> [--match=listEvents] [--top=25]`.
 */
import fs from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [--match=fn] [--top=N]');
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const match = option('match');
const top = Number(option('top') ?? 25);

const profile = JSON.parse(await fs.readFile(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** The node's stack, leaf first. */
function stack(id: number): ProfileNode[] {
  const out: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) out.push(byId.get(at)!);
  return out;
}

/** Where a frame's code lives: a package, a project file, Node's internals or V8's own entries. */
function moduleOf(n: ProfileNode): string {
  const { url, functionName } = n.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg ${pkg[1]}`;
  if (url.startsWith('node:')) return url.startsWith('node:internal') ? 'node:internal' : url;
  const own = /\/(apps|packages)\/(.+)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}
const isProjectFile = (m: string) => m.startsWith('apps/') || m.startsWith('packages/');
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${moduleOf(n)}:${n.callFrame.lineNumber + 1}`;

// Each sample's duration is the delta to the next one (the last sample gets its own delta).
const times = profile.timeDeltas.map((_, i) => profile.timeDeltas[i + 1] ?? profile.timeDeltas[i]!);
let from = 0;
let to = profile.samples.length - 1;
if (match) {
  const at: number[] = [];
  profile.timeDeltas.reduce((t, d, i) => (at[i] = t + d), 0);
  const hits = profile.samples
    .map((id, i) => (stack(id).some((n) => n.callFrame.functionName === match) ? i : -1))
    .filter((i) => i >= 0);
  if (!hits.length) throw new Error(`no sample's stack holds ${match}`);
  let k = hits.length - 1;
  while (k > 0 && at[hits[k]!]! - at[hits[k - 1]!]! < 1e6) k--;
  [from, to] = [hits[k]!, hits.at(-1)!];
}

const self = new Map<string, number>();
const selfByModule = new Map<string, number>();
const inclusiveByFile = new Map<string, number>();
const inclusiveByFunction = new Map<string, number>();
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
let total = 0;
for (let i = from; i <= to; i++) {
  const us = times[i]!;
  total += us;
  const frames = stack(profile.samples[i]!);
  const leaf = frames[0]!;
  add(self, label(leaf), us);
  add(selfByModule, moduleOf(leaf), us);
  const files = new Set(frames.map(moduleOf).filter(isProjectFile));
  for (const f of files) add(inclusiveByFile, f, us);
  for (const fn of new Set(frames.filter((n) => n.callFrame.url).map(label))) add(inclusiveByFunction, fn, us);
}

const print = (title: string, m: Map<string, number>, n = top) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
};
console.log(
  `${file}: ${to - from + 1} samples, ${(total / 1e6).toFixed(1)} s${match ? ` (the last run of samples in ${match})` : ''}`,
);
print('Self time by function', self);
print('Self time by module', selfByModule);
print('Inclusive time by project file (top-down by feature)', inclusiveByFile);
print('Inclusive time by function', inclusiveByFunction, top + 15);
