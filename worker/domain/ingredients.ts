/**
 * Free-text ingredient lines ("2 1/2 cups flour, sifted") to structured parts and back. Pure; never throws.
 *
 * The parser reads, in order: a measure (quantity or range, size notes such as "(14 oz)" or "28-ounce", size
 * words, a unit, "of"), then the name region, which is split into the name, its preparation ("finely chopped")
 * and comments ("to taste", "or beef", "large"). Lines written name-first ("Spaghetti: 320 g", "White wine
 * 1/4 cup") are turned around first.
 */
import { convert, normalizeUnit, unitKind, unitLabel } from "./units";
import { lookupTable } from "./lookup";

export type ParsedIngredient = {
  input: string;
  /** 2.5 for "2 1/2"; the low end of a range; null when the line gives no amount. */
  quantity: number | null;
  /** 4 for "3-4"; null when not a range. */
  quantityMax: number | null;
  /** Canonical unit (units.ts), null for count-only items ("2 eggs"). */
  unit: string | null;
  name: string;
  preparation: string | null;
  comment: string | null;
};

// ---------------------------------------------------------------------------------------------------------------
// 1. Word lists

const UNICODE_FRACTIONS: Readonly<Record<string, string>> = lookupTable({
  "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5", "⅘": "4/5",
  "⅙": "1/6", "⅚": "5/6", "⅐": "1/7", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8", "⅑": "1/9", "⅒": "1/10",
});

const NUMBER_WORDS: Readonly<Record<string, number>> = lookupTable({
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11,
  twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, hundred: 100,
});

/** 4 for "four": a count written as an English word, or undefined. */
export function numberWordValue(word: string): number | undefined {
  return NUMBER_WORDS[word.toLowerCase()];
}

/** Words that say how big each item is; kept as a comment, never part of the name. */
const SIZE_WORDS = new Set([
  "large", "medium", "small", "big", "jumbo", "extra-large", "xl", "medium-size", "medium-sized", "small-size",
  "small-sized", "large-size", "large-sized", "medium-large", "medium-small", "smallish", "largish", "heaping",
  "heaped", "level", "scant", "generous", "rounded", "good-size", "good-sized", "thin", "thick", "overfilled",
]);

/** "2 normal sized cucumbers": words that are a size only before "size(d)" (as is any hyphenated "walnut-sized"). */
const SIZED_PHRASE = /^\s*(?:normal|regular|average|decent|fair|full)\s+sized?(?![A-Za-z])/i;

/** "Up to 1/3 cup water": the amount is the most to use. */
const UP_TO = /^up\s+to\s+(?=\d|\.\d|an?\s|one\b)/i;
/** Leading words that only say the amount is rough. */
const APPROXIMATORS = /^(?:about|approximately|approx\.?|around|roughly|circa|ca\.|~|±|\+\/-)\s*/i;

const CONTAINER_UNITS = new Set(["can", "jar", "package", "bottle", "box", "bag", "container", "envelope", "tube"]);

/** Units that can stand first without a number and still mean one of them ("Pinch of salt"). */
const IMPRECISE_UNITS = new Set(["pinch", "dash", "handful", "splash", "knob", "thumb", "drop"]);

/** What a cook does to an ingredient: read as preparation. */
const PREP_WORDS = new Set([
  "chopped", "minced", "diced", "sliced", "grated", "shredded", "crushed", "ground", "peeled", "seeded",
  "deseeded", "grounded", "pitted", "cored", "halved", "quartered", "trimmed", "rinsed", "drained", "washed", "scrubbed",
  "melted", "softened", "beaten", "whisked", "sifted", "packed", "toasted", "roasted", "cooked", "uncooked",
  "thawed", "defrosted", "cubed", "julienned", "mashed", "pureed", "puréed", "crumbled", "shaved", "slivered",
  "torn", "hulled", "stemmed", "zested", "juiced", "squeezed", "smashed", "snipped", "cut", "deveined",
  "shelled", "blanched", "boiled", "hard-boiled", "hard-cooked", "soft-boiled", "steamed", "split", "separated",
  "sectioned", "segmented", "skinned", "boned", "deboned", "flaked", "cleaned", "picked", "prepared", "scalded",
  "warmed", "heated", "cooled", "soaked", "reconstituted", "dissolved", "sieved", "strained", "whipped",
  "finely", "thinly", "coarsely", "roughly", "lightly", "freshly", "very", "well", "firmly", "loosely",
  "thickly", "evenly", "fine", "then", "and", "roughly-chopped", "finely-chopped", "pounded",
  "butterflied", "trussed", "patted", "charred", "broiled", "poached", "sauteed", "sautéed", "seared", "braised",
  "grilled", "crisped", "scraped", "debearded", "rehydrated", "refrigerated",
]);

/** Describing words that are not part of what you buy: read as comments. */
const DESCRIPTOR_WORDS = new Set([
  "fresh", "ripe", "firm", "plump", "good", "good-quality", "high-quality", "best-quality", "top-quality",
  "quality", "organic", "kosher", "coarse", "flaky", "extra-virgin", "canned", "tinned", "frozen",
  "granulated", "whole", "pure", "plain", "boneless", "skinless", "lean", "extra-lean", "store-bought",
  "homemade", "home-made", "thin", "thick", "thick-cut", "thin-cut", "cold", "warm", "lukewarm", "chilled",
  "ice-cold", "room-temperature", "unflavored", "unflavoured", "unsweetened", "low-fat", "nonfat", "non-fat",
  "fat-free", "reduced-fat", "low-sodium", "reduced-sodium", "no-salt-added", "dried", "stale", "day-old",
  "assorted", "young", "tender", "crisp", "seedless", "free-range", "grass-fed", "pasture-raised", "sharp",
  "extra-sharp", "mild", "tart", "crispy", "crunchy", "optional", "dry-packed", "oil-packed", "best", "nice", "ready-made",
  "bone-in", "skin-on", "reserved", "leftover", "bottled", "imported", "domestic", "rich", "unbleached", "bleached",
  "whole-milk", "part-skim", "full-fat", "extra-firm", "center-cut", "smooth", "creamy", "chunky", "double-acting",
  "quick-cooking", "old-fashioned", "concentrated", "double-concentrated", "medium-roast", "dark-roast", "light-roast", "french-roast", "brewed",
]);

/**
 * "ground" stays in the name for meat (ground beef is something you buy, ground cinnamon is cinnamon) and for
 * ginger, whose ground form is another pantry item than the fresh root.
 */
const GROUND_KEEPS = new Set(["beef", "pork", "turkey", "chicken", "lamb", "veal", "meat", "sausage", "bison", "chuck", "ginger"]);
/** "hot water" is water; "hot Italian sausage" and "sweet Italian sausage" are Italian sausage. */
const HOT_STRIPS = new Set(["water", "milk", "coffee", "tea", "stock", "broth", "italian", "brewed"]);
const SWEET_STRIPS = new Set(["butter", "italian"]);
/**
 * Canned Italian tomatoes are tomatoes (so the NYT labels read them); Italian sausage, parsley or seasoning are
 * products of their own and keep the word.
 */
const ITALIAN_STRIPS = new Set(["tomatoes", "tomato", "plum"]);
const STRONG_STRIPS = new Set(["coffee", "tea", "brewed", "espresso"]);
/** What a potato or a chicken is meant for says which to buy, but names the same food: a baking potato is a potato. */
const USE_WORDS = new Set(["baking", "boiling", "cooking", "eating", "frying", "roasting", "stewing", "braising"]);
const USE_HEADS = new Set(["potato", "potatoes", "apple", "apples", "pear", "pears", "onion", "onions", "chicken", "chickens", "hen", "hens", "beef"]);
/** Preparation words that name a product sold as such: roasted red peppers come in jars, whipped cream in cans. */
const PREP_KEEPS: Readonly<Record<string, ReadonlySet<string>>> = lookupTable({
  roasted: new Set(["red", "pepper", "peppers"]),
  whipped: new Set(["cream", "topping"]),
});
/** Words after "dry" that make it part of the name: a dry white wine is a kind of wine, dry bread crumbs are crumbs. */
const DRY_KEEPS = new Set(["white", "red", "rose", "rosé", "sherry", "vermouth", "marsala", "madeira", "riesling", "wine", "mustard", "yeast"]);
/** Words after "light" or "dark" that make it part of the name (brown sugar and corn syrup are sold light or dark). */
const SHADE_KEEPS = new Set(["brown", "corn", "rum", "chocolate", "cream", "beer", "meat", "molasses"]);
const WHOLE_KEEPS = new Set(["wheat", "grain", "grains", "wheat-flour", "bean", "beans"]);

/**
 * Words that modify a shared head noun in "veal or beef stock" (name "stock"); other first alternatives are whole
 * names ("cream or creme fraiche" keeps "cream").
 */
const SHARED_HEAD_MODIFIERS = new Set([
  "chicken", "beef", "veal", "vegetable", "pork", "turkey", "fish", "duck", "lamb", "seafood", "mushroom", "red",
  "white", "green", "yellow", "black", "brown", "golden", "purple", "pinto", "kidney", "navy", "cannellini",
  "regular", "low-fat", "nonfat", "whole", "skim", "reduced-fat", "full-fat", "light", "dark", "peanut", "canola",
  "sunflower", "safflower", "grapeseed", "fresh", "dried", "frozen", "canned", "sweet", "hot", "mild",
  "spicy", "smoked", "unsalted", "salted", "sweetened", "unsweetened", "plain", "greek", "flat-leaf", "curly",
  "italian", "french", "spanish", "mexican", "asian", "chinese", "japanese", "thai", "english", "american",
  "homemade", "store-bought", "jalapeno", "jalapeño", "serrano", "habanero", "poblano", "long-grain",
  "short-grain", "medium-grain", "kirsch", "raw", "cooked", "large", "small", "medium", "semisweet", "bittersweet",
]);
/**
 * Foods that modify a shared noun only when it is made from them: "olive or vegetable oil" and "corn or flour
 * tortillas" share the noun, "corn or green peas" names corn.
 */
const SOURCE_MODIFIERS = new Set(["corn", "olive", "walnut", "sesame", "avocado", "almond", "coconut", "hazelnut", "rice", "soy", "oat", "peanut"]);
const SOURCE_PRODUCTS = new Set(["oil", "oils", "flour", "milk", "butter", "tortillas", "tortilla", "noodles", "vinegar", "meal", "syrup", "starch"]);

/** Whether `word` modifies a noun shared by alternatives ending in `head` ("chicken or beef stock"). */
function sharesHead(word: string, head: string): boolean {
  const key = wordKey(word);
  return SHARED_HEAD_MODIFIERS.has(key) || (SOURCE_MODIFIERS.has(key) && SOURCE_PRODUCTS.has(wordKey(head)));
}

/** Phrases that end the name: everything from them on is a comment. */
const COMMENT_MARKERS = [
  "to taste", "for", "as needed", "as required", "as desired", "as necessary", "if desired", "if needed",
  "if necessary", "if using", "if you like", "if available", "optional", "plus", "or more", "or less",
  "or to taste", "or as needed", "or so", "such as", "like", "preferably", "ideally", "about", "approximately",
  "divided", "weighing", "to yield", "to serve", "see note", "see below", "with", "in", "at least", "+",
  "each", "per", "from about", "used", "as a", "as garnish", "to", "of your choice", "of choice", "of any kind",
  "of any variety", "of some kind", "of your favorite variety", "of your favourite variety", "of your favorite kind",
  "of your favourite kind", "you want", "to your taste", "that", "which", "q.b", "from half", "from a", "from an",
  "from the", "from one", "without", "on the(?!\\s+cob)", "by",
];

/** Phrases that end the name and begin a preparation. */
const PREP_MARKERS = ["at room temperature", "room temperature", "cut into", "cut in", "sliced into", "torn into", "broken into"];

/** Words before "of" that are part of the food's name: "leg of lamb", "cream of tartar", "hearts of palm". */
const NAMED_BY_PART = new Set([
  "leg", "legs", "rack", "racks", "loin", "loins", "shoulder", "shoulders", "saddle", "crown", "eye", "cream",
  "heart", "hearts", "oil", "cut", "cuts", "rest", "mix", "mixture", "juice", "zest",
]);

/** Pieces a weighed or measured food comes in, written before "of" and the food: "a pound fillet of sole". */
const PIECE_OF = /^((?:fillets?|filets?|slices?|chunks?|pieces?|cubes?|florets?|strips?|wedges?|steaks?))\s+of\s+(?=[A-Za-z])/i;

/** Count units that also appear after the name ("2 garlic cloves", "3 celery stalks"). */
const TRAILING_UNITS = new Set(["clove", "stalk", "sprig", "head", "bunch", "slices", "stick", "fillet"]);

const DIMENSION_UNITS = /^(?:inch|inches|in\.?|cm|mm|centimet(?:er|re)s?|millimet(?:er|re)s?|")(?![a-z])/i;

// ---------------------------------------------------------------------------------------------------------------
// 2. Numbers and measures

/** A number read from text; `mixedWhole` is the whole part of a mixed number ("2" of "2 1/2"). */
type NumberRead = { value: number; length: number; mixedWhole?: number };

/** Reads one number at the start of `s`: "2 1/2", "1/2", "1.5", "1,5", "1,000", ".5", "one", "half". */
function readNumber(s: string): NumberRead | null {
  let m = /^(\d+)\s+(?:and\s+)?(\d+)\s*\/\s*(\d+)(?![\d/])/.exec(s);
  if (m && Number(m[3]) > 0 && Number(m[2]) < Number(m[3])) {
    return { value: Number(m[1]) + Number(m[2]) / Number(m[3]), length: m[0].length, mixedWhole: Number(m[1]) };
  }
  m = /^(\d+)\s*\/\s*(\d+)(?![\d/])/.exec(s);
  if (m && Number(m[2]) > 0) return { value: Number(m[1]) / Number(m[2]), length: m[0].length };
  m = /^\d{1,3}(?:,\d{3})+(?![\d,])/.exec(s);
  if (m) return { value: Number(m[0].replace(/,/g, "")), length: m[0].length };
  m = /^(\d+)[.,](\d+)(?![\d])/.exec(s);
  if (m) return { value: Number(`${m[1]}.${m[2]}`), length: m[0].length };
  m = /^\.(\d+)(?![\d])/.exec(s);
  if (m) return { value: Number(`0.${m[1]}`), length: m[0].length };
  m = /^\d+/.exec(s);
  if (m) return { value: Number(m[0]), length: m[0].length };
  return readNumberWords(s);
}

function readNumberWords(s: string): NumberRead | null {
  const lower = s.toLowerCase();
  const phrases: [RegExp, number][] = [
    [/^(?:one|1)\s+and\s+(?:a\s+)?half(?![a-z])/, 1.5],
    [/^(?:a|one)\s+and\s+(?:a\s+)?half(?![a-z])/, 1.5],
    [/^(?:a\s+)?half\s+(?:of\s+)?(?:an?\s+)?(?=[a-z])/, 0.5],
    [/^(?:a|one)\s+half(?:\s+of)?(?:\s+an?)?(?![a-z])/, 0.5],
    [/^(?:a|one)\s+quarter(?:\s+of)?(?:\s+an?)?(?![a-z])/, 0.25],
    [/^quarter(?:\s+of)?(?:\s+an?)?(?![a-z])/, 0.25],
    [/^three\s+quarters?(?:\s+of)?(?:\s+an?)?(?![a-z])/, 0.75],
    [/^(?:a|one)\s+third(?:\s+of)?(?:\s+an?)?(?![a-z])/, 1 / 3],
    [/^two\s+thirds(?:\s+of)?(?:\s+an?)?(?![a-z])/, 2 / 3],
    [/^a\s+couple(?:\s+of)?(?![a-z])/, 2],
    [/^a\s+dozen(?![a-z])/, 12],
    [/^(?:a|an)(?=\s+[a-z])/, 1],
  ];
  for (const [pattern, value] of phrases) {
    const m = pattern.exec(lower);
    if (m) return { value, length: m[0].replace(/\s+$/, "").length };
  }
  const word = /^([a-z]+)(?![a-z-])/.exec(lower);
  if (word?.[1] && NUMBER_WORDS[word[1]] !== undefined) return { value: NUMBER_WORDS[word[1]] ?? 0, length: word[1].length };
  return null;
}

type UnitRead = { unit: string; length: number; word: string };

/** Reads a unit at the start of `s` (after optional spaces); single-letter units only right after a number. */
function readUnit(s: string, afterNumber: boolean): UnitRead | null {
  const fluid = /^\s*(fl\.?\s*oz\.?|fluid\s+ounces?|fl\.?\s+ounces?)(?![A-Za-z])/i.exec(s);
  if (fluid?.[1]) return { unit: "fl oz", length: fluid[0].length, word: fluid[1] };
  // Two-word measures, written apart or hyphenated: "table spoon", "tea-spoonful", "wine-glass".
  const spoon = /^\s*((?:table|tea)[\s-]+spoon(?:s|ful|fuls)?|wine[\s-]+glass(?:es)?)\.?(?![A-Za-z])/i.exec(s);
  const spoonUnit = spoon?.[1] ? normalizeUnit(spoon[1]) : null;
  if (spoon?.[1] && spoonUnit) return { unit: spoonUnit, length: spoon[0].length, word: spoon[1] };
  // Spoons named by their use in French and Portuguese: "cuillère à soupe", "c. à café", "colher (sopa)".
  const named = /^\s*((?:cuill[eè]res?|c\.?)\s*[àa]\s*(?:(soupe|s\b)|caf[ée]|th[ée]|c\b)\.?|colher(?:es)?\s*(?:\(\s*|de\s+)(?:(sopa)|ch[áa])\s*\)?)(?![\p{L}])/iu.exec(s);
  if (named?.[1]) return { unit: named[2] || named[3] ? "tbsp" : "tsp", length: named[0].length, word: named[1] };
  // A unit is a whole word: "2 t sugar" has one, "2 T-bone steaks" does not.
  const m = /^\s*([A-Za-z]+)(\.)?(?![A-Za-z'’-])/.exec(s);
  if (!m?.[1]) return null;
  const word = m[1];
  if (word.length === 1 && !afterNumber) return null;
  const unit = normalizeUnit(word);
  if (!unit) return null;
  return { unit, length: m[0].length, word };
}

type Measure = {
  quantity: number | null;
  quantityMax: number | null;
  unit: string | null;
  comments: string[];
  rest: string;
  /** Whether anything at all was read. */
  found: boolean;
};

/** Reads a quantity (or range) at the start of `s`, following "-", "to" or "or" for the high end. */
function readQuantity(s: string): { quantity: number; quantityMax: number | null; length: number; read: NumberRead } | null {
  const first = readNumber(s);
  if (!first) return null;
  let length = first.length;
  let quantity = first.value;
  let quantityMax: number | null = null;
  const after = s.slice(length);
  const sep = /^\s*(?:-\s*(?:to|or)(?![a-z])|-|–|to|or|~)\s*/i.exec(after);
  if (sep && !/^\s*or\s+(?:more|less|so|to)\b/i.test(after)) {
    const second = readNumber(after.slice(sep[0].length));
    const isDigitSecond = second !== null && /^\d|^\./.test(after.slice(sep[0].length));
    if (second && (isDigitSecond || /[a-z]/i.test(sep[0]) || !/^\d/.test(s))) {
      // "1-1/2" is one and a half, not a range from 1 down to 1/2.
      if (/^\s*-\s*$/.test(sep[0]) && Number.isInteger(quantity) && quantity > 0 && second.value < 1 && /^\s*-\s*\d+\s*\//.test(after)) {
        quantity += second.value;
        length += sep[0].length + second.length;
      } else if (second.value > quantity) {
        quantityMax = second.value;
        length += sep[0].length + second.length;
      }
    }
  }
  return { quantity, quantityMax, length, read: first };
}

/** Reads a size written right after a count: "28-ounce", "2 x 400g", "1 8oz cream cheese", "3-inch". */
function readSize(s: string, allowNumberWords = false): { text: string; length: number } | null {
  const lead = /^\s*(?:[x×]\s*)?/.exec(s)?.[0] ?? "";
  const rest = s.slice(lead.length);
  // "2-pound-3-ounce": a size in two units.
  const twoUnits = /^(\d+(?:\.\d+)?)-([A-Za-z]+)-(\d+(?:\.\d+)?)-([A-Za-z]+)(?![A-Za-z])/.exec(rest);
  if (twoUnits) {
    const kinds = [twoUnits[2], twoUnits[4]].map((word) => {
      const unit = normalizeUnit(word ?? "");
      return unit ? unitKind(unit) : null;
    });
    if (kinds.every((kind) => kind === "weight" || kind === "volume")) return { text: twoUnits[0], length: lead.length + twoUnits[0].length };
  }
  const num = readNumber(rest);
  if (!num || (!allowNumberWords && !/^[\d.]/.test(rest))) return null;
  let pos = num.length;
  // A range of sizes: "8- to 10-pound", "28- or 35-ounce", "3-to-4-pound".
  const range = /^\s*-?\s*(?:to|or|-|–)\s*(?=\d)/i.exec(rest.slice(pos));
  const high = range ? readNumber(rest.slice(pos + range[0].length)) : null;
  if (range && high && /^\s*-?\s*[A-Za-z]/.test(rest.slice(pos + range[0].length + high.length))) pos += range[0].length + high.length;
  const hyphen = /^\s*-\s*/.exec(rest.slice(pos));
  if (hyphen) pos += hyphen[0].length;
  const unit = readUnit(rest.slice(pos), true);
  const dimension = unit ? null : DIMENSION_UNITS.exec(rest.slice(pos).replace(/^\s+/, ""));
  if (!unit && !dimension) return null;
  const unitLength = unit ? unit.length : (rest.slice(pos).length - rest.slice(pos).replace(/^\s+/, "").length) + (dimension?.[0].length ?? 0);
  if (unit && unitKind(unit.unit) === "count") return null;
  pos += unitLength;
  const tail = rest.slice(pos);
  const extra = /^\s*-?\s*(?:thick|long|wide|round|diameter|square)\b/i.exec(tail);
  if (extra) pos += extra[0].length;
  return { text: rest.slice(0, pos).trim(), length: lead.length + pos };
}

function readMeasure(text: string): Measure {
  const comments: string[] = [];
  let s = text;
  let quantity: number | null = null;
  let quantityMax: number | null = null;
  let unit: string | null = null;
  let found = false;

  const q = readQuantity(s);
  if (q) {
    const afterQ = s.slice(q.length);
    const dimension = DIMENSION_UNITS.exec(afterQ.replace(/^\s*-?\s*/, ""));
    const hyphenSize = q.read.mixedWhole !== undefined && q.quantityMax === null && /^-\s*[A-Za-z]/.test(afterQ) && readUnit(afterQ.slice(1), true) !== null;
    // "3- to 4-pound chicken", "2 1/2- to 3-pound chicken": a size range with no count before it is the amount.
    const rangeUnit = q.quantityMax !== null && /^-\s*[A-Za-z]/.test(afterQ) ? readUnit(afterQ.slice(1), true) : null;
    if (rangeUnit && (unitKind(rangeUnit.unit) === "weight" || unitKind(rangeUnit.unit) === "volume")) {
      return finishMeasure({ quantity: q.quantity, quantityMax: q.quantityMax, unit: rangeUnit.unit, comments, rest: afterQ.slice(1 + rangeUnit.length), found: true });
    }
    if ((dimension || hyphenSize) && q.quantityMax === null) {
      // "4 1/4 inch thick steaks" is four steaks a quarter inch thick; "3-inch piece" is one piece.
      const size = readSize(s.slice(q.read.mixedWhole !== undefined ? String(q.read.mixedWhole).length : 0), true);
      const wholeSize = readSize(s, true);
      const nextUnit = wholeSize ? readUnit(s.slice(wholeSize.length), true) : null;
      const onePiece = dimension && /^-/.test(afterQ) && nextUnit && unitKind(nextUnit.unit) === "count" && nextUnit.word.toLowerCase() === unitLabel(nextUnit.unit, 1);
      if (q.read.mixedWhole !== undefined && wholeSize && onePiece) {
        quantity = 1;
        comments.push(wholeSize.text);
        s = s.slice(wholeSize.length);
      } else if (q.read.mixedWhole !== undefined && size) {
        quantity = q.read.mixedWhole;
        comments.push(size.text);
        s = s.slice(String(q.read.mixedWhole).length + size.length);
      } else if (size) {
        comments.push(size.text);
        s = s.slice(size.length);
      } else {
        quantity = q.quantity;
        s = afterQ;
      }
      found = true;
    } else {
      quantity = q.quantity;
      quantityMax = q.quantityMax;
      s = afterQ;
      found = true;
    }
  }

  // Notes and sizes between the count and the unit: "1 (14 oz) can", "2 28-ounce cans", "1 large clove".
  for (let guard = 0; guard < 6; guard++) {
    const article = /^\s*(?:of\s+(?:an?|the)|an?)\s+(?=[A-Za-z])/i.exec(s);
    if (article && found && quantity !== null && (quantity <= 1 || /of/i.test(article[0]))) {
      s = s.slice(article[0].length - 1);
      continue;
    }
    const orMore = /^\s*(or\s+(?:more|less|so))(?![a-z])/i.exec(s);
    if (orMore?.[1] && found) {
      comments.push(orMore[1].toLowerCase());
      s = s.slice(orMore[0].length);
      continue;
    }
    const paren = /^\s*\(([^()]*)\)/.exec(s);
    if (paren && found) {
      const inner = (paren[1] ?? "").trim();
      if (inner) comments.push(inner);
      s = s.slice(paren[0].length);
      continue;
    }
    if (found) {
      const size = readSize(s);
      if (size) {
        comments.push(size.text);
        s = s.slice(size.length);
        continue;
      }
    }
    // "3 generously heaped tablespoons": an adverb before a size word goes with it.
    const adverbSize = /^\s*([A-Za-z]+ly)\s+([A-Za-z-]+)(?![A-Za-z'-])/.exec(s);
    if (adverbSize?.[1] && adverbSize[2] && isAdverb(adverbSize[1]) && SIZE_WORDS.has(adverbSize[2].toLowerCase()) && /[A-Za-z(]/.test(s.slice(adverbSize[0].length))) {
      comments.push(adverbSize[0].trim().toLowerCase());
      s = s.slice(adverbSize[0].length);
      continue;
    }
    const sizeWord = /^\s*([A-Za-z-]+)(?![A-Za-z'-])/.exec(s);
    const sizeKey = sizeWord?.[1]?.toLowerCase() ?? "";
    if (sizeWord && (SIZE_WORDS.has(sizeKey) || (sizeKey === "extra" && /^\s*extra[\s-]+large\b/i.test(s)) || SIZED_PHRASE.test(s) || /^[a-z]+-sized?$/.test(sizeKey))) {
      const sizeLength = sizeKey === "extra" ? (/^\s*extra[\s-]+large/i.exec(s)?.[0].length ?? 0) : (/^\s*[A-Za-z-]+(?:\s+sized?(?![A-Za-z]))?/.exec(s)?.[0].length ?? sizeWord[0].length);
      // Only a size when something follows it ("2 large" alone names nothing).
      if (/[A-Za-z(]/.test(s.slice(sizeLength))) {
        comments.push(s.slice(0, sizeLength).trim().toLowerCase());
        s = s.slice(sizeLength);
        continue;
      }
    }
    break;
  }

  const u = readUnit(s, quantity !== null);
  if (u) {
    let afterUnit = s.slice(u.length);
    const hasOf = /^\s*of\b/i.test(afterUnit);
    const kind = unitKind(u.unit);
    const singular = u.word.toLowerCase() === unitLabel(u.unit, 1).toLowerCase() || u.word.toLowerCase() === u.unit;
    let accept = true;
    if (quantity === null && !found) {
      // A unit standing first: "cup heavy cream", "Pinch of salt", "Sprigs of watercress", "small bunch coriander".
      const sized = comments.length > 0;
      if (u.word.length < 2) accept = false;
      else if (kind === "count") accept = hasOf || sized || IMPRECISE_UNITS.has(u.unit);
      if (accept && singular && (hasOf || sized || IMPRECISE_UNITS.has(u.unit))) quantity = 1;
    }
    if (accept) {
      // Read what follows the unit provisionally: it only counts if the word really is a unit.
      let low = quantity;
      let high = quantityMax;
      const notes: string[] = [];
      // A range repeated with its unit: "200g - 250g".
      const repeat = /^\s*(?:-|–|to)\s*/i.exec(afterUnit);
      if (repeat && low !== null && high === null) {
        const second = readNumber(afterUnit.slice(repeat[0].length));
        const secondUnit = second ? readUnit(afterUnit.slice(repeat[0].length + second.length), true) : null;
        if (second && secondUnit?.unit === u.unit && second.value > low) {
          high = second.value;
          afterUnit = afterUnit.slice(repeat[0].length + second.length + secondUnit.length);
        }
      }
      const andHalf = /^\s*and\s+a\s+half(?![a-z])/i.exec(afterUnit);
      if (andHalf && low !== null && high === null) {
        low += 0.5;
        afterUnit = afterUnit.slice(andHalf[0].length);
      }
      const orLess = /^\s*(or\s+(?:more|less|so))(?![a-z])/i.exec(afterUnit);
      if (orLess?.[1]) {
        notes.push(orLess[1].toLowerCase());
        afterUnit = afterUnit.slice(orLess[0].length);
      }
      if (kind === "count") {
        const containerSize = readSize(afterUnit);
        if (containerSize) {
          notes.push(containerSize.text);
          afterUnit = afterUnit.slice(containerSize.length);
        }
      }
      // "14 ounces or 400 grams of chicken", "100 g / 1/2 cup butter": the second measure is a note.
      const altSep = /^\s*(?:or|\/)\s*(?:~|about\s+)?/i.exec(afterUnit);
      if (altSep) {
        const altText = afterUnit.slice(altSep[0].length);
        const altQ = readQuantity(altText);
        const altUnit = altQ ? readUnit(altText.slice(altQ.length), true) : null;
        if (altQ && altUnit) {
          const altLength = altSep[0].length + altQ.length + altUnit.length;
          notes.push(afterUnit.slice(0, altLength).trim().replace(/^\/\s*/, ""));
          afterUnit = afterUnit.slice(altLength);
        }
      }
      if (kind === "weight" || kind === "volume") {
        // "400g tin chickpeas", "28oz (825 ml) can of tomatoes": the container says how it is sold.
        const paren = /^\s*\(([^()]*)\)/.exec(afterUnit);
        const beforeContainer = paren ? afterUnit.slice(paren[0].length) : afterUnit;
        const container = readUnit(beforeContainer, false);
        if (paren && container && CONTAINER_UNITS.has(container.unit)) {
          if (paren[1]?.trim()) notes.push(paren[1].trim());
          afterUnit = beforeContainer;
        }
        if (container && CONTAINER_UNITS.has(container.unit) && /[A-Za-z]/.test(afterUnit.slice(container.length).replace(/\([^()]*\)/g, ""))) {
          notes.push(container.word.toLowerCase());
          afterUnit = afterUnit.slice(container.length);
        }
      }
      const nameFollows = /[A-Za-z0-9]/.test(afterUnit.replace(/^\s*of\b/i, "").replace(/\([^()]*\)/g, ""));
      // "4 ribs" or "2 cloves" alone: the word is the thing, not a unit.
      if (!nameFollows && kind === "count" && !IMPRECISE_UNITS.has(u.unit)) {
        if (quantity === 1 && !q) quantity = null;
      } else {
        quantity = low;
        quantityMax = high;
        comments.push(...notes);
        unit = u.unit;
        found = true;
        s = afterUnit;
      }
    }
  }
  if (unit && quantity !== null) {
    const plus = readPlusMeasure(s, quantity, quantityMax, unit);
    if (plus) {
      if (plus.note) comments.push(plus.note);
      else {
        quantity = plus.quantity;
        quantityMax = plus.quantityMax;
        unit = plus.unit;
      }
      s = plus.rest;
    }
  }
  // "1 4-pound leg of lamb" is 4 pounds of it: one item of a stated weight or volume.
  if (quantity === 1 && quantityMax === null && unit === null && comments.length > 0) {
    const size = /^(.+?)\s*-\s*([A-Za-z. ]+)$/.exec(comments[comments.length - 1] ?? "");
    const amount = size?.[1] ? readNumber(size[1]) : null;
    const sizeUnit = size?.[2] ? normalizeUnit(size[2]) : null;
    const kind = sizeUnit ? unitKind(sizeUnit) : null;
    if (amount && amount.length === size?.[1]?.length && sizeUnit && (kind === "weight" || kind === "volume")) {
      quantity = amount.value;
      unit = sizeUnit;
      comments.pop();
    }
  }
  return finishMeasure({ quantity, quantityMax, unit, comments, rest: s, found });
}

function finishMeasure(measure: Measure): Measure {
  return measure.found ? { ...measure, rest: measure.rest.replace(/^\s*of\s+(?:the\s+)?/i, " ") } : measure;
}

/** "2 tablespoons plus 2 teaspoons" becomes 8 teaspoons: the sum in the smaller unit. */
function readPlusMeasure(s: string, quantity: number, quantityMax: number | null, unit: string) {
  const plus = /^\s*,?\s*(?:plus|\+|and)\s+/i.exec(s);
  if (!plus || quantityMax !== null) return null;
  const after = s.slice(plus[0].length);
  const q = readQuantity(after);
  if (!q || q.quantityMax !== null) return null;
  const u = readUnit(after.slice(q.length), true);
  if (!u) return null;
  const rest = after.slice(q.length + u.length).replace(/^\s*,/, "");
  const firstInSecond = convert(quantity, unit, u.unit, rest);
  const secondInFirst = convert(q.quantity, u.unit, unit, rest);
  if (firstInSecond === null || secondInFirst === null) {
    return { quantity, quantityMax, unit, rest, note: `plus ${after.slice(0, q.length + u.length).trim()}` };
  }
  // Sum in whichever unit is smaller so the result stays a clean number.
  if (firstInSecond >= quantity) return { quantity: round6(firstInSecond + q.quantity), quantityMax: null, unit: u.unit, rest, note: null };
  return { quantity: round6(quantity + secondInFirst), quantityMax: null, unit, rest, note: null };
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Text clean-up and line shapes

function preclean(line: string): string {
  let s = String(line ?? "");
  s = s.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"); // markdown links
  s = s.replace(/[*_`]{2,}|[*`]/g, "");
  s = s.replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000\t\r\n]+/g, " ");
  s = s.replace(/[\u2010-\u2015\u2212]/g, "-");
  s = s.replace(/\u2044/g, "/");
  s = s.replace(/[’‘]/g, "'");
  s = s.replace(/(\d)?\s*([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒])/g, (_m, whole: string | undefined, frac: string) => {
    const value = UNICODE_FRACTIONS[frac] ?? "";
    return whole ? `${whole} ${value} ` : ` ${value} `;
  });
  s = s.replace(/^\s*(?:[-*•·▪◦–—>]+|\[\s?[x ]?\s?\])\s+/i, "");
  // "No-salt added", "low sodium", "high quality": describing words are written with and without hyphens, and the
  // describing-word list holds the hyphenated form.
  s = s.replace(/\b(no)[\s-]+(salt)[\s-]+(added)\b/gi, "$1-$2-$3").replace(/\b(low|reduced)[\s-]+(sodium|fat)\b/gi, "$1-$2");
  s = s.replace(/\b(good|high|best|top)\s+(quality)\b/gi, "$1-$2");
  // "For example orange jam", "from 30g to 70g sugar": the lead-in names nothing.
  s = s.replace(/^\s*(?:for\s+(?:example|instance)|e\.\s?g\.?|i\.\s?e\.?)\s*[:,]?\s+/i, "").replace(/^\s*from\s+(?=\d)/i, "");
  // A recipe system's empty unit printed as a word ("2 none large eggs", "none Cooking spray") means no unit.
  s = s.replace(/^(\s*(?:\d+(?:[.,]\d+)?(?:\s+\d+\/\d+)?|\d+\/\d+)?\s*)none\s+(?!of\b)(?=\S)/i, "$1");
  // "luke warm" is written for lukewarm.
  s = s.replace(/\bluke\s+warm\b/gi, "lukewarm");
  // A metric cup (250 ml) is read as a cup; the line keeps its own words.
  s = s.replace(/\bmetric\s+(?=(?:cups?|tablespoons?|teaspoons?)\b)/gi, "");
  // "A 2-inch piece of ginger", "An 8-ounce package": the article before a size counts one item; before a
  // fraction ("a 1/2 cup") it counts nothing.
  s = s.replace(/^\s*an?\s+(?=\(\s*\d|\d+(?:\.\d+)?(?:\s+\d+\/\d+)?\s*-\s*(?:to\s+\d|[a-z]))/i, "1 ");
  s = s.replace(/^\s*an?\s+(?=\d+\s*\/\s*\d+\s*[a-z])/i, "");
  s = s.replace(/\s+/g, " ").trim();
  s = s.replace(/\s*[.;,:]+$/, "").replace(/\s+/g, " ").trim();
  return s;
}

/** "Spaghetti: 320 g | 11 oz" -> "320 g Spaghetti" with "11 oz" as a note. */
function turnNameFirstLine(s: string): { text: string; notes: string[] } | null {
  const colon = /^([^:]+?)\s*:\s*(.+)$/.exec(s);
  if (colon?.[1] && colon[2] && /[A-Za-z]/.test(colon[1])) {
    const measureText = colon[2];
    const split = splitAlternativeMeasures(measureText);
    const m = readMeasure(split.main);
    if (m.found && m.quantity !== null && isOnlyNotes(m.rest)) {
      return { text: `${split.main.slice(0, split.main.length - m.rest.length).trim()} ${colon[1]}${m.rest}`, notes: split.alternatives };
    }
  }
  // "Roasted rapeseed oil, 2/3 cup" and "White wine 1/4 cup (60g)".
  const lastComma = s.lastIndexOf(",");
  if (lastComma > 0 && !insideBrackets(s.slice(0, lastComma))) {
    const tail = s.slice(lastComma + 1).trim();
    const split = splitAlternativeMeasures(tail);
    const m = readMeasure(split.main);
    if (m.found && m.quantity !== null && isOnlyNotes(m.rest) && /^[\d.]/.test(tail)) {
      return { text: `${split.main.slice(0, split.main.length - m.rest.length).trim()} ${s.slice(0, lastComma)}${m.rest}`, notes: split.alternatives };
    }
  }
  const trailing = /^(.*?[A-Za-z)])\s+((?:~\s*|about\s+)?(?:\d|\.\d)[^A-Za-z]*?\s*[A-Za-z. ]+?(?:\s*\([^()]*\))?(?:\s*[|/]\s*.*)?)$/.exec(s);
  if (trailing?.[1] && trailing[2] && !insideBrackets(trailing[1]) && !/\b(?:of|from|with|in|into|about|and|or|plus|to|for)$/i.test(trailing[1])) {
    // "beef stock ~1 pint": the hedge is a note, as it is before a leading amount.
    const approx = APPROXIMATORS.exec(trailing[2])?.[0] ?? "";
    const split = splitAlternativeMeasures(trailing[2].slice(approx.length));
    const m = readMeasure(split.main);
    if (m.found && m.quantity !== null && m.unit !== null && isOnlyNotes(m.rest)) {
      const notes = approx ? ["about", ...split.alternatives] : split.alternatives;
      return { text: `${split.main.slice(0, split.main.length - m.rest.length).trim()} ${trailing[1]}${m.rest}`, notes };
    }
  }
  return null;
}

/** Whether text ends inside an open parenthesis, so what follows belongs to a note. */
function insideBrackets(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === "(" || ch === "[") depth++;
    else if ((ch === ")" || ch === "]") && depth > 0) depth--;
  }
  return depth > 0;
}

function splitAlternativeMeasures(s: string): { main: string; alternatives: string[] } {
  const parts = s.split(/\s*\|\s*/);
  return { main: (parts[0] ?? "").trim(), alternatives: parts.slice(1).map((p) => p.trim()).filter(Boolean) };
}

function isOnlyNotes(rest: string): boolean {
  return /^\s*(?:\([^()]*\)\s*)*$/.test(rest);
}

// ---------------------------------------------------------------------------------------------------------------
// 4. The name region

type NameParts = { name: string; preparation: string[]; comments: string[] };

const wordKey = (w: string) => w.toLowerCase().replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, "");

/** First halves of hyphenated participles that say how: "thick-sliced", "fresh-squeezed", "hand-torn". */
const MANNER_PREFIXES = new Set(["thick", "thin", "fresh", "hand", "fine", "coarse", "double", "just", "twice"]);

function isPrepWord(word: string): boolean {
  const key = wordKey(word);
  if (PREP_WORDS.has(key)) return true;
  if (!key.includes("-")) return false;
  // "finely-chopped", "freshly-ground", "hard-boiled", "thick-sliced"
  const parts = key.split("-");
  const last = parts[parts.length - 1] ?? "";
  return parts.every((part) => PREP_WORDS.has(part)) || (/ed$/.test(last) && PREP_WORDS.has(last) && parts.slice(0, -1).every((part) => MANNER_PREFIXES.has(part) || PREP_WORDS.has(part)));
}

/**
 * Participles that only prepare when they follow the name and lead a phrase: "cornstarch mixed with water",
 * "onion stuck with 2 cloves"; but "mixed greens" and "french fried onions" are names.
 */
const TRAILING_PREP_WORDS = new Set([
  "mixed", "combined", "diluted", "tossed", "stirred", "blended", "thinned", "moistened", "brushed", "rubbed", "coated",
  "wrapped", "tied", "stuck", "studded", "baked", "fried", "pressed", "marinated", "seasoned", "dusted", "rolled",
]);

/** Food words that end in -ly and are not adverbs. */
const LY_NOUNS = new Set(["jelly", "belly", "lily", "ugly", "holly", "parsely"]);

/** Adverbs of degree without the -ly ending: "somewhat coarsely chopped", "quite firmly packed". */
const DEGREE_ADVERBS = new Set(["somewhat", "quite", "rather", "fairly", "pretty", "slightly", "barely", "just", "almost", "not", "too"]);

/** "reasonably", "generously", "loosely", "somewhat": an adverb (it only ever describes the word after it). */
function isAdverb(word: string): boolean {
  const key = wordKey(word);
  return (key.length > 4 && key.endsWith("ly") && !LY_NOUNS.has(key)) || DEGREE_ADVERBS.has(key);
}

/** An adverb is preparation when it describes a modifier: "reasonably packed", "generously heaped". */
function isAdverbOfModifier(word: string, next: string | undefined, afterNext: string | undefined, wordsAfter: number): boolean {
  if (!isAdverb(word) || !next) return false;
  return isPrepWord(next) || isAdverb(next) || isDescriptorWord(next, afterNext, wordsAfter - 1);
}

function isDescriptorWord(word: string, next: string | undefined, wordsAfter: number): boolean {
  const key = wordKey(word);
  const nextKey = next ? wordKey(next) : "";
  if (key === "whole") return !WHOLE_KEEPS.has(nextKey) && !nextKey.startsWith("wheat");
  if (key === "hot") return HOT_STRIPS.has(nextKey) || (next !== undefined && isPrepWord(next));
  if (key === "strong") return STRONG_STRIPS.has(nextKey);
  if (USE_WORDS.has(key)) return USE_HEADS.has(nextKey);
  // "light soy sauce" is soy sauce, but "light brown sugar" and "dark rum" are kinds sold as such.
  if (key === "light" || key === "dark") return wordsAfter >= 2 && !SHADE_KEEPS.has(nextKey);
  if (key === "dry") return wordsAfter >= 2 && !DRY_KEEPS.has(nextKey);
  // Sweet butter is the old name for unsalted butter.
  if (key === "sweet") return SWEET_STRIPS.has(nextKey);
  if (key === "italian") return ITALIAN_STRIPS.has(nextKey);
  // Unsweetened chocolate is a kind sold as such; unsweetened cocoa is cocoa.
  if (key === "unsweetened") return !(nextKey === "chocolate" && wordsAfter === 1);
  // "instant espresso powder" is espresso powder; "instant coffee" stays.
  if (key === "instant") return wordsAfter >= 2;
  if (key === "extra" && (nextKey === "virgin" || nextKey === "large" || nextKey === "lean" || nextKey === "sharp")) return true;
  if (key === "virgin" && nextKey === "olive") return true;
  return DESCRIPTOR_WORDS.has(key) || SIZE_WORDS.has(key);
}

function isOnlyModifiers(segment: string): boolean {
  const words = segment.split(" ").filter(Boolean);
  return (
    words.length > 0 &&
    words.every((w, i) => isPrepWord(w) || isDescriptorWord(w, words[i + 1], words.length - i - 1) || isAdverbOfModifier(w, words[i + 1], words[i + 2], words.length - i - 1))
  );
}

/** Removes leading preparation and describing words, never the last word. */
function stripLeadingModifiers(words: string[], prep: string[], comments: string[]): string[] {
  let i = 0;
  const prepRun: string[] = [];
  const commentRun: string[] = [];
  while (i < words.length - 1) {
    const word = words[i] ?? "";
    const next = words[i + 1];
    const key = wordKey(word);
    if (key === "and" || key === "or" || key === "then") {
      // Only between modifiers: "peeled and chopped onion", not "salt and pepper".
      if (i === 0 || !next || !(isPrepWord(next) || isDescriptorWord(next, words[i + 2], words.length - i - 2))) break;
      prepRun.push(word);
      i++;
      continue;
    }
    // A modifier before "or" belongs to an alternative: "fresh or pickled beets".
    if (word.endsWith("-") || wordKey(next ?? "") === "or") break;
    if (key === "ground" && GROUND_KEEPS.has(wordKey(next ?? ""))) break;
    if (PREP_KEEPS[key]?.has(wordKey(next ?? ""))) break;
    if (isPrepWord(word) || isAdverbOfModifier(word, next, words[i + 2], words.length - i - 1)) prepRun.push(word);
    else if (isDescriptorWord(word, next, words.length - i - 1)) commentRun.push(word);
    else break;
    i++;
  }
  const prepText = prepRun.join(" ").replace(/^(?:and|or|then)\s+|\s+(?:and|or|then)$/gi, "").trim();
  if (prepText) prep.push(prepText.toLowerCase());
  if (commentRun.length) comments.push(commentRun.join(" ").toLowerCase());
  return words.slice(i);
}

function stripTrailingPrep(words: string[], prep: string[]): string[] {
  let end = words.length;
  // "wine and brandy mixed": a participle that ends the line prepares what comes before it.
  if (end > 1 && TRAILING_PREP_WORDS.has(wordKey(words[end - 1] ?? ""))) end--;
  while (end > 1 && isPrepWord(words[end - 1] ?? "") && wordKey(words[end - 1] ?? "") !== "and") end--;
  if (end < words.length) prep.push(words.slice(end).join(" ").toLowerCase());
  return words.slice(0, end);
}

/** Takes parentheticals out (also an unclosed one running to the end). */
function extractParentheticals(s: string, comments: string[]): string {
  let out = "";
  let depth = 0;
  let current = "";
  for (const ch of s) {
    if (ch === "(" || ch === "[") {
      if (depth > 0) current += ch;
      depth++;
      continue;
    }
    if ((ch === ")" || ch === "]") && depth > 0) {
      depth--;
      if (depth === 0) {
        if (current.trim()) comments.push(current.trim());
        current = "";
        out += " ";
      } else current += ch;
      continue;
    }
    if (ch === ")" || ch === "]") {
      out += " ";
      continue;
    }
    if (depth > 0) current += ch;
    else out += ch;
  }
  if (current.trim()) comments.push(current.trim());
  return out;
}

const PHRASE_PREPOSITIONS = new Set(["with", "in", "into", "to", "on", "until", "by", "for", "at", "over", "through", "under", "and", "from", "as", "or"]);
/** Words that carry a preparation phrase on: "split lengthwise", "chopped coarse", "picked over", "cut up". */
const PHRASE_CONTINUERS = new Set([
  "lengthwise", "crosswise", "widthwise", "coarse", "fine", "then", "apart", "off", "up", "out", "open", "away",
  "together", "back", "down", "over", "well", "dry", "clean", "thoroughly",
]);
const NOT_PHRASE_STARTS = new Set(["and", "then", "ground", "fine", "very", "well", "finely", "thinly", "coarsely", "roughly", "lightly", "freshly", "firmly", "loosely", "thickly", "evenly"]);

/** Index of a participle phrase after the name ("greens chopped into ribbons", "yolk whisked to brush"), or -1. */
function findPreparationPhrase(segment: string): number {
  const words = segment.split(" ");
  let sawNoun = false;
  for (let i = 0; i < words.length - 1; i++) {
    const word = words[i] ?? "";
    const key = wordKey(word);
    const next = words[i + 1] ?? "";
    const leadsPhrase = TRAILING_PREP_WORDS.has(key) && PHRASE_PREPOSITIONS.has(wordKey(next));
    // A participle followed by a bare word describes that word ("hot cooked rice"); a phrase after the name goes on
    // with a preposition, another preparation word, an adverb or a size ("greens chopped into ribbons").
    const goesOn = PHRASE_PREPOSITIONS.has(wordKey(next)) || PHRASE_CONTINUERS.has(wordKey(next)) || isPrepWord(next) || isAdverb(next) || SIZE_WORDS.has(wordKey(next));
    if (sawNoun && ((isPrepWord(word) && goesOn) || leadsPhrase) && !NOT_PHRASE_STARTS.has(key)) {
      // Include adverbs written before the participle: "finely crumbled", "reasonably packed".
      let start = i;
      const adverbBefore = (w: string) => (isPrepWord(w) && NOT_PHRASE_STARTS.has(wordKey(w))) || isAdverb(w);
      while (start > 1 && adverbBefore(words[start - 1] ?? "") && wordKey(words[start - 1] ?? "") !== "and") start--;
      const previous = wordKey(words[start - 1] ?? "");
      if (!["or", "and", "and/or", "from", "of", "with", "in", "&"].includes(previous)) return words.slice(0, start).join(" ").length;
    }
    const modifier = isPrepWord(word) || isDescriptorWord(word, words[i + 1], words.length - i - 1) || isAdverbOfModifier(word, words[i + 1], words[i + 2], words.length - i - 1);
    if (!modifier && !["or", "and"].includes(key)) sawNoun = true;
  }
  return -1;
}

const markerPatterns = (markers: string[]) =>
  markers.map((marker) => (marker === "+" ? /\s\+\s?/ : new RegExp(`(?:^|\\s)${marker.replace(/\s+/g, "\\s+")}(?![a-z])`)));
const COMMENT_MARKER_PATTERNS = markerPatterns(COMMENT_MARKERS);
const PREP_MARKER_PATTERNS = markerPatterns(PREP_MARKERS);

/** Index of the earliest marker phrase in `lower`, or -1. */
function findMarker(lower: string, patterns: RegExp[]): number {
  let best = -1;
  for (const pattern of patterns) {
    const m = pattern.exec(lower);
    if (m && (best === -1 || m.index < best)) best = m.index;
  }
  return best;
}

/** "veal or beef stock" -> name "stock", comment "veal or beef"; "chives or green onions" -> "chives". */
function splitAlternatives(words: string[], comments: string[]): string[] {
  const orIndex = words.findIndex((w, i) => i > 0 && (wordKey(w) === "or" || wordKey(w) === "and/or" || w === "/"));
  if (orIndex <= 0 || orIndex === words.length - 1) return words;
  const before = words.slice(0, orIndex);
  const after = words.slice(orIndex + 1);
  if (/^[\d.]/.test(after[0] ?? "")) {
    comments.push([words[orIndex], ...after].join(" "));
    return before;
  }
  // "crushed or pureed tomatoes": preparation words alone before "or" share the noun after it.
  const onlyModifiersBefore = after.length >= 2 && isOnlyModifiers(before.join(" ")) && !isOnlyModifiers(after.join(" "));
  // "peanut or other oil" shares "oil"; "Cointreau or other orange liqueur" names Cointreau first.
  const shared = (before.length === 1 && after.length >= 2 && sharesHead(before[0] ?? "", after[after.length - 1] ?? "")) || onlyModifiersBefore;
  const hyphenPrefix = before.length >= 1 && wordKey(before[before.length - 1] ?? "").length > 0 && (before[before.length - 1] ?? "").endsWith("-");
  if (shared || (hyphenPrefix && after.length >= 2)) {
    comments.push([...before, words[orIndex], after[0]].join(" "));
    return after.slice(1);
  }
  comments.push([words[orIndex], ...after].join(" "));
  return before;
}

/** One word that can modify a head noun shared by alternatives ("Italian", "red", "chicken"). */
const isListModifier = (segment: string, head: string) => !/\s/.test(segment.trim()) && sharesHead(segment, head);

/**
 * "Italian, French or Greek black olives", "chicken, beef or vegetable stock": a comma list of single modifiers
 * ending in "X or Y noun" shares that noun. The leading items become notes and the alternative is read from the
 * last segment; returns the segment to read the name from, taking the listed segments out of `segments`.
 */
function joinModifierList(first: string, segments: string[], notes: string[]): string {
  let k = 0;
  while (k < segments.length && !/\s/.test((segments[k] ?? "").trim())) k++;
  const last = segments[k] ?? "";
  const head = last.trim().split(/\s+/).pop() ?? "";
  const listed = [first, ...segments.slice(0, k)];
  if (!listed.every((segment) => isListModifier(segment, head))) return first;
  const alternative = /^(\S+)\s+(?:or|and\/or)\s+\S+\s+\S/i.exec(last);
  if (alternative?.[1] && isListModifier(alternative[1], head)) {
    notes.push(...listed.map((w) => w.trim()));
    segments.splice(0, k + 1);
    return last;
  }
  // "Green, Red, and Yellow Bell Pepper", "red, yellow and green peppers": the last modifiers share the noun too.
  const together = /^((?:and|or|and\/or)\s+(\S+)|(\S+)\s+and\s+(\S+))\s+(\S.*)$/i.exec(last);
  const modifiers = together ? [together[2], together[3], together[4]].filter((w): w is string => Boolean(w)) : [];
  if (!together?.[1] || !together[5] || !modifiers.every((w) => isListModifier(w, head))) return first;
  notes.push([...listed.map((w) => w.trim()), together[1]].join(", "));
  segments.splice(0, k + 1);
  return together[5];
}

const LEADING_ARTICLES = new Set(["of", "a", "an", "the", "your", "favorite", "favourite", "preferred", "any", "other", "more"]);
/** "of" after an amount in French, Spanish, Portuguese and Italian: "250 g de champignons" (lower case: "Del Monte"). */
const ROMANCE_OF = new Set(["de", "di", "del", "della", "du", "des"]);
/** "Any kind of pasta", "1 lb total of beef": the food is after "of" ("type 00 flour" keeps its type). */
const KIND_WORDS = new Set(["kind", "kinds", "type", "types", "sort", "sorts", "variety", "varieties", "total"]);

/**
 * "1 cup of a good dry white wine", "Any lean, tough cut of meat", "More butter": words before the food that name
 * nothing, also before a number ("of a 40% spirit"). The last word always stays.
 */
function stripLeadingArticles(text: string): string {
  const words = text.trim().split(/\s+/);
  let i = 0;
  while (i < words.length - 1) {
    const key = wordKey(words[i] ?? "");
    if (KIND_WORDS.has(key) && wordKey(words[i + 1] ?? "") === "of" && i < words.length - 2) i += 2;
    else if (LEADING_ARTICLES.has(key) || ROMANCE_OF.has(words[i] ?? "")) i++;
    else break;
  }
  // French elides "de" before a vowel: "2 cuillères à soupe d'huile".
  if (i < words.length) words[i] = (words[i] ?? "").replace(/^d'(?=[a-zà-ÿ])/, "");
  return words.slice(i).join(" ");
}

const TRAILING_CONNECTORS = new Set(["or", "and", "and/or", "&", "with", "of", "plus", "from", "to", "for", "in", "as", "so"]);

const HEDGE_SEGMENT = /^\s*(?:more\s+or\s+less|or\s+so|about|approximately|roughly|give\s+or\s+take|or\s+more|divided|optional|to\s+taste|plus\s+more|total)\s*$/i;

/** Abbreviations whose full stop does not end a sentence: "St. Agur", "Mt. Olive", "a.b.v.". */
const ABBREVIATION = /(?:^|[\s(])(?:[a-z]|st|ste|mt|dr|no|nr|jr|sr|mr|mrs|ms|ft|co|approx|(?:[a-z]\.)+[a-z])$/i;

/** The first full stop that ends a sentence before a capital letter. */
function sentenceEnd(s: string): RegExpExecArray | null {
  const pattern = /\.\s+(?=[A-Z])/g;
  for (let match = pattern.exec(s); match; match = pattern.exec(s)) {
    if (!ABBREVIATION.test(s.slice(0, match.index))) return match;
  }
  return null;
}

function parseNameRegion(region: string): NameParts {
  // Kept apart so the result reads in the line's order: leading words, then phrases, then notes and segments.
  const leadingPrep: string[] = [];
  const descriptors: string[] = [];
  const inlinePrep: string[] = [];
  const inlineComments: string[] = [];
  const notes: string[] = [];
  const segmentPrep: string[] = [];
  const segmentComments: string[] = [];
  let s = extractParentheticals(region, notes);
  // "sweet and or spicy sausage" is written for "sweet and/or spicy sausage".
  s = s.replace(/\band\s+or\b/gi, "and/or");
  // "1 tablespoon each chopped parsley and chives": "each" shares the amount out and names nothing.
  const each = /^\s*each\s+(?=\S)/i.exec(s);
  if (each) {
    notes.push("each");
    s = s.slice(each[0].length);
  }
  // A new sentence after the name is a note: "medium soft cheese. Appenzeller works best."
  const sentence = sentenceEnd(s);
  if (sentence && sentence.index > 0) {
    notes.push(s.slice(sentence.index + 1).trim());
    s = s.slice(0, sentence.index);
  }
  s = s.replace(/\s+/g, " ").trim();

  const segments = s.split(/\s*[,;]\s*/).filter((seg) => seg.trim() !== "");
  let first = segments.shift() ?? "";
  // "4 pounds, more or less, beef short ribs": a hedge between commas comes before the name.
  while (segments.length > 0 && HEDGE_SEGMENT.test(first)) {
    notes.push(first.trim());
    first = segments.shift() ?? "";
  }
  first = stripLeadingArticles(first);
  // "boneless, skinless chicken breasts", "firm, thin, sliced bread": leading segments of modifiers only run on into
  // the first segment that names something.
  const named = segments.findIndex((segment) => !isOnlyModifiers(segment));
  if (isOnlyModifiers(first) && named >= 0) first = [first, ...segments.splice(0, named + 1)].join(" ");
  first = joinModifierList(first, segments, descriptors);
  let inAlternative = false;
  for (const segment of segments) {
    const lower = segment.toLowerCase();
    if (inAlternative || /^(?:or|and\/or)\b/.test(lower)) {
      inAlternative = true;
      segmentComments.push(segment);
      continue;
    }
    // "peeled and chopped" prepares; ", and pork" after a list of foods is one more food, a note.
    const rest = lower.replace(/^and\s+/, "");
    if (isPrepWord(rest.split(" ")[0] ?? "") || PREP_MARKERS.some((marker) => rest.startsWith(marker))) segmentPrep.push(segment);
    else segmentComments.push(segment);
  }

  // Phrases inside the first segment: "salt to taste", "flour for dredging", "onion cut into rings".
  const lowerFirst = first.toLowerCase();
  const commentAt = findMarker(lowerFirst, COMMENT_MARKER_PATTERNS);
  const prepAt = [findMarker(lowerFirst, PREP_MARKER_PATTERNS), findPreparationPhrase(first)].filter((i) => i > 0).sort((a, b) => a - b)[0] ?? -1;
  const cut = [commentAt, prepAt].filter((i) => i > 0).sort((a, b) => a - b)[0];
  if (cut !== undefined) {
    const tail = first.slice(cut).trim();
    if (cut === prepAt) inlinePrep.push(tail);
    else inlineComments.push(tail);
    first = first.slice(0, cut);
  }

  const numberInside = /\s(?:(?:of|from|or|and|plus)\s+)?\d/i.exec(first);
  if (numberInside && numberInside.index > 0) {
    inlineComments.unshift(first.slice(numberInside.index).trim());
    first = first.slice(0, numberInside.index);
  }

  let words = first.split(" ").filter(Boolean);
  while (words.length > 1 && wordKey(words[0] ?? "") === "of") words = words.slice(1);
  words = stripLeadingModifiers(words, leadingPrep, descriptors);
  words = splitAlternatives(words, inlineComments);
  words = stripLeadingModifiers(words, leadingPrep, descriptors);
  words = stripTrailingPrep(words, inlinePrep);
  // A connector left at the end by a cut ("Bolognese sauce or about 1 litre") joins nothing.
  while (words.length > 1 && TRAILING_CONNECTORS.has(wordKey(words[words.length - 1] ?? ""))) words = words.slice(0, -1);

  // Each part of "salt and freshly ground black pepper" loses its own modifiers.
  const joined = words.join(" ");
  const andParts = joined.split(/\s+(?:and|&)\s+/i);
  let name = joined;
  if (andParts.length > 1 && andParts.every((p) => p.trim() !== "")) {
    name = andParts.map((part) => stripLeadingModifiers(part.split(" "), leadingPrep, descriptors).join(" ")).join(" and ");
  }
  // Names open with a letter, digit or quote and end with one (or a closing bracket or percent sign).
  name = name.replace(/^[^\p{L}\p{N}'"]+|[^\p{L}\p{N}'")%]+$/gu, "").replace(/\s+/g, " ").trim();
  // A leading "of" belongs to the measure before it ("a cup of"): never to the name.
  while (/^of(?:\s|$)/i.test(name)) name = name.replace(/^of\s*/i, "").replace(/^[^\p{L}\p{N}'"]+/u, "");
  return {
    name,
    preparation: [...leadingPrep, ...inlinePrep, ...segmentPrep].map((p) => p.trim()).filter(Boolean),
    comments: [...descriptors, ...inlineComments, ...notes, ...segmentComments].map((c) => c.trim()).filter(Boolean),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Public API

const LEADING_NOTE = /^\(([^()]*)\)\s*/;
/** "Optional: 1 teaspoon chili flakes", "Garnish: chopped parsley": a label before the line is a note. */
const LEADING_LABEL = /^((?:for\s+|to\s+)?(?:optional|garnish|serving|serve|topping|decoration))\s*:\s*(?=\S)/i;
const VAGUE_AMOUNT = /^(?:(?:(?:a|some)\s+)?(?:few|little\s+bit|teensy\s+bit|tiny\s+bit|little|bit|some|several|touch|hint|dab|smidgen|dollop|squeeze|squirt|(?:thin\s+|light\s+)?coating|drizzle|sprinkle|sprinkling|bit|lot)|enough|plenty|lots|as\s+much|(?:an?\s+)?(?:small\s+|large\s+|generous\s+|good\s+|ample\s+)?amount)(?:\s+of)?(?![a-z])/i;
const PICKED_PART_OF = /^((?:the\s+)?(?:leaves|seeds|flesh|pulp|segments|kernels|florets|yolks?|whites?)(?:\s+only)?)\s+(?:of|from)\s+(?=\S)/i;
/**
 * "4 egg yolks" and "3 egg whites" take that many eggs: the name is the egg (what is bought and what the pantry
 * holds, and how the NYT labels read), the part a note.
 */
const EGG_PART = /^(?:(eggs?)\s+)?(yolks?|whites?)$/i;
const PART_OF = /^(?:the\s+)?((?:finely\s+)?(?:grated\s+)?(?:zest\s+and\s+juice|juice\s+and\s+zest|juice|zest|rind|peel|grated\s+zest))\s+(?:(?:of|from)\s+(?=\S)|(?=\d|an?\s|half\b|one\b))/i;

export function parseIngredientLine(line: string): ParsedIngredient {
  const input = typeof line === "string" ? line : String(line ?? "");
  try {
    return canonicalParse(input);
  } catch {
    return { input, quantity: null, quantityMax: null, unit: null, name: input.trim(), preparation: null, comment: null };
  }
}

/**
 * The parse is canonical: written out with formatIngredient and read again it gives the same quantity, unit and
 * name. A first reading can leave a name that the reader would take differently when it stands alone ("Diced half
 * onion" leaves "half onion", which reads as half an onion), so the result is re-read until it is stable.
 */
function canonicalParse(input: string): ParsedIngredient {
  let result = parseOnce(input);
  for (let round = 0; round < 8; round++) {
    const again = parseOnce(formatIngredient(result));
    // Stable when the text it writes reads back the same, and that reading's own text does too (a name taken from
    // a note must not move when the notes are written in another order).
    if (sameCore(again, result) && sameCore(parseOnce(formatIngredient(again)), again)) return { ...result, input };
    result = again;
  }
  // Garbled text can flip between two readings; then keep the fewest parts that read back the same.
  const fallbacks: ParsedIngredient[] = [
    { ...result, preparation: null, comment: null },
    { ...result, name: "", preparation: null, comment: null },
    { input, quantity: null, quantityMax: null, unit: null, name: "", preparation: null, comment: null },
  ];
  for (const candidate of fallbacks) {
    const again = parseOnce(formatIngredient(candidate));
    if (sameCore(again, candidate) && sameCore(parseOnce(formatIngredient(again)), again)) return { ...candidate, input };
  }
  return { input, quantity: null, quantityMax: null, unit: null, name: "", preparation: null, comment: null };
}

function sameCore(a: ParsedIngredient, b: ParsedIngredient): boolean {
  return a.quantity === b.quantity && a.quantityMax === b.quantityMax && a.unit === b.unit && a.name === b.name;
}

function parseOnce(input: string, depth = 0): ParsedIngredient {
  const comments: string[] = [];
  const preparation: string[] = [];
  let s = preclean(input);

  // Leading notes and hedges: "(Optional) 6 artichokes", "About 2/3 cup", "~150g".
  for (let guard = 0; guard < 4; guard++) {
    const note = LEADING_NOTE.exec(s) ?? LEADING_LABEL.exec(s);
    if (note) {
      if (note[1]?.trim()) comments.push(note[1].trim().toLowerCase());
      s = s.slice(note[0].length);
      continue;
    }
    const upTo = UP_TO.exec(s);
    if (upTo) {
      comments.push("up to");
      s = s.slice(upTo[0].length);
      continue;
    }
    const approx = APPROXIMATORS.exec(s);
    if (approx && approx[0].length > 0 && s.length > approx[0].length) {
      if (!comments.includes("about")) comments.push("about");
      s = s.slice(approx[0].length);
      continue;
    }
    break;
  }

  // "Leaves from 4 sprigs thyme", "Seeds of 1 pomegranate": the part used is a note, the food comes after.
  const picked = PICKED_PART_OF.exec(s);
  if (picked?.[1] && /[a-z]/i.test(s.slice(picked[0].length))) {
    comments.push(picked[1].toLowerCase());
    s = s.slice(picked[0].length);
  }
  const part = PART_OF.exec(s);
  if (part?.[1]) {
    const what = part[1].toLowerCase();
    preparation.push(/juice/.test(what) && /zest|rind|peel/.test(what) ? "zested and juiced" : /juice/.test(what) ? "juiced" : "zested");
    s = s.slice(part[0].length);
  }

  const vague = VAGUE_AMOUNT.exec(s);
  if (vague && /[a-z]/i.test(s.slice(vague[0].length))) {
    comments.push(vague[0].trim().toLowerCase());
    s = s.slice(vague[0].length).trim();
  }

  let measure = readMeasure(s);
  if (!measure.found) {
    const turned = turnNameFirstLine(s);
    if (turned) {
      s = turned.text;
      comments.push(...turned.notes);
      measure = readMeasure(s);
    }
  }
  comments.push(...measure.comments);

  const region = parseNameRegion(measure.rest);
  let name = region.name;
  preparation.push(...region.preparation);
  comments.push(...region.comments);
  let unit = measure.unit;
  const quantity = measure.quantity;
  const quantityMax = measure.quantityMax;

  // "3 peeled cloves garlic": the unit came after the modifiers.
  if (unit === null && quantity !== null) {
    const inner = readUnit(name, true);
    const after = inner ? name.slice(inner.length) : "";
    const nameFollows = /[A-Za-z]/.test(after);
    // A measure unit with nothing after it ("3 T") is still the unit, as it would be right after the number.
    if (inner && ((nameFollows && inner.word.length > 1) || (!nameFollows && after.trim() === "" && unitKind(inner.unit) !== "count"))) {
      unit = inner.unit;
      name = after.replace(/^\s*of\s+/i, "").trim();
    }
  }

  // "4 thinly cut slices of ham": the unit came after the modifiers.
  const unitOf = unit === null ? /^([A-Za-z]+(?:[\s-]+spoon\w*)?)\s+of\s+(\S.*)$/.exec(name) : null;
  if (unitOf?.[1] && unitOf[2]) {
    const inner = normalizeUnit(unitOf[1]);
    if (inner && unitOf[1].length > 1) {
      unit = inner;
      name = unitOf[2];
    } else if (!inner && quantity !== null && unitOf[1].length > 2 && !NAMED_BY_PART.has(wordKey(unitOf[1])) && /^[A-Za-z]/.test(unitOf[2]) && !/^(?:your|the|an?|any|some)\s/i.test(unitOf[2])) {
      // "6 rashers of bacon", "2 twigs of thyme": a counted word before "of" is a measure we have no unit for.
      comments.unshift(unitOf[1].toLowerCase());
      name = unitOf[2];
    }
  }

  // "1 pound fillet of sole", "2 cups florets of broccoli": the piece says how the food comes; the food follows "of".
  const pieceOf = unit !== null ? PIECE_OF.exec(name) : null;
  if (pieceOf?.[1]) {
    const piecePrep: string[] = [];
    const rest = stripLeadingModifiers(name.slice(pieceOf[0].length).split(" "), piecePrep, comments).join(" ");
    comments.unshift(pieceOf[1].toLowerCase());
    preparation.push(...piecePrep);
    name = rest;
  }

  // "2 garlic cloves" and "3 celery stalks": the unit written after the name.
  if (unit === null && quantity !== null) {
    const words = name.split(" ");
    const last = words[words.length - 1] ?? "";
    const trailing = words.length > 1 ? normalizeUnit(last) : null;
    if (trailing && TRAILING_UNITS.has(trailing) && last.length > 1) {
      unit = trailing;
      name = words.slice(0, -1).join(" ");
    }
  }

  // "1 recipe pie dough": a recipe's worth of something made from another recipe; the word is a note.
  const batch = unit === null && quantity !== null ? /^(recipes?|batch(?:es)?|servings?|portions?)\s+(?:of\s+)?(?=[A-Za-z])/i.exec(name) : null;
  if (batch?.[1]) {
    comments.unshift(batch[1].toLowerCase());
    name = name.slice(batch[0].length);
  }

  if (!name) {
    // Everything was read as notes ("(Mozzarella, Oaxaca, or Jack cheese)"): name it from the first note.
    const fallback = region.comments[0] ?? "";
    if (/[a-z]/i.test(fallback) && readQuantity(fallback) === null) {
      const index = comments.indexOf(fallback);
      if (index >= 0) comments.splice(index, 1);
      const inner = parseNameRegion(fallback);
      name = inner.name;
      preparation.push(...inner.preparation);
      comments.push(...inner.comments);
    }
  }

  if (!isPlausibleName(name) && depth === 0) {
    // "2 tablespoons minced fresh or 2 teaspoons dried tarragon", "2 8 1/2-ounce cans, or 2 cups cream-style corn":
    // the food is named in the alternative measure.
    for (const note of [...comments]) {
      if (!/[a-z]/i.test(note)) continue;
      // A measure names its food after it; a note without one may be the rest of the name ("fresh, non-UHT milk").
      const text = note.replace(/^\s*(?:or|and\/or|plus|and)\s+/i, "");
      const alternative = /\d/.test(note) ? parseOnce(text, depth + 1) : { name: parseNameRegion(text).name };
      if (isPlausibleName(alternative.name)) {
        if (plausibleWords(name)) comments.unshift(name);
        name = alternative.name;
        break;
      }
    }
  }
  if (!isPlausibleName(name)) name = plausibleWords(name);

  const egg = EGG_PART.exec(name);
  if (egg?.[2] && (egg[1] || quantity !== null)) {
    // "3 yolks" counts eggs as well; a bare "Yolks" names nothing else.
    const part = egg[2].toLowerCase();
    const word = egg[1] ?? (/^[A-Z]/.test(egg[2]) ? "Egg" : "egg");
    name = part.endsWith("s") && !/s$/i.test(word) ? `${word}s` : word;
    comments.push(`${part} only`);
  }

  return {
    input,
    quantity,
    quantityMax,
    unit,
    name,
    preparation: joinParts(preparation),
    comment: joinParts(comments),
  };
}

const CONNECTOR_WORDS = new Set(["or", "and", "and/or", "plus", "to", "of", "with", "for", "about", "each", "more", "less"]);

/** A name names a food: not a number, an adverb, a connector, or preparation and size words alone. */
function isPlausibleName(name: string): boolean {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 0 || !/\p{L}/u.test(name)) return false;
  if (words.every((w) => CONNECTOR_WORDS.has(wordKey(w)) || !/\p{L}/u.test(w))) return false;
  if (words.length === 1 && isAdverb(words[0] ?? "")) return false;
  // A size or measure on its own ("28-ounce", "2 cups") names no food.
  const measure = readMeasure(name);
  if (measure.found && !/\p{L}/u.test(measure.rest.replace(/\([^()]*\)/g, ""))) return false;
  return !isOnlyModifiers(name);
}

/** What is left of a name once numbers, adverbs and connectors are taken off its ends; "" when nothing is. */
function plausibleWords(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const junk = (w: string) => !/\p{L}/u.test(w) || CONNECTOR_WORDS.has(wordKey(w)) || isAdverb(w);
  while (words.length && junk(words[0] ?? "")) words.shift();
  while (words.length && junk(words[words.length - 1] ?? "")) words.pop();
  const rest = words.join(" ");
  return rest && !isOnlyModifiers(rest) ? rest : "";
}

function joinParts(parts: string[]): string | null {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const clean = part.replace(/\s+/g, " ").replace(/^[\s,;]+|[\s,;]+$/g, "").trim();
    if (!clean || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    kept.push(clean);
  }
  return kept.length ? kept.join(", ") : null;
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Formatting

const FRACTION_DENOMINATORS = [2, 3, 4, 8, 16];

/** Exact text for a quantity: "2 1/2", "1/3", "0.15"; reads back to the same number. */
export function formatExactQuantity(n: number): string {
  if (!Number.isFinite(n)) return "";
  if (Number.isInteger(n)) return String(n);
  const whole = Math.floor(n);
  const fraction = n - whole;
  for (const den of FRACTION_DENOMINATORS) {
    const num = Math.round(fraction * den);
    if (num > 0 && num < den && Math.abs(fraction - num / den) < 1e-9) {
      const g = gcd(num, den);
      const text = `${num / g}/${den / g}`;
      return whole > 0 ? `${whole} ${text}` : text;
    }
  }
  const text = String(n);
  return /e/i.test(text) ? n.toFixed(12).replace(/0+$/, "").replace(/\.$/, "") : text;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Unit written out in words, for a unit standing without a number ("grams of flour" rather than "g flour"). */
const UNIT_WORDS: Readonly<Record<string, string>> = lookupTable({
  ml: "millilitres", cl: "centilitres", dl: "decilitres", l: "litres", tsp: "teaspoons", tbsp: "tablespoons",
  "fl oz": "fluid ounces", mg: "milligrams", g: "grams", kg: "kilograms", oz: "ounces", lb: "pounds",
});

/** "2 1/2 cups flour, sifted (to taste)": quantity (or range), unit, name, preparation, comment. */
export function formatIngredient(p: ParsedIngredient): string {
  const parts: string[] = [];
  if (p.quantity !== null && Number.isFinite(p.quantity)) {
    const max = p.quantityMax !== null && Number.isFinite(p.quantityMax) && p.quantityMax > p.quantity ? p.quantityMax : null;
    parts.push(max !== null ? `${formatExactQuantity(p.quantity)}-${formatExactQuantity(max)}` : formatExactQuantity(p.quantity));
    if (p.unit) parts.push(unitLabel(p.unit, max ?? p.quantity));
  } else if (p.unit) {
    const kind = unitKind(p.unit);
    parts.push(`${UNIT_WORDS[p.unit] ?? unitLabel(p.unit, 2)}${kind === "count" ? " of" : ""}`);
  }
  // A leading size reads naturally before the name: "1 large onion".
  let comment = p.comment;
  const size = comment ? /^([a-z-]+)(?:, |$)/.exec(comment) : null;
  if (size?.[1] && SIZE_WORDS.has(size[1]) && p.quantity !== null && !p.unit) {
    parts.push(size[1]);
    comment = comment?.slice(size[0].length) || null;
  }
  // Without a name, notes are left out: on their own they would read back as the name.
  if (!p.name) return parts.join(" ");
  parts.push(p.name);
  let text = parts.join(" ");
  if (p.preparation) text += `, ${p.preparation}`;
  // Brackets inside a note are dropped so the note stays one parenthetical.
  const note = comment?.replace(/[()[\]]/g, " ").replace(/\s+/g, " ").trim();
  if (note) text += ` (${note})`;
  return text.trim();
}
