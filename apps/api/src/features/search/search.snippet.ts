/**
 * Marked snippets of campus-wide search: a short piece of a record's text as
 * plain `SnippetPart`s, the words the query matched marked — built on the server, never HTML, so
 * the web shows it with no markup to trust. A word is marked when it equals a query word, starts
 * with one (a prefix typed so far: "calc" → "calculator"), or holds most of a query word's trigrams
 * (a typo: "calculater" → "calculator"), the same kinds of match the database's full-text and
 * `pg_trgm` search finds.
 */
import type { SnippetPart } from '@campus/contract/search';

/** Longest snippet, in characters (an ellipsis marks a cut at either end). */
export const SNIPPET_MAX = 160;
/** Characters kept before the first marked word when a long text is cut. */
const LEAD = 40;
/** Share of a query word's trigrams a text word must hold to count as a typo of it. */
const TYPO_SHARE = 0.6;

const WORD = /[\p{L}\p{N}]+/gu;

/** The lower-cased words of `text`. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** The trigrams of one lower-cased word, padded as `pg_trgm` pads it (two spaces before, one after). */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) set.add(padded.slice(i, i + 3));
  return set;
}

/** A query word, with its trigrams when it is long enough to match a typo. */
interface Term {
  word: string;
  trigrams: Set<string> | null;
}

/** The query words of `q`, each with its trigrams computed once (a search marks many texts with one `q`). */
let lastTerms: { q: string; terms: Term[] } | undefined;
function termsOf(q: string): Term[] {
  if (lastTerms?.q !== q)
    lastTerms = { q, terms: wordsOf(q).map((word) => ({ word, trigrams: word.length >= 4 ? trigrams(word) : null })) };
  return lastTerms.terms;
}

/** Whether the lower-cased text word `word` matches one of the query words `terms` (see the module). */
function matches(word: string, terms: Term[]): boolean {
  let have: Set<string> | undefined;
  return terms.some((term) => {
    if (word === term.word) return true;
    if (term.word.length >= 2 && word.startsWith(term.word)) return true;
    if (!term.trigrams) return false;
    have ??= trigrams(word);
    let shared = 0;
    for (const g of term.trigrams) if (have.has(g)) shared += 1;
    return shared / term.trigrams.size >= TYPO_SHARE;
  });
}

/**
 * `text` (white space collapsed) as snippet parts with the words matching `q` marked; a text longer
 * than {@link SNIPPET_MAX} is cut around its first marked word, with "…" where it was cut. Neighbour
 * parts of the same kind are merged; an empty text gives `[]`.
 */
export function markedSnippet(text: string, q: string, max = SNIPPET_MAX): SnippetPart[] {
  let body = text.replace(/\s+/g, ' ').trim();
  const terms = termsOf(q);
  const found = [...body.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    match: matches(m[0].toLowerCase(), terms),
  }));
  let offset = 0;
  let prefix = '';
  let suffix = '';
  if (body.length > max) {
    const first = found.find((w) => w.match);
    let start = first ? Math.max(0, first.start - LEAD) : 0;
    if (start > 0) {
      // Start at a word's beginning, not inside one.
      start = found.find((w) => w.start >= start)?.start ?? start;
      prefix = '…';
    }
    let end = Math.min(body.length, start + max);
    const cutWord = found.find((w) => w.start < end && w.end > end);
    if (cutWord && cutWord.start > start) end = cutWord.start;
    if (end < body.length) suffix = '…';
    offset = start;
    body = body.slice(start, end).trimEnd();
  }
  const parts: SnippetPart[] = [];
  const push = (piece: string, match: boolean) => {
    if (!piece) return;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  };
  push(prefix, false);
  let at = 0;
  for (const w of found) {
    const start = w.start - offset;
    const end = w.end - offset;
    if (start < 0 || end > body.length || !w.match) continue;
    push(body.slice(at, start), false);
    push(body.slice(start, end), true);
    at = end;
  }
  push(body.slice(at), false);
  push(suffix, false);
  return parts;
}

/** Whether some part of `parts` is marked. */
export const hasMatch = (parts: SnippetPart[]) => parts.some((p) => p.match);

/**
 * The snippet of a hit: from the first of `texts` (in order of preference) where a word matching
 * `q` is marked, else from the first non-empty one, unmarked.
 */
export function bestSnippet(texts: Array<string | null | undefined>, q: string): SnippetPart[] {
  let fallback: SnippetPart[] = [];
  for (const text of texts) {
    if (!text?.trim()) continue;
    const parts = markedSnippet(text, q);
    if (hasMatch(parts)) return parts;
    if (!fallback.length) fallback = parts;
  }
  return fallback;
}
