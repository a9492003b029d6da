/**
 * The bounded form of a search's `q` (docs/decisions/0201-bounded-search-input.md): normalised,
 * at most SEARCH_WORDS_MAX words of at least SEARCH_WORD_MIN letters, the typo tier only for words
 * of FUZZY_WORD_MIN letters or more, and no pattern or operator characters.
 */
import { describe, expect, it } from 'vitest';
import { FUZZY_WORD_MIN, SEARCH_WORD_MAX, SEARCH_WORDS_MAX, searchTerms } from './search.terms.ts';

describe('searchTerms', () => {
  it.each([
    ['Casio  Calculator', 'casio calculator', 'casio calculator'],
    ['ＣＡＬＣＵＬＡＴＯＲ', 'calculator', 'calculator'], // NFKC: full-width letters
    ['café', 'café', 'café'],
    ['a' + '\u0301'.repeat(99), '', ''], // a stack of accents on one letter: one letter
    ['zzzzzzzzzz', 'zz', ''], // runs collapse to two
    ['中'.repeat(100), '中中', ''],
    ['😀'.repeat(50), '', ''],
    ['%_'.repeat(50), '', ''],
    ['\\'.repeat(100), '', ''],
    ['a '.repeat(50).trim(), '', ''], // one-letter words are skipped
    ['js', 'js', ''], // two letters: full text only
    ['laptop or chair -bag "blue lamp"', 'laptop or chair bag blue lamp', 'laptop chair'], // first two for typos
    ['lamp LAMP lamp', 'lamp', 'lamp'],
    ['100%_cotton\\shirt', '100 cotton shirt', '100 cotton'],
    ['किताब', 'किताब', 'किताब'], // Devanagari vowel signs are marks, kept
  ])('%j', (q, text, fuzzy) => {
    expect(searchTerms(q)).toEqual({ text, fuzzy });
  });

  it(`keeps at most ${SEARCH_WORDS_MAX} words, each at most ${SEARCH_WORD_MAX} characters`, () => {
    const words = Array.from({ length: 12 }, (_, i) => `word${String.fromCharCode(97 + i)}`);
    expect(searchTerms(words.join(' ')).text.split(' ')).toEqual(words.slice(0, SEARCH_WORDS_MAX));
    const long = 'abcdefghijklmnopqrstuvwxyz'.repeat(3);
    expect(searchTerms(long).text).toBe(long.slice(0, SEARCH_WORD_MAX));
    expect(FUZZY_WORD_MIN).toBeGreaterThan(2);
  });
});
