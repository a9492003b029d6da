/**
 * The inputs an outside probe found most expensive for campus-wide search at 10k rows per table,
 * plus a plain word, a typo and a no-match (docs/performance.md "Search"): the search tests send
 * each one (never a 5xx) and `scripts/bench/search-cost.ts` prints PostgreSQL's CPU ms per search
 * for each (goal: ≤ 20 ms). Every `q` is within the contract's 100 characters.
 */
export const PROBE_INPUTS: ReadonlyArray<{ name: string; q: string }> = [
  { name: 'a word (lamp)', q: 'lamp' },
  { name: 'a common word (cycle)', q: 'cycle' },
  { name: 'a typo (calculater)', q: 'calculater' },
  { name: 'no match (zzqx)', q: 'zzqx' },
  { name: 'a typo of a common word (headphnes)', q: 'headphnes' },
  {
    name: '50 one-letter words',
    q: Array.from({ length: 50 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[i % 26]).join(' '),
  },
  { name: 'a + 99 combining accents', q: `a${'\u0301'.repeat(99)}` },
  { name: '100 × 中', q: '中'.repeat(100) },
  { name: '50 emoji', q: '😀'.repeat(50) },
  { name: '%_ × 50', q: '%_'.repeat(50) },
  { name: '\\ × 100', q: '\\'.repeat(100) },
  { name: '8 common words', q: 'laptop chair textbook jacket cycle lamp watch headphones' },
  { name: '8 long typos', q: 'laptp chiar textbok jackt cycel lammp wacth headphnes benchmrk listng' },
  { name: 'one 100-letter word', q: 'qwertyuiopasdfghjklzxcvbnm'.repeat(4).slice(0, 100) },
];
