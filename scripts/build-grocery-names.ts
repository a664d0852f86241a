/**
 * Builds worker/data/groceryNames.json from data/grocery-names/grocery_items_cc0_pd.json
 * (CC0 word lists + USDA FoodKeeper products; see that folder's SOURCE.txt).
 *
 *   npm run data:grocery-names
 *
 * Output: { categories: PANTRY_CATEGORIES, names: [[name, categoryIndex], ...] } with plain lowercase pantry
 * names ("milk", not "Milk (plain or flavored)"), countable produce in the plural ("bananas"), duplicates
 * removed. A short list of everyday US grocery names the source lacks ("ground beef", "tortilla chips") is
 * appended; it is written for this project. Entries are ordered common-first: that order breaks ties when a
 * receipt abbreviation fits several names.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PANTRY_CATEGORIES, type PantryCategory } from "../worker/domain/constants";

type SourceRow = { name: string; category: string; source: string; keywords?: string[] };

const here = dirname(fileURLToPath(import.meta.url));
const sourcePath = resolve(here, "../data/grocery-names/grocery_items_cc0_pd.json");
const outputPath = resolve(here, "../worker/data/groceryNames.json");

/** Everyday names missing from the source lists, in the pantry categories. */
const EVERYDAY: Record<PantryCategory, string[]> = {
  "Fresh Fruits": ["bananas", "apples", "avocados", "strawberries", "blueberries", "raspberries", "grapes", "lemons", "limes", "oranges", "clementines", "pears", "peaches", "mangoes", "pineapple", "watermelon", "cantaloupe", "cherries", "kiwis"],
  "Fresh Vegetables": ["tomatoes", "potatoes", "onions", "red onions", "green onions", "garlic", "carrots", "celery", "broccoli", "cauliflower", "spinach", "baby spinach", "lettuce", "romaine lettuce", "salad mix", "cucumbers", "bell peppers", "jalapenos", "mushrooms", "zucchini", "sweet potatoes", "corn", "green beans", "asparagus", "kale", "cabbage", "cilantro", "parsley", "ginger"],
  "Milk & Eggs": ["milk", "whole milk", "skim milk", "eggs", "butter", "heavy cream", "half and half", "oat milk", "almond milk", "sour cream", "coffee creamer"],
  "Cheese & Yogurt": ["cheese", "cheddar cheese", "mozzarella cheese", "parmesan cheese", "swiss cheese", "cream cheese", "cottage cheese", "string cheese", "shredded cheese", "yogurt", "greek yogurt"],
  "Fresh Meat": ["ground beef", "ground turkey", "ground pork", "chicken breasts", "chicken thighs", "chicken wings", "whole chicken", "pork chops", "steak", "salmon", "shrimp", "tilapia", "cod", "sausage"],
  "Deli & Prepared": ["rotisserie chicken", "bacon", "deli turkey", "deli ham", "salami", "hot dogs", "hummus", "guacamole", "prepared salad", "sushi"],
  "Frozen Foods": ["frozen pizza", "ice cream", "frozen vegetables", "frozen berries", "frozen waffles", "frozen fries", "frozen meals"],
  "Bread & Bakery": ["bread", "whole wheat bread", "white bread", "sourdough bread", "bagels", "tortillas", "hamburger buns", "hot dog buns", "english muffins", "croissants", "muffins", "dinner rolls", "donuts"],
  "Canned Goods": ["canned tuna", "black beans", "kidney beans", "chickpeas", "diced tomatoes", "tomato sauce", "tomato paste", "chicken broth", "soup", "canned corn", "coconut milk"],
  "Dry Goods": ["pasta", "spaghetti", "macaroni", "rice", "brown rice", "oats", "oatmeal", "cereal", "flour", "sugar", "brown sugar", "peanut butter", "quinoa", "lentils", "granola", "baking soda", "baking powder", "breadcrumbs", "pancake mix"],
  "Spices & Seasonings": ["salt", "black pepper", "garlic powder", "onion powder", "cinnamon", "paprika", "cumin", "chili powder", "oregano", "italian seasoning", "vanilla extract"],
  "Condiments & Sauces": ["ketchup", "mustard", "mayonnaise", "salsa", "soy sauce", "hot sauce", "barbecue sauce", "pasta sauce", "salad dressing", "olive oil", "vegetable oil", "vinegar", "honey", "maple syrup", "jam", "strawberry preserves", "jelly", "pickles"],
  Beverages: ["water", "sparkling water", "soda", "cola", "orange juice", "apple juice", "coffee", "tea", "beer", "wine", "kombucha", "sports drink", "lemonade"],
  Snacks: ["chips", "tortilla chips", "potato chips", "crackers", "pretzels", "popcorn", "cookies", "granola bars", "almonds", "peanuts", "cashews", "trail mix", "chocolate", "candy"],
  Other: [],
};

/** Botanical fruits that kitchens treat as vegetables. */
const CULINARY_VEGETABLES = /\b(?:tomato|bell pepper|pepper|cucumber|eggplant|olive|pumpkin|squash|zucchini|courgette|chili|okra|pea|bean|corn)\b/;

const UNCOUNTABLE =
  /(?:garlic|lettuce|spinach|broccoli|cauliflower|kale|celery|corn|asparagus|cabbage|chard|arugula|rocket|parsley|cilantro|coriander|basil|dill|mint|rhubarb|okra|watercress|bok choy|fennel|ginger|horseradish|lemongrass|endive|chicory|cress|sorrel|samphire|seaweed|kelp|squash|pumpkin|rice|milk|cheese|juice|meat|fish|bread|celeriac|salsify|taro|yam|jicama|chayote|tatsoi|mizuna|broccolini|frisee|radicchio|kohlrabi|escarole|purslane|nettle|spirulina|fruit|flesh|pulp)$/;

function pluralize(name: string): string {
  if (UNCOUNTABLE.test(name) || /s$/.test(name)) return name;
  if (/(?:potato|tomato|mango)$/.test(name)) return `${name}es`;
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(?:ch|sh|x|z)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

/** "Milk (plain or flavored)" -> "milk"; "Cereal, dry mixes" -> "cereal"; "Bacon (fully cooked)" -> "bacon". */
function cleanName(raw: string): string {
  let name = raw.toLowerCase();
  // Nested parentheses: strip innermost groups until none remain.
  for (let guard = 0; guard < 5 && /\([^()]*\)/.test(name); guard++) name = name.replace(/\([^()]*\)/g, " ");
  name = name.replace(/[()]/g, " ");
  const head = name.split(/[,;]/)[0] ?? name;
  // "Cake, brownie, bread mixes" is a baking mix, not a cake.
  name = /\bmix(?:es)?\b/.test(name) && !/\bmix/.test(head) ? `${head} mix` : head;
  name = name.replace(/\b(?:commercially|commercial|homemade|store[- ]bought|prepared|purchased)\b/g, " ");
  return name.replace(/\s+/g, " ").replace(/^[\s-]+|[\s.-]+$/g, "").trim();
}

function pantryCategoryOf(name: string, sourceCategory: string, source: string): PantryCategory {
  const n = name.toLowerCase();
  switch (sourceCategory) {
    case "Produce/Fruit":
      return CULINARY_VEGETABLES.test(n) ? "Fresh Vegetables" : "Fresh Fruits";
    case "Produce/Vegetables":
    case "FoodKeeper: Produce / Fresh Vegetables":
      return "Fresh Vegetables";
    case "FoodKeeper: Produce / Fresh Fruits":
      return "Fresh Fruits";
    case "Condiments & Sauces":
      return /\b(?:salt|pepper|powder|seasoning|spice)\b/.test(n) ? "Spices & Seasonings" : "Condiments & Sauces";
    case "Bakery":
    case "FoodKeeper: Baked Goods / Bakery":
    case "FoodKeeper: Baked Goods / Refrigerated Dough":
      return "Bread & Bakery";
    case "Herbs & Spices":
      return "Spices & Seasonings";
    case "Meat & Poultry":
      // Cured sausages and hams from the corpora lists are deli counter goods.
      return /ham\.json|sausages\.json/.test(source) && !/\b(?:fresh|raw|ground)\b/.test(n) ? "Deli & Prepared" : "Fresh Meat";
    case "Seafood":
    case "FoodKeeper: Meat / Fresh":
    case "FoodKeeper: Poultry / Fresh":
    case "FoodKeeper: Seafood / Fresh":
    case "FoodKeeper: Seafood / Shellfish":
    case "FoodKeeper: Poultry / Stuffed or Assembled":
    case "FoodKeeper: Meat / Stuffed or Assembled":
      return "Fresh Meat";
    case "FoodKeeper: Meat / Smoked or Processed":
    case "FoodKeeper: Poultry / Cooked or Processed":
    case "FoodKeeper: Seafood / Smoked":
    case "FoodKeeper: Deli & Prepared Foods":
      return "Deli & Prepared";
    case "FoodKeeper: Dairy Products & Eggs":
      return /\b(?:cheese|yogurt|yoghurt|kefir|cottage|ricotta|feta|brie|cheddar|mozzarella|parmesan)\b/.test(n) ? "Cheese & Yogurt" : "Milk & Eggs";
    case "FoodKeeper: Beverages":
      return "Beverages";
    case "FoodKeeper: Food Purchased Frozen":
      return "Frozen Foods";
    case "FoodKeeper: Grains, Beans & Pasta":
      return "Dry Goods";
    case "FoodKeeper: Condiments, Sauces & Canned Goods":
      return /\bcan(?:ned|s)?\b/.test(n) ? "Canned Goods" : "Condiments & Sauces";
    case "FoodKeeper: Meat / Shelf Stable Foods":
    case "FoodKeeper: Poultry / Shelf Stable Foods":
      return /\bjerky\b/.test(n) ? "Snacks" : "Canned Goods";
    case "FoodKeeper: Baked Goods / Baking and Cooking":
      return /\b(?:oil|oils|vinegar|shortening)\b/.test(n) ? "Condiments & Sauces" : "Dry Goods";
    case "FoodKeeper: Shelf Stable Foods":
      if (/\bcan(?:ned|s)?\b/.test(n)) return "Canned Goods";
      if (/\b(?:chips|crackers|cookies|pretzels|popcorn|nuts?|seeds|granola bars?|candy|chocolate|jerky|trail mix|marshmallows?)\b/.test(n)) return "Snacks";
      if (/\b(?:powder|spices?|herbs?|seasoning|salt|pepper|extract)\b/.test(n)) return "Spices & Seasonings";
      if (/\b(?:sauce|oil|vinegar|ketchup|mustard|mayonnaise|dressing|syrup|honey|jam|jelly|preserves|peanut butter|butter|salsa)\b/.test(n)) return /\bbutter\b/.test(n) && !/peanut|almond|cashew|nut/.test(n) ? "Milk & Eggs" : "Condiments & Sauces";
      if (/\b(?:coffee|tea|juice|drink|soda|water|cocoa)\b/.test(n)) return "Beverages";
      return "Dry Goods";
    default:
      return "Other";
  }
}

/** Source rows whose cleaned name is a package or a leftover class rather than something to stock. */
const NOT_A_NAME = /^(?:base|dinners|formula|jars or pouches|retort pouches or boxes|meat products|canned goods|leftovers|egg dishes|dips|herbs|vegetables|fruits?|dough|cake)$/;

const singularKey = (name: string) =>
  name
    .split(" ")
    .map((w) => w.replace(/(?:ies)$/, "y").replace(/(?:oes)$/, "o").replace(/(?:ches|shes|xes)$/, (m) => m.slice(0, -2)).replace(/(?<!s)s$/, ""))
    .join(" ");

function build() {
  const rows = JSON.parse(readFileSync(sourcePath, "utf8")) as SourceRow[];
  const byKey = new Map<string, { name: string; category: PantryCategory; rank: number }>();
  const add = (name: string, category: PantryCategory, rank: number) => {
    if (!name || name.length < 2 || name.split(" ").length > 4 || !/^[a-z][a-z0-9 '&-]*$/.test(name) || NOT_A_NAME.test(name)) return;
    const key = singularKey(name);
    if (!byKey.has(key)) byKey.set(key, { name, category, rank });
  };

  // Everyday names first: they win duplicates and ties.
  for (const category of PANTRY_CATEGORIES) for (const name of EVERYDAY[category]) add(name, category, 0);
  // FoodKeeper next (pantry-oriented categories), then the broader CC0 lists.
  const foodKeeperFirst = [...rows].sort((a, b) => Number(!a.category.startsWith("FoodKeeper")) - Number(!b.category.startsWith("FoodKeeper")));
  for (const row of foodKeeperFirst) {
    const category = pantryCategoryOf(row.name, row.category, row.source);
    let name = cleanName(row.name);
    if (category === "Fresh Fruits" || category === "Fresh Vegetables") name = pluralize(name);
    add(name, category, row.category.startsWith("FoodKeeper") ? 1 : 2);
  }

  const entries = [...byKey.values()].sort((a, b) => a.rank - b.rank);
  const output = {
    source: "derived from data/grocery-names/grocery_items_cc0_pd.json (CC0 + USDA FoodKeeper, public domain) by scripts/build-grocery-names.ts",
    categories: PANTRY_CATEGORIES,
    names: entries.map((e) => [e.name, PANTRY_CATEGORIES.indexOf(e.category)]),
  };
  mkdirSync(dirname(outputPath), { recursive: true });
  writeFileSync(outputPath, `${JSON.stringify(output)}\n`);
  console.log(`wrote ${entries.length} names to ${outputPath}`);
}

build();
