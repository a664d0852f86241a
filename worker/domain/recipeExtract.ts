/**
 * Recipe import from a web page: reads schema.org Recipe data (JSON-LD first, microdata second) out of raw HTML,
 * and turns a page into readable text for the AI fallback. Pure: Workers have no DOM, so a small tolerant HTML
 * scanner lives here. No I/O.
 */
import { numberWordValue, parseIngredientLine } from "./ingredients";
import { parseIsoDuration } from "./isoDuration";
import { INGREDIENTS_HEADING, INSTRUCTIONS_HEADING, OTHER_SECTION_HEADING, PART_HEADING, PART_WITHIN } from "./recipeSections";
import { lookupTable } from "./lookup";

export type ExtractedRecipe = {
  title: string;
  description: string | null;
  /** Ingredient lines as written on the page. */
  ingredients: string[];
  /** One step per entry. A HowToSection's name is kept as its own header entry ending in ":" before its steps. */
  instructions: string[];
  /** Minutes. */
  prepTime: number | null;
  cookTime: number | null;
  totalTime: number | null;
  servings: number | null;
  /** Normalised yield text: "4 servings", "24 bars", "2 dozen". */
  yields: string | null;
  imageUrl: string | null;
  author: string | null;
  sourceUrl: string | null;
  cuisine: string | null;
  category: string | null;
  keywords: string[];
  /**
   * Where the recipe was read: JSON-LD, microdata (or RDFa), or with no structured data a recipe plugin's card or the
   * lists under the page's "Ingredients" and "Method" headings.
   */
  method: "json-ld" | "microdata" | "recipe-card" | "page-headings";
  /**
   * The ingredient lines grouped as the page shows them ("For the sauce"); one group without a purpose when the
   * page has no groups. Every line of `ingredients` is in exactly one group.
   */
  ingredientGroups: IngredientGroup[];
};

export type IngredientGroup = { purpose: string | null; ingredients: string[] };

// ---------------------------------------------------------------------------------------------------------------
// 1. Entities and text clean-up
// ---------------------------------------------------------------------------------------------------------------

const LATIN1_ENTITY_NAMES =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro " +
  "para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil " +
  "Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave " +
  "Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml " +
  "igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute " +
  "thorn yuml";

const OTHER_ENTITIES: Readonly<Record<string, number>> = lookupTable({
  amp: 38, lt: 60, gt: 62, quot: 34, apos: 39, OElig: 338, oelig: 339, Scaron: 352, scaron: 353, Yuml: 376,
  fnof: 402, circ: 710, tilde: 732, ensp: 8194, emsp: 8195, thinsp: 8201, zwnj: 8204, zwj: 8205, lrm: 8206,
  rlm: 8207, ndash: 8211, mdash: 8212, lsquo: 8216, rsquo: 8217, sbquo: 8218, ldquo: 8220, rdquo: 8221,
  bdquo: 8222, dagger: 8224, Dagger: 8225, bull: 8226, hellip: 8230, permil: 8240, prime: 8242, Prime: 8243,
  lsaquo: 8249, rsaquo: 8250, euro: 8364, trade: 8482, frac13: 8531, frac23: 8532, frac15: 8533, frac16: 8537,
  frac18: 8539, frac38: 8540, frac58: 8541, frac78: 8542, half: 189, minus: 8722, le: 8804, ge: 8805, larr: 8592,
  rarr: 8594, hearts: 9829, check: 10003, star: 9734, starf: 9733, ast: 42, sol: 47, colon: 58, comma: 44,
  period: 46, lpar: 40, rpar: 41, excl: 33, num: 35, dollar: 36, percnt: 37, plus: 43, equals: 61, quest: 63,
  commat: 64, lsqb: 91, rsqb: 93, lowbar: 95, grave: 96, lcub: 123, rcub: 125, verbar: 124, NewLine: 10, Tab: 9,
  frac25: 8534, frac35: 8535, frac45: 8536, frac56: 8538, frasl: 8260, rsquor: 8217, dash: 8208, hyphen: 8208,
  lbrace: 123, rbrace: 125, bsol: 92, Hat: 94, AMP: 38, LT: 60, GT: 62, QUOT: 34, COPY: 169, REG: 174,
});

const NAMED_ENTITIES: Map<string, string> = (() => {
  const map = new Map<string, string>();
  LATIN1_ENTITY_NAMES.split(" ").forEach((name, index) => map.set(name, String.fromCodePoint(160 + index)));
  for (const [name, code] of Object.entries(OTHER_ENTITIES)) map.set(name, String.fromCodePoint(code));
  return map;
})();

/** Entities browsers accept without the closing semicolon: the legacy Latin-1 names and a few others ("&frac12 cup"). */
const SEMICOLON_OPTIONAL = new Set([...LATIN1_ENTITY_NAMES.split(" "), "amp", "lt", "gt", "quot", "AMP", "LT", "GT", "QUOT", "COPY", "REG"]);

/** Numeric references 128-159 mean windows-1252 characters on real pages. */
const WINDOWS_1252: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6,
  0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a,
  0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*)(;?)/g, (whole, body: string, semi: string) => {
    if (body.startsWith("#")) {
      const hex = body[1] === "x" || body[1] === "X";
      let code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      code = WINDOWS_1252[code] ?? code;
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD";
      return String.fromCodePoint(code);
    }
    const decoded = NAMED_ENTITIES.get(body);
    if (decoded === undefined || (!semi && !SEMICOLON_OPTIONAL.has(body))) return whole;
    return decoded;
  });
}

/** Collapses whitespace (including no-break and zero-width spaces) and trims. */
/** Only the letters and digits of a text, lower-cased: the same words however spaces and line breaks fell. */
function lettersOnly(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

function collapseWhitespace(text: string): string {
  return text.replace(/[\u200b-\u200d\ufeff]/g, "").replace(/[\s\u00a0]+/g, " ").trim();
}

const BLOCK_TAG_PATTERN =
  /<\s*(?:br|\/?(?:p|div|li|ul|ol|h[1-6]|tr|table|section|article|blockquote|pre|dd|dt|dl|figure|figcaption|header|footer))\b[^>]*>/gi;

/**
 * Text from a string that may hold HTML and entities (common inside JSON-LD values). Decoded twice because many
 * CMSs double-encode ("&amp;#39;").
 */
function cleanText(value: string): string {
  let text = decodeEntities(decodeEntities(value));
  if (/<[a-zA-Z/!]/.test(text)) {
    // Block tags separate words; inline tags (<strong>, <a>) sit inside them.
    text = text.replace(/<!--[\s\S]*?-->/g, "").replace(BLOCK_TAG_PATTERN, " ").replace(/<\/?[a-zA-Z][^>]*>/g, "");
    text = decodeEntities(text);
  }
  return collapseWhitespace(text);
}

/** Lines from a string that may hold HTML: block tags and line breaks separate lines, entities decoded. */
export function textLines(value: string): string[] {
  const decoded = decodeEntities(decodeEntities(value)).replace(BLOCK_TAG_PATTERN, "\n");
  return decoded
    .split(/\r?\n|\r/)
    .map((line) => cleanText(line))
    .filter((line) => line.length > 0);
}

// ---------------------------------------------------------------------------------------------------------------
// 2. A tolerant HTML scanner: builds a light element tree the way browsers roughly would
// ---------------------------------------------------------------------------------------------------------------

type HtmlElement = { tag: string; attrs: Record<string, string>; children: HtmlNode[] };
type HtmlNode = HtmlElement | string;

const VOID_TAGS = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr", "keygen",
]);
/** Content is not markup. title and textarea hold text with entities; the rest is kept raw. */
const RAW_TEXT_TAGS = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"]);
const ENTITY_TEXT_TAGS = new Set(["title", "textarea"]);
const CLOSES_PARAGRAPH = new Set([
  "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure", "footer",
  "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre",
  "section", "table", "ul", "li", "dd", "dt",
]);
const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** Elements an implied close of li / dd / dt / p never reaches past. */
const LIST_SCOPE = new Set(["ul", "ol", "menu", "dl", "table", "td", "th", "body", "html", "section", "article", "blockquote", "nav", "form", "template"]);
const BUTTON_SCOPE = new Set(["table", "td", "th", "button", "html", "template", "caption", "object"]);
/**
 * Deepest element the tree keeps, as Chromium's parser caps it: deeper elements become children of the element at
 * this depth. Pages with thousands of unclosed tags would otherwise overflow the stack of every recursive walk.
 */
const MAX_TREE_DEPTH = 512;

function isWhitespaceCode(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: "#root", attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const current = () => stack[stack.length - 1] ?? root;
  // How many of each tag are open, so an implied close skips the walk down a deep stack when none is.
  const open = new Map<string, number>();
  const push = (el: HtmlElement) => {
    stack.push(el);
    open.set(el.tag, (open.get(el.tag) ?? 0) + 1);
  };
  const popTo = (depth: number) => {
    while (stack.length > Math.max(depth, 1)) {
      const tag = stack.pop()?.tag ?? "";
      open.set(tag, (open.get(tag) ?? 1) - 1);
    }
  };

  const appendText = (text: string) => {
    if (!text) return;
    const children = current().children;
    const last = children[children.length - 1];
    if (typeof last === "string") children[children.length - 1] = last + text;
    else children.push(text);
  };
  /** Pops up to and including the nearest open `tags` element, unless a scope boundary comes first. */
  const closeNearest = (tags: Set<string>, boundaries: Set<string>): boolean => {
    if (![...tags].some((tag) => open.get(tag))) return false;
    for (let i = stack.length - 1; i > 0; i--) {
      const tag = stack[i]?.tag ?? "";
      if (tags.has(tag)) {
        popTo(i);
        return true;
      }
      if (boundaries.has(tag)) return false;
    }
    return false;
  };

  const length = html.length;
  let pos = 0;
  while (pos < length) {
    const lt = html.indexOf("<", pos);
    if (lt < 0) {
      appendText(decodeEntities(html.slice(pos)));
      break;
    }
    if (lt > pos) appendText(decodeEntities(html.slice(pos, lt)));
    const next = html[lt + 1] ?? "";

    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      pos = end < 0 ? length : end + 3;
      continue;
    }
    if (next === "!" || next === "?") {
      const end = html.indexOf(">", lt);
      pos = end < 0 ? length : end + 1;
      continue;
    }
    if (next === "/") {
      const match = /^<\/([A-Za-z][^\s/>]*)[^>]*>?/.exec(html.slice(lt, lt + 256));
      if (!match) {
        appendText("<");
        pos = lt + 1;
        continue;
      }
      pos = lt + match[0].length;
      const tag = (match[1] ?? "").toLowerCase();
      if (tag === "body" || tag === "html") continue; // content after them still belongs to the page
      const scoped = tag === "li" || tag === "dd" || tag === "dt" ? LIST_SCOPE : tag === "p" ? BUTTON_SCOPE : null;
      if (scoped) closeNearest(new Set([tag]), scoped);
      else closeNearest(new Set([tag]), new Set());
      continue;
    }
    if (!/[A-Za-z]/.test(next)) {
      appendText("<");
      pos = lt + 1;
      continue;
    }

    // Start tag: name, then attributes (quoted values may contain ">").
    let i = lt + 1;
    while (i < length && !isWhitespaceCode(html.charCodeAt(i)) && html[i] !== ">" && html[i] !== "/") i++;
    const tag = html.slice(lt + 1, i).toLowerCase();
    const attrs: Record<string, string> = Object.create(null);
    let selfClosing = false;
    while (i < length) {
      while (i < length && isWhitespaceCode(html.charCodeAt(i))) i++;
      const ch = html[i];
      if (ch === undefined) break;
      if (ch === ">") {
        i++;
        break;
      }
      if (ch === "/") {
        selfClosing = html[i + 1] === ">";
        i++;
        continue;
      }
      const nameStart = i;
      while (i < length && !isWhitespaceCode(html.charCodeAt(i)) && html[i] !== "=" && html[i] !== ">" && html[i] !== "/") i++;
      if (i === nameStart) i++; // a stray "=" or quote: skip it
      const name = html.slice(nameStart, i).toLowerCase();
      let j = i;
      while (j < length && isWhitespaceCode(html.charCodeAt(j))) j++;
      let value = "";
      if (html[j] === "=") {
        j++;
        while (j < length && isWhitespaceCode(html.charCodeAt(j))) j++;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, j + 1);
          value = html.slice(j + 1, end < 0 ? length : end);
          i = end < 0 ? length : end + 1;
        } else {
          const start = j;
          while (j < length && !isWhitespaceCode(html.charCodeAt(j)) && html[j] !== ">") j++;
          value = html.slice(start, j);
          i = j;
        }
      }
      if (name && !(name in attrs)) attrs[name] = decodeEntities(value);
    }
    pos = i;

    // Implied end tags, roughly as the HTML parsing algorithm does them.
    if (CLOSES_PARAGRAPH.has(tag)) closeNearest(new Set(["p"]), BUTTON_SCOPE);
    if (tag === "li") closeNearest(new Set(["li"]), LIST_SCOPE);
    if (tag === "dd" || tag === "dt") closeNearest(new Set(["dd", "dt"]), LIST_SCOPE);
    if (tag === "td" || tag === "th") closeNearest(new Set(["td", "th"]), new Set(["tr", "table"]));
    if (tag === "tr") closeNearest(new Set(["tr"]), new Set(["table", "tbody", "thead", "tfoot"]));
    if (tag === "option" && current().tag === "option") popTo(stack.length - 1);
    if (HEADING_TAGS.has(tag) && HEADING_TAGS.has(current().tag)) popTo(stack.length - 1);

    const element: HtmlElement = { tag, attrs, children: [] };
    (stack[Math.min(stack.length, MAX_TREE_DEPTH) - 1] ?? root).children.push(element);
    if (VOID_TAGS.has(tag) || selfClosing) continue;
    if (RAW_TEXT_TAGS.has(tag)) {
      const close = new RegExp(`</${tag}\\s*>`, "ig");
      close.lastIndex = pos;
      const found = close.exec(html);
      const raw = html.slice(pos, found ? found.index : length);
      if (raw) element.children.push(ENTITY_TEXT_TAGS.has(tag) ? decodeEntities(raw) : raw);
      pos = found ? found.index + found[0].length : length;
      continue;
    }
    push(element);
  }
  return root;
}

function isElement(node: HtmlNode): node is HtmlElement {
  return typeof node !== "string";
}

function findAll(root: HtmlElement, predicate: (el: HtmlElement) => boolean, out: HtmlElement[] = []): HtmlElement[] {
  for (const child of root.children) {
    if (!isElement(child)) continue;
    if (predicate(child)) out.push(child);
    findAll(child, predicate, out);
  }
  return out;
}

function findFirst(root: HtmlElement, predicate: (el: HtmlElement) => boolean): HtmlElement | null {
  for (const child of root.children) {
    if (!isElement(child)) continue;
    if (predicate(child)) return child;
    const found = findFirst(child, predicate);
    if (found) return found;
  }
  return null;
}

const NON_CONTENT_TAGS = new Set(["script", "style", "noscript", "template", "svg", "iframe", "object", "canvas", "head"]);
const BLOCK_TAGS = new Set([
  ...CLOSES_PARAGRAPH, "br", "tr", "td", "th", "tbody", "thead", "caption", "body", "html", "summary", "option", "label",
]);

/** Marks an inline element's edge while text is gathered (see `spacedEdges`); a private-use character no page writes. */
const INLINE_EDGE = "\uE000";

/**
 * Inline element edges as structured-data readers take them: a space between the texts of adjacent elements
 * ("<span>1/2</span><span>teaspoon</span>" is "1/2 teaspoon"), none before punctuation or after an opening bracket
 * ("<a>garlic</a>, minced"); a space the source already had stays one space.
 */
function spacedEdges(text: string): string {
  return text.replace(/\uE000+/g, (edge: string, offset: number, whole: string) => {
    const before = whole[offset - 1] ?? "";
    // Sticky, from the edge on: no copy of the rest of the text per edge.
    const next = /[\s\uE000]*(.?)/y;
    next.lastIndex = offset + edge.length;
    const after = next.exec(whole)?.[1] ?? "";
    if (/\s/.test(before)) return " ";
    return before === "(" || /^[,:;.!?")]/.test(after) ? "" : " ";
  });
}

/**
 * Text of an element; with `lines`, block elements and <br> start new lines. With `visible`, what the page hides
 * inside it is left out (the visible fallbacks read what a reader sees; structured data is read as written). With
 * `spaced`, inline element edges separate words (`spacedEdges`): how a microdata property's text is read.
 */
function textOf(el: HtmlElement, lines = false, visible = false, spaced = false): string {
  const parts: string[] = [];
  const visit = (node: HtmlElement) => {
    for (const child of node.children) {
      if (!isElement(child)) {
        // A line break in the source is a space on screen; only <br> and block boundaries break lines.
        parts.push(lines ? child.replace(/[\r\n]+/g, " ") : child);
        continue;
      }
      if (NON_CONTENT_TAGS.has(child.tag) || (visible && isHiddenCopy(child))) continue;
      // Block boundaries separate words (or lines); inline boundaries do not, as in a browser's innerText.
      const separator = BLOCK_TAGS.has(child.tag) ? (lines ? "\n" : " ") : spaced ? INLINE_EDGE : "";
      parts.push(separator);
      visit(child);
      parts.push(separator);
    }
  };
  visit(el);
  const text = spaced ? spacedEdges(parts.join("")) : parts.join("");
  if (!lines) return collapseWhitespace(text);
  return text
    .split("\n")
    .map(collapseWhitespace)
    .filter(Boolean)
    .join("\n");
}

/** Every text node under an element, as written (spaces kept). */
function textAsWritten(el: HtmlElement): string {
  return el.children.map((child) => (isElement(child) ? (NON_CONTENT_TAGS.has(child.tag) ? "" : textAsWritten(child)) : child)).join("");
}

function hasDescendant(el: HtmlElement, tag: string): boolean {
  return findFirst(el, (child) => child.tag === tag) !== null;
}

/**
 * The lines of a block that lists them as paragraphs or with <br> (one property holding all of a recipe's
 * ingredients); a paragraph that is only a bold label ("For the dough") heads a group and is not a line.
 */
function blockLines(el: HtmlElement, spaced = false): string[] {
  const paragraphs = findAll(el, (child) => child.tag === "p" && !hasDescendant(child, "p"));
  const blocks = paragraphs.length ? paragraphs.filter((p) => boldLabelText(p) === null) : [el];
  return blocks.flatMap((block) => textOf(block, true, false, spaced).split("\n")).filter(Boolean);
}

/** Innermost list items (items holding a nested list are containers, not entries). */
function leafListItems(el: HtmlElement): HtmlElement[] {
  return findAll(el, (child) => child.tag === "li" && !hasDescendant(child, "li"));
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Tolerant JSON for JSON-LD blocks
// ---------------------------------------------------------------------------------------------------------------

const NON_JSON_VALUE = /^(?:-?Infinity|NaN|undefined)(?![\w$])/;

/**
 * Repairs what hand-written JSON-LD often gets wrong: raw newlines or tabs inside strings, invalid escapes ("\'"),
 * trailing commas, comments, and NaN / Infinity / undefined as values. Quotes inside strings that are not escaped
 * cannot be repaired.
 */
function repairJson(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (inString) {
      if (ch === "\\") {
        const escaped = text[i + 1];
        if (escaped === undefined) break;
        out += '"\\/bfnrtu'.includes(escaped) ? ch + escaped : escaped;
        i++;
      } else if (ch === '"') {
        inString = false;
        out += ch;
      } else if (ch.charCodeAt(0) < 0x20) {
        out += ch === "\n" ? "\\n" : ch === "\t" ? "\\t" : ch === "\r" ? "" : " ";
      } else {
        out += ch;
      }
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end - 1;
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (/[-NIu]/.test(ch) && NON_JSON_VALUE.test(text.slice(i, i + 10)) && !/[\w$]/.test(text[i - 1] ?? "")) {
      // NaN and Infinity (which Python's JSON reader accepts) or undefined from a template: no value.
      const token = NON_JSON_VALUE.exec(text.slice(i, i + 10))?.[0] ?? "";
      out += "null";
      i += token.length - 1;
    } else if (ch === ",") {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j] ?? "")) j++;
      if (text[j] !== "}" && text[j] !== "]") out += ch;
    } else {
      out += ch;
    }
  }
  return out;
}

function parseJsonLenient(raw: string): unknown {
  const text = raw
    .trim()
    .replace(/^(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, "")
    .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)$/, "")
    .trim()
    // A statement's semicolon left after the object by a template.
    .replace(/;+$/, "")
    .trim();
  if (!text) return undefined;
  const attempts = [
    () => JSON.parse(text),
    () => JSON.parse(repairJson(text)),
    // Several objects in one block, with or without commas between them.
    () => JSON.parse(`[${repairJson(text).replace(/}\s*{/g, "},{")}]`),
    // The whole block HTML-escaped ({&quot;@type&quot;: ...}) by a template that escaped it twice.
    () => (/^[[{]\s*&quot;/.test(text) ? (JSON.parse(repairJson(decodeEntities(text))) as unknown) : undefined),
  ];
  for (const attempt of attempts) {
    try {
      return attempt() as unknown;
    } catch {
      // try the next repair
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Reading schema.org values
// ---------------------------------------------------------------------------------------------------------------

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "Recipe", "schema:Recipe", "http://schema.org/Recipe" and "https://schema.org/Recipe/" all name the type Recipe. */
function schemaTypeName(type: string): string {
  const bare = type.trim().replace(/\?.*$/, "").replace(/[/:#]+$/, "");
  return (bare.split(/[/:#]/).pop() ?? "").toLowerCase();
}

function typeNames(node: JsonObject): string[] {
  const raw = node["@type"] ?? node["type"];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === "string").map(schemaTypeName);
}

function hasType(node: JsonObject, type: string): boolean {
  return typeNames(node).includes(type.toLowerCase());
}

function collectObjects(value: unknown, out: JsonObject[], depth = 0): void {
  if (depth > 40) return;
  if (Array.isArray(value)) {
    for (const item of value) collectObjects(item, out, depth + 1);
  } else if (isObject(value)) {
    out.push(value);
    for (const child of Object.values(value)) collectObjects(child, out, depth + 1);
  }
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value.find((v) => v !== null && v !== undefined && v !== "") : value;
}

function textValue(value: unknown): string | null {
  const first = firstOf(value);
  if (typeof first === "string") return cleanText(first) || null;
  if (typeof first === "number") return String(first);
  if (isObject(first)) return textValue(first["name"] ?? first["text"] ?? first["@value"]);
  return null;
}

function listText(value: unknown): string | null {
  const items = (Array.isArray(value) ? value : [value]).map(textValue).filter((v): v is string => Boolean(v));
  return items.length ? [...new Set(items)].join(", ") : null;
}

function absoluteUrl(raw: string, base: string | undefined): string | null {
  const text = raw.trim();
  if (!text || text.startsWith("data:")) return null;
  try {
    const url = base ? new URL(text, base) : new URL(text.startsWith("//") ? `https:${text}` : text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A duration value in minutes; 0 means "not given" on real pages. */
function durationMinutes(value: unknown): number | null {
  const first = firstOf(value);
  let minutes: number | null = null;
  if (typeof first === "number") minutes = first;
  else if (typeof first === "string") minutes = parseIsoDuration(decodeEntities(first));
  else if (isObject(first)) return durationMinutes(first["maxValue"] ?? first["value"] ?? first["minValue"]);
  return minutes !== null && Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : null;
}

// The yield text follows recipe-scrapers' get_yields, the convention most recipe tools and their tests share: the
// first number (after a "4-6" or "4 to 6" range, the number after the dash or "to"), then the longest unit word
// found anywhere in the text ("1 cake (10 slices)" reads "1 cake", "Makes 3 dozen cookies" reads "3 cookies"),
// else "items" for counted things ("Makes 12", "4 porzioni"), else "servings".
const YIELD_UNITS: ReadonlyArray<readonly [string, string]> = [
  ["dozen", "dozen"], ["batch", "batches"], ["cake", "cakes"], ["sandwich", "sandwiches"], ["bun", "buns"],
  ["cookie", "cookies"], ["muffin", "muffins"], ["cupcake", "cupcakes"], ["loaf", "loaves"], ["pie", "pies"],
  ["cup", "cups"], ["pint", "pints"], ["gallon", "gallons"], ["ounce", "ounces"], ["pound", "pounds"],
  ["gram", "grams"], ["liter", "liters"], ["piece", "pieces"], ["layer", "layers"], ["scoop", "scoops"],
  ["bar", "bars"], ["patty", "patties"], ["hamburger bun", "hamburger buns"], ["pancake", "pancakes"],
  ["item", "items"],
];
const COUNTED_THINGS = /\bsandwiches\b|\btacquitos\b|\bmakes\b|\bcups\b|\bappetizer\b|\bporzioni\b|\bcookies\b|\bbuns\b/i;

/** "4 servings", "24 cookies", "1 loaf", "12 items": the page's yield in the shared convention. */
function yieldLabel(text: string): string {
  let rest = text;
  const range = /\p{Nd}+(\s+to\s+|-)\p{Nd}+/iu.exec(rest);
  if (range?.[1]) rest = rest.split(range[1])[1] ?? "";
  const count = /\p{Nd}+/u.exec(rest)?.[0];
  // Without a number ("a big pot") the page's words say more than any count would.
  if (count === undefined) return text;
  const one = Number(count) === 1;
  const lower = rest.toLowerCase();
  let label: string | null = null;
  let bestLength = 0;
  for (const [singular, plural] of YIELD_UNITS) {
    const length = lower.includes(singular) ? singular.length : lower.includes(plural) ? plural.length : 0;
    if (length > bestLength) {
      bestLength = length;
      label = one ? singular : plural;
    }
  }
  if (label) return `${count} ${label}`;
  return COUNTED_THINGS.test(rest) ? `${count} item${one ? "" : "s"}` : `${count} serving${one ? "" : "s"}`;
}

// Words that say a yield counts people rather than pieces, and words for pieces, in the languages pages use.
const SERVING_WORD = String.raw`serv(?:es|ings?)|people|persons?|portions?|personen|portionen|porzioni|persone|porciones|personas|raciones|personnes|porsjoner|portioner|porcj[aei]|porcji`;
const SERVING_WORDS = new RegExp(String.raw`\b(?:${SERVING_WORD})\b`, "i");
const PIECE_WORD = String.raw`dozens?|batch(?:es)?|cakes?|sandwich(?:es)?|buns?|cookies?|muffins?|cupcakes?|loaf|loaves|pies?|cups?|pints?|gallons?|ounces?|pounds?|grams?|liters?|litres?|pieces?|layers?|scoops?|bars?|patt(?:y|ies)|pancakes?|items?|slices?|rolls?|jars?|quarts?|wraps?|tortillas?|dumplings?`;
const PIECE_WORDS = new RegExp(String.raw`\b(?:${PIECE_WORD})\b`, "i");

/**
 * Counts written as words in the other languages yields come in ("quatre portions", "vier Portionen", "seis
 * porciones"), up to twelve; English words come from the ingredient parser's list. "un", "ein" and "uno" are left
 * out: they are as often an article as a count.
 */
const YIELD_NUMBER_WORDS = lookupTable<number>({
  deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
  zwei: 2, drei: 3, vier: 4, "fünf": 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, "zwölf": 12,
  dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, doce: 12,
  due: 2, quattro: 4, sei: 6, otto: 8, dieci: 10, dodici: 12,
  twee: 2, drie: 3, zes: 6,
});

/** "Serves four" as "Serves 4", "Makes two loaves" as "Makes 2 loaves"; words alone ("Makes one big pot") stay words. */
function countInDigits(text: string): string {
  if (/\d/.test(text) || !(SERVING_WORDS.test(text) || PIECE_WORDS.test(text))) return text;
  return text.replace(/\p{L}+/gu, (word) => String(numberWordValue(word) ?? YIELD_NUMBER_WORDS[word.toLowerCase()] ?? word));
}

type YieldInfo = { yields: string | null; servings: number | null; forPeople: boolean };

/**
 * A yield read two ways: the shared yield text, and a count for scaling (a range counts as its upper end, "2 dozen"
 * as 24) with whether it counts people ("Serves 4", "4 Portionen") or pieces ("24 bars", "Makes 12").
 */
function parseYieldText(raw: string): YieldInfo {
  const text = countInDigits(cleanText(raw));
  if (!text) return { yields: null, servings: null, forPeople: false };
  const yields = yieldLabel(text);
  const range = /(\d+)\s*(?:-|–|—|to|bis|à|a)\s*(\d+)/i.exec(text);
  const numberMatch = range ? null : /\d+(?:[.,]\d+)?/.exec(text);
  const count = range ? Number(range[2]) : numberMatch ? Number(numberMatch[0].replace(",", ".")) : null;
  if (count === null || !Number.isFinite(count) || count <= 0) return { yields, servings: null, forPeople: false };
  const lower = text.toLowerCase();
  const people = SERVING_WORDS.test(lower);
  const dozens = !people && /\bdozens?\b/.test(lower);
  const servings = Math.round(dozens ? count * 12 : count);
  const forPeople = people || (!PIECE_WORDS.test(lower) && !/\bmakes\b|\bappetizers?\b/.test(lower));
  return { yields, servings: servings >= 1 && servings <= 1000 ? servings : null, forPeople };
}

function parseYield(value: unknown): YieldInfo {
  const values = (Array.isArray(value) ? value : [value])
    .map((v) => {
      // {"@type": "QuantitativeValue", "value": 6, "unitText": "servings"}
      if (!isObject(v)) return v;
      const amount = firstOf(v["value"] ?? v["maxValue"] ?? v["minValue"]);
      const unit = textValue(v["unitText"] ?? v["unitCode"]);
      return typeof amount === "number" || typeof amount === "string" ? `${amount}${unit ? ` ${unit}` : ""}` : null;
    })
    .filter((v): v is string | number => (typeof v === "string" && v.trim() !== "") || (typeof v === "number" && v > 0));
  // ["4", "4 servings"] and ["1 loaf", "12 slices"]: the first entry is the yield.
  const first = values[0];
  return first === undefined ? { yields: null, servings: null, forPeople: false } : parseYieldText(String(first));
}

/** Servings from a yield as recipe files write it ("4", "4 servings", ["6", "6 portions"]); null for "24 bars". */
export function servingsFromYield(value: unknown): number | null {
  const info = parseYield(value);
  return info.forPeople ? info.servings : null;
}

/** Steps from a block of instruction text, split the way a page's text would be ("1. Heat... 2. Add..."). */
export function instructionStepsFromText(text: string): string[] {
  return stripStepNumbers(stepsFromText(text));
}

// A step number: after a space, or after a comma some CMSs join the steps with ("... lassen. ,2. Eier ..."); followed
// by a space, or straight by Chinese or Japanese text, which puts none ("2.等溶液").
const STEP_MARKER = /(?:^|[\s,;])(?:step\s*)?(\d{1,2})[.):](?:\s+(?=\S)|(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]))/giu;

/** The step numbers in a text when they run 1, 2, 3... (at least two), else null. */
function sequentialMarkers(text: string): RegExpExecArray[] | null {
  const markers = [...text.matchAll(STEP_MARKER)];
  return markers.length >= 2 && markers.every((m, index) => Number(m[1]) === index + 1) ? markers : null;
}

/** Numbered steps written in one paragraph ("1. Heat... 2. Add...") split at their numbers. */
function splitNumberedSteps(line: string, markers = sequentialMarkers(line)): string[] {
  if (!markers) return [line];
  const parts: string[] = [];
  markers.forEach((marker, index) => {
    const start = (marker.index ?? 0) + marker[0].length;
    const end = markers[index + 1]?.index ?? line.length;
    parts.push(line.slice(start, end).replace(/[\s,;]+$/, "").trim());
  });
  const before = line.slice(0, markers[0]?.index ?? 0).trim();
  return [before, ...parts].filter(Boolean);
}

/** Steps glued together when a CMS stripped paragraph tags ("...minutes.Add the..."). */
function splitGluedSentences(line: string): string[] {
  return line
    .split(/(?<=[\p{Ll}\d)%°"”’][.!?])(?=\p{Lu}\p{Ll})/u)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * "1. ", "Step 2: ", or "Step 3 " / "3 " before a capital letter (a label without punctuation, or a table's step-number
 * cell). Only ever dropped when every step carries one, numbered from 1 in order.
 */
const LEADING_STEP_NUMBER = /^(?:(?:(?:[Ss]tep|STEP)\s*)?(\d{1,2})\s+(?=\p{Lu})|(?:(?:[Ss]tep|STEP)\s*)?(\d{1,2})\s*[.):-]\s+)/u;
/** The same, or "5.Carefully" as an author typed it on the page without its space. */
const TYPED_STEP_NUMBER = new RegExp(String.raw`${LEADING_STEP_NUMBER.source.slice(0, -1)}|(\d{1,2})[.)](?=\p{Lu}))`, "u");

/** The number a step opens with ("1." or "Step 1"), if any. */
function numberOf(step: string, pattern = LEADING_STEP_NUMBER): string | undefined {
  const match = pattern.exec(step);
  return match?.[1] ?? match?.[2] ?? match?.[3];
}

/** Drops "1." / "Step 2:" prefixes when every entry carries one in order: the app numbers steps itself. */
function stripStepNumbers(steps: string[]): string[] {
  const numbered = steps.length >= 2 && steps.every((step, index) => numberOf(step) === String(index + 1));
  return numbered ? steps.map((step) => step.replace(LEADING_STEP_NUMBER, "")) : steps;
}

/**
 * Steps read from the page that the author numbered "1.", "2.", "3.": lines after them without a number are what
 * follows the method on the page ("(Recipe adapted from ...)", "posted in"), not steps.
 */
function numberedSteps(steps: string[]): string[] {
  let count = 0;
  while (count < steps.length && numberOf(steps[count] ?? "", TYPED_STEP_NUMBER) === String(count + 1)) count++;
  if (count < 2 || steps.slice(count).some((step) => numberOf(step, TYPED_STEP_NUMBER) !== undefined)) return steps;
  return steps.slice(0, count).map((step) => step.replace(TYPED_STEP_NUMBER, ""));
}

/** Steps from a block of instruction text (a JSON-LD string, a microdata element's text). */
function stepsFromText(text: string): string[] {
  const lines = textLines(text);
  if (lines.length === 1) return splitNumberedSteps(lines[0] ?? "").flatMap(splitGluedSentences);
  // Numbered steps whose line breaks fall elsewhere ("1. Mix...\nor leave it out... 2. Add... 3. Bake"): when the
  // text opens with "1." and holds more numbers than lines, the numbers mark the steps and the breaks do not.
  const joined = lines.join(" ");
  const markers = sequentialMarkers(joined);
  if (markers && markers[0]?.index === 0 && markers.length > lines.length) return splitNumberedSteps(joined, markers);
  return lines;
}

function sectionHeader(name: string): string {
  return /[:.!?]$/.test(name) ? name : `${name}:`;
}

/**
 * Step names that only number the step ("Step 1", "Stap 2", "Schritt 3", "Étape 4", "5."): CMSs fill them in, and
 * recipe tools drop them site by site; a step list of "Step 1", "Preheat...", "Step 2" helps nobody.
 */
const GENERIC_STEP_NAME =
  /^(?:step|stap|schritt|[ée]tape|paso|passo|krok|steg|trin|vaihe|ad[ıi]m|l[ée]p[ée]s|korak|pas|pasul|b[ưu][ớo]c|langkah)?\s*\d{1,2}\s*[.:)]?$/iu;

function instructionSteps(value: unknown, resolve: (v: unknown) => unknown, depth = 0): string[] {
  if (depth > 12 || value === null || value === undefined) return [];
  const resolved = resolve(value);
  // A whole block of text may hold many steps; a string inside a list is one step, like a HowToStep.
  if (typeof resolved === "string") return depth === 0 ? stepsFromText(resolved) : [cleanText(resolved)].filter(Boolean);
  if (Array.isArray(resolved)) {
    // An array holding one long string is the same as a string.
    if (resolved.length === 1 && typeof resolved[0] === "string") return stepsFromText(resolved[0]);
    return resolved.flatMap((item) => instructionSteps(item, resolve, depth + 1));
  }
  if (!isObject(resolved)) return [];
  const elements = resolved["itemListElement"];
  if (hasType(resolved, "HowToSection") || (elements !== undefined && !resolved["text"])) {
    const name = textValue(resolved["name"] ?? resolved["Name"]);
    const steps = instructionSteps(elements ?? resolved["steps"], resolve, depth + 1);
    return name && steps.length ? [sectionHeader(name), ...steps] : steps;
  }
  if (resolved["item"] !== undefined && resolved["text"] === undefined) return instructionSteps(resolved["item"], resolve, depth + 1);
  // A step whose text is a list of sentences: each is a step.
  if (Array.isArray(resolved["text"])) return instructionSteps(resolved["text"], resolve, depth + 1);
  const text = typeof resolved["text"] === "string" ? resolved["text"] : null;
  const name = typeof resolved["name"] === "string" ? cleanText(resolved["name"]) : "";
  const body = text ?? (typeof resolved["description"] === "string" ? resolved["description"] : null);
  if (body === null) return name && !GENERIC_STEP_NAME.test(name) ? [name] : [];
  return namedStep(name, cleanText(body));
}

/**
 * A HowToStep's lines: its name before its text when the name is a heading of its own. Sites often repeat the step
 * text (or a cut of it) as the name, or number it ("Step 1"); neither is a line.
 */
function namedStep(name: string, step: string): string[] {
  const steps = step ? [step] : [];
  if (name && !GENERIC_STEP_NAME.test(name) && !step.startsWith(name.replace(/\.+$/, ""))) return [name, ...steps];
  return steps;
}

function ingredientLines(value: unknown, inList = false): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => ingredientLines(item, true));
  if (typeof value === "string") {
    // An entry of the list is one ingredient even when it wraps ("1 cup flour\n(sifted)"); a lone string holding
    // the whole list has one ingredient per line.
    if (inList) return [cleanText(value)].filter(Boolean);
    return textLines(value);
  }
  if (typeof value === "number") return [String(value)];
  if (isObject(value)) {
    if (hasType(value, "PropertyValue")) {
      const parts = [value["value"], value["unitText"] ?? value["unitCode"], value["name"]]
        .filter((p) => typeof p === "string" || typeof p === "number")
        .map(String);
      const line = cleanText(parts.join(" "));
      return line ? [line] : [];
    }
    const text = textValue(value["text"] ?? value["name"]);
    return text ? [text] : [];
  }
  return [];
}

function keywordList(value: unknown): string[] {
  const raw = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === "string" ? v.split(",") : []));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of raw) {
    const keyword = cleanText(item);
    if (keyword && !seen.has(keyword.toLowerCase())) {
      seen.add(keyword.toLowerCase());
      out.push(keyword);
    }
  }
  return out;
}

function imageFrom(value: unknown, resolve: (v: unknown) => unknown, base: string | undefined, depth = 0): string | null {
  if (depth > 5) return null;
  const resolved = resolve(value);
  if (typeof resolved === "string") return absoluteUrl(decodeEntities(resolved), base);
  if (Array.isArray(resolved)) {
    for (const item of resolved) {
      const url = imageFrom(item, resolve, base, depth + 1);
      if (url) return url;
    }
    return null;
  }
  if (isObject(resolved)) {
    const candidate = resolved["url"] ?? resolved["contentUrl"] ?? resolved["thumbnailUrl"];
    if (candidate !== undefined) return imageFrom(candidate, resolve, base, depth + 1);
    const id = resolved["@id"];
    return typeof id === "string" && /^https?:/i.test(id) && !id.includes("#") ? absoluteUrl(id, base) : null;
  }
  return null;
}

function authorFrom(value: unknown, resolve: (v: unknown) => unknown): string | null {
  const first = resolve(firstOf(value));
  if (typeof first === "string") return cleanText(first) || null;
  if (isObject(first)) {
    const name = resolve(first["name"]);
    return typeof name === "string" ? cleanText(name) || null : textValue(name);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// 5. JSON-LD
// ---------------------------------------------------------------------------------------------------------------

/** The first value that holds something: an empty string or list stands for a missing value ("recipeIngredient": []). */
function present(...values: unknown[]): unknown {
  return values.find(
    (v) => v !== null && v !== undefined && !(typeof v === "string" && v.trim() === "") && !(Array.isArray(v) && v.length === 0),
  );
}

function recipeScore(node: JsonObject): number {
  const ingredients = present(node["recipeIngredient"], node["ingredients"]);
  const instructions = present(node["recipeInstructions"], node["RecipeInstructions"]);
  return (ingredients ? 2 : 0) + (instructions ? 2 : 0) + (node["name"] ? 1 : 0);
}

/** {"@id": "..."} references (common in Yoast @graph output) point at the node that holds the data. */
function idResolver(objects: JsonObject[]): (value: unknown) => unknown {
  const byId = new Map<string, JsonObject>();
  for (const node of objects) {
    const id = node["@id"];
    if (typeof id === "string" && Object.keys(node).some((k) => k !== "@id" && k !== "@type")) {
      if (!byId.has(id)) byId.set(id, node);
    }
  }
  return (value: unknown): unknown => {
    if (isObject(value) && typeof value["@id"] === "string" && Object.keys(value).every((k) => k === "@id" || k === "@type")) {
      return byId.get(value["@id"]) ?? value;
    }
    return value;
  };
}

/** One schema.org Recipe node read into the app's shape. */
function readSchemaRecipe(recipe: JsonObject, resolve: (value: unknown) => unknown, base: string | undefined): ExtractedRecipe {
  const prepTime = durationMinutes(recipe["prepTime"]);
  const cookTime = durationMinutes(recipe["cookTime"]);
  const yieldInfo = parseYield(present(recipe["recipeYield"], recipe["yield"]));
  const sourceUrl = typeof recipe["url"] === "string" ? absoluteUrl(recipe["url"], base) : null;
  return {
    title: textValue(recipe["name"]) ?? textValue(recipe["headline"]) ?? "",
    description: textValue(recipe["description"]),
    ingredients: ingredientLines(present(recipe["recipeIngredient"], recipe["ingredients"])),
    instructions: stripStepNumbers(instructionSteps(present(recipe["recipeInstructions"], recipe["RecipeInstructions"]), resolve)),
    prepTime,
    cookTime,
    totalTime: durationMinutes(recipe["totalTime"]) ?? (prepTime || cookTime ? (prepTime ?? 0) + (cookTime ?? 0) : null),
    servings: yieldInfo.servings,
    yields: yieldInfo.yields,
    imageUrl: imageFrom(recipe["image"], resolve, base),
    author: authorFrom(present(recipe["author"], recipe["Author"], recipe["creator"]), resolve),
    sourceUrl,
    cuisine: listText(recipe["recipeCuisine"]),
    category: listText(recipe["recipeCategory"]),
    keywords: keywordList(recipe["keywords"]),
    method: "json-ld",
    ingredientGroups: [],
  };
}

/**
 * Recipes where a page states its own recipe, in page order: a top-level block (or an entry of a top-level list)
 * that is a Recipe, the first Recipe of a block's @graph, or a WebPage's mainEntity. Recipes nested deeper (a
 * roundup's ItemList, a "related recipes" list) are other recipes the page mentions.
 */
function statedRecipes(blocks: unknown[], resolve: (value: unknown) => unknown): JsonObject[] {
  const stated: JsonObject[] = [];
  for (const item of blocks.flatMap((block) => (Array.isArray(block) ? block : [block]))) {
    if (!isObject(item)) continue;
    if (hasType(item, "Recipe")) {
      stated.push(item);
      continue;
    }
    const graph = item["@graph"];
    const nodes = (Array.isArray(graph) ? graph.flat() : [graph]).map(resolve).filter(isObject);
    const inGraph = nodes.find((node) => hasType(node, "Recipe"));
    const main = resolve(item["mainEntity"]);
    if (inGraph) stated.push(inGraph);
    else if (typeNames(item).some((t) => t.endsWith("webpage")) && isObject(main) && hasType(main, "Recipe")) stated.push(main);
  }
  return stated;
}

/** The chosen recipe with gaps filled from other nodes describing the same recipe (same @id or same name). */
function mergeSameRecipe(chosen: JsonObject, others: JsonObject[]): JsonObject {
  const recipe: JsonObject = { ...chosen };
  for (const node of others) {
    if (node === chosen) continue;
    const sameId = node["@id"] !== undefined && node["@id"] === chosen["@id"];
    const sameName = node["name"] !== undefined && node["name"] === chosen["name"];
    if (!sameId && !sameName) continue;
    for (const [key, value] of Object.entries(node)) if (recipe[key] === undefined) recipe[key] = value;
  }
  return recipe;
}

const isJsonLdScript = (el: HtmlElement) => el.tag === "script" && /ld\+json/i.test(el.attrs["type"] ?? "");
const rawText = (el: HtmlElement) => el.children.filter((c): c is string => typeof c === "string").join("");

function jsonLdRecipe(root: HtmlElement, base: string | undefined): ExtractedRecipe | null {
  // <noscript> is read as raw text, the way a browser running scripts reads it; some pages keep their data there.
  const hidden = findAll(root, (el) => el.tag === "noscript" && rawText(el).includes("ld+json"));
  const scripts = [...findAll(root, isJsonLdScript), ...hidden.flatMap((el) => findAll(parseHtml(rawText(el)), isJsonLdScript))];
  const blocks: unknown[] = [];
  const objects: JsonObject[] = [];
  for (const script of scripts) {
    const raw = rawText(script);
    const parsed = parseJsonLenient(raw);
    if (parsed === undefined) continue;
    blocks.push(parsed);
    collectObjects(parsed, objects);
  }
  const resolve = idResolver(objects);

  const recipes = objects.filter((node) => hasType(node, "Recipe"));
  if (!recipes.length) return null;
  // The first recipe the page states is its own (a page with a main dish and its sauce lists the dish first).
  const stated = statedRecipes(blocks, resolve);
  const first = stated[0] ? mergeSameRecipe(stated[0], [...stated, ...recipes]) : null;
  if (first && recipeScore(first) >= 2) return readSchemaRecipe(first, resolve, base);
  // Otherwise the fullest recipe anywhere in the data.
  let best = recipes[0] as JsonObject;
  for (const node of recipes) if (recipeScore(node) > recipeScore(best)) best = node;
  return readSchemaRecipe(mergeSameRecipe(best, recipes), resolve, base);
}

/**
 * Every schema.org Recipe in parsed JSON-LD (one object, a list, an @graph), each read as a page's would be: for
 * recipe files people export from other apps. Recipes with neither ingredients nor steps are left out.
 */
export function extractRecipesFromJsonLd(value: unknown, base?: string): ExtractedRecipe[] {
  const objects: JsonObject[] = [];
  collectObjects(value, objects);
  const resolve = idResolver(objects);
  return objects
    .filter((node) => hasType(node, "Recipe"))
    .map((node) => readSchemaRecipe(node, resolve, base))
    .filter((recipe) => recipe.ingredients.length > 0 || recipe.instructions.length > 0)
    // A file has no card to show groups: its lines are one group.
    .map((recipe) => ({ ...recipe, ingredientGroups: [{ purpose: null, ingredients: recipe.ingredients }] }));
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Microdata
// ---------------------------------------------------------------------------------------------------------------

// RDFa Lite (vocab="https://schema.org/" typeof="Recipe" property="name") is read the same way as microdata:
// typeof opens an item like itemscope/itemtype, property names a value like itemprop.

/** Whether an element opens an item of its own (microdata itemscope or RDFa typeof). */
function isItemScope(el: HtmlElement): boolean {
  return "itemscope" in el.attrs || "typeof" in el.attrs;
}

function itemTypes(el: HtmlElement): string[] {
  return (el.attrs["itemtype"] ?? el.attrs["typeof"] ?? "").split(/\s+/).map(schemaTypeName);
}

/** An RDFa property in schema.org's vocabulary ("name", "schema:name", "http://schema.org/name"), not "foaf:name". */
const SCHEMA_PROPERTY = /^(?:(?:schema:|https?:\/\/schema\.org\/)?([\w-]+))$/i;

/**
 * Property name -> elements, for one item. Microdata (`itemscope` / `itemprop`) and RDFa (`typeof` / `property`) are
 * read apart, as structured-data readers do: a page marked up with both (Drupal's RDFa around a microdata recipe)
 * must not have an RDFa `typeof` cut the recipe's microdata properties off, nor `foaf:name` read as its name.
 * Nested items keep their own properties.
 */
function itemProperties(scope: HtmlElement): Map<string, HtmlElement[]> {
  const microdata = "itemscope" in scope.attrs;
  const props = new Map<string, HtmlElement[]>();
  const add = (key: string, el: HtmlElement) => {
    const list = props.get(key) ?? [];
    list.push(el);
    props.set(key, list);
  };
  const visit = (el: HtmlElement) => {
    for (const child of el.children) {
      if (!isElement(child)) continue;
      if (microdata) {
        for (const name of (child.attrs["itemprop"] ?? "").split(/\s+/).filter(Boolean)) add(name.split(/[/#:]/).pop()?.toLowerCase() ?? "", child);
        if (!("itemscope" in child.attrs)) visit(child);
      } else {
        for (const name of (child.attrs["property"] ?? "").split(/\s+/)) {
          const key = SCHEMA_PROPERTY.exec(name)?.[1];
          if (key) add(key.toLowerCase(), child);
        }
        if (!("typeof" in child.attrs)) visit(child);
      }
    }
  };
  visit(scope);
  return props;
}

const URL_PROPERTY_ATTRIBUTE: Readonly<Record<string, string>> = lookupTable({
  a: "href", area: "href", link: "href", img: "src", audio: "src", video: "src", source: "src", embed: "src",
  iframe: "src", track: "src", object: "data",
});

/** A URL property's value (an image): a link's or an image's address. */
function propertyUrl(el: HtmlElement): string {
  const urlAttr = el.attrs["content"] === undefined ? URL_PROPERTY_ATTRIBUTE[el.tag] : undefined;
  return urlAttr ? (el.attrs[urlAttr] ?? el.attrs["data-src"] ?? "") : propertyValue(el);
}

/**
 * A text property's value. A link's text, not its address: sites link each ingredient to a page about it
 * (`<a itemprop="recipeIngredient" href="/skladnik/cebula/">cebula</a>`) and the author to a profile.
 */
function propertyValue(el: HtmlElement, lines = false): string {
  if (el.attrs["content"] !== undefined) return el.attrs["content"];
  if (el.tag === "meta") return "";
  // Templates put a machine-readable `datetime` on other tags too (`<p itemprop="cookTime" datetime="PT15M">To Cook</p>`).
  if (el.attrs["datetime"]) return el.attrs["datetime"];
  if ((el.tag === "data" || el.tag === "meter") && el.attrs["value"] !== undefined) return el.attrs["value"];
  return textOf(el, lines, false, true);
}

/** The page's own titles (og:title, <title>, <h1>), letters and digits only. */
function pageTitles(root: HtmlElement): string[] {
  const h1 = findFirst(root, (el) => el.tag === "h1");
  const documentTitle = findFirst(root, (el) => el.tag === "title");
  return [metaContent(root, "og:title"), metaContent(root, "twitter:title"), h1 ? textOf(h1) : null, documentTitle ? textOf(documentTitle) : null]
    .map((title) => lettersOnly(title ?? ""))
    .filter(Boolean);
}

/** A list marked up twice in a row (a page's volume and weight copies both carrying microdata) read once. */
function withoutRepeat(lines: string[]): string[] {
  const half = lines.length / 2;
  return lines.length >= 4 && Number.isInteger(half) && lines.slice(0, half).every((line, i) => line === lines[half + i]) ? lines.slice(0, half) : lines;
}

/**
 * The line of an ingredient item (data-vocabulary's RecipeIngredient) whose name already holds its amount ("1
 * teaspoon salt" beside an amount of "1"): the name, with its preparation; the separate amount repeats or contradicts
 * it. Null for other items, which read as written ("3 cups" "flour").
 */
function amountInName(el: HtmlElement): string | null {
  if (!isItemScope(el)) return null;
  const nested = itemProperties(el);
  const [nameEl] = nested.get("name") ?? [];
  const name = nameEl ? cleanText(propertyValue(nameEl)) : "";
  if (!name || !nested.has("amount") || !/^[\d½¼¾⅓⅔⅛]/.test(name)) return null;
  const [preparationEl] = nested.get("preparation") ?? [];
  const preparation = preparationEl ? cleanText(propertyValue(preparationEl)) : "";
  return preparation ? `${name}, ${preparation}` : name;
}

/** A microdata HowToStep (or a plain step element): its text, after its name when that is a heading of its own. */
function microdataStep(props: Map<string, HtmlElement[]>, el: HtmlElement): string[] {
  const name = props.get("name")?.[0];
  return namedStep(name ? cleanText(propertyValue(name)) : "", cleanText(propertyValue(props.get("text")?.[0] ?? el)));
}

/**
 * The yield's text. A template that marked only the label ("<span itemprop="recipeYield">Yield:</span> 1 cocktail")
 * gives the words after it in the same line.
 */
function yieldText(scope: HtmlElement, el: HtmlElement): string {
  const value = propertyValue(el);
  if (/\d/.test(value) || !/:\s*$/.test(value)) return value;
  const parent = findFirst(scope, (candidate) => candidate.children.includes(el));
  const line = parent ? textOf(parent) : "";
  return line.startsWith(value.trim()) ? line.slice(value.trim().length).trim() || value : value;
}

function microdataRecipe(root: HtmlElement, base: string | undefined): ExtractedRecipe | null {
  const scopes = findAll(root, (el) => isItemScope(el) && itemTypes(el).includes("recipe"));
  if (!scopes.length) return null;
  const candidates = scopes.map((scope) => ({ scope, props: itemProperties(scope) }));
  const score = (props: Map<string, HtmlElement[]>) =>
    (props.has("recipeingredient") || props.has("ingredients") || props.has("ingredient") ? 2 : 0) +
    (props.has("recipeinstructions") || props.has("instructions") ? 2 : 0);
  // A page that shows other recipes as teasers (each marked up as a Recipe with a few tags as ingredients) names its
  // own recipe in its title: among the recipes so named, the fullest; else the fullest of all.
  const titles = pageTitles(root);
  const named = candidates.filter(({ props }) => {
    const nameEl = props.get("name")?.[0];
    const name = nameEl ? lettersOnly(propertyValue(nameEl)) : "";
    return name !== "" && titles.some((title) => title.startsWith(name));
  });
  const pool = named.length ? named : candidates;
  let best = pool[0] as (typeof candidates)[number];
  for (const candidate of pool) if (score(candidate.props) > score(best.props)) best = candidate;
  const props = best.props;

  // One element may carry several of the names (itemprop="ingredients recipeIngredient"): it is read once.
  const all = (...names: string[]) => [...new Set(names.flatMap((name) => props.get(name.toLowerCase()) ?? []))];
  const firstText = (...names: string[]): string | null => {
    for (const el of all(...names)) {
      const nested = isItemScope(el) ? itemProperties(el) : null;
      const nameEl = nested?.get("name")?.[0];
      const value = cleanText(nameEl ? propertyValue(nameEl) : propertyValue(el));
      if (value) return value;
    }
    return null;
  };

  const ingredients = withoutRepeat(
    all("recipeIngredient", "ingredients", "ingredient").flatMap((el) => {
      const items = leafListItems(el);
      if (items.length) return items.map((li) => textOf(li, false, false, true)).filter(Boolean);
      const named = amountInName(el);
      if (named) return [named];
      const block = el.tag !== "li" && el.attrs["content"] === undefined && (hasDescendant(el, "p") || hasDescendant(el, "br"));
      return block ? blockLines(el, true) : [cleanText(propertyValue(el))].filter(Boolean);
    }),
  );

  const instructionElements = all("recipeInstructions", "instructions");
  const instructions = instructionElements.flatMap((el) => {
    if (isItemScope(el)) {
      const nested = itemProperties(el);
      const steps = nested.get("itemlistelement") ?? nested.get("step");
      if (steps?.length) {
        const name = nested.get("name")?.[0];
        const stepTexts = steps.flatMap((step) => microdataStep(itemProperties(step), step));
        const header = name ? cleanText(propertyValue(name)) : "";
        return [...(header ? [sectionHeader(header)] : []), ...stepTexts];
      }
      return microdataStep(nested, el);
    }
    const items = leafListItems(el);
    if (items.length) return items.map((li) => textOf(li, false, false, true)).filter(Boolean);
    const text = propertyValue(el, true);
    // One element holds the whole method; one of several is a step, or steps set apart by <br>.
    return instructionElements.length === 1 ? stepsFromText(text) : text.split("\n").map(cleanText).filter(Boolean);
  });
  // A theme that marked only the first of its numbered step paragraphs ("1. Place the flours...", then "2. Beat...").
  const onlyStep = instructionElements.length === 1 ? instructionElements[0] : undefined;
  if (onlyStep && instructions.length === 1 && /^1\s*[.)]/.test(instructions[0] ?? "")) instructions.push(...numberedAfter(best.scope, onlyStep));

  const imageEl = all("image", "photo")[0];
  let imageUrl: string | null = null;
  if (imageEl) {
    const nested = isItemScope(imageEl) ? itemProperties(imageEl) : null;
    const urlEl = nested?.get("url")?.[0] ?? nested?.get("contenturl")?.[0];
    const raw = propertyUrl(urlEl ?? imageEl);
    imageUrl = absoluteUrl(raw, base);
  }

  const time = (name: string) => {
    const el = all(name)[0];
    return el ? durationMinutes(propertyValue(el)) : null;
  };
  const prepTime = time("prepTime");
  const cookTime = time("cookTime");
  const yieldEl = all("recipeYield", "yield")[0];
  const yieldInfo = yieldEl ? parseYieldText(yieldText(best.scope, yieldEl)) : { yields: null, servings: null, forPeople: false };
  const keywordEls = all("keywords");
  // A template that put the method's property on the ingredient list repeats the ingredients as steps: those are
  // no method, and the page's own steps are read instead.
  const repeatsIngredients = instructions.length > 0 && instructions.length === ingredients.length && instructions.every((step, i) => cleanText(step) === cleanText(ingredients[i] ?? ""));

  return {
    title: firstText("name") ?? "",
    description: firstText("description", "summary"),
    ingredients,
    instructions: repeatsIngredients ? [] : stripStepNumbers(instructions),
    prepTime,
    cookTime,
    // Without a stated total, the page's own label or prep + cook, once the page has filled what it states.
    totalTime: time("totalTime"),
    servings: yieldInfo.servings,
    yields: yieldInfo.yields,
    imageUrl,
    author: firstText("author"),
    sourceUrl: null,
    cuisine: firstText("recipeCuisine"),
    category: firstText("recipeCategory"),
    keywords: keywordList(keywordEls.map((el) => propertyValue(el))),
    method: "microdata",
    ingredientGroups: [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 7. Fallbacks from the visible page, for structured recipes that leave fields out
// ---------------------------------------------------------------------------------------------------------------

/**
 * What the page shows, in order. `depth` counts the containers around a block; an "end" block marks where a
 * container closes, since a bold label's section ends with the container it was written in (a blog post's body),
 * not at the next heading (the "Posted by ..." footer after the post is no step).
 */
type PageBlock =
  | { kind: "heading"; level: number; text: string; depth: number }
  | { kind: "item"; text: string }
  | { kind: "para"; text: string; depth?: number }
  | { kind: "end"; depth: number };

const SKIPPED_REGIONS = new Set(["nav", "footer", "aside", "form", "button", "select", "header", ...NON_CONTENT_TAGS]);

/**
 * A form around the whole page (ASP.NET sites wrap every page in one) is the page, not a search or comment box: it
 * holds the page's <h1>, <main> or <article>.
 */
const pageForms = new WeakMap<HtmlElement, boolean>();
function isPageForm(el: HtmlElement): boolean {
  if (el.tag !== "form") return false;
  let known = pageForms.get(el);
  if (known === undefined) {
    known = findFirst(el, (x) => x.tag === "h1" || x.tag === "main" || x.tag === "article") !== null;
    pageForms.set(el, known);
  }
  return known;
}

/** Regions that are not the recipe: navigation, asides, footers, forms (but not a page-wide one), controls. */
const skippedRegion = (el: HtmlElement) => SKIPPED_REGIONS.has(el.tag) && !isPageForm(el);

/** The words that open an ingredients heading, in the languages read here. */
const INGREDIENT_WORDS = String.raw`(?:ingredients?|zutaten|ingrédients|ingredientes|ingredienti|ingrediënten|ingredienser|składniki)`;
/** "Ingredients for 4 servings:", "Składniki na 5 - 6 porcji:", "Ingredients (20 cookies)": a section's name with its count. */
const INGREDIENTS_FOR_LABEL = new RegExp(String.raw`^${INGREDIENT_WORDS}\b[^\n\d]{0,20}\d+(?:\s*(?:-|–|to|bis)\s*\d+)?\s+(?:${SERVING_WORD}|${PIECE_WORD})\)?\s*:?$`, "iu");

/** Text that is only the name of an ingredients or steps section ("Ingredients:", "Die Zubereitung"), else null. */
function sectionLabel(text: string): string | null {
  if (text.length <= 50 && INGREDIENTS_FOR_LABEL.test(text)) return text;
  // A name is a few words; a label ending in a colon may take a few more ("Wat hebben we nodig:").
  const short = text.length <= 30 && text.split(" ").length <= (text.endsWith(":") ? 5 : 3) && !/[\d.!?]/.test(text);
  return short && (INGREDIENTS_HEADING.test(text) || INSTRUCTIONS_HEADING.test(text)) ? text : null;
}

/** The level of a bold paragraph label: below every heading element. */
const LABEL_LEVEL = 7;

/**
 * Whether a heading ends the section another opened: a heading as high or higher does, but two bold labels are
 * peers only when a real heading opened the section ("Ingredients" then "For the sauce" are both bold on many blogs).
 */
function outranks(inner: { level: number }, top: { level: number }): boolean {
  return inner.level < top.level || (inner.level === top.level && top.level !== LABEL_LEVEL);
}

/** What a layout table's cell holds and a data row's cell does not: the row is then a container, not a line. */
const LAYOUT_CONTENT = new Set(["table", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6"]);

/** Walks already made: one page's blocks are read by the headings tier, the gap filler and the groups. */
const blocksOfPage = new WeakMap<HtmlElement, PageBlock[]>();

/** Headings (and bold labels), innermost list items and paragraph lines in document order. */
function pageBlocks(root: HtmlElement): PageBlock[] {
  const known = blocksOfPage.get(root);
  if (known) return known;
  const blocks: PageBlock[] = [];
  blocksOfPage.set(root, blocks);
  let depth = 0;
  const inside = (visit: () => void) => {
    depth++;
    visit();
    blocks.push({ kind: "end", depth });
    depth--;
  };
  // A line is a heading when it is only bold text ("<b>Ingredients:</b>") or only a section's name ("Method:"), and
  // not a link: a site menu's "Ingredients" entry over its list of ingredient pages is navigation.
  const pushLine = (text: string, bold: boolean, link = false) => {
    // A line set in braces or brackets ("{For the dressing}") is a group's label too.
    const braced = /^[{[]\s*([^{}[\]]+?)\s*[}\]]$/.exec(text)?.[1];
    const label = link ? null : bold ? text : braced && readsAsLabel(braced) ? braced : sectionLabel(text);
    // "Directions: Put everything in the blender." is the section's label, then its first line.
    const led = label === null && !link ? /^([^:]{3,30}:)\s+(\S.*)$/.exec(text) : null;
    const leading = led?.[1] && sectionLabel(led[1]);
    if (label !== null && label.length <= 60) blocks.push({ kind: "heading", level: LABEL_LEVEL, text: label, depth });
    else if (leading && led[2]) {
      blocks.push({ kind: "heading", level: LABEL_LEVEL, text: leading, depth });
      blocks.push({ kind: "para", text: led[2], depth });
    } else if (text) blocks.push({ kind: "para", text, depth });
  };
  /**
   * Text written straight into a container and broken with <br> (old blogs: "<b>Ingredients:</b><br>1 cup flour<br>"):
   * each run of inline content up to a <br> or a block element is a line.
   */
  const looseLines = (el: HtmlElement) => {
    const inLink = isLink(el);
    let parts: string[] = [];
    let allBold = true;
    let allLink = true;
    const flush = () => {
      const text = collapseWhitespace(parts.join(""));
      if (text) pushLine(text, allBold, inLink || allLink);
      parts = [];
      allBold = true;
      allLink = true;
    };
    for (const child of el.children) {
      if (!isElement(child)) {
        if (child.trim()) allBold = allLink = false;
        parts.push(child);
      } else if (child.tag === "br") flush();
      else if (BLOCK_TAGS.has(child.tag) || NON_CONTENT_TAGS.has(child.tag) || skippedRegion(child) || isHiddenCopy(child)) {
        flush();
        visitChild(child);
      } else {
        // An inline element keeps the spaces at its edges ("<b>Pour </b>batter" is "Pour batter").
        const raw = textAsWritten(child);
        const edge = (space: boolean) => (space ? " " : "");
        const inner = textOf(child, true);
        const [first = "", ...rest] = `${edge(/^[\s\u00a0]/.test(raw) && inner !== "")}${inner}${edge(/[\s\u00a0]$/.test(raw))}`.split("\n");
        const bold = child.tag === "b" || child.tag === "strong" || boldLabelText(child) !== null;
        const link = isLinkLine(child);
        if (first.trim() && !bold) allBold = false;
        if (first.trim() && !link) allLink = false;
        parts.push(first);
        for (const line of rest) {
          flush();
          if (line.trim() && !bold) allBold = false;
          if (line.trim() && !link) allLink = false;
          parts.push(line);
        }
      }
    }
    flush();
  };
  /**
   * A table row is a line, like a list item: its cells joined ("225 g" + "butter"). A row of header cells is the
   * table's own heading and a bold row a group label.
   */
  const tableRow = (row: HtmlElement) => {
    const cells = row.children.filter(isElement).filter((cell) => cell.tag === "td" || cell.tag === "th");
    if (!cells.length || cells.every((cell) => cell.tag === "th")) return;
    const label = boldLabelText(row);
    if (label !== null) return pushLine(label, true);
    // A row of links ("More cakes: Lemon drizzle | Shortbread") is navigation, not a line of the recipe.
    const onlyLink = (cell: HtmlElement) => {
      const text = textOf(cell);
      return !text || findAll(cell, (el) => el.tag === "a").some((link) => textOf(link) === text);
    };
    if (cells.every(onlyLink)) return;
    const text = textOf(row);
    if (text) blocks.push({ kind: "item", text });
  };
  const holdsLooseText = (el: HtmlElement) =>
    el.children.some((child) => (isElement(child) ? child.tag === "br" : child.trim() !== ""));
  const visitChild = (child: HtmlElement) => {
    if (skippedRegion(child) || isHiddenCopy(child)) return;
    if (HEADING_TAGS.has(child.tag)) {
      // A heading drawn as an image ("<h3><img alt="Method"></h3>") says what its alternative text says.
      const alt = findFirst(child, (el) => el.tag === "img" && Boolean(el.attrs["alt"]?.trim()))?.attrs["alt"] ?? "";
      blocks.push({ kind: "heading", level: Number(child.tag.slice(1)), text: textOf(child) || cleanText(alt), depth });
    } else if (child.tag === "li" && !hasDescendant(child, "li")) {
      const text = textOf(child, false, true);
      if (text) blocks.push({ kind: "item", text });
    } else if (child.tag === "tr" && !findFirst(child, (el) => LAYOUT_CONTENT.has(el.tag))) {
      tableRow(child);
    } else if (child.tag === "p") {
      // A paragraph that is only a bold label ("<p><strong>Ingredients</strong></p>") or only a section's name
      // ("<p>Method:</p>") heads a section as a heading would; other paragraphs give one block per line, since
      // plain pages often list with <br>.
      const label = boldLabelText(child);
      const link = isLinkLine(child);
      if (label !== null) pushLine(label, true, link);
      else for (const text of textOf(child, true).split("\n")) pushLine(text, false, link);
    } else if (holdsLooseText(child)) {
      inside(() => looseLines(child));
    } else {
      inside(() => {
        for (const grandchild of child.children) if (isElement(grandchild)) visitChild(grandchild);
      });
    }
  };
  for (const child of root.children) if (isElement(child)) visitChild(child);
  return blocks;
}


/**
 * A section of the page under a heading of a kind: where its heading is, where it ends, its lines, and the paragraphs
 * that followed its list in the same section (a method written under the ingredients with no heading of its own).
 */
type HeadingSection = { start: number; end: number; lines: string[]; after: string[] };

/**
 * The list items under each heading of a kind (up to `limit` sections), else its paragraph lines when `paragraphsWhen`
 * accepts them (steps are often paragraphs; ingredients only when the lines carry amounts, not an introduction).
 */
function headingSections(blocks: PageBlock[], heading: RegExp, paragraphsWhen: (lines: string[]) => boolean, limit: number): HeadingSection[] {
  const sections: HeadingSection[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index];
    if (!block || block.kind !== "heading" || block.text.length > 60 || !heading.test(block.text)) continue;
    const items: string[] = [];
    const paragraphs: string[] = [];
    // Headings under the section's own: its parts' names, or, on a page whose editor made every line a heading,
    // the lines themselves.
    const subheadings: string[] = [];
    const partNames = new Set<string>();
    const after: string[] = [];
    // Whether a heading that reads as a line came before any item or paragraph.
    let headingsFirst: true | undefined;
    const peers = { on: false };
    let scope = block.depth;
    let next = index + 1;
    for (; next < blocks.length; next++) {
      const inner = blocks[next];
      if (!inner) break;
      if (inner.kind === "end") {
        if (block.level !== LABEL_LEVEL || inner.depth > scope) continue;
        // A label alone in its own wrapper heads what follows the wrapper, up to the end of the wrapper's parent.
        if (!items.length && !paragraphs.length) scope = inner.depth - 1;
        else break;
        continue;
      }
      if (inner.kind === "heading") {
        const lines = items.length + paragraphs.length + subheadings.length;
        // "Directions" then "Directions for the icing": the same section's second part, its name a line.
        if (heading.test(inner.text) && PART_WITHIN.test(inner.text) && lines > 0) {
          const name = sectionHeader(inner.text);
          if (items.length) items.push(name);
          else if (paragraphs.length) paragraphs.push(name);
          else {
            subheadings.push(name);
            partNames.add(name);
          }
          continue;
        }
        const otherSection = INGREDIENTS_HEADING.test(inner.text) || INSTRUCTIONS_HEADING.test(inner.text) || OTHER_SECTION_HEADING.test(inner.text);
        if (otherSection || (outranks(inner, block) && !namesPart(inner, block, lines) && !peerPart(inner, block, lines, peers))) break;
        if (inner.text) subheadings.push(inner.text);
        headingsFirst ??= items.length + paragraphs.length === 0 && !(inner.text.endsWith(":") && readsAsLabel(inner.text)) ? true : undefined;
        continue;
      }
      if (inner.kind === "item") {
        // Paragraphs that came first are the section ("Directions:" then steps); a list after them is something
        // else, such as a "you might also like" list of links.
        if (!items.length && paragraphs.length >= 2 && paragraphsWhen(paragraphs)) break;
        items.push(inner.text);
      } else {
        paragraphs.push(inner.text);
        if (items.length) after.push(inner.text);
      }
    }
    const lines = subheadings.filter((text) => partNames.has(text) || !(text.endsWith(":") && readsAsLabel(text)));
    const content = lines.filter((text) => !partNames.has(text));
    // Only when such headings outnumber the other lines: part names over lists ("Make the cake") are few.
    const headingLines = headingsFirst === true && content.length >= 2 && content.length > items.length + paragraphs.length && paragraphsWhen(content);
    let found: string[] | null = null;
    if (items.length && !headingLines) found = items;
    else if (paragraphs.length && paragraphsWhen(paragraphs) && !headingLines) found = paragraphs;
    // Every line a heading: the lines are those that are not a group's label ("For the icing:"); a second part's
    // name ("Directions for the icing:") stays, as a section's name does among steps.
    else if (headingLines || (content.length >= 2 && paragraphsWhen(content))) found = lines;
    if (!found) continue;
    sections.push({ start: index, end: next, lines: found, after: found === items ? after : [] });
    if (sections.length >= limit) break;
    index = next - 1;
  }
  return sections;
}

/** The lines under the first heading of a kind that has any (see headingSections). */
function linesUnderHeading(blocks: PageBlock[], heading: RegExp, paragraphsWhen: (lines: string[]) => boolean): string[] {
  return headingSections(blocks, heading, paragraphsWhen, 1)[0]?.lines ?? [];
}

/**
 * Whether a heading as high as the section's own names a part of it instead of ending it ("Ingredients" then "For
 * the tempering", both <h2>): only after the section has lines, and never above the section's level.
 */
function namesPart(inner: { level: number; text: string }, top: { level: number }, linesSoFar: number): boolean {
  return linesSoFar > 0 && inner.level >= top.level && readsAsLabel(inner.text) && PART_HEADING.test(inner.text);
}

/**
 * Whether a heading as high as "Ingredients" names one of its groups: when the first thing under "Ingredients" is
 * such a heading ("<h3>Ingredients</h3><h3>Macadamia Nut Crust</h3><ul>..."), the site sets its group names at the
 * section's own level, and every such label up to the next section is a group's.
 */
function peerPart(inner: { level: number; text: string }, top: { level: number }, linesSoFar: number, peers: { on: boolean }): boolean {
  if (inner.level !== top.level || !readsAsLabel(inner.text)) return false;
  if (linesSoFar === 0) peers.on = true;
  return peers.on;
}

/**
 * Step lines with hard line breaks undone. Text pasted from a recipe program keeps its line breaks as <br>s in the
 * middle of sentences ("Mix dry ingredients &<br>blend into ..."): a line that goes on from an unfinished one (it
 * starts in lower case, with a digit that is not a step number, "(" or "&") joins it.
 */
function joinWrappedLines(lines: string[]): string[] {
  const steps: string[][] = [];
  let previous: string | undefined;
  for (const line of lines) {
    const goesOn = /^(?:\p{Ll}|\d(?!\d*[.):]\s)|[(&])/u.test(line);
    if (previous !== undefined && !/[.!?:;)"”]$/.test(previous) && goesOn) steps[steps.length - 1]?.push(line);
    else steps.push([line]);
    previous = line;
  }
  return steps.map((parts) => parts.join(" "));
}

/** The steps under a "Method" heading. */
const stepsUnderHeading = (blocks: PageBlock[]) => joinWrappedLines(linesUnderHeading(blocks, INSTRUCTIONS_HEADING, () => true));

// Duration words in the languages the section names come in ("60 minute", "1 Stunde 30 Minuten", "45 minutos").
const DURATION_UNIT = String.raw`days?|hours?|hrs?|h|minutes?|mins?|m|stunden?|std|heures?|horas?|ore|ora|uur|minuten|minutos?|minuti|minuty|minut|godz(?:in[ay]?)?`;
const DURATION_TEXT = String.raw`((?:\d[\d\s.,/½¼¾⅓⅔]*\s*(?:${DURATION_UNIT})\b\.?\s*(?:(?:and|und|et|y|e|en|și|si|i)\s+)?)+)`;
// The same labels in other languages, each followed by its duration ("Timp de gătire: 60 minute").
const TIME_LABELS = {
  prep: String.raw`zubereitungszeit|vorbereitungszeit|arbeitszeit|temps de pr[ée]paration|tiempo de preparaci[oó]n|tempo di preparazione|tempo de preparo|bereidingstijd|voorbereidingstijd|czas przygotowania|timp de preg[aă]tire`,
  cook: String.raw`kochzeit|backzeit|garzeit|temps de cuisson|tiempo de cocci[oó]n|tempo di cottura|tempo de cozimento|kooktijd|baktijd|czas (?:gotowania|pieczenia)|timp de g[aă]tire|timp de coacere`,
  total: String.raw`gesamtzeit|temps total|tiempo total|tempo totale|tempo total|totale tijd|czas całkowity|timp total`,
};
const labelledTime = (english: string, other: string) =>
  new RegExp(String.raw`(?:\b${english}\s*(?:time\s*[:\-–]?|[:\-–])|(?<![\p{L}])(?:${other})\s*[:\-–]?)\s*` + DURATION_TEXT, "iu");
const LABELLED_TIME = {
  prep: labelledTime(String.raw`prep(?:aration)?`, TIME_LABELS.prep),
  // Breads and cakes label their oven time "Bake time" / "Baking time": that is the cook time.
  cook: labelledTime(String.raw`(?:cook(?:ing)?|bak(?:e|ing))`, TIME_LABELS.cook),
  // Magazines label the whole time "Start to finish: 1 day" or "Ready in: 45 minutes".
  total: labelledTime(String.raw`(?:total|start to finish|ready in)`, TIME_LABELS.total),
};
// "Czas przygotowania: 15 minut + 30 minut gotowania", "Prep: 15 min + 30 min cooking": the added time is the cooking.
const COOKING_AFTER_PLUS = new RegExp(
  String.raw`(?:\+|\bplus)\s*` + DURATION_TEXT + String.raw`\s*(?:of\s+)?(?:cooking|baking|simmering|gotowania|pieczenia|smażenia|cuisson|kochen|backen)(?![\p{L}])`,
  "iu",
);
const PLUS_DURATION = new RegExp(String.raw`^\s*,?\s*(?:plus|\+)\s+(?:(?:at least|about|up to|overnight or)\s+)?` + DURATION_TEXT, "iu");
// The yield runs to the end of its phrase ("Makes: about 2 dozen", "Makes 1 × 20 cm cake (10 slices)"), so the
// unit word after the number is read, but not the next sentence. "Calories per serving 84" is a nutrition panel;
// its "Servings per recipe: 4" is the yield.
const LABELLED_YIELD =
  /\b(?<!\bper\s)(?:serves|servings?(?:\s+per\s+(?:recipe|batch|container))?|yields?|makes|portions?)\s*[:\-–]?\s*(?:(?:about|approximately|approx\.|around|roughly|up to)\s+)?(\d[^\n.;|]{0,40})/i;

// Japanese, Chinese and Korean pages write servings as "2人分" / "4人前" / "2人份" / "2인분", and the time a dish
// takes as "調理時間 20分" (cooking time) or "所要時間 1時間30分".
const CJK_YIELD = /\d+\s*(?:人分|人前|人份|인분)/;
const CJK_TOTAL_TIME = /(?:調理時間|所要時間|烹饪时间|烹飪時間|조리\s*시간)\s*[:：]?\s*(?:約|约)?\s*(?:(\d+)\s*(?:時間|小时|小時|시간))?\s*(?:(\d+)\s*(?:分|분))?/;

/** Minutes from a "調理時間 20分" label, or null. */
function cjkTotalMinutes(text: string): number | null {
  const match = CJK_TOTAL_TIME.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const minutes = Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
  return minutes > 0 ? minutes : null;
}

// The count the ingredients are for, in their heading ("Ingredients for 4 servings", "Składniki na 5 - 6 porcji:",
// "Ingredients (20 cookies)").
const INGREDIENTS_FOR_LINE = new RegExp(
  String.raw`(?<=^${INGREDIENT_WORDS}\b[^\n\d]{0,20})\d+(?:\s*(?:-|–|to|bis)\s*\d+)?\s+(?:${SERVING_WORD}|${PIECE_WORD})\b`,
  "imu",
);
// A line that is only a count of servings ("4 porcje", "6 Portionen") under a card's heading: the yield, unlabelled.
const COUNTED_YIELD_LINE = new RegExp(String.raw`^\d+(?:\s*(?:-|–|to)\s*\d+)?\s+(?:${SERVING_WORD})\s*$`, "im");

function metaContent(root: HtmlElement, key: string): string | null {
  const el = findFirst(root, (e) => e.tag === "meta" && (e.attrs["property"] === key || e.attrs["name"] === key));
  const content = el?.attrs["content"];
  return content ? cleanText(content) || null : null;
}

/**
 * Steps a page prints with no heading or class to name them: the numbered lists in the part of the page that shows
 * the recipe's ingredient lines (a blog's "<h2>Shells</h2><ul>...</ul><ol>...</ol>" per component). Two or more
 * items, none of them an ingredient line.
 */
function orderedListsBeside(root: HtmlElement, ingredients: string[]): string[] {
  const known = new Set(ingredients.map(groupKey));
  // The paths from the root to the elements that show ingredient lines; their common part ends at the recipe's region.
  const paths: HtmlElement[][] = [];
  const path: HtmlElement[] = [root];
  const visit = (el: HtmlElement) => {
    for (const child of el.children) {
      if (!isElement(child) || NON_CONTENT_TAGS.has(child.tag) || skippedRegion(child)) continue;
      if ((child.tag === "li" || child.tag === "p") && known.has(groupKey(textOf(child)))) paths.push([...path]);
      else {
        path.push(child);
        visit(child);
        path.pop();
      }
    }
  };
  if (!known.size) return [];
  visit(root);
  const [first, ...rest] = paths;
  if (!first) return [];
  const shared = rest.reduce((length, path) => {
    let same = 0;
    while (same < length && path[same] === first[same]) same++;
    return same;
  }, first.length);
  const region = first[shared - 1];
  if (!region) return [];
  const steps = findAll(region, (el) => el.tag === "ol")
    .flatMap((list) => leafListItems(list))
    .map((item) => textOf(item))
    .filter((text) => text && !known.has(groupKey(text)));
  return steps.length >= 2 ? steps : [];
}

/**
 * A page title without the site's name its template appends ("Carrot Salad — My Food Blog", "Soup | Skinnytaste"):
 * the name `og:site_name` gives, or the one the page's own address spells (skinnytaste.com), letters compared.
 */
function withoutSiteName(title: string, siteName: string | null, pageUrl: string | undefined): string {
  const address = pageUrl ? absoluteUrl(pageUrl, undefined) : null;
  const host = address ? (new URL(address).hostname.replace(/^www\./, "").split(".")[0] ?? "") : "";
  const names = [siteName ? lettersOnly(siteName) : "", lettersOnly(host)].filter((name) => name.length >= 3);
  const cut = /^(.+?)\s+(?:[|–—\-·:•]|by)\s+([^|–—·•]+)$/u.exec(title);
  return cut?.[1] && cut[2] && names.includes(lettersOnly(cut[2])) ? cut[1] : title;
}

/**
 * The recipe's own name set over its lines in a post titled more widely ("Morning Buzz Smoothie" in "Coffee 101 +
 * Morning Buzz Smoothie", "Vegetarian Breakfast Sandwich" in "... (and a Sweepstakes!)"): a line of up to twelve
 * words a few lines above the first ingredient whose words the title holds. Else the title.
 */
function ownName(root: HtmlElement, ingredients: string[], title: string): string {
  const first = ingredients[0] ? groupKey(ingredients[0]) : "";
  const titleKey = ` ${groupKey(title)} `;
  if (!first) return title;
  const blocks = pageBlocks(root);
  const at = blocks.findIndex((block) => block.kind !== "end" && groupKey(block.text) === first);
  let seen = 0;
  let below: PageBlock | undefined;
  for (let index = at - 1; index >= 0 && seen < 5; index--) {
    const block = blocks[index];
    if (!block || block.kind === "end") continue;
    seen++;
    const key = groupKey(block.text);
    const named = key.split(" ").length >= 2 && key.split(" ").length <= 12 && ` ${key} ` !== titleKey;
    // A name is held by the title, or heads the recipe's yield line in title case ("Chocolate Chip Cookie Cake" over
    // "Makes 1 cake", not "Adapted from").
    const titleCase = block.text.split(" ").every((word) => word.length < 4 || /^\p{Lu}/u.test(word));
    const overYield = below !== undefined && below.kind !== "end" && LABELLED_YIELD.test(below.text) && titleCase && !/[\d.!?:]/.test(block.text);
    if (named && (titleKey.includes(` ${key} `) || overYield)) return block.text;
    below = block;
  }
  return title;
}

/** Whether an element is only a link to a site's home page (a blog's name in its header). */
function isHomeLink(el: HtmlElement, base: string | undefined): boolean {
  if (!isLinkLine(el)) return false;
  const link = isLink(el) ? el : findFirst(el, isLink);
  const href = link ? absoluteUrl(link.attrs["href"] ?? "", base ?? "https://page.invalid/") : null;
  return href !== null && /^https?:\/\/[^/]+\/?(?:index\.\w+)?$/i.test(href);
}

/**
 * Lines a site's encoding broke ("????????" where the page shows Japanese): most of their characters are question
 * marks or replacement characters. Such lines say nothing, so the visible page is read instead.
 */
function unreadable(lines: string[]): boolean {
  const broken = lines.filter((line) => {
    const letters = line.replace(/[\s\d.,:;()-]/g, "");
    return letters.length > 0 && (letters.match(/[?\uFFFD]/g)?.length ?? 0) * 2 >= letters.length;
  });
  return lines.length > 0 && broken.length * 2 >= lines.length;
}

function fillFromPage(recipe: ExtractedRecipe, root: HtmlElement, base: string | undefined): ExtractedRecipe {
  const filled = { ...recipe };
  if (unreadable(filled.ingredients)) filled.ingredients = [];
  if (unreadable(filled.instructions)) filled.instructions = [];
  // One line without an amount as the whole list ("Vegetables") is a category, not the ingredients: a measured list
  // on the page says more.
  const placeholder = filled.ingredients.length === 1 && !/\d/.test(filled.ingredients[0] ?? "");
  // One line that is the page's whole list run together ("...odsączone i opłukane1–2 łyżki oliwy..."), where a CMS
  // dropped the line breaks: the page's lines are the list.
  const single = filled.ingredients.length === 1 ? (filled.ingredients[0] ?? "") : null;
  if (!filled.ingredients.length || !filled.instructions.length || placeholder || single !== null) {
    const blocks = pageBlocks(root);
    const card = cardLists(root);
    const shown = () => (card.ingredients.length ? card.ingredients : linesUnderHeading(blocks, INGREDIENTS_HEADING, isMeasuredList));
    if (!filled.ingredients.length) filled.ingredients = shown();
    else if (placeholder) {
      const lines = shown();
      if (lines.length >= 3 && isMeasuredList(lines)) filled.ingredients = lines;
    } else if (single !== null) {
      const lines = card.ingredientLines.length ? card.ingredientLines : shown();
      if (lines.length >= 2 && lettersOnly(lines.join("")) === lettersOnly(single)) filled.ingredients = lines;
    }
    if (!filled.instructions.length) {
      // A theme may class its ingredient list "steps" too: a list that repeats the ingredients is not the method.
      const known = new Set(filled.ingredients.map(groupKey));
      const cardSteps = card.instructions.filter((line) => !known.has(groupKey(line))).length * 2 > card.instructions.length;
      const steps = cardSteps ? card.instructions : stepsUnderHeading(blocks);
      filled.instructions = stripStepNumbers(steps.length ? steps : orderedListsBeside(root, filled.ingredients));
    }
  }
  if (filled.prepTime === null || filled.cookTime === null || filled.totalTime === null || filled.yields === null) {
    const text = pageText(root, 200_000);
    const labelled = (pattern: RegExp, waitsToo = false) => {
      const match = pattern.exec(text);
      if (!match?.[1]) return null;
      const minutes = durationMinutes(match[1]);
      if (!waitsToo) return minutes;
      // "Total: 45 mins, plus at least 7 hrs freezing time": the time the dish waits is part of the whole.
      const plus = PLUS_DURATION.exec(text.slice(match.index + match[0].length));
      const more = plus?.[1] ? durationMinutes(plus[1]) : null;
      return minutes !== null && more !== null ? minutes + more : minutes;
    };
    filled.prepTime ??= labelled(LABELLED_TIME.prep);
    filled.cookTime ??= labelled(LABELLED_TIME.cook) ?? labelled(COOKING_AFTER_PLUS);
    filled.totalTime ??=
      labelled(LABELLED_TIME.total, true) ?? cjkTotalMinutes(text) ?? (filled.prepTime || filled.cookTime ? (filled.prepTime ?? 0) + (filled.cookTime ?? 0) : null);
    if (filled.yields === null) {
      const match = LABELLED_YIELD.exec(text) ?? COUNTED_YIELD_LINE.exec(text) ?? INGREDIENTS_FOR_LINE.exec(text) ?? CJK_YIELD.exec(text);
      if (match) {
        // The label is part of the yield: "Makes 24" counts items, "Serves 4" people.
        const { yields, servings } = parseYieldText(match[0]);
        Object.assign(filled, { yields, servings });
      }
    }
  }
  if (!filled.title) {
    // A post's own title (hAtom's "entry-title", Blogger's "post-title") before the first <h1>, which on a blog is
    // often the blog's name, linked to its home page.
    const postTitle = findFirst(root, (el) => hasClass(el, "entry-title", "post-title") && textOf(el) !== "");
    // An <h1> that is only a link names where it leads (a site section, "Fitness & Nutrition"): one of plain text
    // first.
    const h1 = findFirst(root, (el) => el.tag === "h1" && !isLinkLine(el) && textOf(el) !== "") ?? findFirst(root, (el) => el.tag === "h1" && !isHomeLink(el, base));
    // The document's <title> last: it often carries the site's name too, but a recipe with no name is worse.
    const documentTitle = findFirst(root, (el) => el.tag === "title");
    const heading = (postTitle ? textOf(postTitle) : "") || (h1 ? textOf(h1) : "") || (documentTitle ? textOf(documentTitle) : "");
    const shared = metaContent(root, "og:title") ?? metaContent(root, "twitter:title") ?? heading;
    // A sharing title that is the heading plus "Recipe" ("Melon BBQ-Basted Ribs Recipe") is the heading dressed for
    // search results: the heading is the recipe's name.
    const pageTitle = heading && lettersOnly(shared) === `${lettersOnly(heading)}recipe` ? heading : shared;
    filled.title = ownName(root, filled.ingredients, withoutSiteName(pageTitle, metaContent(root, "og:site_name"), base));
  }
  filled.description ??= metaContent(root, "og:description") ?? metaContent(root, "description");
  if (!filled.imageUrl) {
    const image = metaContent(root, "og:image") ?? metaContent(root, "twitter:image");
    filled.imageUrl = image ? absoluteUrl(image, base) : null;
  }
  const canonical = findFirst(root, (el) => el.tag === "link" && /\bcanonical\b/i.test(el.attrs["rel"] ?? "") && Boolean(el.attrs["href"]));
  const canonicalUrl = canonical?.attrs["href"] ? absoluteUrl(canonical.attrs["href"], base) : null;
  filled.sourceUrl = base ? absoluteUrl(base, undefined) : (canonicalUrl ?? filled.sourceUrl);
  return filled;
}

// ---------------------------------------------------------------------------------------------------------------
// 7b. Recipe cards: the lists recipe plugins and themes print (WP Recipe Maker, Tasty Recipes, Mediavine Create,
// "recipe-ingredients" / "recipe-instructions" themes), for pages whose structured data is missing or broken.
// ---------------------------------------------------------------------------------------------------------------

type ClassTest = { test(className: string): boolean };
/**
 * A class-name test: words set off by spaces, hyphens or underscores in any case, or in camel case after a plugin's
 * prefix (EasyRecipe's "ERSIngredients", "recipeIngredients"), where the capital marks the word's start.
 */
function classWords(words: string): ClassTest {
  const separated = new RegExp(String.raw`(?:^|[\s_-])(?:${words})(?:[\s_-]|$)`, "i");
  const camel = new RegExp(String.raw`[a-zA-Z](?:${words.replace(/(^|\|)([a-z])/g, (_m, bar: string, first: string) => bar + first.toUpperCase())})(?=[\s_-]|$)`);
  return { test: (className) => separated.test(className) || camel.test(className) };
}
const CARD_INSTRUCTIONS_CLASS = classWords("instructions?|directions?|method|steps|preparation|procedure");
const CARD_TITLE_CLASS = /(?:^|[\s_-])(?:recipes?-name|recipes?-title|create-title)(?:\s|$)|(?:^|\s)(?:recipeName|recipeTitle|ERSName)(?:\s|$)/i;
/** Checkbox glyphs recipe cards print before each ingredient for screen readers, and bullets typed before lines. */
const LINE_MARKS = /^[\u25a1\u25a2\u2610\u2611\u2612•·▪●◦‣∙]\s*/u;

/** Entries a card list holds: list items, or for steps written as paragraphs, two or more paragraphs. */
function holdsEntries(el: HtmlElement, paragraphs: boolean): boolean {
  if (hasDescendant(el, "li")) return true;
  const texts = findAll(el, (x) => x.tag === "p").map((p) => textOf(p));
  // Steps are often paragraphs; ingredients only when the paragraphs are short measured lines, one per ingredient.
  return paragraphs ? texts.length >= 2 : isMeasuredList(texts) && texts.every((text) => text.length <= 200);
}

/**
 * The outermost element whose class matches, holding entries, and not holding the other kind of list; with the
 * elements of the same tag and class beside it, in order, when a site splits one recipe into parts (an ingredient
 * list, then its steps, then the next part's list and steps, all in one container).
 */
function cardList(root: HtmlElement, wanted: ClassTest, other: ClassTest, paragraphs: boolean): HtmlElement[] {
  const holdsOther = (el: HtmlElement) => findFirst(el, (x) => other.test(x.attrs["class"] ?? "") && !wanted.test(x.attrs["class"] ?? "")) !== null;
  const found: { el: HtmlElement; parent: HtmlElement }[] = [];
  // Navigation, asides and footers are not the recipe, whatever their lists are called.
  const visit = (el: HtmlElement) => {
    for (const child of el.children) {
      if (!isElement(child) || skippedRegion(child)) continue;
      if (wanted.test(child.attrs["class"] ?? "") && holdsEntries(child, paragraphs) && !holdsOther(child)) found.push({ el: child, parent: el });
      visit(child);
    }
  };
  visit(root);
  const first = found.find(({ el }) => !found.some((outer) => outer.el !== el && findFirst(outer.el, (x) => x === el) !== null));
  if (!first) return [];
  const peer = (x: HtmlElement) => x.tag === first.el.tag && x.attrs["class"] === first.el.attrs["class"];
  return found.filter(({ el, parent }) => el === first.el || (parent === first.parent && peer(el))).map(({ el }) => el);
}

/** `display: none` in a style attribute. */
const DISPLAY_NONE = /(?:^|;)\s*display\s*:\s*none\s*(?:!important)?/i;

/**
 * An element the page hides: the other unit system's copy of a list (metric and US tabs), a collapsed duplicate.
 * Only the visible fallbacks skip these; structured microdata is often hidden on purpose and is read as written.
 */
function isHiddenCopy(el: HtmlElement): boolean {
  if (el.attrs["hidden"] !== undefined) return true;
  if (DISPLAY_NONE.test(el.attrs["style"] ?? "")) return true;
  // A tooltip shows on hover only ("Ask the hotline about this ingredient!" inside each line).
  return hasClass(el, "d-none", "tooltip");
}

/** Entries of a card list: its innermost list items (else its paragraphs), and for steps the group headings ("Sauce:"). */
function cardEntries(list: HtmlElement, steps: boolean, lineBreaks = false): string[] {
  const entryTag = hasDescendant(list, "li") ? "li" : "p";
  const entries: string[] = [];
  const visit = (el: HtmlElement) => {
    for (const child of el.children) {
      if (!isElement(child) || NON_CONTENT_TAGS.has(child.tag) || child.tag === "button" || isHiddenCopy(child)) continue;
      if (isGroupHeading(child)) {
        const text = textOf(child);
        if (steps && text && !INSTRUCTIONS_HEADING.test(text)) entries.push(sectionHeader(text));
      } else if (child.tag === entryTag && !hasDescendant(child, entryTag)) {
        // With lineBreaks, an entry's <br>-broken lines are entries of their own.
        // A step's block that is only a link ("Technique: Whisking egg whites", to a video) is not the step's text.
        const entry = steps ? withoutLinkBlocks(child) : child;
        const texts = lineBreaks ? textOf(entry, true, true).split("\n") : [textOf(entry, false, true)];
        for (const text of texts.map((t) => t.replace(LINE_MARKS, "").trim())) if (text) entries.push(text);
      } else visit(child);
    }
  };
  visit(list);
  return entries;
}

function cardLists(root: HtmlElement): { ingredients: string[]; ingredientLines: string[]; instructions: string[] } {
  const ingredients = cardList(root, INGREDIENTS_CLASS, CARD_INSTRUCTIONS_CLASS, false);
  const instructions = cardList(root, CARD_INSTRUCTIONS_CLASS, INGREDIENTS_CLASS, true);
  return {
    ingredients: ingredients.flatMap((list) => cardEntries(list, false)),
    ingredientLines: ingredients.flatMap((list) => cardEntries(list, false, true)),
    instructions: stripStepNumbers(instructions.flatMap((list) => cardEntries(list, true))),
  };
}

/**
 * Whether lines read as an ingredient list: at least two, and most carrying amounts. A product page's
 * "ingredients" (Aqua, Glycerin...) or an article's "what you'll need" of ideas does not.
 */
function isMeasuredList(ingredients: string[]): boolean {
  const measured = ingredients.filter((line) => /[\d½¼¾⅓⅔⅛]/.test(line)).length;
  return ingredients.length >= 2 && measured * 3 >= ingredients.length;
}

/** A recipe read from the visible page alone; times, yield, title and image are filled from the page later. */
function visibleRecipe(title: string, ingredients: string[], instructions: string[], method: "recipe-card" | "page-headings"): ExtractedRecipe {
  return {
    title,
    description: null,
    ingredients,
    instructions,
    prepTime: null,
    cookTime: null,
    totalTime: null,
    servings: null,
    yields: null,
    imageUrl: null,
    author: null,
    sourceUrl: null,
    cuisine: null,
    category: null,
    keywords: [],
    method,
    ingredientGroups: [],
  };
}

/**
 * A recipe from a recipe card alone, when the page has no structured recipe: both an ingredient list and a step
 * list marked by their class names.
 */
function cardRecipe(root: HtmlElement): ExtractedRecipe | null {
  const { ingredients, instructions } = cardLists(root);
  if (!isMeasuredList(ingredients) || !instructions.length) return null;
  const titleEl = hRecipeName(root) ?? findFirst(root, (el) => CARD_TITLE_CLASS.test(el.attrs["class"] ?? ""));
  return visibleRecipe(titleEl ? textOf(titleEl) : "", ingredients, instructions, "recipe-card");
}

const hasClass = (el: HtmlElement, ...names: string[]) => (el.attrs["class"] ?? "").split(/\s+/).some((word) => names.includes(word));
const hRecipeRoot = (root: HtmlElement) => findFirst(root, (el) => hasClass(el, "hrecipe", "h-recipe"));

/**
 * A recipe marked with the hRecipe microformat (older blogs and recipe sites, before schema.org): one `ingredient`
 * element per line, whatever its tag (often spans between `<br>`s), and `instructions` as list items, paragraphs or
 * lines. Its marked `yield` and times are read as written; missing times come from the page's labels.
 */
function hRecipe(root: HtmlElement): ExtractedRecipe | null {
  const recipe = hRecipeRoot(root);
  if (!recipe) return null;
  const ingredientEls = findAll(recipe, (el) => hasClass(el, "ingredient", "p-ingredient"));
  // One `ingredient` element may hold every line, in paragraphs broken with <br> under "For the Dough:" labels.
  const ingredients = ingredientEls
    .filter((el) => !ingredientEls.some((outer) => outer !== el && findFirst(outer, (x) => x === el) !== null))
    .flatMap((el) => (hasDescendant(el, "p") || hasDescendant(el, "br") ? blockLines(el).filter((line) => !(line.endsWith(":") && readsAsLabel(line))) : [textOf(el)]))
    .filter(Boolean);
  const method = findFirst(recipe, (el) => hasClass(el, "instructions", "e-instructions"));
  // Steps each marked `instruction` are the steps, whole: a bold "Make the crust:" over a <br> starts its step, and
  // a cook's note beside them in the method block is not one.
  const marked = method ? findAll(method, (el) => hasClass(el, "instruction")) : [];
  const stepEls = marked.length >= 2 ? marked : method ? leafListItems(method) : [];
  const items = stepEls.map((el) => textOf(withoutLinkBlocks(el))).filter(Boolean);
  // Paragraph steps keep the headings between them ("Dipping Sauce") as section lines, as a card's do.
  const paragraphs = method && hasDescendant(method, "p") ? cardEntries(method, true, true) : method ? blockLines(method) : [];
  const instructions = stripStepNumbers(items.length ? items : paragraphs);
  if (!isMeasuredList(ingredients) || !instructions.length) return null;
  const name = hRecipeName(root);
  const found = visibleRecipe(name ? textOf(name) : "", ingredients, instructions, "recipe-card");
  const yieldEl = findFirst(recipe, (el) => hasClass(el, "yield", "p-yield"));
  const { yields, servings } = yieldEl ? parseYieldText(textOf(yieldEl)) : { yields: null, servings: null };
  // Times by the class names sites added to hRecipe, written in the value-class pattern
  // (`<span class="prepTime"><span class="value-title" title="PT1H"></span>30 mins to 1 hour</span>`).
  const minutesOf = (...classes: string[]) => {
    const el = findFirst(recipe, (x) => hasClass(x, ...classes));
    if (!el) return null;
    const valueTitle = findFirst(el, (x) => hasClass(x, "value-title"))?.attrs["title"];
    return durationMinutes(valueTitle ?? el.attrs["title"] ?? el.attrs["datetime"] ?? textOf(el));
  };
  const prepTime = minutesOf("preptime", "prepTime");
  const cookTime = minutesOf("cooktime", "cookTime");
  const totalTime = minutesOf("totaltime", "totalTime", "duration", "dt-duration");
  return { ...found, yields, servings, prepTime, cookTime, totalTime };
}

/**
 * The name of an hRecipe microformat (older blogs: `class="hrecipe"` around `class="fn"`), not the author's `fn`
 * inside a nested vcard; without one, the recipe's first heading.
 */
function hRecipeName(root: HtmlElement): HtmlElement | null {
  const recipe = hRecipeRoot(root);
  if (!recipe) return null;
  let name: HtmlElement | null = null;
  const visit = (el: HtmlElement) => {
    for (const child of el.children) {
      if (name || !isElement(child) || hasClass(child, "vcard") || hasClass(child, "h-card")) continue;
      if (hasClass(child, "fn") || hasClass(child, "p-name")) name = child;
      else visit(child);
    }
  };
  visit(recipe);
  // Some sites mark the recipe but not its name: the recipe's own first heading, not the page's (the site's name).
  return name ?? findFirst(recipe, (el) => ["h1", "h2", "h3"].includes(el.tag) && textOf(el) !== "");
}

/**
 * A recipe from a plain page: a list under an "Ingredients" heading and steps under a "Method" / "Directions"
 * heading, with no structured data or card classes (hand-written sites, older blogs). Read from the page's own
 * structure, so no model is needed and nothing can be invented.
 */
function headingRecipe(root: HtmlElement): ExtractedRecipe | null {
  const blocks = pageBlocks(root);
  // Every ingredient section, read once: the first is the recipe's list, more of them may be its parts.
  const lists = headingSections(blocks, INGREDIENTS_HEADING, isMeasuredList, 20);
  const section = lists[0];
  let ingredients = section?.lines ?? [];
  if (!isMeasuredList(ingredients)) return null;
  let instructions = stripStepNumbers(stepsUnderHeading(blocks));
  if (!instructions.length) {
    // "Ingredients" over <br> lines and then the method's paragraph, with no heading of its own: the lines end where
    // a sentence starts.
    const cut = ingredients.findIndex((line, index) => index >= 2 && isMethodSentence(line));
    if (cut > 0 && isMeasuredList(ingredients.slice(0, cut))) [ingredients, instructions] = [ingredients.slice(0, cut), ingredients.slice(cut)];
  }
  if (!instructions.length) {
    // A list under "Ingredients" and then the method's paragraphs, with no heading of their own: the paragraphs
    // after the list, when most of them are sentences.
    const after = section?.after ?? [];
    const sentences = after.filter((line) => line.split(" ").length >= 3 && /[.!)]$/.test(line)).length;
    if (after.length >= 2 && sentences * 3 >= after.length * 2) instructions = stripStepNumbers(joinWrappedLines(after));
  }
  const name = hRecipeName(root);
  if (!instructions.length) return null;
  // "Preheat the oven to 375°F." after the last ingredient, with the method's paragraphs after it, is the first step.
  while (ingredients.length > 2 && isOpeningStep(ingredients[ingredients.length - 1] ?? "")) {
    instructions = [ingredients[ingredients.length - 1] ?? "", ...instructions];
    ingredients = ingredients.slice(0, -1);
  }
  return headingParts(blocks, lists) ?? visibleRecipe(name ? textOf(name) : "", ingredients, instructions, "page-headings");
}

/** A line that reads as a step of a method: a sentence of eight words or more, not an amount. */
const isMethodSentence = (line: string) => line.split(" ").length >= 8 && /[.!]$/.test(line) && !/^[\d½¼¾⅓⅔⅛]/.test(line);
/** A short sentence that opens a method ("Preheat the oven to 375°F.", "Grease a 9-inch pan."), not an ingredient. */
const OPENING_STEP = /^(?:preheat|heat|combine|mix|place|bring|whisk|stir|bake|melt|beat|line|grease|prepare|rinse|soak|boil|fill|pour|remove|in a)\b/i;
const isOpeningStep = (line: string) => line.split(" ").length >= 3 && /[.!]$/.test(line) && OPENING_STEP.test(line);

/**
 * A post holding its recipe's parts one after another, each under its own name with its own "Ingredients" and
 * "Method" ("Vanilla Ice Cream", Ingredients, Method; "Berry Sauce", Ingredients, Method): every part, its steps
 * after its name, its ingredients a group. Only when the two kinds of section alternate, one of each per part.
 */
function headingParts(blocks: PageBlock[], lists: HeadingSection[]): ExtractedRecipe | null {
  if (lists.length < 2) return null;
  const methods = headingSections(blocks, INSTRUCTIONS_HEADING, () => true, 20);
  const alternate =
    methods.length === lists.length &&
    lists.every((list, i) => {
      const method = methods[i];
      const nextList = lists[i + 1];
      return method !== undefined && list.end <= method.start && (!nextList || method.end <= nextList.start);
    });
  if (!alternate) return null;
  const parts = lists.map((list, i) => {
    // The part's name: the last heading before its ingredients, after the previous part's method.
    const from = methods[i - 1]?.end ?? 0;
    const named = blocks.slice(from, list.start).reverse().find((b): b is Extract<PageBlock, { kind: "heading" }> => b.kind === "heading" && b.text !== "");
    return { name: named && readsAsLabel(named.text) ? named.text.replace(/:\s*$/, "") : null, ingredients: list.lines, steps: stripStepNumbers(joinWrappedLines(methods[i]?.lines ?? [])) };
  });
  const recipe = visibleRecipe(
    "",
    parts.flatMap((part) => part.ingredients),
    parts.flatMap((part) => (part.name ? [sectionHeader(part.name), ...part.steps] : part.steps)),
    "page-headings",
  );
  recipe.ingredientGroups = parts.map((part) => ({ purpose: part.name, ingredients: part.ingredients }));
  return recipe;
}

/**
 * A recipe written as a bulleted list of measured lines followed straight by a numbered list of steps, with no
 * heading over either (personal blogs: "<p><strong>Earl Grey Latte</strong> Yield: 1 serving</p><ul>...</ul><ol>...");
 * later pairs in the same container are the recipe's parts (a syrup it uses), each named by its bold label.
 */
function listPairRecipe(root: HtmlElement): ExtractedRecipe | null {
  type Pair = { parent: HtmlElement; label: string | null; ingredients: string[]; steps: string[] };
  const pairs: Pair[] = [];
  const itemsOf = (list: HtmlElement) => leafListItems(list).map((li) => textOf(li, false, true)).filter(Boolean);
  const visit = (el: HtmlElement) => {
    const children = el.children.filter(isElement);
    children.forEach((child, index) => {
      if (skippedRegion(child) || isHiddenCopy(child)) return;
      const next = children[index + 1];
      if (child.tag === "ul" && next?.tag === "ol") {
        const ingredients = itemsOf(child);
        const steps = itemsOf(next);
        const measured = ingredients.filter((line) => /^[\d½¼¾⅓⅔⅛]/.test(line)).length;
        if (ingredients.length >= 2 && measured * 3 >= ingredients.length * 2 && steps.length >= 2 && steps.every((step) => step.split(" ").length >= 3)) {
          const before = children[index - 1];
          const bold = before && before.tag === "p" ? findFirst(before, (x) => x.tag === "strong" || x.tag === "b") : null;
          const label = bold ? textOf(bold).replace(/:\s*$/, "") : "";
          pairs.push({ parent: el, label: label && readsAsLabel(label) ? label : null, ingredients, steps });
        }
      }
      visit(child);
    });
  };
  visit(root);
  const first = pairs[0];
  if (!first) return null;
  const parts = pairs.filter((pair) => pair.parent === first.parent);
  const recipe = visibleRecipe("", parts.flatMap((part) => part.ingredients), parts.flatMap((part) => part.steps), "page-headings");
  if (parts.length >= 2) recipe.ingredientGroups = parts.map((part) => ({ purpose: part.label, ingredients: part.ingredients }));
  return recipe;
}

/**
 * A recipe on a page that names nothing: no structured data, card classes or section headings, only a run of
 * ingredient lines (often `<br>` lines, with "For the glaze:" labels) followed by the method's paragraphs, as older
 * blogs print it. Four or more of the lines must carry an amount and a unit, so a numbered article is not a recipe.
 */
function unlabelledRecipe(root: HtmlElement): ExtractedRecipe | null {
  const blocks = pageBlocks(root);
  const words = (text: string) => text.split(" ").length;
  const startsWithAmount = (text: string) => /^[\d½¼¾⅓⅔⅛⅜⅝⅞]/.test(text);
  const parsedUnits = new Map<string, boolean>();
  const measured = (text: string) => {
    if (text.length > 120 || !startsWithAmount(text) || /^\d{1,2}[.)]\s/.test(text)) return false;
    let known = parsedUnits.get(text);
    // A bound on the work for huge pages: a recipe's lines come long before the 2,000th candidate.
    if (known === undefined && parsedUnits.size >= 2_000) return false;
    if (known === undefined) {
      const parsed = parseIngredientLine(text);
      known = parsed.quantity !== null && parsed.unit !== null;
      parsedUnits.set(text, known);
    }
    return known;
  };
  const numberedSentence = (text: string) => /^\d{1,2}[.)]\s/.test(text) && (words(text) > 12 || /[.!?]$/.test(text));
  // A group label ("For the glaze:") or an unmeasured ingredient ("Pepper to taste"): short, not a sentence.
  const shortLine = (text: string) => words(text) <= 6 && !/[.!?]$/.test(text);
  // A longer line without an amount ("zest and juice of one orange (reserve half for the glaze)") between lines that
  // have one is an ingredient too, when it is not a sentence.
  const amidLines = (at: number) => {
    const block = blocks[at];
    const text = block?.kind === "para" ? block.text : "";
    let after = at + 1;
    while (blocks[after]?.kind === "end") after++;
    const next = blocks[after];
    return words(text) <= 16 && !/[.!?]$/.test(text) && next?.kind === "para" && startsWithAmount(next.text);
  };
  for (let start = 0; start < blocks.length; start++) {
    const lines: string[] = [];
    const groups: IngredientGroup[] = [{ purpose: null, ingredients: [] }];
    let units = 0;
    let amounts = 0;
    let next = start;
    for (; next < blocks.length; next++) {
      const block = blocks[next];
      if (!block || block.kind === "end") continue;
      const text = block.text;
      if (block.kind === "heading" ? block.level !== LABEL_LEVEL : !(measured(text) || shortLine(text) || startsWithAmount(text) || amidLines(next))) break;
      // "1. Halve the zucchini crosswise. Cut..." starts the method.
      if (lines.length && numberedSentence(text)) break;
      // Labels head groups; "Serves 8 to 10" above the lines is the yield, read from the page later.
      const label = block.kind === "heading" || (shortLine(text) && text.endsWith(":"));
      if (label && lines.length) groups.push({ purpose: text.replace(/:\s*$/, ""), ingredients: [] });
      if (label || (!measured(text) && LABELLED_YIELD.test(text))) continue;
      // A short line before the first amount is the recipe's name over its list, not an ingredient.
      if (!lines.length && !startsWithAmount(text)) continue;
      if (measured(text)) units++;
      if (startsWithAmount(text) && !/^\d{1,2}[.)]\s/.test(text)) amounts++;
      lines.push(text);
      groups[groups.length - 1]?.ingredients.push(text);
    }
    // Four lines with a unit say "ingredients"; most lines start with an amount ("1 egg", "2 buns" have no unit).
    if (units < 4 || amounts * 3 < lines.length * 2) {
      // The next run starts after this one: every block is looked at once.
      start = Math.max(start, next - 1);
      continue;
    }
    const steps: string[] = [];
    let stepDepth: number | undefined;
    let stepStart = next;
    for (; next < blocks.length; next++) {
      const block = blocks[next];
      if (!block || block.kind === "end") continue;
      if (block.kind === "heading") break;
      // "Serves 10." and "Prep time: 10 min" after the method are the recipe's details, read from the page later.
      if (LABELLED_YIELD.test(block.text) && words(block.text) <= 4) continue;
      if (LABELLED_TIME.prep.test(block.text) || LABELLED_TIME.cook.test(block.text)) break;
      if (words(block.text) < 3) break;
      // The method is written at one level in one form: a line set deeper or shallower is the post's footer ("Linked
      // up at..."), list items after paragraphs are its comments. (A note after numbered steps is dropped later.)
      const first = steps[0] === undefined ? undefined : blocks[stepStart];
      if (first && (block.kind !== first.kind || (block.kind === "para" && block.depth !== stepDepth))) break;
      if (!steps.length) {
        stepDepth = block.kind === "para" ? block.depth : undefined;
        stepStart = next;
      }
      steps.push(block.text);
    }
    if (steps.length >= 2) {
      const recipe = visibleRecipe("", lines, stripStepNumbers(joinWrappedLines(steps)), "page-headings");
      const filled = groups.filter((group) => group.ingredients.length);
      if (filled.length >= 2) recipe.ingredientGroups = filled;
      return recipe;
    }
    start = Math.max(start, next - 1);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// 8. Public API
// ---------------------------------------------------------------------------------------------------------------

/**
 * The schema.org Recipe on a page (JSON-LD, else microdata), with gaps filled from the visible page (ingredient and
 * direction lists under their headings, "Prep: 10 mins" labels, og: tags). Without one, a recipe card's lists, else
 * lists under "Ingredients" and "Method" headings. Null when none of these holds both ingredients and steps: the
 * caller then falls back to the AI on `htmlToText`.
 */
export function extractRecipeFromHtml(html: string, pageUrl?: string): ExtractedRecipe | null {
  // A page may hide its whole recipe until a script shows it (in tabs): when the visible page holds none, the page is
  // read again with what it hides shown.
  return recipeOfPage(parseHtml(html), pageUrl) ?? recipeOfPage(withHiddenShown(parseHtml(html)), pageUrl);
}

/** The tree with every hidden element shown (the `hidden` attribute, `display: none`, `d-none` removed). */
function withHiddenShown(root: HtmlElement): HtmlElement {
  for (const el of findAll(root, isHiddenCopy)) {
    delete el.attrs["hidden"];
    if (el.attrs["style"] !== undefined) el.attrs["style"] = el.attrs["style"].replace(new RegExp(DISPLAY_NONE, "gi"), ";");
    if (el.attrs["class"] !== undefined) el.attrs["class"] = el.attrs["class"].replace(/(?:^|\s)d-none(?=\s|$)/g, " ");
  }
  return root;
}

function recipeOfPage(root: HtmlElement, pageUrl: string | undefined): ExtractedRecipe | null {
  const base = pageUrl && absoluteUrl(pageUrl, undefined) ? pageUrl : undefined;
  let recipe = jsonLdRecipe(root, base);
  // Part names with empty steps ("Filling: ", "", "") are no method: the page's own steps are read instead.
  if (recipe && recipe.instructions.every((line) => /:$/.test(line) && line.split(/\s+/).length <= 6)) recipe.instructions = [];
  const microdata = !recipe || !recipe.ingredients.length || !recipe.instructions.length ? microdataRecipe(root, base) : null;
  if (!recipe) recipe = microdata;
  else if (microdata) {
    // A thin JSON-LD block (name, image, rating) beside the page's microdata: each field it lacks comes from there.
    if (!recipe.ingredients.length) recipe.ingredients = microdata.ingredients;
    if (!recipe.instructions.length) recipe.instructions = microdata.instructions;
    recipe.prepTime ??= microdata.prepTime;
    recipe.cookTime ??= microdata.cookTime;
    recipe.totalTime ??= microdata.totalTime;
    if (recipe.yields === null && microdata.yields !== null) Object.assign(recipe, { yields: microdata.yields, servings: microdata.servings });
  }
  recipe ??= hRecipe(root) ?? cardRecipe(root) ?? headingRecipe(root) ?? unlabelledRecipe(root) ?? listPairRecipe(root);
  if (!recipe) return null;
  if (recipe.method === "page-headings" || recipe.method === "recipe-card") {
    // Lines typed with a bullet ("• 4 eggs") read without it, as a list shows its items.
    const unmarked = (lines: string[]) => lines.map((line) => line.replace(LINE_MARKS, "")).filter(Boolean);
    const ingredientGroups = recipe.ingredientGroups.map((group) => ({ ...group, ingredients: unmarked(group.ingredients) }));
    recipe = { ...recipe, ingredients: unmarked(recipe.ingredients), instructions: numberedSteps(unmarked(recipe.instructions)), ingredientGroups };
  }
  const filled = fillFromPage(recipe, root, base);
  if (!filled.ingredients.length && !filled.instructions.length) return null;
  // A reader that found the parts itself keeps them; the others' groups come from what the page shows.
  const groups = filled.ingredientGroups.length >= 2 ? filled.ingredientGroups : ingredientGroups(root, filled.ingredients, filled.title);
  return { ...filled, ingredientGroups: groups };
}

// ---------------------------------------------------------------------------------------------------------------
// 9. Ingredient groups

/** Elements whose class names an ingredient list ("wprm-recipe-ingredients", "tasty-recipes-ingredients", ...). */
const INGREDIENTS_CLASS = classWords("ingredients?");
/**
 * Class names of group headings across card plugins and themes: "wprm-recipe-group-name", WPZOOM's
 * "ingredient-item-group-title", BEM forms ("ingredients__sectionHeading", "ingredient-group__header") and
 * "ingredient_heading" / ZipList's "ingredient-label", EasyRecipe's "ERSeparator" (not a theme's "list-item--separator",
 * a line between items). Not "ingredients-header": that is the card's own header.
 */
const GROUP_HEADING_CLASS = /(?:group|section)[-_]*(?:name|title|head(?:ing|er)|label)|ingredient[-_]+(?:heading|label)\b|(?:^|\s)ERSeparator(?:\s|$)/i;

/**
 * A group heading inside a card: a heading element, or any element whose class names it one. Some card plugins
 * (WPZOOM's recipe card and themes like it) write the heading as a list item of its own
 * (`<li class="ingredient-item-group-title">`), which is a heading, not an ingredient.
 */
function isGroupHeading(el: HtmlElement, itemKeys?: ReadonlySet<string>): boolean {
  if (HEADING_TAGS.has(el.tag)) return true;
  if (hasDescendant(el, "li")) return false;
  if (GROUP_HEADING_CLASS.test(el.attrs["class"] ?? "")) return true;
  // A list item that is only a bold label ("<li><strong>For the sauce</strong></li>") is how many blogs head a
  // group inside one list; a bold line with an amount, or one the structured data lists, is an ingredient.
  if (el.tag !== "li") return false;
  const label = boldLabelText(el);
  return label !== null && label.length <= 60 && !/\d/.test(label) && !itemKeys?.has(groupKey(label));
}

/** The text of an element when all of it is bold (a <b> or <strong> holding the whole text), else null. */
const isLink = (el: HtmlElement) => el.tag === "a" && el.attrs["href"] !== undefined;

/** Whether an element's text is all one link's ("<a href>Ingredients</a>", "<p><a href>Ingredients</a></p>"). */
function isLinkLine(el: HtmlElement): boolean {
  if (isLink(el)) return true;
  const text = textOf(el);
  const link = findFirst(el, isLink);
  return text !== "" && link !== null && textOf(link) === text;
}

function boldLabelText(el: HtmlElement): string | null {
  const text = textOf(el);
  const bold = el.tag === "b" || el.tag === "strong" ? el : findFirst(el, (x) => x.tag === "b" || x.tag === "strong");
  return text && bold !== null && textOf(bold) === text ? text : null;
}

const groupKey = (text: string) =>
  decodeEntities(text).normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/**
 * Groups of ingredient lines from the page's ingredient card: headings inside the card ("Sauce", "For the
 * topping") start a group, list items belong to the group above them. The structured lines are then placed in the
 * group whose item reads the same; lines the card does not show stay in the group before them.
 */
function ingredientGroups(root: HtmlElement, lines: string[], title: string): IngredientGroup[] {
  const single = [{ purpose: null, ingredients: lines }];
  if (lines.length === 0) return single;
  const filled = (groups: ShownGroup[] | null) => groups?.filter((group) => group.items.length > 0) ?? null;
  const marked = filled(markedGroups(root));
  const card = marked && marked.length >= 2 ? marked : filled(cardGroups(root, new Set(lines.map(groupKey))));
  // A page may print one card per group under its own heading ("<h3>For the rice:</h3><div class="recipe-ingredients">"),
  // so the first card alone shows no groups; the headings over the lists do.
  const headings = card && card.length >= 2 ? [] : (filled(headingGroups(root)) ?? []);
  const shown = headings.length >= 2 ? headings : (card ?? headings);
  const shows = (group: ShownGroup, key: string) =>
    group.items.some((item) => item === key || (item.length > 8 && (item.includes(key) || key.includes(item))));
  const only = shown[0];
  if (shown.length === 1 && only?.purpose && shown === card && sectionLabel(only.purpose) === null && groupKey(only.purpose) !== groupKey(title)) {
    // A recipe card whose one group has a heading ("For the cake") names that group, as card plugins print it and
    // recipe tools read it; only when the card is the recipe's own list (most lines found in it). A heading that
    // repeats the recipe's name names no part of it.
    const found = lines.filter((line) => shows(only, groupKey(line))).length;
    return found * 2 >= lines.length ? [{ purpose: only.purpose, ingredients: lines }] : single;
  }
  if (shown.length < 2) return single;
  const groups: IngredientGroup[] = shown.map((group) => ({ purpose: group.purpose, ingredients: [] }));
  // A card showing exactly as many lines as the structured data lists shows the same lines in the same order, even
  // where it writes them differently ("1 tablespoon oil" for "1 tbsp oil"): place them by position.
  const byPosition = shown.reduce((count, group) => count + group.items.length, 0) === lines.length;
  let current = 0;
  const labels = new Set(shown.map((group) => (group.purpose ? groupKey(group.purpose) : "")));
  lines.forEach((line, index) => {
    const key = groupKey(line);
    // A group's label the structured data lists among its lines heads the group; it is not one of its lines.
    if (labels.has(key) && !byPosition) return;
    // Lines come in the card's order: a line two groups show ("1 tsp vanilla" in cake and frosting) is in the
    // current group or a later one.
    let at = shown.findIndex((group, i) => i >= current && shows(group, key));
    if (at < 0) at = shown.findIndex((group) => shows(group, key));
    if (byPosition) {
      let before = index;
      at = shown.findIndex((group) => (before -= group.items.length) < 0);
    }
    if (at >= 0) current = at;
    groups[current]?.ingredients.push(line);
  });
  return groups.filter((group) => group.ingredients.length > 0);
}

type ShownGroup = { purpose: string | null; items: string[] };

/** Groups in a recipe plugin's ingredient card (WP Recipe Maker, Tasty Recipes, Mediavine Create and the like). */
function cardGroups(root: HtmlElement, itemKeys: ReadonlySet<string>): ShownGroup[] | null {
  // The outermost ingredient list holds every group.
  const cards = cardList(root, INGREDIENTS_CLASS, CARD_INSTRUCTIONS_CLASS, false);
  if (!cards.length) return null;
  const shown: ShownGroup[] = [{ purpose: null, items: [] }];
  const plainLabels = new Set(cards.flatMap((card) => [...plainListLabels(card)]));
  let headerSeen = false;
  // A card lists its lines as list items, or (without any) as paragraphs, as cardEntries reads them.
  let entryTag = "li";
  const isEntry = (el: HtmlElement) =>
    el.tag === entryTag && !hasDescendant(el, entryTag) && !isGroupHeading(el, itemKeys) && (entryTag === "li" || (boldLabelText(el) === null && !plainLabels.has(el)));
  const visit = (el: HtmlElement) => {
    for (const child of el.children) {
      // A button is a control ("1x 2x 3x"), unless it is a group's header that folds the group away.
      if (!isElement(child) || NON_CONTENT_TAGS.has(child.tag) || (child.tag === "button" && !GROUP_HEADING_CLASS.test(child.attrs["class"] ?? ""))) continue;
      if (isEntry(child)) {
        shown[shown.length - 1]?.items.push(groupKey(textOf(child, false, true)));
        continue;
      }
      // A heading, or a bold label outside the lists ("<b>For the Vinaigrette:</b>", "<p><strong>Sauce</strong></p>"),
      // starts a group; other text between the lists (unit switches, "1x 2x 3x" buttons) does not.
      const boldLabel = ["b", "strong", "p", "span", "div", "dt"].includes(child.tag) && boldLabelText(child) !== null;
      const label = isGroupHeading(child, itemKeys) || (!hasDescendant(child, "li") && boldLabel) || plainLabels.has(child);
      if (label && !hasDescendant(child, "li")) {
        const purpose = textOf(withoutControls(child)).replace(/:\s*$/, "").trim();
        // The first heading above every line, when it starts as an Ingredients heading does ("Ingredients (US cup
        // = 240 ml)", "Zutaten"), is the card's own header; a later one names a group ("Zutaten für 6 Portionen").
        // A header like the groups' own ("Składniki na bulion", then "Pozostałe składniki") is the first group's.
        const cardHeader =
          !headerSeen && shown.length === 1 && shown[0]?.items.length === 0 && INGREDIENTS_HEADING.test(purpose) && !cards.some((card) => hasPeer(card, child));
        headerSeen ||= cardHeader;
        if (purpose && purpose.length <= 80 && !cardHeader && !/^ingredients?$/i.test(purpose)) shown.push({ purpose, items: [] });
        continue;
      }
      visit(child);
    }
  };
  for (const card of cards) {
    entryTag = hasDescendant(card, "li") ? "li" : "p";
    visit(card);
  }
  return shown;
}

const INGREDIENT_PROPS = new Set(["recipeingredient", "ingredients", "ingredient"]);
/** An unmarked list item, or emphasis over `<br>` lines ("<p><em>Crust</em><br /><span itemprop=...>"), labels a group. */
const GROUP_LABEL_TAGS = new Set(["li", "em", "i", "strong", "b", "u"]);
const isMarkedIngredient = (el: HtmlElement) => (el.attrs["itemprop"] ?? "").toLowerCase().split(/\s+/).some((name) => INGREDIENT_PROPS.has(name));

/**
 * Groups in a list whose ingredients carry microdata: an item of the same list without the mark, short and without
 * an amount ("<li>FILLING</li>" among `itemprop="ingredient"` items, or "<em>Crust</em>"), heads the items after it.
 */
function markedGroups(root: HtmlElement): ShownGroup[] | null {
  const lists = findAll(root, (el) => el.children.some((child) => isElement(child) && isMarkedIngredient(child)));
  if (!lists.length) return null;
  const shown: ShownGroup[] = [{ purpose: null, items: [] }];
  for (const list of lists) {
    for (const child of list.children) {
      if (!isElement(child) || NON_CONTENT_TAGS.has(child.tag)) continue;
      const text = textOf(child);
      // A marked item that is only a bold label ("<li itemprop="ingredients"><span class="bold">Wraps</span></li>")
      // heads a group though the plugin marked it as a line.
      const boldItem = isMarkedIngredient(child) && readsAsLabel(text) && (boldLabelText(child) !== null || findFirst(child, (el) => hasClass(el, "bold", "strong") && textOf(el) === text) !== null);
      if (boldItem) shown.push({ purpose: text.replace(/:\s*$/, ""), items: [] });
      else if (isMarkedIngredient(child)) shown[shown.length - 1]?.items.push(groupKey(text));
      else if (GROUP_LABEL_TAGS.has(child.tag) && readsAsLabel(text)) shown.push({ purpose: text.replace(/:\s*$/, ""), items: [] });
    }
  }
  return shown;
}

/**
 * The numbered paragraphs after an element's block that continue its "1.": "2. ...", "3. ...", each a sibling of the
 * block holding the element.
 */
function numberedAfter(root: HtmlElement, el: HtmlElement): string[] {
  const path: HtmlElement[] = [];
  const find = (node: HtmlElement): boolean => {
    if (node === el) return true;
    for (const child of node.children) {
      if (isElement(child) && find(child)) {
        path.push(node);
        return true;
      }
    }
    return false;
  };
  if (!find(root)) return [];
  // path runs from the element's parent up to the root; each step up, the siblings after the one holding it.
  let inner = el;
  for (const parent of path) {
    const siblings = parent.children.filter(isElement).filter((child) => textOf(child) !== "");
    const after = siblings.slice(siblings.indexOf(inner) + 1);
    if (after.length) {
      const steps: string[] = [];
      for (const sibling of after) {
        const text = textOf(sibling);
        if (!new RegExp(String.raw`^${steps.length + 2}\s*[.)]\s`).test(text)) break;
        steps.push(text);
      }
      return steps;
    }
    inner = parent;
  }
  return [];
}

/** Whether another element of a card has the same tag and classes as this one (a group header's peers). */
function hasPeer(card: HtmlElement, el: HtmlElement): boolean {
  const classes = el.attrs["class"] ?? "";
  return classes !== "" && findFirst(card, (x) => x !== el && x.tag === el.tag && x.attrs["class"] === classes) !== null;
}

/** An element without the blocks inside it that are only a link. */
function withoutLinkBlocks(el: HtmlElement): HtmlElement {
  const children = el.children.filter((child) => !isElement(child) || !BLOCK_TAGS.has(child.tag) || !isLinkLine(child));
  return { ...el, children: children.map((child) => (isElement(child) ? withoutLinkBlocks(child) : child)) };
}

/** An element without the buttons inside it: a card header's "1x 2x 3x" switches are not part of its name. */
function withoutControls(el: HtmlElement): HtmlElement {
  const children = el.children.filter((child) => !isElement(child) || child.tag !== "button");
  return { ...el, children: children.map((child) => (isElement(child) ? withoutControls(child) : child)) };
}

/** A line that reads as a group's label, not a sentence or an ingredient: short, no amount, a colon or few words. */
function readsAsLabel(text: string): boolean {
  return text.length > 0 && text.length <= 60 && !/\d/.test(text) && !/[.!?]$/.test(text) && (text.endsWith(":") || text.split(" ").length <= 5);
}

/**
 * Plain paragraphs that label the lists of a card ("<p>For the cake</p><ul>...</ul><p>For the glaze</p><ul>..."):
 * short, no amount, each right before a list: at least two of them (one plain line above a list is as often a note
 * or a unit switch), or one that sits between two lists and reads as a label, not a sentence.
 */
function plainListLabels(card: HtmlElement): Set<HtmlElement> {
  const labels = new Set<HtmlElement>();
  const betweenLists = new Set<HtmlElement>();
  const isList = (el: HtmlElement | undefined) => el?.tag === "ul" || el?.tag === "ol";
  const visit = (el: HtmlElement) => {
    const elements = el.children.filter(isElement);
    elements.forEach((child, index) => {
      const text = child.tag === "p" && isList(elements[index + 1]) ? textOf(child) : "";
      if (text && text.length <= 60 && !/\d/.test(text)) {
        labels.add(child);
        if (isList(elements[index - 1]) && readsAsLabel(text)) betweenLists.add(child);
      } else visit(child);
    });
  };
  visit(card);
  return labels.size >= 2 ? labels : betweenLists;
}

/**
 * Groups under an "Ingredients" heading: lower headings inside the section name the groups, and so do plain label
 * lines ("<p><em>Crust</em></p>" over a list, "For the beans:" over lines broken with <br>).
 */
function headingGroups(root: HtmlElement): ShownGroup[] {
  const blocks = pageBlocks(root);
  const start = blocks.findIndex((block) => block.kind === "heading" && block.text.length <= 60 && INGREDIENTS_HEADING.test(block.text));
  const top = blocks[start];
  if (!top || top.kind !== "heading") return [];
  const section: PageBlock[] = [];
  let lines = 0;
  const peers = { on: false };
  for (const block of blocks.slice(start + 1)) {
    const ends = (heading: { level: number; text: string }) => outranks(heading, top) && !namesPart(heading, top, lines) && !peerPart(heading, top, lines, peers);
    if (block.kind === "heading" && (ends(block) || INSTRUCTIONS_HEADING.test(block.text) || OTHER_SECTION_HEADING.test(block.text))) break;
    section.push(block);
    if (block.kind === "item" || block.kind === "para") lines++;
  }
  // Without list items the lines are paragraphs (old blogs break one paragraph with <br>).
  const lineKind = section.some((block) => block.kind === "item") ? "item" : "para";
  const labels = labelLines(section, lineKind);
  const shown: ShownGroup[] = [{ purpose: null, items: [] }];
  // A list of its own with no label after a named group's list ("Equipment: a tart pan" under the filling's list) is
  // not the filling's: a list ended when two or more items in a row were followed by the end of their container.
  let run = 0;
  let listEnded = false;
  for (const block of section) {
    if (block.kind === "end") {
      listEnded ||= run >= 2;
      run = 0;
      continue;
    }
    const current = shown[shown.length - 1];
    if (block.kind === "heading" || labels.has(block)) shown.push({ purpose: block.text.replace(/:\s*$/, ""), items: [] });
    else if (block.kind === lineKind) {
      if (lineKind === "item" && listEnded && current?.purpose && current.items.length) shown.push({ purpose: null, items: [] });
      shown[shown.length - 1]?.items.push(groupKey(block.text));
      run++;
    }
    listEnded = false;
  }
  return shown;
}

/**
 * Paragraph lines of an ingredients section that label the lines after them: short, no amount, not a sentence.
 * Over lists, at least two of them or one between two lists (as in a card); among paragraph lines only one ending
 * in a colon ("For the soup:"), since a line such as "Salt and pepper" is an ingredient.
 */
function labelLines(section: PageBlock[], lineKind: "item" | "para"): Set<PageBlock> {
  const candidates: PageBlock[] = [];
  const betweenLists: PageBlock[] = [];
  let previous: PageBlock | undefined;
  section.forEach((block, index) => {
    if (block.kind === "end") return;
    let after = index + 1;
    while (section[after]?.kind === "end") after++;
    const next = section[after];
    const text = block.kind === "para" ? block.text : "";
    if (readsAsLabel(text) && next?.kind === lineKind && (lineKind === "item" || text.endsWith(":"))) {
      candidates.push(block);
      if (previous?.kind === "item") betweenLists.push(block);
    }
    previous = block;
  });
  return new Set(lineKind === "para" || candidates.length >= 2 ? candidates : betweenLists);
}

function isNavigationHeader(header: HtmlElement): boolean {
  return hasDescendant(header, "nav") || hasDescendant(header, "a") || header.attrs["role"] === "banner";
}

const MAIN_TEXT_SKIPPED = new Set([...NON_CONTENT_TAGS, "nav", "footer", "aside", "form", "button", "select", "dialog"]);

function pageText(region: HtmlElement, maxChars: number): string {
  const lines: string[] = [];
  let size = 0;
  let buffer = "";
  const flush = () => {
    const line = collapseWhitespace(buffer);
    buffer = "";
    if (!line) return;
    lines.push(line);
    size += line.length + 1;
  };
  const visit = (el: HtmlElement, insideContent: boolean, preformatted = false) => {
    for (const child of el.children) {
      if (size > maxChars) return;
      if (!isElement(child)) {
        // Preformatted text keeps its lines (a recipe posted as plain text in <pre>).
        const [first = "", ...rest] = preformatted ? child.split(/\r?\n/) : [child];
        buffer += first;
        for (const line of rest) {
          flush();
          buffer += line;
        }
        continue;
      }
      if (MAIN_TEXT_SKIPPED.has(child.tag) && !isPageForm(child)) continue;
      // A site header (menus, logo link) is navigation; a header inside an article or main, or one without links
      // such as a recipe card's header with its times and yield, is content.
      if (child.tag === "header" && !insideContent && isNavigationHeader(child)) continue;
      // What the page hides (the other unit system's copy, decorative glyphs) is not what a reader sees.
      if (isHiddenCopy(child) || child.attrs["aria-hidden"] === "true") continue;
      const block = BLOCK_TAGS.has(child.tag);
      if (block) flush();
      if (child.tag === "li") buffer += "- ";
      visit(child, insideContent || child.tag === "article" || child.tag === "main", preformatted || child.tag === "pre");
      if (block) flush();
    }
  };
  visit(region, region.tag === "article" || region.tag === "main");
  flush();
  const text = lines.join("\n");
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const lastBreak = cut.lastIndexOf("\n");
  return lastBreak > maxChars * 0.8 ? cut.slice(0, lastBreak) : cut;
}

/**
 * Readable main text of a page for the AI fallback: scripts, styles, navigation, footers and forms dropped, entities
 * decoded, whitespace collapsed, one block per line, list items as "- ". Uses <main> (or the largest <article>) when it
 * holds the bulk of the page, and starts with the page title.
 */
export function htmlToText(html: string, maxChars = 20_000): string {
  const root = parseHtml(html);
  const body = findFirst(root, (el) => el.tag === "body") ?? root;
  const bodyLength = textOf(body).length;
  const main = findFirst(body, (el) => el.tag === "main" || el.attrs["role"] === "main");
  const articles = findAll(body, (el) => el.tag === "article")
    .map((el) => ({ el, length: textOf(el).length }))
    .sort((a, b) => b.length - a.length);
  let region = body;
  if (main && textOf(main).length >= 200) region = main;
  else if (articles[0] && articles[0].length >= 200 && articles[0].length >= bodyLength * 0.3) region = articles[0].el;

  const titleEl = findFirst(root, (el) => el.tag === "title");
  const title = titleEl ? collapseWhitespace(textOf(titleEl)) : "";
  const text = pageText(region, maxChars);
  const combined = title && !text.startsWith(title) ? `${title}\n${text}` : text;
  return combined.length <= maxChars ? combined : combined.slice(0, maxChars);
}
