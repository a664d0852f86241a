/**
 * The emoji on a pantry card: chosen from keywords in the item name, falling back to the category (generic
 * ones such as Dairy or Seafood as well as the 15 pantry categories), then a sparkle. Pure.
 *
 * Keywords match whole words (with plurals), so "pineapple" is not an apple and "eggplant" is not an egg. When
 * several match, the one that ends last wins: English puts the head noun last ("apple pie", "chicken soup"), and
 * among those ending at the same place the longest phrase wins ("peanut butter" over "butter").
 */
import { lookupTable } from "./lookup";

const SPARKLE = "✨";

export const KEYWORD_EMOJI: [string, string[]][] = [
  // fruit
  ["🍍", ["pineapple"]],
  ["🍏", ["green apple", "granny smith"]],
  ["🍎", ["apple", "applesauce", "honeycrisp", "gala", "fuji"]],
  ["🍐", ["pear"]],
  ["🍊", ["orange", "clementine", "mandarin", "tangerine", "satsuma", "grapefruit", "citrus"]],
  ["🍋", ["lemon", "lime"]],
  ["🍌", ["banana", "plantain"]],
  ["🍉", ["watermelon"]],
  ["🍈", ["melon", "cantaloupe", "honeydew"]],
  ["🍇", ["grape", "raisin", "sultana"]],
  ["🍓", ["strawberry", "raspberry"]],
  ["🫐", ["blueberry", "blackberry", "berry", "cranberry"]],
  ["🍒", ["cherry"]],
  ["🍑", ["peach", "nectarine", "apricot", "plum"]],
  ["🥭", ["mango"]],
  ["🥥", ["coconut"]],
  ["🥝", ["kiwi"]],
  ["🍅", ["tomato", "passata"]],
  ["🥑", ["avocado", "guacamole"]],
  ["🫒", ["olive", "olive oil"]],
  // vegetables
  ["🍆", ["eggplant", "aubergine"]],
  ["🍠", ["sweet potato", "yam"]],
  ["🥔", ["potato", "fries", "hash brown", "chips", "crisps"]],
  ["🥕", ["carrot", "parsnip"]],
  ["🌽", ["corn", "sweetcorn", "popcorn kernels", "tortilla chip"]],
  ["🌶️", ["chili", "chilli", "chile", "jalapeno", "hot pepper", "habanero", "sriracha", "hot sauce"]],
  ["🫑", ["pepper", "bell pepper", "capsicum"]],
  ["🥒", ["cucumber", "zucchini", "courgette", "pickle", "gherkin"]],
  ["🥬", ["lettuce", "spinach", "kale", "greens", "cabbage", "bok choy", "arugula", "rocket", "chard", "romaine", "leaf", "leaves"]],
  ["🥦", ["broccoli", "cauliflower", "brussels sprout"]],
  ["🧄", ["garlic"]],
  ["🧅", ["onion", "shallot", "scallion", "leek"]],
  ["🍄", ["mushroom"]],
  ["🫘", ["bean", "chickpea", "lentil", "garbanzo"]],
  ["🫛", ["pea", "green bean", "edamame", "snap pea", "snow pea"]],
  ["🫚", ["ginger"]],
  ["🌰", ["chestnut"]],
  ["🥜", ["peanut", "peanut butter", "nut", "almond", "walnut", "cashew", "pecan", "pistachio", "hazelnut"]],
  ["🌿", ["bay leaf", "bay leaves", "herb", "basil", "parsley", "cilantro", "coriander", "mint", "thyme", "rosemary", "dill", "sage", "oregano", "chives"]],
  // bakery and grains
  ["🥖", ["baguette"]],
  ["🥐", ["croissant"]],
  ["🥯", ["bagel"]],
  ["🥨", ["pretzel"]],
  ["🥞", ["pancake"]],
  ["🧇", ["waffle"]],
  ["🫓", ["flatbread", "pita", "naan", "tortilla", "wrap"]],
  ["🍞", ["bread", "loaf", "loaves", "toast", "sourdough", "bun", "roll", "brioche"]],
  ["🍰", ["cake", "cheesecake"]],
  ["🧁", ["cupcake", "muffin"]],
  ["🥧", ["pie", "quiche"]],
  ["🍪", ["cookie", "biscuit"]],
  ["🍩", ["doughnut", "donut"]],
  ["🍚", ["rice"]],
  ["🍝", ["pasta", "spaghetti", "penne", "macaroni", "lasagna", "lasagne", "fettuccine", "linguine", "ravioli"]],
  ["🍜", ["noodle", "ramen", "udon", "soba", "pho"]],
  ["🥣", ["cereal", "oat", "oatmeal", "porridge", "granola", "muesli", "cornflakes"]],
  ["🌾", ["flour", "wheat", "quinoa", "barley", "couscous", "grain"]],
  // dairy and eggs
  ["🥛", ["milk", "buttermilk", "cream", "half and half", "yogurt", "yoghurt", "kefir"]],
  ["🧀", ["cheese", "cheddar", "mozzarella", "parmesan", "brie", "feta", "gouda", "ricotta", "halloumi"]],
  ["🧈", ["butter", "margarine", "ghee"]],
  ["🥚", ["egg"]],
  ["🍨", ["ice cream", "gelato", "sorbet"]],
  // meat and fish
  ["🥓", ["bacon"]],
  ["🍗", ["chicken", "turkey", "poultry", "drumstick", "wing", "duck"]],
  ["🥩", ["beef", "steak", "pork", "lamb", "veal", "ham", "meat", "rib", "brisket", "venison", "mince", "meatball"]],
  ["🍔", ["burger", "hamburger"]],
  ["🌭", ["hot dog", "sausage", "bratwurst", "frankfurter", "chorizo", "salami", "pepperoni"]],
  ["🐟", ["fish", "salmon", "tuna", "cod", "tilapia", "haddock", "trout", "sardine", "anchovy", "mackerel", "halibut"]],
  ["🦐", ["shrimp", "prawn"]],
  ["🦀", ["crab"]],
  ["🦞", ["lobster"]],
  ["🦑", ["squid", "calamari"]],
  ["🦪", ["oyster", "clam", "mussel", "scallop"]],
  ["🍣", ["sushi"]],
  // prepared, snacks, condiments, drinks
  ["🍕", ["pizza"]],
  ["🌮", ["taco"]],
  ["🌯", ["burrito"]],
  ["🥪", ["sandwich", "deli"]],
  ["🥗", ["salad"]],
  ["🥟", ["dumpling", "gyoza"]],
  ["🍲", ["soup", "stew", "broth", "stock", "chili con carne", "curry"]],
  ["🍿", ["popcorn"]],
  ["🍫", ["chocolate", "cocoa", "chocolate chip"]],
  ["🍬", ["candy", "sweets", "gummy"]],
  ["🍘", ["cracker", "rice cake"]],
  ["🍯", ["honey", "syrup", "maple syrup"]],
  ["🫙", ["jam", "jelly", "preserves", "marmalade", "mayonnaise", "mayo", "mustard", "pesto", "salsa", "relish", "dressing"]],
  ["🥫", ["sauce", "ketchup", "canned", "can", "tin", "tinned", "beans in tomato sauce"]],
  ["🧂", ["salt", "spice", "black pepper", "cinnamon", "cumin", "paprika", "nutmeg", "seasoning", "turmeric"]],
  ["🧴", ["oil", "vinegar"]],
  ["☕", ["coffee", "espresso", "coffee bean", "ground coffee"]],
  ["🍵", ["tea", "matcha"]],
  ["🧃", ["juice"]],
  ["🥤", ["soda", "cola", "lemonade", "smoothie", "ginger ale", "soft drink"]],
  ["🍧", ["ice pop", "popsicle", "ice lolly", "ice lollies"]],
  ["💧", ["water"]],
  ["🍷", ["wine"]],
  ["🍺", ["beer", "ale", "lager", "cider"]],
  ["🧊", ["ice", "frozen"]],
];

/** Generic categories (Dairy, Produce, ...) and the 15 pantry categories; "Other" falls through to the sparkle. */
const CATEGORY_EMOJI: Readonly<Record<string, string>> = lookupTable({
  dairy: "🥛",
  produce: "🥬",
  vegetables: "🥦",
  meat: "🥩",
  bakery: "🍞",
  seafood: "🐟",
  fruits: "🍎",
  grains: "🌾",
  snacks: "🍿",
  beverages: "🥤",
  frozen: "🧊",
  condiments: "🫙",
  canned: "🥫",
  nuts: "🥜",
  herbs: "🌿",
  spices: "🧂",
  oils: "🫒",
  eggs: "🥚",
  soup: "🍲",
  pasta: "🍝",
  rice: "🍚",
  cereal: "🥣",
  deli: "🥪",
  "fresh fruits": "🍎",
  "fresh vegetables": "🥦",
  "milk & eggs": "🥛",
  "cheese & yogurt": "🧀",
  "fresh meat": "🥩",
  "deli & prepared": "🥪",
  "frozen foods": "🧊",
  "bread & bakery": "🍞",
  "canned goods": "🥫",
  "dry goods": "🌾",
  "spices & seasonings": "🧂",
  "condiments & sauces": "🫙",
});

/**
 * A keyword as a whole-word pattern that also accepts its plural (berry/berries, peach/peaches). Deliberately not
 * foodNames.ts: emoji are on the first page load, the food-name tables are not (test/unit/foodEmoji.test.ts checks
 * these patterns against pluralFood for every keyword).
 */
function keywordPattern(keyword: string): string {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
  if (/[^aeiou]y$/.test(keyword)) return `${escaped.slice(0, -1)}(?:y|ies)`;
  return `${escaped}(?:s|es)?`;
}

const MATCHERS = KEYWORD_EMOJI.flatMap(([emoji, keywords]) =>
  keywords.map((keyword) => ({ emoji, length: keyword.length, pattern: new RegExp(`(?<![a-z])${keywordPattern(keyword)}(?![a-z])`, "g") })),
);

function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, " ");
}

/** The emoji for a pantry item: from its name, else its category, else a sparkle. */
export function emojiFor(name: string, category?: string | null): string {
  const text = ` ${normalize(name ?? "")} `;
  let best: { emoji: string; end: number; length: number } | null = null;
  for (const { emoji, length, pattern } of MATCHERS) {
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (!best || end > best.end || (end === best.end && length > best.length)) best = { emoji, end, length };
    }
  }
  if (best) return best.emoji;
  const key = category?.trim().toLowerCase();
  // Own keys only: a category named "__proto__" or "constructor" must not reach Object.prototype.
  const byCategory = key && Object.hasOwn(CATEGORY_EMOJI, key) ? CATEGORY_EMOJI[key] : undefined;
  return byCategory ?? SPARKLE;
}
