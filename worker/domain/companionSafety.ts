/**
 * Keeping the companion's text safe to show: user data printed into an answer cannot become markdown (a pantry
 * item called "[click](javascript:...)" stays text), a model's answer keeps only site links and no HTML or
 * images, and an answer that proposes one of the cook's allergens is caught. Pure; no I/O.
 */
import { allergensIn } from "./recipeTags";

/** Text from the user's data as literal markdown text: one line, markdown punctuation escaped. */
/** Control characters (tabs, NULs, escapes) become spaces: food names and answers never need them. */
function withoutControls(text: string, keepNewlines: boolean): string {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out += (code < 0x20 || code === 0x7f) && !(keepNewlines && (ch === "\n" || ch === "\r")) ? (keepNewlines ? "" : " ") : ch;
  }
  return out;
}

export function escapeMarkdown(text: string): string {
  return withoutControls(text, false)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_{}[\]()#+!|<>~]/g, (ch) => `\\${ch}`);
}

/** Site paths an answer may link to (recipes, pantry, plans, lists, profile); everything else becomes text. */
const SAFE_LINK = /^\/(?!\/)[A-Za-z0-9\-._~/?=&%#]*$/;

export const ASSISTANT_TEXT_MAX = 4000;

/**
 * A model's markdown made safe to store and render: no raw HTML, no images (a remote image is a request the
 * reader never chose), and links only to this site's own paths; control characters removed.
 */
export function sanitizeAssistantMarkdown(text: string): string {
  return withoutControls(text, true)
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?[A-Za-z][^>]*>/g, "")
    .replace(/<(?:https?|ftp|mailto|javascript|data):[^>]*>/gi, "")
    // A link target may hold one level of parentheses ("javascript:alert(1)").
    .replace(/!\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    .replace(/\[([^\]]*)\]\(\s*((?:[^()\s]|\([^()\s]*\))*)(?:\s+"[^"]*")?\s*\)/g, (_, label: string, url: string) => (SAFE_LINK.test(url) ? `[${label}](${url})` : label))
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, "")
    .trim()
    .slice(0, ASSISTANT_TEXT_MAX);
}

/** Words that make a sentence about avoiding something rather than proposing it. */
const CAUTION = /\ballerg|\bavoid|\bwithout\b|-free\b|\bfree of\b|\binstead\b|\bskip|\bleave out\b|\bleft out\b|\bno\b|\bnot\b|\bdon'?t\b|\bnever\b|\bswap|\bsubstitut|\breplace|\bcontains?\b/i;

/**
 * Sentences that name one of the cook's allergens (derived foods included: pesto for nuts) without saying to
 * avoid it. An answer with any is proposing something the cook must not eat.
 */
export function allergenMentions(text: string, allergies: readonly string[]): { allergy: string; sentence: string }[] {
  if (allergies.length === 0) return [];
  const found: { allergy: string; sentence: string }[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const plain = sentence.replace(/[*_`#>]/g, " ").trim();
    if (!plain || CAUTION.test(plain)) continue;
    for (const allergy of allergensIn(plain, allergies)) found.push({ allergy, sentence: plain });
  }
  return found;
}
