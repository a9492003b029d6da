/**
 * The bounded form of a search's `q` (docs/decisions/0201-bounded-search-input.md): whatever a
 * student types — up to the contract's 100 characters — the database sees at most
 * {@link SEARCH_WORDS_MAX} words of at most {@link SEARCH_WORD_MAX} characters, each at least
 * {@link SEARCH_WORD_MIN} letters long, and the typo tier (trigrams) sees only the words long enough
 * to be selective ({@link FUZZY_WORD_MIN}). Pure functions, no I/O.
 *
 * Normalising, in order: NFKC (full-width and compatibility forms fold to their plain letters),
 * lower case, at most {@link MARKS_PER_LETTER} combining marks after a letter (a stack of accents
 * goes; a Devanagari vowel sign stays — stripping every mark would mangle Hindi words), runs of one
 * character longer than two collapsed to two ("zzzzzz" → "zz"), and words — letters and digits
 * (with their marks) — taken in order, repeated words once. Everything else (`%`, `_`, `\`,
 * quotes, operators, emoji, punctuation) separates words and is never a pattern or an operator.
 */

/** Most words of a query used (docs/decisions/0201-bounded-search-input.md). */
export const SEARCH_WORDS_MAX = 8;
/** Fewest letters a word needs to be searched at all: one letter matches too much to be a search. */
export const SEARCH_WORD_MIN = 2;
/** Fewest letters a word needs for the typo-and-prefix tier: shorter ones share trigrams with too many rows. */
export const FUZZY_WORD_MIN = 3;
/**
 * Most words the typo tier uses (the first ones long enough): each word adds its trigrams' index
 * entries to read, and a phrase of several words is rarely a typo of one field.
 */
export const FUZZY_WORDS_MAX = 2;
/** Most characters of a word used (longer ones are cut): a word's trigrams grow with its length. */
export const SEARCH_WORD_MAX = 32;
/** Most combining marks kept after one letter. */
const MARKS_PER_LETTER = 2;

/** A letter's marks beyond the first {@link MARKS_PER_LETTER}. */
const MARKS = new RegExp(`(\\p{M}{1,${MARKS_PER_LETTER}})\\p{M}+`, 'gu');
const REPEATS = /(.)\1{2,}/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MARK = /\p{M}/gu;

/** A query's bounded terms: `text` for full text (words joined by spaces), `fuzzy` for trigrams ('' = none). */
export interface SearchTerms {
  /** The searched words, at most {@link SEARCH_WORDS_MAX}, lower case, joined by single spaces; '' when none. */
  text: string;
  /** The first {@link FUZZY_WORDS_MAX} words of `text` long enough for the typo tier, joined by spaces; '' when none. */
  fuzzy: string;
}

/** Letters of a word, not counting its combining marks. */
const lettersOf = (word: string) => [...word.replace(MARK, '')].length;

/** Cuts `word` to {@link SEARCH_WORD_MAX} characters (code points). */
const cut = (word: string) => {
  const chars = [...word];
  return chars.length > SEARCH_WORD_MAX ? chars.slice(0, SEARCH_WORD_MAX).join('') : word;
};

/**
 * The bounded terms of `q` (see the module). An empty `text` means nothing searchable was typed
 * (only one-letter words, punctuation or emoji): the search answers no hits without a query.
 */
export function searchTerms(q: string): SearchTerms {
  const normal = q.normalize('NFKC').toLowerCase().replace(MARKS, '$1').replace(REPEATS, '$1$1');
  const words: string[] = [];
  for (const match of normal.matchAll(WORD)) {
    const word = cut(match[0]);
    if (lettersOf(word) < SEARCH_WORD_MIN || words.includes(word)) continue;
    words.push(word);
    if (words.length === SEARCH_WORDS_MAX) break;
  }
  return {
    text: words.join(' '),
    fuzzy: words
      .filter((w) => lettersOf(w) >= FUZZY_WORD_MIN)
      .slice(0, FUZZY_WORDS_MAX)
      .join(' '),
  };
}
