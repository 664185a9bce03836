// A text's placeholders filled, and the article a language puts before a word chosen by the word's
// sound: Hungarian's "a" and "az" ("az 5. dominó", "a 7. dominó", "az Anna név"), which a text
// asks for with `{a:name}` ("{A:name}" at a sentence's start): the article, a space, the value.
// No DOM here: i18n.js's `t` fills its texts with it, and tests/web/test_i18n_articles.py runs it
// in Node on the real texts.

/** The vowels a word read in Hungarian may begin with, once its letter's accents are taken off
 * (Latin and Cyrillic: a Russian or Ukrainian name is read as it sounds). */
const VOWELS = new Set("aeiouаэиоуыі");

/**
 * Whether Hungarian reads the whole number `n` (a cardinal, or the ordinal "5." alike) beginning
 * with a vowel: egy, öt, ötven, ötszáz, ezer, ötezer, egymillió; not kettő, tíz, száz, kétezer.
 * @param {number} n
 * @returns {boolean}
 */
export function readWithVowel(n) {
  if (n < 10) return n === 1 || n === 5;
  if (n < 100) return Math.floor(n / 10) === 5;
  if (n < 1000) return Math.floor(n / 100) === 5;
  // Each group of three digits before a scale word (ezer, millió, milliárd) is read first, but a
  // lone thousand is "ezer", not "egyezer".
  for (const [scale, word] of [[1e9, "milliárd"], [1e6, "millió"], [1e3, "ezer"]]) {
    if (n >= /** @type {number} */ (scale)) {
      const lead = Math.floor(n / /** @type {number} */ (scale));
      return lead === 1 && word === "ezer" ? true : readWithVowel(lead);
    }
  }
  return false;
}

/**
 * Hungarian's definite article before `word`: "az" before a vowel's sound, else "a". A number
 * (its digits first, grouped by spaces or not: "1 000") goes by how it is read, a name by its
 * first letter, a Latin one's accents aside (Ödön, Éva, Иван: az; Йосип, Елена: a).
 * @param {string} word
 * @returns {string}
 */
export function hungarianArticle(word) {
  const text = word.trim();
  const digits = /^\d[\d\s\u00a0\u202f]*/.exec(text);
  if (digits) return readWithVowel(Number(digits[0].replace(/\D/g, ""))) ? "az" : "a";
  const letter = (/\p{L}/u.exec(text)?.[0] ?? "").toLowerCase();
  // A Cyrillic letter as it is (й, е, я are read with a "j" first); a Latin one without its accents.
  const first = /\p{Script=Cyrillic}/u.test(letter) ? letter : letter.normalize("NFD").charAt(0);
  return VOWELS.has(first) ? "az" : "a";
}

/** The articles chosen by the word that follows, for the languages that have them in their texts.
 * @type {Record<string, (word: string) => string>} */
const ARTICLES = { hu: hungarianArticle };

/**
 * `template` with its `{name}` placeholders filled from `params`, and each `{a:name}` (`{A:name}`)
 * with the article `language` puts before the value, then the value; a placeholder without its
 * value is left as written.
 * @param {string} template
 * @param {Record<string, string | number>} params
 * @param {string} language
 * @returns {string}
 */
export function fillPlaceholders(template, params, language) {
  return template.replace(/\{(?:([aA]):)?(\w+)\}/g, (whole, article, name) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    const choose = ARTICLES[language];
    if (!article || !choose) return value;
    const chosen = choose(value);
    return `${article === "A" ? chosen.charAt(0).toUpperCase() + chosen.slice(1) : chosen} ${value}`;
  });
}
