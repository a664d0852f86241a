/**
 * Tags a recipe honestly from its own content: difficulty from its times (or, when it gives none, from its step
 * count, and says so), dietary labels from forbidden-word lists scanned over every ingredient line, meal type from
 * its tags, title and ingredients, and allergen checks for the recipe engine. Pure; no I/O.
 *
 * Dietary rules (a recipe gets a label only when no ingredient line contains a forbidden word; lines are scanned
 * whole, so "chicken or vegetable stock" is not vegetarian, and an optional ingredient still counts):
 * - vegetarian: no meat, poultry, fish, shellfish, gelatin, lard/suet, or stock/broth not named vegetable/mushroom.
 * - vegan: vegetarian, and no dairy, eggs (mayonnaise, meringue), honey or other animal products.
 * - gluten-free: no wheat, flour (except named gluten-free flours: rice, almond, coconut, chickpea...), bread,
 *   pasta and noodles (except rice/glass noodles), barley, rye, spelt, couscous, bulgur, semolina, oats (not
 *   certified), soy/teriyaki/hoisin sauce (tamari is fine), beer or malt, pastry and batter bases.
 * - dairy-free: no milk, butter, cream, cheese (named cheeses too), yogurt, ghee, whey; plant milks, nut butters,
 *   cream of tartar, coconut cream and butter beans are fine.
 * - nut-free: no peanuts or tree nuts (almond, walnut, pecan, cashew, pistachio, hazelnut, macadamia, pine nut,
 *   chestnut...), marzipan, praline, pesto, satay; nutmeg, butternut, coconut and water chestnuts are fine.
 * - keto: no sugar or syrups, honey, grains, flour, bread, pasta, rice, potatoes, corn, legumes (green beans are
 *   fine), high-sugar fruit (banana, apple, mango, grapes, dates, raisins...), fruit juice (lemon/lime juice are
 *   fine) or milk (coconut/almond milk are fine).
 * - paleo: no grains, legumes (incl. peanuts and soy), dairy (ghee is fine), refined sugar (coconut sugar, honey
 *   and maple syrup are fine), seed/vegetable oils, margarine or white potatoes.
 * - low-sodium: no high-sodium ingredients (soy/fish/oyster sauce, bouillon and stock unless low-sodium or
 *   unsalted, cured meats, anchovies, olives, capers, pickles, feta, parmesan...) and no more measured salt than
 *   140 mg sodium per serving (the FDA "low sodium" bound; 1 tsp salt = 2,300 mg). Salt "to taste" is the cook's.
 */
import type { MealType } from "./constants";
import { lookupTable } from "./lookup";
import { phraseForms } from "./foodNames";

export type DerivedDifficulty = "easy" | "medium" | "hard";
/** "time": from prep + cook minutes. "steps": the recipe gives no times, so it is estimated from the step count. */
export type DifficultyBasis = "time" | "steps";

export const DIET_TAGS = ["vegetarian", "vegan", "gluten-free", "dairy-free", "nut-free", "keto", "paleo", "low-sodium"] as const;
export type DietTag = (typeof DIET_TAGS)[number];

/** The parts of an ingredient the rules read; `original` is the full line when there is one. */
export type TagIngredient = {
  name: string;
  original?: string | null;
  preparation?: string | null;
  comment?: string | null;
  quantity?: number | null;
  unit?: string | null;
};

// ---------------------------------------------------------------------------------------------------------------
// 1. Difficulty

/** Difficulty by total time: 30 minutes or less easy, 31-60 medium, above 60 hard. */
export function difficultyFromMinutes(totalMinutes: number): DerivedDifficulty {
  if (totalMinutes <= 30) return "easy";
  if (totalMinutes <= 60) return "medium";
  return "hard";
}

/** Rough estimate when a recipe gives no times: up to 4 steps easy, 5-8 medium, more hard. */
export function difficultyFromSteps(stepCount: number): DerivedDifficulty {
  if (stepCount <= 4) return "easy";
  if (stepCount <= 8) return "medium";
  return "hard";
}

export function deriveDifficulty(input: { prepTime: number | null | undefined; cookTime: number | null | undefined; stepCount: number }): {
  difficulty: DerivedDifficulty;
  basis: DifficultyBasis;
  totalMinutes: number | null;
} {
  const known = [input.prepTime, input.cookTime].filter((m): m is number => typeof m === "number" && Number.isFinite(m) && m >= 0);
  if (known.length > 0) {
    const totalMinutes = known.reduce((sum, m) => sum + m, 0);
    return { difficulty: difficultyFromMinutes(totalMinutes), basis: "time", totalMinutes };
  }
  return { difficulty: difficultyFromSteps(input.stepCount), basis: "steps", totalMinutes: null };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Text matching

/** Lower case, accents removed, punctuation to spaces (apostrophes and hyphens kept for the phrase rules). */
export function normalizeFoodText(text: string): string {
  return ` ${text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’`]/g, "'")
    // Separators stay as " , " so a qualifier ("vegan ...") never reaches across to the next ingredient.
    .replace(/[,;:()[\]/|+&]+/g, " , ")
    .replace(/[^a-z0-9'\-, ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()} `;
}

/**
 * A word list as one regex; each entry also matches its singular and plural (foodNames.ts: anchovy/anchovies,
 * peach/peaches) and a trailing s / es. Entries may be several words.
 */
function wordsPattern(words: readonly string[]): RegExp {
  const alternatives = [...new Set(words.flatMap(phraseForms))]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "[ -]"));
  return new RegExp(`(?<![a-z'])(?:${alternatives.join("|")})(?:e?s)?(?![a-z])`, "g");
}

type Rule = {
  forbidden: RegExp;
  /** Phrases removed before the forbidden words are looked for. */
  safe: RegExp | null;
  /** Qualifiers that make the next few words safe for this rule ("vegan butter", "gluten-free pasta"). */
  qualifiers: RegExp | null;
};

function rule(forbidden: readonly string[], safe: readonly string[] = [], qualifiers: readonly string[] = []): Rule {
  return {
    forbidden: wordsPattern(forbidden),
    safe: safe.length ? wordsPattern(safe) : null,
    qualifiers: qualifiers.length
      ? new RegExp(
          `(?<![a-z])(?:${qualifiers.map((q) => q.replace(/ /g, "[ -]")).join("|")})\\s+(?:(?!and\\b|or\\b|with\\b|plus\\b)[a-z'-]+\\s*){1,3}`,
          "g",
        )
      : null,
  };
}

/** The first forbidden word in `text` under a rule, or null. */
function findForbidden(r: Rule, text: string): string | null {
  let cleaned = normalizeFoodText(text);
  if (r.qualifiers) cleaned = cleaned.replace(r.qualifiers, " ");
  if (r.safe) cleaned = cleaned.replace(r.safe, " ");
  cleaned = cleaned.replace(/-/g, " ");
  r.forbidden.lastIndex = 0;
  const match = r.forbidden.exec(cleaned);
  return match ? match[0].trim() : null;
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Word lists

const MEAT_WORDS = [
  "meat", "beef", "steak", "veal", "pork", "ham", "bacon", "pancetta", "prosciutto", "guanciale", "speck", "salami",
  "pepperoni", "chorizo", "chourico", "sausage", "chipolata", "bratwurst", "kielbasa", "mortadella", "pastrami",
  "corned beef", "gammon", "lamb", "mutton", "goat", "chicken", "turkey", "duck", "goose", "quail", "pheasant",
  "venison", "rabbit", "hare", "boar", "bison", "elk", "liver", "kidney", "oxtail", "tripe", "tongue", "sweetbread",
  "brisket", "sirloin", "ribeye", "rib eye", "tenderloin", "spare rib", "ribs", "porkchop", "pork chop", "meatball",
  "meatloaf", "mince", "hamburger", "burger patty", "hot dog", "frankfurter", "wiener", "jerky", "pate", "foie gras",
  "bone marrow", "bone", "drippings", "dripping", "lard", "suet", "tallow", "schmaltz", "gelatin", "gelatine",
  "pig", "pig's", "pigs", "trotter", "chicharron", "snag", "giblets", "cutlet", "schnitzel", "chuck", "wurst",
  "falukorv", "kielbasa", "rennet",
  // Fish and seafood
  "fish", "salmon", "tuna", "cod", "haddock", "halibut", "tilapia", "trout", "sardine", "anchovy", "anchovies",
  "mackerel", "herring", "sole", "snapper", "bass", "catfish", "pollock", "swordfish", "anglerfish", "monkfish",
  "trevally", "eel", "caviar", "roe", "shrimp", "prawn", "crab", "lobster", "crawfish", "crayfish", "clam", "mussel",
  "oyster", "scallop", "squid", "calamari", "octopus", "pulpo", "seafood", "fish sauce", "oyster sauce",
  "worcestershire", "worchestershire", "worcester sauce", "bonito", "dashi", "katsuobushi", "surimi", "escargot", "snail",
  // Hard cheeses made with animal rennet by their protected recipes.
  "parmesan", "parmigiano", "parmigiano reggiano", "pecorino", "grana padano",
  // Stock made from bones unless named otherwise (the safe list below lets vegetable stock through).
  "stock", "broth", "bouillon", "consomme", "demi-glace", "gravy",
];
const MEAT_SAFE = [
  "kidney bean", "goat cheese", "goat's cheese", "goats cheese", "goat milk", "goat's milk", "vegetable stock",
  "vegetable broth", "vegetable bouillon", "veg stock", "veggie stock", "veggie broth", "mushroom stock",
  "mushroom broth", "kombu stock", "kombu dashi", "duck egg", "chicken egg", "beef tomato", "beefsteak tomato",
  "oyster mushroom", "crab apple", "hot dog bun", "hamburger bun", "burger bun", "chicken of the woods",
  "hen of the woods", "lion's mane", "mushroom gravy", "onion gravy", "microbial rennet", "vegetable rennet",
];
const MEAT_QUALIFIERS = ["vegan", "vegetarian", "veggie", "plant based", "meatless", "meat free", "imitation", "mock", "faux"];

const DAIRY_WORDS = [
  "milk", "buttermilk", "butter", "buttered", "cream", "creamer", "creme fraiche", "sour cream", "whipping cream", "half and half", "cheese",
  "parmesan", "parmigiano", "mozzarella", "cheddar", "feta", "ricotta", "gruyere", "brie", "camembert", "gouda",
  "mascarpone", "pecorino", "halloumi", "paneer", "emmental", "emmentaler", "provolone", "scamorza", "appenzeller",
  "raclette", "manchego", "stilton", "gorgonzola", "roquefort", "jarlsberg", "monterey jack", "colby", "quark",
  "cottage cheese", "cream cheese", "yogurt", "yoghurt", "kefir", "ghee", "whey", "casein", "custard", "ice cream",
  "dulce de leche", "condensed milk", "evaporated milk", "curd", "labneh", "skyr", "fromage", "queso", "burrata",
  "milk chocolate", "white chocolate", "bechamel", "alfredo",
];
const DAIRY_SAFE = [
  "coconut milk", "coconut cream", "cream of coconut", "almond milk", "oat milk", "soy milk", "soya milk", "rice milk",
  "cashew milk", "hemp milk", "pea milk", "plant milk", "nut milk", "peanut butter", "almond butter", "cashew butter",
  "nut butter", "seed butter", "sunflower butter", "sunflower seed butter", "apple butter", "cocoa butter",
  "shea butter", "pumpkin butter", "butter bean", "butter lettuce", "cream of tartar", "coconut yogurt",
  "soy yogurt", "coconut yoghurt", "bean curd",
];
const DAIRY_QUALIFIERS = ["vegan", "plant based", "non dairy", "nondairy", "dairy free"];

const EGG_WORDS = ["egg", "yolk", "egg white", "mayonnaise", "mayo", "aioli", "meringue", "hollandaise", "custard", "egg noodle", "eggnog"];
const EGG_SAFE = ["eggplant", "egg replacer", "flax egg", "chia egg"];
const EGG_QUALIFIERS = ["vegan", "egg free", "eggless"];

const OTHER_ANIMAL_WORDS = ["honey", "bee pollen", "royal jelly", "carmine", "isinglass", "lemon curd"];
const OTHER_ANIMAL_SAFE = ["honeydew", "honeycrisp", "honeynut"];

const GLUTEN_WORDS = [
  "wheat", "flour", "bread", "breadcrumb", "breadcrumbs", "panko", "crouton", "cornbread", "shortbread", "flatbread",
  "pasta", "spaghetti", "macaroni", "penne", "fettuccine", "linguine", "tagliatelle", "pappardelle", "lasagna",
  "lasagne", "ravioli", "tortellini", "orzo", "rigatoni", "fusilli", "farfalle", "mostaccioli", "ziti", "vermicelli",
  "noodle", "noodles", "udon", "ramen", "soba", "gnocchi", "couscous", "bulgur", "bulghur", "semolina", "farro",
  "spelt", "barley", "rye", "seitan", "malt", "beer", "ale", "lager", "stout", "soy sauce", "teriyaki", "hoisin",
  "cracker", "biscuit", "cookie", "cake", "pastry", "puff pastry", "phyllo", "filo", "pie crust", "dough", "tortilla",
  "pita", "bagel", "baguette", "brioche", "croissant", "bun", "naan", "wonton", "dumpling", "matzo", "graham",
  "oats", "oat", "oatmeal", "rolled oats", "muesli", "granola", "self-raising", "self raising", "bisquick", "roux",
  "batter", "breading", "sourdough", "wholemeal", "durum", "einkorn", "kamut", "triticale", "freekeh", "malted",
  "muffin", "wrap", "bechamel", "gravy", "soya sauce", "stuffing", "pretzel", "pizza", "pie",
];
const GLUTEN_SAFE = [
  "buckwheat flour", "rice flour", "almond flour", "almond meal", "coconut flour", "chickpea flour", "gram flour",
  "tapioca flour", "potato flour", "cassava flour", "sorghum flour", "millet flour", "teff flour", "quinoa flour",
  "corn flour", "cornflour", "masa harina", "arrowroot flour", "rice noodle", "rice noodles", "rice vermicelli",
  "glass noodle", "glass noodles", "mung bean noodle", "shirataki noodle", "rice paper", "corn tortilla",
  "tamari", "coconut aminos", "root beer", "ginger beer", "ginger ale", "butter bean",
];
const GLUTEN_QUALIFIERS = ["gluten free", "grain free", "wheat free"];

const NUT_WORDS = [
  "nut", "peanut", "almond", "walnut", "pecan", "cashew", "pistachio", "hazelnut", "filbert", "macadamia",
  "brazil nut", "pine nut", "pignoli", "chestnut", "marzipan", "praline", "frangipane", "nougat", "gianduja",
  "nutella", "pesto", "satay", "almond milk", "amaretto", "marcona",
];
const NUT_SAFE = ["water chestnut", "nutmeg", "butternut", "coconut", "doughnut", "donut", "nutritional yeast", "tiger nut"];
const NUT_QUALIFIERS = ["nut free", "peanut free"];

const KETO_WORDS = [
  "sugar", "honey", "syrup", "maple syrup", "molasses", "agave", "treacle", "jam", "jelly", "marmalade", "candy",
  "chocolate chip", "flour", "bread", "breadcrumb", "pasta", "spaghetti", "macaroni", "noodle", "noodles", "rice",
  "potato", "sweet potato", "yam", "corn", "cornstarch", "cornflour", "polenta", "grits", "oats", "oat", "oatmeal",
  "granola", "cereal", "quinoa", "couscous", "barley", "bulgur", "tortilla", "cracker", "crouton", "beans", "bean", "lentil",
  "chickpea", "peas", "banana", "apple", "mango", "pineapple", "grape", "grapes", "dates", "raisin", "fig", "prune",
  "cherry", "pear", "orange", "juice", "milk", "condensed milk", "beer", "ketchup", "pastry", "dough", "cake",
  "cookie", "biscuit", "wine", "plantain", "cassava", "tapioca", "parsnip",
];
const KETO_SAFE = [
  "green bean", "string bean", "wax bean", "runner bean", "coconut milk", "almond milk", "almond flour",
  "coconut flour", "lemon juice", "lime juice", "apple cider vinegar", "cider vinegar", "cauliflower rice",
  "black soybean", "shirataki noodle", "shirataki noodles", "coffee bean", "cocoa bean", "vanilla bean",
  "orange zest", "lemon zest", "red wine vinegar", "white wine vinegar", "wine vinegar", "rice vinegar",
  "rice wine vinegar", "corn salad", "cherry tomato", "orange bell pepper", "orange pepper", "bean sprout",
];
const KETO_QUALIFIERS = ["sugar free", "keto", "low carb"];

const PALEO_WORDS = [
  // grains
  "wheat", "flour", "bread", "breadcrumb", "pasta", "spaghetti", "macaroni", "noodle", "noodles", "rice", "oats",
  "oat", "oatmeal", "granola", "corn", "cornstarch", "cornflour", "polenta", "grits", "quinoa", "couscous", "barley",
  "rye", "bulgur", "millet", "sorghum", "buckwheat", "tortilla", "cracker", "pastry", "dough", "cereal", "beer",
  // legumes
  "bean", "beans", "lentil", "chickpea", "peas", "peanut", "soy", "soya", "soy sauce", "tofu", "tempeh", "edamame",
  "miso", "hummus",
  // dairy (ghee excepted below)
  ...DAIRY_WORDS,
  // refined sugar and processed fats
  "sugar", "corn syrup", "glucose syrup", "vegetable oil", "canola oil", "rapeseed oil", "soybean oil",
  "sunflower oil", "corn oil", "margarine", "shortening", "potato",
];
const PALEO_SAFE = [
  ...DAIRY_SAFE, "ghee", "green bean", "string bean", "coconut sugar", "date sugar", "maple sugar", "sweet potato",
  "almond flour", "coconut flour", "tapioca flour", "cassava flour", "arrowroot flour", "coconut aminos",
  "cauliflower rice", "snow pea", "sugar snap pea", "coffee bean", "cocoa bean", "vanilla bean", "sugar snap",
  "rice vinegar", "rice wine vinegar", "corn salad", "bean sprout",
];
const PALEO_QUALIFIERS = ["paleo", "grain free", "dairy free", "vegan", "non dairy"];

const HIGH_SODIUM_WORDS = [
  "soy sauce", "soya sauce", "tamari", "fish sauce", "oyster sauce", "worcestershire", "teriyaki", "hoisin", "bouillon",
  "stock cube", "stock", "broth", "consomme", "miso", "bacon", "ham", "salami", "prosciutto", "pancetta", "chorizo",
  "chourico", "pepperoni", "sausage", "hot dog", "corned beef", "pastrami", "jerky", "anchovy", "anchovies",
  "olives", "olive", "capers", "caper", "pickle", "pickles", "sauerkraut", "kimchi", "feta", "parmesan", "halloumi",
  "pecorino", "salted butter", "seasoned salt", "season salt", "garlic salt", "celery salt", "onion salt",
  "bouillon cube", "soup mix", "ketchup", "salted", "smoked salmon", "brine", "cured",
];
const HIGH_SODIUM_SAFE = ["olive oil", "unsalted butter"];
const SODIUM_QUALIFIERS = ["low sodium", "reduced sodium", "no salt added", "unsalted", "salt free", "sodium free"];

const RULES: Record<Exclude<DietTag, "vegan" | "low-sodium">, Rule> & { egg: Rule; otherAnimal: Rule; sodium: Rule } = {
  vegetarian: rule(MEAT_WORDS, MEAT_SAFE, MEAT_QUALIFIERS),
  "dairy-free": rule(DAIRY_WORDS, DAIRY_SAFE, DAIRY_QUALIFIERS),
  "gluten-free": rule(GLUTEN_WORDS, GLUTEN_SAFE, GLUTEN_QUALIFIERS),
  "nut-free": rule(NUT_WORDS, NUT_SAFE, NUT_QUALIFIERS),
  keto: rule(KETO_WORDS, KETO_SAFE, KETO_QUALIFIERS),
  paleo: rule(PALEO_WORDS, PALEO_SAFE, PALEO_QUALIFIERS),
  egg: rule(EGG_WORDS, EGG_SAFE, EGG_QUALIFIERS),
  otherAnimal: rule(OTHER_ANIMAL_WORDS, OTHER_ANIMAL_SAFE, ["vegan"]),
  sodium: rule(HIGH_SODIUM_WORDS, HIGH_SODIUM_SAFE, SODIUM_QUALIFIERS),
};

/** The text of one ingredient that the rules scan: the whole original line when known. */
export function ingredientText(ingredient: TagIngredient): string {
  if (ingredient.original && ingredient.original.trim()) return ingredient.original;
  return [ingredient.name, ingredient.preparation, ingredient.comment].filter(Boolean).join(", ");
}

/** Teaspoons of salt a line measures, or null when it gives no measurable amount ("salt to taste", "a pinch"). */
function measuredSaltTeaspoons(ingredient: TagIngredient): number | null {
  const name = normalizeFoodText(ingredient.name);
  if (!/ salt /.test(name) || /unsalted|salt free|no salt/.test(name)) return null;
  if (ingredient.quantity == null || !Number.isFinite(ingredient.quantity)) return null;
  const perUnit: Readonly<Record<string, number>> = lookupTable({ tsp: 1, tbsp: 3, cup: 48, cups: 48, g: 1 / 6, kg: 1000 / 6, oz: 28.35 / 6, ml: 1 / 5 });
  const factor = ingredient.unit ? perUnit[ingredient.unit] : undefined;
  return factor === undefined ? null : ingredient.quantity * factor;
}

const SODIUM_MG_PER_TSP_SALT = 2300;
/** FDA "low sodium": at most 140 mg per serving. */
const LOW_SODIUM_MG_PER_SERVING = 140;

/**
 * What breaks a diet in a recipe's ingredients: one entry per offending line ({ line, word }), empty when the
 * recipe complies.
 */
export function dietViolations(diet: DietTag, ingredients: readonly TagIngredient[], servings?: number | null): { line: string; word: string }[] {
  const found: { line: string; word: string }[] = [];
  const rulesFor: Rule[] =
    diet === "vegan"
      ? [RULES.vegetarian, RULES["dairy-free"], RULES.egg, RULES.otherAnimal]
      : diet === "low-sodium"
        ? [RULES.sodium]
        : [RULES[diet]];
  for (const ingredient of ingredients) {
    const line = ingredientText(ingredient);
    for (const r of rulesFor) {
      const word = findForbidden(r, line);
      if (word) {
        found.push({ line, word });
        break;
      }
    }
  }
  if (diet === "low-sodium") {
    const teaspoons = ingredients.map(measuredSaltTeaspoons).reduce<number>((sum, t) => sum + (t ?? 0), 0);
    const perServing = (teaspoons * SODIUM_MG_PER_TSP_SALT) / Math.max(1, servings ?? 4);
    if (perServing > LOW_SODIUM_MG_PER_SERVING) {
      const saltLine = ingredients.find((i) => (measuredSaltTeaspoons(i) ?? 0) > 0);
      found.push({ line: saltLine ? ingredientText(saltLine) : "salt", word: "salt" });
    }
  }
  return found;
}

export function meetsDiet(diet: DietTag, ingredients: readonly TagIngredient[], servings?: number | null): boolean {
  return dietViolations(diet, ingredients, servings).length === 0;
}

/** Every diet the recipe meets. A recipe without ingredients gets none: there is nothing to vouch for. */
export function deriveDietary(ingredients: readonly TagIngredient[], servings?: number | null): DietTag[] {
  if (ingredients.length === 0) return [];
  return DIET_TAGS.filter((diet) => meetsDiet(diet, ingredients, servings));
}

/** Maps free-text diet names ("Gluten-Free", "vegetarian", "Low-Sodium") to the tags the rules know; others are dropped. */
export function toDietTag(value: string): DietTag | null {
  const key = value.trim().toLowerCase().replace(/[\s_]+/g, "-");
  return (DIET_TAGS as readonly string[]).includes(key) ? (key as DietTag) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Allergens

export type AllergenFamily = "dairy" | "egg" | "tree-nuts" | "peanuts" | "gluten" | "fish" | "shellfish" | "soy" | "sesame" | "mustard" | "celery" | "sulphites";

/**
 * Prepared foods, sauces and dishes that contain an allergen although their name does not say so: parmesan and
 * butter are dairy (already in the word lists), but so are pesto, tzatziki and brioche; pesto also has nuts,
 * worcestershire and caesar dressing anchovies, mayonnaise and aioli eggs, tahini and hummus sesame. Cautious
 * on purpose: a dish that usually contains the allergen is listed even if some versions do not, because a
 * false alarm costs a recipe and a miss costs a reaction. A qualifier still clears a line ("vegan pesto" is not
 * dairy, though it is still nuts).
 */
export const DERIVED_ALLERGEN_FOODS: Readonly<Record<AllergenFamily, readonly string[]>> = {
  dairy: [
    "pesto", "caesar dressing", "caesar salad", "ranch dressing", "carbonara", "tzatziki", "raita", "lassi", "mornay",
    "hollandaise", "bearnaise", "brioche", "croissant", "shortbread", "buttercream", "naan", "korma", "tikka masala",
    "gratin", "au gratin", "fondue", "cheesecake", "tiramisu", "panna cotta", "quiche", "eggnog", "milkshake",
    "fudge", "toffee", "caramel sauce", "mac and cheese", "macaroni cheese", "mashed potato", "scalloped potato",
    "cream sauce", "gelato", "kulfi", "rice pudding", "bread pudding", "nougat",
  ],
  egg: [
    "caesar dressing", "carbonara", "bearnaise", "tartar sauce", "tartare sauce", "remoulade", "ranch dressing",
    "pavlova", "souffle", "quiche", "frittata", "omelet", "omelette", "brioche", "challah", "macaron", "tiramisu",
    "zabaglione", "shakshuka", "french toast", "tempura", "egg pasta", "fresh pasta", "egg noodle", "marzipan",
    "pancake", "waffle", "crepe", "meringue", "frangipane", "lemon curd",
  ],
  "tree-nuts": [
    "pesto", "almond flour", "almond meal", "praline", "marzipan", "frangipane", "nougat", "gianduja", "nutella",
    "nut butter", "almond butter", "cashew butter", "hazelnut spread", "baklava", "romesco", "dukkah", "macaron",
    "amaretti", "amaretto", "korma", "mole sauce", "waldorf salad", "granola", "muesli", "trail mix", "nut milk",
    "almond milk", "cashew milk", "frangelico", "marcona",
  ],
  peanuts: ["satay", "pad thai", "kung pao", "gado gado", "peanut butter", "groundnut", "arachis", "trail mix", "mole sauce"],
  gluten: [
    "tempura", "katsu", "schnitzel", "breaded", "crouton", "caesar salad", "gochujang", "tabbouleh", "meatball",
    "meatloaf", "crumble", "pancake", "waffle", "crepe", "brownie", "scone", "stuffing", "beer batter", "malt vinegar",
    "couscous", "seitan", "udon", "ramen", "soba", "croissant", "brioche", "challah", "shortbread", "baklava",
    "dumpling", "gyoza", "wonton", "samosa", "naan", "chapati", "roti", "pita", "panko", "orzo", "gnocchi", "soy sauce",
    "shoyu", "teriyaki", "hoisin", "ponzu", "black bean sauce",
  ],
  fish: [
    "worcestershire", "worchestershire", "worcester sauce", "caesar dressing", "caesar salad", "pad thai",
    "fish sauce", "nam pla", "nuoc mam", "bagna cauda", "puttanesca", "tapenade", "kimchi", "furikake", "sushi",
    "sashimi", "ceviche", "gravlax", "lox", "dashi", "bonito", "katsuobushi", "surimi", "fish stock", "fish paste",
  ],
  shellfish: [
    "oyster sauce", "shrimp paste", "belacan", "xo sauce", "paella", "bouillabaisse", "cioppino", "gumbo",
    "jambalaya", "tom yum", "laksa", "kimchi", "shrimp chips", "prawn crackers", "surimi", "crab stick", "seafood",
  ],
  soy: [
    "tofu", "tempeh", "edamame", "miso", "tamari", "soy sauce", "shoyu", "teriyaki", "hoisin", "natto", "gochujang",
    "doenjang", "ponzu", "black bean sauce", "yuba", "textured vegetable protein", "tvp", "soy milk", "soya milk",
    "soy lecithin",
  ],
  sesame: ["tahini", "hummus", "houmous", "halva", "halvah", "baba ganoush", "gomasio", "gomashio", "furikake", "za'atar", "zaatar", "dukkah", "benne", "sesame oil"],
  mustard: ["dijon", "honey mustard", "mustard seed", "piccalilli", "remoulade"],
  celery: ["celeriac", "celery salt", "celery seed", "mirepoix", "soffritto"],
  sulphites: ["wine", "vinegar", "dried apricot", "sulphite", "sulfite"],
};

const SHELLFISH_WORDS = ["shrimp", "prawn", "crab", "lobster", "crawfish", "crayfish", "clam", "mussel", "oyster", "scallop", "squid", "calamari", "octopus", "pulpo", "langoustine", "snail", "escargot"];
const FISH_WORDS = [
  "fish", "salmon", "tuna", "cod", "haddock", "halibut", "tilapia", "trout", "sardine", "anchovy", "anchovies", "mackerel",
  "herring", "sole", "snapper", "bass", "catfish", "pollock", "swordfish", "anglerfish", "monkfish", "trevally", "eel",
  "caviar", "roe", "seafood",
];

/** One allergen family: the names people write for it, and the words (base and derived) that find it in a line. */
type AllergenFamilyRule = { family: AllergenFamily; names: RegExp; rule: Rule };

function familyRule(family: AllergenFamily, names: RegExp, words: readonly string[], safe: readonly string[] = [], qualifiers: readonly string[] = []): AllergenFamilyRule {
  return { family, names, rule: rule([...words, ...DERIVED_ALLERGEN_FOODS[family]], safe, qualifiers) };
}

/** Allergy names people write, mapped to the family rules that find them. Anything else is matched as its own word. */
const ALLERGEN_FAMILIES: { names: RegExp; families: AllergenFamilyRule[] }[] = (() => {
  const dairy = familyRule("dairy", /^(?:dairy|milk|lactose|cow'?s milk|casein|whey|cheese|butter|cream)$/, DAIRY_WORDS, DAIRY_SAFE, DAIRY_QUALIFIERS);
  const egg = familyRule("egg", /^eggs?$/, EGG_WORDS, EGG_SAFE, EGG_QUALIFIERS);
  const treeNuts = familyRule("tree-nuts", /^tree nuts?$/, NUT_WORDS.filter((w) => w !== "peanut" && w !== "satay"), NUT_SAFE, NUT_QUALIFIERS);
  const peanuts = familyRule("peanuts", /^(?:peanuts?|groundnuts?)$/, ["peanut"], [], ["peanut free"]);
  const gluten = familyRule("gluten", /^(?:gluten|wheat|coeliac|celiac|coeliac disease|celiac disease)$/, GLUTEN_WORDS, GLUTEN_SAFE, GLUTEN_QUALIFIERS);
  const fish = familyRule("fish", /^(?:fish|finfish)$/, FISH_WORDS);
  const shellfish = familyRule("shellfish", /^(?:shellfish|crustaceans?|molluscs?|mollusks?|seafood)$/, SHELLFISH_WORDS, ["oyster mushroom", "crab apple"]);
  const soy = familyRule("soy", /^(?:soy|soya|soybeans?|soy beans?)$/, ["soy", "soya", "soybean"], [], ["soy free"]);
  const sesame = familyRule("sesame", /^sesame(?: seeds?)?$/, ["sesame"]);
  const mustard = familyRule("mustard", /^mustard$/, ["mustard"]);
  const celery = familyRule("celery", /^(?:celery|celeriac)$/, ["celery"]);
  const sulphites = familyRule("sulphites", /^(?:sulphites?|sulfites?)$/, []);
  return [
    // "Nuts" on its own means every nut, peanuts included (people with either write it).
    { names: /^(?:nuts?|nut allergy)$/, families: [treeNuts, peanuts] },
    ...[dairy, egg, treeNuts, peanuts, gluten, fish, shellfish, soy, sesame, mustard, celery, sulphites].map((f) => ({ names: f.names, families: [f] })),
  ];
})();

/** The families an allergy as the user wrote it belongs to ("Parmesan" none: it is matched as itself). */
export function allergenFamiliesOf(allergy: string): AllergenFamily[] {
  const key = normalizeFoodText(allergy).trim().replace(/ allergy$/, "").replace(/-/g, " ");
  return ALLERGEN_FAMILIES.find((f) => f.names.test(key))?.families.map((f) => f.family) ?? [];
}

const allergenRuleMemo = new Map<string, Rule[]>();

function allergenRules(allergy: string): Rule[] {
  const known = allergenRuleMemo.get(allergy);
  if (known) return known;
  const rules = buildAllergenRules(allergy);
  if (allergenRuleMemo.size > 1000) allergenRuleMemo.clear();
  allergenRuleMemo.set(allergy, rules);
  return rules;
}

function buildAllergenRules(allergy: string): Rule[] {
  const key = normalizeFoodText(allergy).trim().replace(/ allergy$/, "");
  if (!key) return [];
  const family = ALLERGEN_FAMILIES.find((f) => f.names.test(key.replace(/-/g, " ")));
  if (family) return family.families.map((f) => f.rule);
  // A named food ("strawberries", "kiwi"): it, its singular and its plural as whole words.
  return [rule([key])];
}

/** The allergies (as the user wrote them) an ingredient line contains. */
export function allergensIn(text: string, allergies: readonly string[]): string[] {
  return allergies.filter((allergy) => allergenRules(allergy).some((r) => findForbidden(r, text) !== null));
}

/** Every (allergy, line) pair found in a list of ingredients. */
export function allergenViolations(ingredients: readonly TagIngredient[], allergies: readonly string[]): { allergy: string; line: string }[] {
  const out: { allergy: string; line: string }[] = [];
  if (allergies.length === 0) return out;
  for (const ingredient of ingredients) {
    const line = ingredientText(ingredient);
    for (const allergy of allergensIn(line, allergies)) out.push({ allergy, line });
  }
  return out;
}

/** Whether a food name mentions a word (a dislike, a requested ingredient) as a whole word or its plural. */
const foodRuleMemo = new Map<string, Rule | null>();

export function mentionsFood(text: string, food: string): boolean {
  let r = foodRuleMemo.get(food);
  if (r === undefined) {
    const key = normalizeFoodText(food).trim();
    r = key ? rule([key]) : null;
    if (foodRuleMemo.size > 1000) foodRuleMemo.clear();
    foodRuleMemo.set(food, r);
  }
  return r !== null && findForbidden(r, text) !== null;
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Meal type and kind

type MealSignal = { meal: MealType; pattern: RegExp };

/** Tag words that name a course, strongest first. */
const TAG_SIGNALS: MealSignal[] = [
  { meal: "breakfast", pattern: /^(?:breakfast|brunch|pancakes?|porridge|waffles?)$/ },
  { meal: "dessert", pattern: /^(?:desserts?|sweets?|cakes?|cookies|pudding|candy|pie|pastry|meringue|muffins|ice ?cream|tart)$/ },
  { meal: "appetizer", pattern: /^(?:appetizers?|starters?|tapas|antipasti|finger ?food|dips?)$/ },
  { meal: "snack", pattern: /^(?:snacks?|drinks?|spread|pub)$/ },
  { meal: "lunch", pattern: /^(?:lunch|salad|sandwich|soup)$/ },
  { meal: "dinner", pattern: /^(?:dinner|supper|mains?|main course|stew|curry|roast)$/ },
];

/** Title words, read when the tags say nothing. */
const TITLE_SIGNALS: MealSignal[] = [
  { meal: "breakfast", pattern: /\b(?:breakfast|brunch|pancakes?|omelett?e?s?|waffles?|porridge|oatmeal|granola|muesli|yog(?:h)?urt|french toast|frittata|shakshou?ka|scrambled eggs|eggs benedict|crepes?|smoothie|cereals?|bagels?)\b/ },
  { meal: "dessert", pattern: /\b(?:cakes?|cookies?|brownies?|puddings?|tarts?|tartlets?|pies? \(sweet\)|crumble|cobbler|custard|creme brulee|ice cream|sorbet|granita|mousse|tiramisu|fudge|candy|truffles?|pavlova|meringues?|strudel|cheesecake|compote|biscotti|macarons?|donuts?|doughnuts?|brigadeiro|flan|panna cotta|sweets?)\b/ },
  { meal: "appetizer", pattern: /\b(?:appetizers?|starters?|dips?|bruschetta|crostini|canapes?|tapas|bites|spring rolls?|egg rolls?|dumplings?|hummus|guacamole|salsa|tzatziki|nachos|wings|croquettes?|fritters?|ceviche|deviled eggs|pate)\b/ },
  { meal: "snack", pattern: /\b(?:snacks?|popcorn|chips|crisps|jerky|trail mix|energy balls?|bars?|smoothies?|milkshakes?|tea|coffee|lemonade|cocktail|mimosa|punch|wine|spread|crackers|pretzels?|muffins?)\b/ },
  { meal: "lunch", pattern: /\b(?:salads?|sandwich(?:es)?|subs?|wraps?|soups?|chowder|bisque|gazpacho|quesadillas?|burgers?|toasties|panini|bowls?|tacos?|burritos?|pizza)\b/ },
];

const SWEET_INGREDIENTS = /\b(?:chocolate|cocoa|jam|marmalade|vanilla|icing sugar|powdered sugar|confectioners'? sugar|caramel|condensed milk|custard|whipped cream|sprinkles)\b/;
const SAVORY_INGREDIENTS = /\b(?:onions?|garlic|shallots?|meat|beef|pork|chicken|fish|bacon|ham|sausage|stock|broth|soy sauce|cumin|leeks?|cheese)\b/;

/** Titles and tags of building blocks rather than dishes: sauces, doughs, stocks, spice mixes, dressings. */
const COMPONENT_TAGS = /^(?:sauce|stock|spice|seasoning|dressing|condiment|marinade)$/;
/** The head word of a component's title: "Bolognese Sauce", "Pizza Dough", "Fajita Seasoning". */
const COMPONENT_HEAD =
  /\b(?:sauce|dough|stock|broth|seasoning|spice mix|dressing|marinade|vinaigrette|mayo|mayonnaise|aioli|pesto|ketchup|gravy|rub|syrup|jam|jelly|starter|pastry|crust|glaze|icing|frosting|filling|bechamel|demi-glace|roux|za'?atar|salsa verde|spread)$/;

export type MealTypeInput = {
  title: string;
  tags?: readonly string[] | null;
  ingredients?: readonly TagIngredient[];
};

/**
 * The course a recipe belongs to, from its tags first (an author's own word), then its title, then its
 * ingredients (a sweet bake without onions or meat is a dessert). Main dishes fall back to dinner.
 */
export function deriveMealType(input: MealTypeInput): MealType {
  const tags = (input.tags ?? []).map((t) => normalizeFoodText(t).trim());
  for (const signal of TAG_SIGNALS) {
    if (tags.some((t) => signal.pattern.test(t))) return signal.meal;
  }
  const title = normalizeFoodText(input.title);
  for (const signal of TITLE_SIGNALS) {
    if (signal.pattern.test(title)) return signal.meal;
  }
  const text = normalizeFoodText((input.ingredients ?? []).map(ingredientText).join(" | "));
  if (SWEET_INGREDIENTS.test(text) && !SAVORY_INGREDIENTS.test(text)) return "dessert";
  return "dinner";
}

/** True for a building block (sauce, dough, stock, spice mix) rather than a dish one would serve on its own. */
export function isComponentRecipe(input: { title: string; tags?: readonly string[] | null }): boolean {
  const tags = (input.tags ?? []).map((t) => normalizeFoodText(t).trim());
  if (tags.some((t) => COMPONENT_TAGS.test(t))) return true;
  // The dish is what comes before "with" / "in": "Broccoli with Ginger and Garlic Sauce" is broccoli.
  const head = normalizeFoodText(input.title.replace(/\([^)]*\)/g, " "))
    .split(/ (?:with|in|on|over) /)[0]!
    .replace(/[ ,]+$/, "")
    .trim();
  return COMPONENT_HEAD.test(head);
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Everything at once

export type RecipeTagInput = {
  title: string;
  tags?: readonly string[] | null;
  ingredients: readonly TagIngredient[];
  stepCount: number;
  prepTime: number | null;
  cookTime: number | null;
  servings: number | null;
};

export type RecipeTags = {
  difficulty: DerivedDifficulty;
  difficultyBasis: DifficultyBasis;
  dietary: DietTag[];
  mealType: MealType;
  component: boolean;
};

export function deriveRecipeTags(input: RecipeTagInput): RecipeTags {
  const { difficulty, basis } = deriveDifficulty({ prepTime: input.prepTime, cookTime: input.cookTime, stepCount: input.stepCount });
  return {
    difficulty,
    difficultyBasis: basis,
    dietary: deriveDietary(input.ingredients, input.servings),
    mealType: deriveMealType(input),
    component: isComponentRecipe(input),
  };
}
