/**
 * A V8 heap snapshot summarised for docs/performance.md "Start-up and memory of the server":
 * the heap's total, its largest kinds of objects by self size, and — from the dominator tree
 * (Cooper, Harvey and Kennedy's iterative algorithm over the snapshot's strong edges; weak edges
 * are ignored, as DevTools does) — what each kind of object keeps alive (retained size, counted
 * once per kind: an object inside another of its kind is not added again), the single objects
 * that retain the most with the chain of properties and closure variables that holds each (up the
 * dominator tree), and the scripts (modules) whose source text V8 keeps is largest.
 *
 * Sizes in bytes inside, printed in MB (10^6). Run on a file: `node scripts/bench/heap-summary.ts
 * <file.heapsnapshot>` (needs about 6× the file's size of memory); `scripts/bench/start-up.ts`
 * calls {@link summariseHeap}.
 */
import fs from 'node:fs/promises';

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[]];
      edge_fields: string[];
      edge_types: [string[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** One printed table row: a label, MB and a count. */
export interface HeapRow {
  what: string;
  mb: number;
  count: number;
}

/** What {@link analyseHeap} found. */
export interface HeapSummary {
  totalMb: number;
  objects: number;
  bySelf: HeapRow[];
  byRetained: HeapRow[];
  largestObjects: HeapRow[];
  scripts: HeapRow[];
}

const mb = (bytes: number) => Math.round(bytes / 1e4) / 100;

/** Analyses a parsed snapshot (see the module docstring); `top` rows per table. */
export function analyseHeap(heap: Snapshot, top = 15): HeapSummary {
  const meta = heap.snapshot.meta;
  const NF = meta.node_fields.length;
  const EF = meta.edge_fields.length;
  const [ti, ni, si, eci] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f)) as [
    number,
    number,
    number,
    number,
  ];
  const [eti, eni, eto] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const types = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const weak = edgeTypes.indexOf('weak');
  const shortcut = edgeTypes.indexOf('shortcut');
  const internal = edgeTypes.indexOf('internal');
  const { nodes, edges, strings } = heap;
  const n = nodes.length / NF;

  const firstEdge = new Uint32Array(n + 1);
  for (let v = 0, off = 0; v < n; v += 1) {
    firstEdge[v] = off;
    off += nodes[v * NF + eci]! * EF;
    firstEdge[v + 1] = off;
  }
  const selfSize = (v: number) => nodes[v * NF + si]!;
  const typeOf = (v: number) => types[nodes[v * NF + ti]!]!;
  const nameOf = (v: number) => strings[nodes[v * NF + ni]!]!;
  /** The group an object is counted in: its constructor for objects and closures, else its type. */
  const kindOf = (v: number) => {
    const t = typeOf(v);
    if (t === 'object' || t === 'closure') return `${t} ${nameOf(v)}`;
    if (t === 'code' || t === 'hidden') return `${t} ${nameOf(v).replace(/^system \/ /, '')}`.slice(0, 60);
    return t;
  };
  const strong = (e: number) => edges[e + eti] !== weak && edges[e + eti] !== shortcut;

  // Depth-first postorder from the root (node 0) over strong edges.
  const post = new Int32Array(n).fill(-1);
  const order = new Uint32Array(n);
  const visited = new Uint8Array(n);
  const stack = new Uint32Array(n);
  const next = new Uint32Array(n);
  let top_ = 0;
  let count = 0;
  stack[0] = 0;
  visited[0] = 1;
  next[0] = firstEdge[0]!;
  while (top_ >= 0) {
    const v = stack[top_]!;
    let pushed = false;
    while (next[v]! < firstEdge[v + 1]!) {
      const e = next[v]!;
      next[v] = e + EF;
      if (!strong(e)) continue;
      const w = edges[e + eto]! / NF;
      if (visited[w]) continue;
      visited[w] = 1;
      next[w] = firstEdge[w]!;
      stack[++top_] = w;
      pushed = true;
      break;
    }
    if (!pushed) {
      post[v] = count;
      order[count] = v;
      count += 1;
      top_ -= 1;
    }
  }

  // Predecessors of each reachable node (strong edges), as compressed rows.
  const predCount = new Uint32Array(n + 1);
  for (let v = 0; v < n; v += 1) {
    if (!visited[v]) continue;
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += EF)
      if (strong(e)) predCount[edges[e + eto]! / NF + 1]! += 1;
  }
  for (let v = 0; v < n; v += 1) predCount[v + 1]! += predCount[v]!;
  const preds = new Uint32Array(predCount[n]!);
  const fill = predCount.slice(0, n);
  for (let v = 0; v < n; v += 1) {
    if (!visited[v]) continue;
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += EF) if (strong(e)) preds[fill[edges[e + eto]! / NF]!++] = v;
  }

  // Immediate dominators, by postorder numbers; the root dominates itself.
  const UNDEF = -1;
  const idom = new Int32Array(count).fill(UNDEF);
  const rootPost = post[0]!;
  idom[rootPost] = rootPost;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (a < b) a = idom[a]!;
      while (b < a) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let p = count - 1; p >= 0; p -= 1) {
      if (p === rootPost) continue;
      const v = order[p]!;
      let dom = UNDEF;
      for (let k = predCount[v]!; k < predCount[v + 1]!; k += 1) {
        const q = post[preds[k]!]!;
        if (q < 0 || idom[q] === UNDEF) continue;
        dom = dom === UNDEF ? q : intersect(q, dom);
      }
      if (dom !== UNDEF && idom[p] !== dom) {
        idom[p] = dom;
        changed = true;
      }
    }
  }

  // Retained sizes: a node's own plus those it dominates (a dominator finishes later in postorder).
  const retained = new Float64Array(count);
  for (let p = 0; p < count; p += 1) retained[p]! += selfSize(order[p]!);
  for (let p = 0; p < count; p += 1) if (p !== rootPost) retained[idom[p]!]! += retained[p]!;

  // Each reachable node's kind as a number (by postorder), so the nesting check compares numbers.
  const kindIds = new Map<string, number>();
  const kindNames: string[] = [];
  const kindOfPost = new Int32Array(count);
  for (let p = 0; p < count; p += 1) {
    const kind = kindOf(order[p]!);
    let id = kindIds.get(kind);
    if (id === undefined) {
      id = kindNames.push(kind) - 1;
      kindIds.set(kind, id);
    }
    kindOfPost[p] = id;
  }
  let total = 0;
  const selfSizes = new Float64Array(kindNames.length);
  const selfCounts = new Uint32Array(kindNames.length);
  const keptSizes = new Float64Array(kindNames.length);
  const keptCounts = new Uint32Array(kindNames.length);
  for (let p = 0; p < count; p += 1) {
    const size = selfSize(order[p]!);
    const kind = kindOfPost[p]!;
    total += size;
    selfSizes[kind]! += size;
    selfCounts[kind]! += 1;
    // Counted once per kind: skip an object with an object of its own kind among its dominators.
    let d = idom[p]!;
    let nested = false;
    for (let depth = 0; d !== rootPost && depth < 64; depth += 1, d = idom[d]!)
      if (kindOfPost[d] === kind) {
        nested = true;
        break;
      }
    if (nested) continue;
    keptSizes[kind]! += retained[p]!;
    keptCounts[kind]! += 1;
  }
  const asMap = (sizes: Float64Array, counts: Uint32Array) =>
    new Map(kindNames.map((k, i) => [k, { size: sizes[i]!, count: counts[i]! }]));
  const self = asMap(selfSizes, selfCounts);
  const kept = asMap(keptSizes, keptCounts);
  kept.delete('synthetic'); // the root and the GC roots: everything
  const rows = (m: Map<string, { size: number; count: number }>) =>
    [...m]
      .sort((a, b) => b[1].size - a[1].size)
      .slice(0, top)
      .map(([what, g]) => ({ what, mb: mb(g.size), count: g.count }));

  // The single objects that retain the most, below the synthetic roots.
  const largest: HeapRow[] = [];
  const byRetained = [...Array(count).keys()]
    .filter((p) => !['synthetic', 'hidden'].includes(typeOf(order[p]!)) && p !== rootPost)
    .sort((a, b) => retained[b]! - retained[a]!);
  /** The name of the edge from node `from` to node `to` (a property, a closure variable), or ''. */
  const edgeName = (from: number, to: number) => {
    for (let e = firstEdge[from]!; e < firstEdge[from + 1]!; e += EF) {
      if (edges[e + eto]! / NF !== to) continue;
      const t = edgeTypes[edges[e + eti]!];
      return t === 'element' || t === 'hidden' ? `[${edges[e + eni]}]` : String(strings[edges[e + eni]!]);
    }
    return '';
  };
  /** Up the dominator tree from postorder `p`: "holder.edge ← …", at most `depth` steps. */
  const heldBy = (p: number, depth: number) => {
    const steps: string[] = [];
    for (let q = p, i = 0; i < depth && q !== rootPost; i += 1) {
      const d = idom[q]!;
      const label = nameOf(order[d]!).slice(0, 30).replace(/\s+/g, ' ');
      steps.push(`${typeOf(order[d]!) === 'synthetic' ? label : `${label}.${edgeName(order[d]!, order[q]!)}`}`);
      q = d;
    }
    return steps.join(' ← ');
  };
  for (const p of byRetained) {
    if (largest.length >= top) break;
    const v = order[p]!;
    const name = nameOf(v);
    largest.push({
      what: `${typeOf(v)} ${name.slice(0, 50).replace(/\s+/g, ' ')} (held by ${heldBy(p, 6)})`,
      mb: mb(retained[p]!),
      count: 1,
    });
  }

  // Scripts: a V8 Script is a `code` node with internal edges `source` and `name`.
  const scripts: HeapRow[] = [];
  for (let v = 0; v < n; v += 1) {
    if (typeOf(v) !== 'code' || !visited[v]) continue;
    let source = -1;
    let named = '';
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += EF) {
      if (edges[e + eti] !== internal) continue;
      const edgeName = strings[edges[e + eni]!];
      const w = edges[e + eto]! / NF;
      if (edgeName === 'source') source = w;
      else if (edgeName === 'name' && typeOf(w) === 'string') named = nameOf(w);
    }
    if (source >= 0) scripts.push({ what: named || '(no name)', mb: mb(selfSize(source)), count: 1 });
  }
  scripts.sort((a, b) => b.mb - a.mb);
  return {
    totalMb: mb(total),
    objects: count,
    bySelf: rows(self),
    byRetained: rows(kept),
    largestObjects: largest,
    scripts: scripts.slice(0, top),
  };
}

/** Reads `file`, analyses it and prints the tables (markdown). */
export async function summariseHeap(file: string, top = 15): Promise<HeapSummary> {
  const heap = JSON.parse(await fs.readFile(file, 'utf8')) as Snapshot;
  const s = analyseHeap(heap, top);
  const table = (title: string, head: string, rows: HeapRow[]) => {
    console.log(`\n${title}\n| ${head} | MB | objects |\n|---|---|---|`);
    for (const r of rows) console.log(`| ${r.what.replaceAll('|', '\\|')} | ${r.mb.toFixed(2)} | ${r.count} |`);
  };
  console.log(`\nHeap snapshot: ${s.totalMb.toFixed(1)} MB in ${s.objects} reachable objects`);
  table('Largest kinds by self size:', 'kind (type, constructor)', s.bySelf);
  table('Largest kinds by retained size (each object counted once per kind):', 'kind', s.byRetained);
  table('Single objects retaining the most:', 'object', s.largestObjects);
  table('Scripts by the size of the source text V8 keeps:', 'script', s.scripts);
  return s;
}

if (import.meta.filename === process.argv[1] && process.argv[2]) await summariseHeap(process.argv[2]);
