/**
 * Shelf-life estimation: an expiry date for an item added without one (by hand, from a receipt, from a recipe),
 * from USDA FoodKeeper (worker/data/shelfLife.json, built by scripts/build-shelf-life.ts), falling back to
 * conservative per-category defaults. Pure: no I/O, runs in the Worker and in the browser.
 *
 * Conservative point: the minimum of a FoodKeeper range ("3-5 days" gives 3), counted from the purchase date for
 * unopened items, from the "after opening" range when opened and from "refrigerate after thawing" when thawed.
 */
import { PANTRY_CATEGORIES, STORAGE_LOCATIONS, type PantryCategory, type StorageLocation } from "./constants";
import { addDays, daysBetween, isIsoDate, toIsoDate } from "./dates";
import shelfLifeTable from "../data/shelfLife.json";
import { applyFoodSynonyms, foldFoodText, singularFood, stripBrands, stripFoodSizes } from "./foodNames";

export type ShelfLifeInput = {
  name: string;
  category?: string | null;
  storageLocation: StorageLocation;
  isOpened?: boolean;
  thawed?: boolean;
  purchaseDate: string /* yyyy-MM-dd, day counting starts */;
};

export type ShelfLifeEstimate = {
  expirationDate: string; // yyyy-MM-dd
  source: "foodkeeper" | "category";
  productName: string | null; // matched FoodKeeper product (name + subtitle), null for category fallback
  days: number; // days added to purchaseDate
  rangeText: string; // e.g. "3-5 days", "1-2 months"
  note: string; // shown on the card
};

// ---------------------------------------------------------------------------------------------------------------
// 1. The FoodKeeper table
// ---------------------------------------------------------------------------------------------------------------

type Unit = "h" | "d" | "w" | "m" | "y";
type Flag = "not-recommended" | "package-date" | "when-ripe" | "indefinitely";
type NumericRange = readonly [minDays: number, maxDays: number, unit: Unit];
type Range = NumericRange | Flag;
type PlaceRanges = { purchase?: Range; opened?: Range; thawed?: Range };
type FoodKeeperProduct = {
  id: number;
  name: string;
  subtitle?: string;
  category: string;
  keywords?: string[];
  pantry?: PlaceRanges;
  fridge?: PlaceRanges;
  freezer?: PlaceRanges;
};

const PRODUCTS = (shelfLifeTable as unknown as { products: FoodKeeperProduct[] }).products;

const UNIT_DAYS: Record<Unit, number> = { h: 1 / 24, d: 1, w: 7, m: 30, y: 365 };
const UNIT_NAMES: Record<Unit, [string, string]> = {
  h: ["hour", "hours"],
  d: ["day", "days"],
  w: ["week", "weeks"],
  m: ["month", "months"],
  y: ["year", "years"],
};

const isNumeric = (range: Range | undefined): range is NumericRange => Array.isArray(range);

/** "3-5 days", "1 week", "2 hours": the range in its original FoodKeeper unit. */
function formatRange([min, max, unit]: NumericRange): string {
  const back = (days: number) => Math.round(days / UNIT_DAYS[unit]);
  const low = back(min);
  const high = back(max);
  const [one, many] = UNIT_NAMES[unit];
  return low === high ? `${low} ${low === 1 ? one : many}` : `${low}-${high} ${many}`;
}

/** Whole days for the conservative end of a range (2 hours is 0 days: use it the same day). */
const rangeDays = (range: NumericRange): number => Math.floor(range[0] + 1e-9);

function daysText(days: number): string {
  if (days <= 0) return "same day";
  return days === 1 ? "1 day" : `${days} days`;
}

function productDisplayName(product: { name: string; subtitle?: string }): string {
  if (!product.subtitle) return product.name;
  return product.subtitle.startsWith("(") ? `${product.name} ${product.subtitle}` : `${product.name} (${product.subtitle})`;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Category defaults (used when no FoodKeeper product matches or FoodKeeper has nothing for the place)
// ---------------------------------------------------------------------------------------------------------------

type PlaceDays = Record<StorageLocation, number>;

/**
 * Conservative typical days per pantry category and place, for unopened items. Perishables left in the pantry
 * get 0 (the USDA two-hour rule: use or refrigerate the same day).
 */
const CATEGORY_DAYS: Record<PantryCategory, PlaceDays> = {
  "Fresh Fruits": { pantry: 3, fridge: 7, freezer: 240 },
  "Fresh Vegetables": { pantry: 3, fridge: 5, freezer: 240 },
  "Milk & Eggs": { pantry: 0, fridge: 7, freezer: 90 },
  "Cheese & Yogurt": { pantry: 0, fridge: 7, freezer: 60 },
  "Fresh Meat": { pantry: 0, fridge: 1, freezer: 120 },
  "Deli & Prepared": { pantry: 0, fridge: 3, freezer: 30 },
  "Frozen Foods": { pantry: 0, fridge: 2, freezer: 180 },
  "Bread & Bakery": { pantry: 3, fridge: 7, freezer: 90 },
  "Canned Goods": { pantry: 365, fridge: 365, freezer: 60 },
  "Dry Goods": { pantry: 180, fridge: 180, freezer: 365 },
  "Spices & Seasonings": { pantry: 365, fridge: 365, freezer: 365 },
  "Condiments & Sauces": { pantry: 180, fridge: 180, freezer: 180 },
  Beverages: { pantry: 180, fridge: 7, freezer: 90 },
  Snacks: { pantry: 60, fridge: 60, freezer: 90 },
  Other: { pantry: 3, fridge: 5, freezer: 90 },
};

/** After opening, shelf-stable categories keep far less; the estimate is the smaller of this and CATEGORY_DAYS. */
const CATEGORY_OPENED_DAYS: Partial<Record<PantryCategory, PlaceDays>> = {
  "Milk & Eggs": { pantry: 0, fridge: 5, freezer: 90 },
  "Cheese & Yogurt": { pantry: 0, fridge: 5, freezer: 60 },
  "Deli & Prepared": { pantry: 0, fridge: 3, freezer: 30 },
  "Canned Goods": { pantry: 0, fridge: 3, freezer: 60 },
  "Dry Goods": { pantry: 90, fridge: 90, freezer: 365 },
  "Condiments & Sauces": { pantry: 30, fridge: 30, freezer: 90 },
  Beverages: { pantry: 1, fridge: 5, freezer: 90 },
  Snacks: { pantry: 14, fridge: 14, freezer: 90 },
};

/** Loose category names (the emoji categories, FoodKeeper's own, free text) onto the 15 pantry categories. */
const CATEGORY_ALIASES: [RegExp, PantryCategory][] = [
  [/frozen|freez/, "Frozen Foods"],
  [/deli|prepared|leftover|ready meal/, "Deli & Prepared"],
  [/cheese|yog(h)?urt/, "Cheese & Yogurt"],
  [/dairy|milk|egg/, "Milk & Eggs"],
  [/meat|poultry|seafood|fish|beef|pork|chicken/, "Fresh Meat"],
  [/fruit/, "Fresh Fruits"],
  [/vegetable|produce|herb|veg\b|greens/, "Fresh Vegetables"],
  [/bread|bakery|baked/, "Bread & Bakery"],
  [/can(ned)?\b|tinned|soup/, "Canned Goods"],
  [/spice|season/, "Spices & Seasonings"],
  [/condiment|sauce|oil|dressing/, "Condiments & Sauces"],
  [/beverage|drink|juice|coffee|tea\b/, "Beverages"],
  [/snack|nut|chips|candy|sweets/, "Snacks"],
  [/grain|pasta|rice|cereal|dry|baking|flour|bean|shelf stable/, "Dry Goods"],
];

function toPantryCategory(category: string | null | undefined): PantryCategory {
  if (!category) return "Other";
  const exact = PANTRY_CATEGORIES.find((c) => c.toLowerCase() === category.trim().toLowerCase());
  if (exact) return exact;
  const lower = category.toLowerCase();
  return CATEGORY_ALIASES.find(([pattern]) => pattern.test(lower))?.[1] ?? "Other";
}

/** Typical days an unopened item of a category keeps in a place (conservative; see CATEGORY_DAYS). */
export function categoryDefaultDays(category: string, storage: StorageLocation): number {
  return CATEGORY_DAYS[toPantryCategory(category)][validStorage(storage)];
}

function categoryDays(category: PantryCategory, storage: StorageLocation, opened: boolean): number {
  const unopened = CATEGORY_DAYS[category][storage];
  const afterOpening = opened ? CATEGORY_OPENED_DAYS[category]?.[storage] : undefined;
  return afterOpening === undefined ? unopened : Math.min(unopened, afterOpening);
}

/** FoodKeeper "Category / Subcategory" onto the pantry category used for fallbacks and tie-breaks. */
function pantryCategoryOf(foodKeeperCategory: string): PantryCategory {
  const [main = "", sub = ""] = foodKeeperCategory.split(" / ");
  switch (main) {
    case "Produce":
      return sub === "Fresh Fruits" ? "Fresh Fruits" : "Fresh Vegetables";
    case "Dairy Products & Eggs":
      return "Milk & Eggs";
    case "Meat":
    case "Poultry":
      if (sub === "Shelf Stable Foods") return "Canned Goods";
      if (sub === "Smoked or Processed" || sub === "Cooked or Processed") return "Deli & Prepared";
      return "Fresh Meat";
    case "Seafood":
      return sub === "Smoked" ? "Deli & Prepared" : "Fresh Meat";
    case "Deli & Prepared Foods":
    case "Vegetarian Proteins":
      return "Deli & Prepared";
    case "Food Purchased Frozen":
      return "Frozen Foods";
    case "Baked Goods":
      return sub === "Baking and Cooking" ? "Dry Goods" : "Bread & Bakery";
    case "Beverages":
      return "Beverages";
    case "Condiments, Sauces & Canned Goods":
      return "Condiments & Sauces";
    case "Grains, Beans & Pasta":
    case "Shelf Stable Foods":
      return "Dry Goods";
    default:
      return "Other";
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Name normalisation
// ---------------------------------------------------------------------------------------------------------------

const STOPWORDS = new Set(
  ("a an and or of the in with for such as etc all including include type based no not without to from on at by " +
    "its it into per plus w each ea pkg pk ct oz lb lbs kg g ml l gal qt pt fl count pack value size " +
    "commercial commercially product products produced goods store bought purchased purchase bulk brand usda seal " +
    "label regular my our x part bag box bottle tub carton can container bunch head bulb sprig stalk " +
    "tray punnet net pcs pc").split(" "),
);

/** Words that sharpen a match when present but cost nothing when absent ("organic", "fresh", "boneless"). */
const SOFT_WORDS = new Set(
  ("organic fresh freshly large small medium jumbo mini extra premium natural whole raw boneless skinless lean free " +
    "range cage grass fed pasture raised wild farmed local ripe baby salted unsalted plain low reduced nonfat " +
    "skim skimmed semi light diet flavored flavor unflavored sweetened unsweetened original classic family fancy " +
    "select choice prime grade sliced chopped diced minced cut refrigerated homestyle style gourmet artisan " +
    "imported authentic new best quality good great big mixed assorted favorite pure real genuine fillet stick " +
    "crunchy smooth chunky creamy mature aged sharp mild vintage live shucked").split(" "),
);

/**
 * Words for a distinct form of a food with its own shelf life. A product carrying one the query lacks (or the
 * reverse) is a worse match: "peas" is not "dried split peas", "frozen peas" are not fresh ones.
 */
const FORM_WORDS = new Set(
  ("frozen canned dried dry smoked cooked precooked homemade instant powdered powder pickled shredded grated " +
    "processed concentrate mix roasted breaded condensed evaporated packet pouch shelf stable ultra vegan " +
    "imitation substitute squeezed boiled uncured fried stuffed marinated rotisserie leftover").split(" "),
);

/**
 * FoodKeeper's wording for the names shoppers use: cuts, varieties, forms and product names, applied to the
 * name after foodNames.ts has put other names for a food into their usual spelling (so "courgette" already
 * reads "zucchini" here). Longest first where they overlap.
 */
const FOODKEEPER_NAMES: [RegExp, string][] = [
  // fat content is not a different food ("duck fat" is, so "fat" alone stays a word)
  [/\b(low|reduced|non|full|no|half|lower)\s*fat\b|\bfat\s*free\b|\b\d+(\.\d+)?\s*%?\s*fat\b/g, " "],
  // spellings and UK names
  [/\b(ground|coriander seeds?)\s+coriander\b|\bcoriander\s+(seeds?|powder)\b/g, "ground spice"],
  [/\bking\s+shrimp\b/g, "shrimp"],
  [/\bchiles?\b|\bchilis\b/g, "chili"],
  [/\bgammon\b/g, "ham"],
  [/\b(streaky|back|smoked streaky|smoked back)\s+bacon\b|\brashers?\b/g, "bacon"],
  [/\bsoured\s+cream\b|\bcreme\s+fraiche\b/g, "sour cream"],
  [/\bhalf\s*(and|n|&)\s*half\b/g, "half and half cream"],
  [/\bcrisps\b/g, "potato chips"],
  [/\b(icing|powdered)\s+sugar\b/g, "confectioners sugar"],
  [/\b(superfine|white|cane)\s+sugar\b/g, "granulated sugar"],
  [/\b(plain|all\s+purpose|ap|self\s+raising|self\s+rising|bread|cake|pastry)\s+flour\b/g, "white flour"],
  [/\btinned\b|\btins?\s+of\b|\bcans?\s+of\b|\btin\b/g, "canned"],
  [/\bjarred\b|\bjars?\s+of\b/g, "jar"],
  [/\bgolden\s+raisins?\b|\bcurrants\s+dried\b/g, "raisin"],
  [/\b(black|red|white)\s?currants?\b/g, "currant"],
  [/\b(bilberries|bilberry|huckleberries|huckleberry|mulberries|mulberry|elderberries|elderberry|cloudberries|cloudberry)\b/g, "berries"],
  [/\bdragonfruit\b/g, "dragon fruit"],
  [/\bpassionfruit\b/g, "passion fruit"],
  [/\bmandarines?\b/g, "tangerine"],
  [/\bpomelos?\b/g, "grapefruit"],
  [/\b(endives?|frisee|watercress|corn salad|lambs lettuce|tat soi|collards?|collard greens|mustard greens|turnip greens|escarole)\b/g, "greens"],
  [/\bdaikon\b/g, "radish"],
  [/\bcalabrese\b|\btenderstem\b|\bbroccolini\b/g, "broccoli"],
  [/\bbroccoflower\b|\bromanesco\b/g, "cauliflower"],
  [/\balfalfa\s+sprouts?\b/g, "bean sprouts"],
  [/\b(chapatis?|chapattis?|rotis?|tortilla wraps)\b/g, "flat bread"],
  [/\bcornbread\b/g, "bread"],
  [/\bpico\s+de\s+gallo\b/g, "fresh salsa"],
  [/\bsambal(\s+oelek)?\b/g, "hot sauce"],
  [/\b(remoulade|tartar\s+sauce|tartare\s+sauce)\b/g, "mayonnaise"],
  [/\bgarbanzos?(\s+beans?)?\b|\bchick\s?peas?\b/g, "beans"],
  [/\b(black|kidney|pinto|navy|cannellini|butter|borlotti|great northern|white)\s+beans?\b/g, "beans"],
  [/\bpassata\b|\b(diced|crushed|chopped|stewed|whole peeled|peeled)\s+tomato(es)?\b/g, "canned tomato"],
  [/\bporridge\s+oats\b|\b(rolled|old fashioned|steel cut|quick)\s+oats\b/g, "oats"],
  [/\bjacket\s+potato(es)?\b/g, "potato"],
  // meat cuts and names
  [/\b(pork|lamb|turkey|chicken|veal)\s+mince\b|\bminced\s+(pork|lamb|turkey|chicken|veal)\b/g, "ground $1$2"],
  [/\b(beef\s+)?mince\b|\bminced\s+beef\b|\bground\s+chuck\b|\bhamburger(\s+meat)?\b(?!\s+(buns?|rolls?))/g, "ground beef"],
  [/\b(veggie|vegetarian|vegan|plant based|beyond|impossible)\s+(burgers?|mince|meat|sausages?)\b/g, "soy meat substitutes"],
  [/\b(beef\s+)?burgers?(\s+patties)?\b(?!\s+(buns?|rolls?))/g, "ground beef"],
  [/\b(sirloin|rib\s?eye|ribeye|t\s?bone|porterhouse|filet mignon|new york strip|strip|flank|skirt|flat iron|tri tip|rump)\s+steaks?\b/g, "beef steak"],
  [/\b(sirloin|rib\s?eye|ribeye|filet mignon|flank steak|skirt steak)\b/g, "beef steak"],
  [/\bstewing\s+(beef|steak)\b|\bbeef\s+stew(ing)?\s+meat\b|\bstew\s+meat\b/g, "beef stew cubes"],
  [/\bchicken\s+(wings?|drumsticks?|drummettes?)\b/g, "chicken legs"],
  [/\bchicken\s+(tenders?|tenderloins?|fillets?|cutlets?)\b/g, "chicken breast"],
  [/\b(?<!bone\s?in\s)chicken\s+breasts?\b(?!\s+bone\s?in)/g, "boneless chicken breast"],
  [/\b(hot\s?dogs?|frankfurters?|franks|wieners?|weiners?)\b(?!\s+(buns?|rolls?))/g, "hot dogs"],
  [/\b(lunch\s?meats?|cold\s+cuts|deli\s+meats?|sandwich\s+meats?)\b/g, "luncheon meat"],
  [/\b(sliced|deli|smoked|roast(ed)?)\s+turkey(\s+breast)?\b|\bturkey\s+(slices|deli(\s+meat)?|lunch\s?meat)\b/g, "deli turkey"],
  [/\b(sliced|deli)\s+ham\b|\bham\s+(slices|deli)\b/g, "deli ham"],
  [/\b(sliced|deli)\s+chicken(\s+breast)?\b/g, "deli chicken luncheon"],
  [/\b(kielbasa|polish sausage|smoked sausage|andouille|smoked links)\b/g, "smoked sausage links kielbasa"],
  [/\b(italian|breakfast|pork|bulk)\s+sausages?\b/g, "sausage raw"],
  [/\bsausages?\s+links?\b/g, "sausage raw"],
  [/\b(smoked salmon|lox|gravlax)\b/g, "cold smoked fish vacuum"],
  [/\b(tilapia|sea bass|snapper|whiting|hake|plaice|basa|swai|tilefish)\b/g, "lean fish"],
  [/\b(fish\s+(sticks|fingers))\b/g, "breaded fish"],
  [/\bcanned\s+(salmon|sardines?|mackerel|crab|clams|oysters|fish|seafood)\b|\bsardines?\b/g, "canned seafood"],
  // produce varieties
  [/\b(honeycrisp|gala|fuji|granny smith|pink lady|braeburn|golden delicious|red delicious|jazz|envy|cosmic crisp|mcintosh|cortland|jonagold|empire)(\s+apples?)?\b/g, "apple"],
  [/\b(russet|yukon gold|yukon|maris piper|king edward|red bliss|fingerling|new)\s+potato(es)?\b/g, "potato"],
  [/\b(grape|cherry|plum)\s+tomato(es)?\b/g, "cherry tomatoes"],
  [/\b(roma|beefsteak|heirloom|vine|vine ripened|on the vine)\s+tomato(es)?\b/g, "tomato"],
  [/\b(mandarins?|satsumas?|tangelos?|cuties|halos)\b/g, "tangerine"],
  [/\b(romaine|iceberg|little gem|cos)\s+(lettuce|hearts?)\b/g, "lettuce romaine"],
  [/\b(salad\s+mix|spring\s+mix|mixed\s+greens|mixed\s+leaves|salad\s+leaves|salad\s+greens|bagged\s+salad|baby\s+leaf)\b/g, "bagged greens"],
  [/\b(crushed red pepper|red pepper flakes|chili flakes|cayenne(\s+pepper)?|paprika|turmeric|ground ginger)\b/g, "ground spice"],
  [/\b(?:(?:red|green|yellow|orange)\s+)?(?:bell|sweet)\s+peppers?\b|\b(?:red|green|yellow|orange)\s+peppers?\b(?!\s+flakes)/g, "pepper"],
  [/\bjamon\b/g, "ham"],
  [/\bserrano\s+ham\b|\bham\s+serrano\b/g, "ham"],
  [/\b(jalapenos?|serranos?|habaneros?|thai chili|scotch bonnets?|poblanos?)\b/g, "hot pepper"],
  [/\b(green|string|french|runner)\s+beans?\b/g, "beans green"],
  [/\b(sugar\s+snap|snap|snow)\s+peas?\b/g, "sugar snap pea"],
  [/\b(butternut|acorn|delicata|kabocha|hubbard|banana|turban|buttercup|carnival)\s+squash\b|\b(butternut|delicata|kabocha)\b/g, "winter squash"],
  [/\b(yellow|summer)\s+squash\b/g, "summer squash"],
  [/\bsweet\s?potato(es)?\b/g, "sweet potatoes"],
  [/\bcorn\s+on\s+the\s+cob\b|\bsweet\s?corn\b|\bcorn\s+cobs?\b/g, "corn cob"],
  [/\b(minced|chopped|crushed)\s+garlic\b|\bgarlic\s+(paste|puree)\b/g, "garlic jar"],
  [/\bspring\s+garlic\b/g, "garlic"],
  [/\bfresh\s+herbs\b/g, "herbs"],
  [/\bgreek\s+yogurt\b|\bskyr\b/g, "yogurt"],
  // dairy and cheese
  [/\bswiss\s+chard\b/g, "chard"],
  [/\b(cheddar|swiss cheese|gouda|gruyere|emmental|emmentaler|manchego|pecorino|provolone|monterey jack|colby|havarti|edam|jarlsberg|red leicester|double gloucester|wensleydale|comte|parmigiano reggiano|parmigiano|grana padano|asiago)(\s+cheese)?\b/g, "cheddar hard cheese"],
  [/\b(shredded|grated)\s+(mozzarella|cheddar|cheese|mexican blend|italian blend)\b|\b(mozzarella|cheddar)\s+(shredded|grated)\b/g, "shredded cheese cheddar"],
  [/\b(fresh\s+)?(mozzarella|burrata|feta|brie|camembert|goat cheese|goats cheese|chevre|blue cheese|gorgonzola|stilton|roquefort|paneer|halloumi|queso fresco|boursin)(\s+cheese)?\b/g, "soft cheese brie"],
  [/\bmascarpone\b|\bneufchatel\b/g, "cream cheese"],
  [/\b(american|processed)\s+cheese\b|\bcheese\s+slices\b|\bsliced\s+cheese\b|\bsingles\b/g, "cheese processed slices"],
  [/\bparmesan\s+(shredded|grated)\b|\b(shredded|grated)\s+parmesan\b/g, "parmesan grated cheese"],
  [/\b(oat|cashew|hemp|pea)\s+milk\b|\boatmilk\b/g, "rice milk"],
  [/\b(whole|skim|semi skimmed|skimmed|2%|1%|low fat|fat free|reduced fat|full fat|fresh|dairy)\s+milk\b/g, "milk"],
  // bakery, grains, snacks
  [/\b(sourdough|baguettes?|ciabatta|brioche|loaf|white bread|sandwich bread|multigrain bread|rye bread|dinner rolls?|bread rolls?|hamburger buns?|hot dog buns?|burger buns?|buns?|english muffins?|crumpets?)\b/g, "bread"],
  [/\b(pitas?|pitta|naan|flatbreads?|lavash|wraps?)\b/g, "flat bread"],
  [/\b(spaghetti|penne|fusilli|macaroni|linguine|fettuccine|rigatoni|farfalle|orzo|lasagna|lasagne|tagliatelle|rotini|ziti|bucatini|conchiglie)\b(?!\s+(sauce|squash))/g, "pasta"],
  [/\b(ravioli|tortellini|gnocchi|fresh\s+pasta)\b/g, "fresh pasta"],
  [/\b(ramen|udon|soba|rice noodles|instant noodles|lo mein|egg noodles|noodles)\b/g, "dry egg noodles"],
  [/\b(basmati|jasmine|arborio|long grain|short grain|sushi|white)\s+rice\b/g, "rice white"],
  [/\b(tortilla|corn)\s+chips\b|\bnachos\b/g, "potato chips"],
  [/\bchocolate\s+chips?\b|\bbaking\s+chocolate\b/g, "chocolate semi sweet"],
  [/\b(granola|cereal|protein|energy)\s+bars?\b/g, "cereal bars"],
  // condiments and drinks
  [/\b(marinara|pasta sauce|pizza sauce|arrabbiata|bolognese sauce)\b/g, "spaghetti sauce"],
  [/\b(sriracha|tabasco|chili sauce|buffalo sauce|franks redhot)\b/g, "hot sauce"],
  [/\bchili(?!\s+(powder|flakes|oil|paste|sauce|con))\b/g, "hot pepper"],
  [/\b(ranch|caesar|blue cheese|thousand island|creamy)\s+dressing\b/g, "creamy salad dressing"],
  [/\b(italian|french|greek|balsamic)\s+dressing\b|\bvinaigrette\b/g, "salad dressing vinaigrette"],
  [/\b(extra\s+virgin\s+)?olive\s+oil\b|\bevoo\b/g, "olive oil"],
  [/\bcooking\s+spray\b/g, "vegetable oil sprays"],
  [/\b(stock|bouillon)\s+cubes?\b|\bbouillon\b/g, "soup mixes dry bouillon"],
  [/\bbone\s+broth\b/g, "beef broth"],
  [/\b(apple|grape|cranberry|pineapple|mango|pomegranate|fruit)\s+juice\b(?!\s+(fresh|squeezed))/g, "fruit juice cartons"],
  [/\b(soda|pop|cola|coke|sprite|fanta|lemonade|ginger ale|seltzer|sparkling water|club soda|tonic)\b/g, "soda"],
  [/\b(beers?|ales?|lagers?|ipa)\b/g, "soda"],
  [/\b(vodka|whiskey|whisky|rum|gin|tequila|bourbon|brandy|scotch)\b/g, "hard liquors"],
  [/\b(cabernet|merlot|pinot noir|shiraz|malbec|rioja|chianti)\b/g, "red wine"],
  [/\b(chardonnay|sauvignon blanc|pinot grigio|riesling|prosecco|champagne|rose)\b/g, "white wine"],
  [/\bnut\s+butter\b/g, "almond butter"],
  [/\b(french\s+fries|fries|oven\s+chips|frozen\s+chips|hash\s?browns?|tater\s+tots|potato\s+wedges|wedges)\b/g, "frozen potato fries"],
  [/\b(donuts?|doughnuts?)\b/g, "doughnuts"],
  [/\b(croissants?|pain au chocolat|pastry|pastries|danish)\b(?!\s+(dough|sheets?))/g, "pastries"],
  [/\b(corn\s?flakes|bran flakes|cheerios|muesli|rice krispies|shredded wheat|weetabix)\b/g, "cereal"],
  [/\bcouscous\b/g, "pasta"],
  [/\bmarmalade\b/g, "jam"],
  [/\bshallots?\b/g, "onion"],
  [/\bgarlic\s+cloves?\b|\bcloves?\s+of\s+garlic\b/g, "garlic"],
  [/\bbay\s+leaf\b|\bbay\s+leaves\b|\bdried\s+(parsley|thyme|rosemary|dill|sage|tarragon|marjoram|mint|herbs)\b|\bitalian\s+seasoning\b/g, "dried herbs"],
  [/\b(dill|sage|tarragon|marjoram|chervil|fresh herbs)\b/g, "herbs"],
  [/\bcocoa\s+powder\b|\bhot\s+chocolate(\s+mix)?\b/g, "cocoa"],
  [/\bcurry\s+powder\b|\b(chinese\s+)?five\s+spice\b|\ballspice\b|\bcardamom\b|\bcloves\b|\bground\s+ginger\b/g, "ground spice"],
  [/\blemon\s+grass\b/g, "lemongrass"],
  [/\bsalad\s+cream\b/g, "mayonnaise"],
  [/\bpickled\s+(cucumbers?|gherkins?|onions?|peppers?|jalapenos?|hot peppers?)\b|\bgherkins?\b|\bcornichons?\b|\bdill\s+pickles?\b/g, "pickles"],
  [/\b(black|white|blood)\s+pudding\b|\bblood\s+sausage\b/g, "smoked sausage links"],
  [/\bdried\s+meat\b|\bbiltong\b/g, "jerky"],
  [/\b(ice\s+lollies|ice\s+lolly|popsicles?|ice\s+pops?)\b/g, "ice pops"],
  [/\bbaked\s+beans\b|\brefried\s+beans\s+canned\b/g, "canned beans"],
];

function wordsOf(text: string): string[] {
  return (text.match(/[a-z0-9%]+/g) ?? [])
    .map((w) => w.replace(/%/g, ""))
    .filter((w) => w && !/^\d+$/.test(w))
    .map(singularFood)
    .filter((w) => !STOPWORDS.has(w));
}

type Query = { core: string[]; soft: Set<string>; head: string | undefined };

function parseQuery(name: string): Query {
  const words = stripFoodSizes(name).replace(/[-_/,.()]+/g, " ").split(/\s+/).filter(Boolean);
  let text = applyFoodSynonyms(stripBrands(words)).join(" ");
  for (const [pattern, replacement] of FOODKEEPER_NAMES) text = text.replace(pattern, ` ${replacement} `);
  const core: string[] = [];
  const soft = new Set<string>();
  for (const word of wordsOf(text)) {
    if (SOFT_WORDS.has(word)) soft.add(word);
    else if (!core.includes(word)) core.push(word);
  }
  return { core, soft, head: core[core.length - 1] };
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Product index
// ---------------------------------------------------------------------------------------------------------------

type IndexedProduct = {
  product: FoodKeeperProduct;
  displayName: string;
  aliases: string[][]; // ways of saying the name ("Ground turkey or chicken" -> ground turkey, ground chicken)
  subtitleWords: Set<string>;
  keywordPhrases: string[][];
  keywordWords: Set<string>;
  forms: Set<string>;
  allWords: Set<string>;
  pantryCategory: PantryCategory;
};

/** Hand-written aliases where FoodKeeper's name does not split into sensible alternatives. */
const ALIAS_OVERRIDES: Record<number, string[]> = {
  105: ["stuffed pork chops"],
  106: ["raw kabobs", "kabobs"],
  131: ["stuffed chicken breasts"],
  132: ["raw kabobs", "kabobs"],
  176: ["vacuum packed dinners"],
  282: ["corn cob", "corn"],
  348: ["ketchup", "cocktail sauce", "chili sauce"],
  363: ["baby food jars", "baby food pouches"],
  364: ["baby food fruit"],
  365: ["baby food vegetables"],
  366: ["baby food dinners"],
  367: ["baby cereal", "baby food cereal"],
  405: ["juice boxes"],
  408: ["soy beverage", "rice beverage"],
  422: ["yams", "sweet potatoes"],
  461: ["whole wheat bread"],
  479: ["prickly pear"],
  595: ["rabbit"],
  600: ["cherry tomatoes"],
  235: ["jarred garlic", "garlic jar"],
};

/**
 * More names shoppers use for a product: the members FoodKeeper lists in a subtitle ("Citrus fruit: lemon, lime,
 * orange..."), cuts ("chicken breast") and short forms ("kiwi" for "Kiwi fruit").
 */
const EXTRA_ALIASES: Record<number, string[]> = {
  3: ["cheddar", "swiss", "parmesan", "hard cheese"],
  5: ["shredded cheese"],
  7: ["brie", "goat cheese", "soft cheese"],
  40: ["steak", "beef steak"],
  123: ["duck", "duckling"],
  103: ["kielbasa", "smoked sausage"],
  104: ["pepperoni", "dry sausage"],
  77: ["liver", "tongue", "chitterlings", "offal"],
  116: ["chicken breast"],
  117: ["chicken breast"],
  118: ["chicken legs", "chicken thighs"],
  119: ["turkey breast"],
  120: ["turkey breast"],
  121: ["turkey legs", "turkey thighs"],
  144: ["cod", "flounder", "haddock", "halibut", "sole", "white fish"],
  145: ["pollock", "ocean perch", "perch", "rockfish", "sea trout", "trout"],
  146: ["bluefish", "catfish", "mackerel", "mullet", "salmon", "tuna", "tuna steak"],
  252: ["lychee", "gooseberries"],
  253: ["blackberries", "boysenberries", "currants"],
  256: ["lemon", "lime", "orange", "grapefruit", "tangerine", "clementine", "citrus"],
  273: ["green beans", "fava beans", "lima beans", "wax beans", "snow peas", "sugar snap peas"],
  290: ["iceberg lettuce", "romaine lettuce", "iceberg", "romaine"],
  291: ["leaf lettuce", "spinach"],
  294: ["yellow onion", "white onion", "red onion"],
  295: ["green onion", "spring onion"],
  302: ["summer squash"],
  303: ["winter squash"],
  315: ["frozen fruit", "frozen berries"],
  331: ["frozen vegetables"],
  379: ["raisins", "dried fruit", "dried apricots", "dried mango", "dried cranberries"],
  415: ["salad greens"],
  372: ["canned vegetables", "canned beans", "canned soup", "canned meat"],
  373: ["sauerkraut", "canned fruit", "canned tomatoes", "tomato soup"],
  263: ["kiwi"],
  286: ["ginger"],
  496: ["cantaloupe melon"],
  497: ["honeydew melon"],
  417: ["tuna salad", "shrimp salad", "salmon salad", "seafood salad"],
  514: ["deli turkey"],
  515: ["deli ham"],
  517: ["deli chicken"],
};

const productWords = (text: string) => wordsOf(foldFoodText(text).replace(/[-_/,.()";:]+/g, " "));

/** Splits a FoodKeeper name into alternatives and carries shared words across ("Ground turkey or chicken"). */
function aliasesOf(product: FoodKeeperProduct): string[][] {
  return [...nameAliases(product), ...(EXTRA_ALIASES[product.id] ?? []).map(productWords)];
}

function nameAliases(product: FoodKeeperProduct): string[][] {
  const override = ALIAS_OVERRIDES[product.id];
  if (override) return override.map(productWords);
  const name = foldFoodText(product.name).replace(/[()]/g, ",");
  const parts = name
    .split(/,|\/|\bor\b|\band\b/)
    .map(productWords)
    .filter((words) => words.some((w) => !SOFT_WORDS.has(w)));
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (!first || !last || parts.length === 1) return parts;
  const singles = (list: string[][]) => list.every((p) => p.length === 1);
  // "Ground turkey or chicken", "Chicken broth/stock/consomme": the leading modifier applies to all.
  if (first.length >= 2 && singles(parts.slice(1))) {
    const modifier = first.slice(0, -1);
    return [first, ...parts.slice(1).map((p) => [...modifier, ...p])];
  }
  // "Biscuit or pancake mix", "Cake, brownie, bread mixes": the trailing head applies to all.
  const head = last[last.length - 1]!;
  if (last.length >= 2 && singles(parts.slice(0, -1)) && !name.includes("/") && !parts.slice(0, -1).some((p) => last.includes(p[0]!))) {
    return [...parts.slice(0, -1).map((p) => [...p, head]), last];
  }
  return parts;
}

const FRESH_PASTA_ID = 332;

const INDEX: IndexedProduct[] = PRODUCTS.map((product) => {
  const aliases = aliasesOf(product);
  const subtitleWords = new Set(productWords(product.subtitle ?? ""));
  const keywordPhrases = (product.keywords ?? []).map(productWords).filter((p) => p.length > 0);
  const keywordWords = new Set(keywordPhrases.flat());
  const nameWords = productWords(product.name);
  // A form word counts when the subtitle says it or every way of saying the name does ("Cocoa and cocoa mixes"
  // covers plain cocoa too).
  const nameForms = nameWords.filter((w) => FORM_WORDS.has(w) && aliases.every((alias) => alias.includes(w)));
  const forms = new Set([...nameForms, ...[...subtitleWords].filter((w) => FORM_WORDS.has(w))]);
  // "Fresh pasta" is a distinct product from dry pasta, not a marketing word.
  if (product.id === FRESH_PASTA_ID) forms.add("fresh");
  if (product.category === "Food Purchased Frozen") {
    forms.add("frozen");
    subtitleWords.add("frozen");
  }
  if (product.category === "Baby Food") forms.add("baby");
  const allWords = new Set([...aliases.flat(), ...nameWords, ...subtitleWords, ...keywordWords]);
  return {
    product,
    displayName: productDisplayName(product),
    aliases,
    subtitleWords,
    keywordPhrases,
    keywordWords,
    forms,
    allWords,
    pantryCategory: forms.has("canned") ? "Canned Goods" : pantryCategoryOf(product.category),
  };
});

const BY_ID = new Map(INDEX.map((p) => [p.product.id, p]));

/** Products by word: only products sharing a word with the query can score, so only those are scored. */
const BY_WORD = (() => {
  const byWord = new Map<string, Set<IndexedProduct>>();
  for (const entry of INDEX) {
    for (const word of entry.allWords) {
      if (!byWord.has(word)) byWord.set(word, new Set());
      byWord.get(word)!.add(entry);
    }
  }
  return byWord;
})();

/** How rare a word is among products: rare words ("broth") say more than common ones ("chicken"). */
const WORD_WEIGHT = (() => {
  const documentFrequency = new Map<string, number>();
  for (const p of INDEX) for (const w of p.allWords) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
  const total = Math.log(INDEX.length);
  const weights = new Map<string, number>();
  for (const [word, df] of documentFrequency) weights.set(word, 0.5 + (0.5 * Math.log(INDEX.length / df)) / total);
  return weights;
})();

/** The generic product to prefer when several tie on a bare word ("sugar" is granulated, "ham" is sliced ham). */
const PREFERRED_IDS = new Set([
  1, 21, 27, 33, 43, 79, 146, 151, 157, 195, 222, 240, 248, 251, 256, 294, 297, 306, 335, 338, 352, 438, 442, 444, 515, 541,
]);

// ---------------------------------------------------------------------------------------------------------------
// 5. Matching
// ---------------------------------------------------------------------------------------------------------------

const NAME_CREDIT = 1;
const SUBTITLE_CREDIT = 0.8;
const KEYWORD_CREDIT = 0.65;
const KEYWORD_ALIAS_CREDIT = 0.95;
const HEAD_WEIGHT = 1.5;
const MIN_SCORE = 0.3;

type Scored = {
  entry: IndexedProduct;
  score: number;
  coverage: number; // share of the query's weight the product explains
  headCredit: number; // how well the query's last word (its head noun) is matched
  covered: Set<string>;
  conflict: boolean; // both sides have words the other lacks ("fish sauce" against "Barbecue sauce")
  extraNameWords: number; // words of the product's name the query does not have
};

const SHELF_STABLE_FORMS = new Set(["canned", "dried", "dry", "packet", "pouch", "shelf", "stable", "instant", "powdered", "powder", "mix", "ultra", "roasted"]);
const SHELF_STABLE_CATEGORIES = new Set<PantryCategory>(["Canned Goods", "Dry Goods", "Condiments & Sauces", "Beverages", "Snacks", "Spices & Seasonings"]);

/**
 * Forms the place already implies, so they cost nothing there: frozen in the freezer; in the pantry the
 * shelf-stable forms, but only when the category says shelf-stable too ("milk" in Beverages is the UHT kind;
 * plain "chicken" in the pantry stays raw chicken, which does not keep there).
 */
function impliedForms(storage: StorageLocation | undefined, category: PantryCategory | null): Set<string> {
  if (storage === "freezer") return new Set(["frozen"]);
  if (storage === "pantry" && category && SHELF_STABLE_CATEGORIES.has(category)) return SHELF_STABLE_FORMS;
  return new Set();
}

type Context = { categoryHint: PantryCategory | null; impliedForms: Set<string> };

function scoreProduct(entry: IndexedProduct, query: Query, context: Context): Scored {
  const { core, soft, head } = query;
  const weightOf = (w: string) => (WORD_WEIGHT.get(w) ?? 1) * (w === head ? HEAD_WEIGHT : 1);
  const totalWeight = core.reduce((sum, w) => sum + weightOf(w), 0);
  const keywordAlias = entry.keywordPhrases.some((p) => p.length === core.length && p.every((w) => core.includes(w)));

  let best: Scored = { entry, score: -Infinity, coverage: 0, headCredit: 0, covered: new Set(), conflict: false, extraNameWords: 0 };
  for (const alias of entry.aliases.length ? entry.aliases : [[]]) {
    let matched = 0;
    let coveredWeight = 0;
    let headCredit = 0;
    const covered = new Set<string>();
    for (const word of core) {
      let credit = 0;
      if (alias.includes(word)) credit = NAME_CREDIT;
      else if (keywordAlias) credit = KEYWORD_ALIAS_CREDIT;
      else if (entry.subtitleWords.has(word)) credit = SUBTITLE_CREDIT;
      else if (entry.keywordWords.has(word)) credit = KEYWORD_CREDIT;
      if (credit > 0) {
        coveredWeight += weightOf(word);
        covered.add(word);
      }
      matched += weightOf(word) * credit;
      if (word === head) headCredit = credit;
    }
    let score = totalWeight > 0 ? matched / totalWeight : 0;
    // Name words the query does not mention make the product more specific than what was asked for; an extra
    // head noun ("Orange juice" for "orange") is a different food altogether.
    const nameMentioned = alias.some((w) => core.includes(w));
    let extraNameWords = 0;
    if (!nameMentioned && !keywordAlias) score -= 0.3;
    else if (!keywordAlias) {
      alias.forEach((w, i) => {
        const isHead = i === alias.length - 1;
        if (core.includes(w) || (SOFT_WORDS.has(w) && !isHead) || context.impliedForms.has(w)) return;
        extraNameWords++;
        score -= isHead ? 0.3 : 0.12;
      });
    }
    const conflict = (extraNameWords > 0 || !nameMentioned) && covered.size < core.length;
    // Matching only the modifiers ("pumpkin pie" of "pumpkin pie spice") is weaker than matching the head noun.
    if (head && headCredit === 0) score -= 0.15;
    let formPenalty = 0;
    for (const form of entry.forms) {
      if (!core.includes(form) && !soft.has(form) && !context.impliedForms.has(form)) formPenalty += 0.25;
    }
    for (const word of core) if (FORM_WORDS.has(word) && !entry.allWords.has(word)) formPenalty += 0.25;
    score -= Math.min(formPenalty, 0.5);
    for (const word of soft) if (entry.allWords.has(word)) score += 0.03;
    if (PREFERRED_IDS.has(entry.product.id)) score += 0.02;
    if (context.categoryHint && context.categoryHint === entry.pantryCategory) score += 0.04;
    if (score > best.score) {
      const coverage = totalWeight ? coveredWeight / totalWeight : 0;
      best = { entry, score, coverage, headCredit, covered, conflict, extraNameWords };
    }
  }
  return best;
}

/** Candidates good enough to be called a match, best first (ties keep FoodKeeper's order). */
function rankProducts(name: string, category?: string | null, storage?: StorageLocation): Scored[] {
  const query = parseQuery(name);
  if (!query.core.length) return [];
  const categoryHint = category ? toPantryCategory(category) : null;
  const context: Context = { categoryHint, impliedForms: impliedForms(storage, categoryHint) };
  const candidates = new Set(query.core.flatMap((word) => [...(BY_WORD.get(word) ?? [])]));
  const ranked = INDEX.filter((entry) => candidates.has(entry))
    .map((entry) => scoreProduct(entry, query, context))
    .filter((s) => s.score >= MIN_SCORE && (s.coverage >= 0.5 || s.headCredit >= SUBTITLE_CREDIT) && (!s.conflict || s.score >= 0.5))
    .sort((a, b) => b.score - a.score);
  return redirectFrozenProduce(ranked, query);
}

/** "Frozen peas" is FoodKeeper's frozen vegetables, not fresh peas; the same for fruit. */
function redirectFrozenProduce(ranked: Scored[], query: Query): Scored[] {
  const top = ranked[0];
  if (!top || !query.core.includes("frozen")) return ranked;
  const category = top.entry.product.category;
  const frozenId = category === "Produce / Fresh Vegetables" ? 331 : category === "Produce / Fresh Fruits" ? 315 : null;
  const frozen = frozenId ? BY_ID.get(frozenId) : undefined;
  return frozen ? [{ ...top, entry: frozen }, ...ranked] : ranked;
}

/** The FoodKeeper product a grocery name refers to, or null when nothing fits well enough. */
export function matchShelfLifeProduct(name: string): { id: number; name: string; score: number } | null {
  const top = rankProducts(name)[0];
  if (!top) return null;
  return { id: top.entry.product.id, name: top.entry.displayName, score: Math.round(Math.min(1, top.score) * 1000) / 1000 };
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Estimation
// ---------------------------------------------------------------------------------------------------------------

/** Days used when FoodKeeper answers with a word instead of a range. */
const WHEN_RIPE_DAYS = 3;
const INDEFINITE_DAYS = 365;
const NOT_RECOMMENDED_DAYS: Record<StorageLocation, number> = { pantry: 0, fridge: 1, freezer: 0 };
/** An opened item FoodKeeper says to refrigerate, left in the pantry: keeps at most this long. */
const OPENED_IN_PANTRY_MAX_DAYS = 30;

const PLACE_WORDS: Record<StorageLocation, string> = { pantry: "in the pantry", fridge: "refrigerated", freezer: "frozen" };
const CATEGORY_PLACE_WORDS: Record<StorageLocation, string> = { pantry: "in the pantry", fridge: "in the fridge", freezer: "in the freezer" };

type Pick = { days: number; rangeText: string; note: string };
type Situation = { storage: StorageLocation; opened: boolean; thawed: boolean };

function validStorage(storage: unknown): StorageLocation {
  return STORAGE_LOCATIONS.includes(storage as StorageLocation) ? (storage as StorageLocation) : "fridge";
}

const foodKeeperPick = (range: NumericRange, label: string): Pick => ({
  days: rangeDays(range),
  rangeText: formatRange(range),
  note: `Estimated: FoodKeeper, ${label} ${formatRange(range)}`,
});

/**
 * FoodKeeper's answer for one product and situation, or null when it says nothing usable (then the category
 * default applies). Non-numeric answers fall back as documented on each branch.
 */
function pickFromFoodKeeper(product: FoodKeeperProduct, situation: Situation, depth = 0): Pick | null {
  const { storage, opened, thawed } = situation;
  const place = product[storage] ?? {};
  const picks: Pick[] = [];

  if (thawed && storage === "fridge") {
    const afterThawing = product.fridge?.thawed;
    const fridgeTime = product.fridge?.purchase;
    if (isNumeric(afterThawing)) picks.push(foodKeeperPick(afterThawing, "refrigerated after thawing"));
    // USDA: food thawed in the refrigerator keeps about as long there as the fresh product does.
    else if (isNumeric(fridgeTime)) picks.push(foodKeeperPick(fridgeTime, "thawed, refrigerated as fresh"));
  }

  // FoodKeeper wants it refrigerated once opened: it gives an after-opening time only for the fridge.
  const refrigerateAfterOpening = opened && storage === "pantry" && !place.opened && product.fridge?.opened !== undefined;
  const range = !opened ? place.purchase : refrigerateAfterOpening ? undefined : (place.opened ?? place.purchase);
  const label = opened && place.opened ? `${PLACE_WORDS[storage]} after opening` : PLACE_WORDS[storage];

  if (isNumeric(range)) {
    const pick = foodKeeperPick(range, label);
    // Opening never lengthens the unopened time.
    if (opened && place.opened && isNumeric(place.purchase) && rangeDays(place.purchase) < pick.days) {
      pick.days = rangeDays(place.purchase);
    }
    picks.push(pick);
  } else if (range === "package-date") {
    // The time after opening is a safe lower bound for the unopened package, and the reverse.
    const proxy = opened ? place.purchase : place.opened;
    if (isNumeric(proxy)) {
      const days = rangeDays(proxy);
      picks.push({ days, rangeText: formatRange(proxy), note: `Package use-by date recommended; estimated ${daysText(days)}` });
    }
  } else if (range === "when-ripe") {
    picks.push({
      days: WHEN_RIPE_DAYS,
      rangeText: "until ripe",
      note: `Keep at room temperature until ripe, then refrigerate; estimated ${daysText(WHEN_RIPE_DAYS)}`,
    });
  } else if (range === "indefinitely") {
    picks.push({ days: INDEFINITE_DAYS, rangeText: "indefinitely", note: "Keeps indefinitely (FoodKeeper); estimated 1 year to prompt a check" });
  } else if (range === "not-recommended") {
    if (storage === "freezer") {
      // Freezing is a quality question, not a safety one: count it as refrigerated.
      const asFridge = depth === 0 ? pickFromFoodKeeper(product, { storage: "fridge", opened, thawed: false }, 1) : null;
      if (asFridge) picks.push({ ...asFridge, note: `Freezing not recommended; estimated as refrigerated, ${daysText(asFridge.days)}` });
    } else {
      const days = NOT_RECOMMENDED_DAYS[storage];
      const where = storage === "pantry" ? "the pantry" : "the fridge";
      const state = opened && place.opened === "not-recommended" ? " once opened" : "";
      picks.push({ days, rangeText: "not recommended", note: `FoodKeeper does not recommend keeping it in ${where}${state}; estimated ${daysText(days)}` });
    }
  } else if (refrigerateAfterOpening && isNumeric(product.fridge?.opened)) {
    // Left out once opened: a perishable goes the same day, a sturdy condiment keeps at most a month.
    const fridgeDays = rangeDays(product.fridge.opened);
    const days = fridgeDays <= 7 ? 0 : Math.min(fridgeDays, OPENED_IN_PANTRY_MAX_DAYS);
    picks.push({ days, rangeText: formatRange(product.fridge.opened), note: `Refrigerate after opening; estimated ${daysText(days)} in the pantry` });
  } else if (range === undefined) {
    // FoodKeeper lists nothing for this place: borrow from a place that keeps no better.
    const pantryTime = opened ? product.pantry?.opened : product.pantry?.purchase;
    if (storage === "fridge" && isNumeric(pantryTime)) {
      // The fridge keeps a shelf-stable product at least as long as the pantry does.
      picks.push(foodKeeperPick(pantryTime, opened ? "refrigerated as in the pantry after opening" : "refrigerated as in the pantry"));
    } else if (storage === "freezer" && depth === 0) {
      const unfrozen = pickFromFoodKeeper(product, { storage: "fridge", opened, thawed: false }, 1)
        ?? pickFromFoodKeeper(product, { storage: "pantry", opened, thawed: false }, 1);
      if (unfrozen) picks.push({ ...unfrozen, note: `No freezer time in FoodKeeper; estimated as unfrozen, ${daysText(unfrozen.days)}` });
    }
  }
  if (!picks.length) return null;
  return picks.reduce((shortest, p) => (p.days < shortest.days ? p : shortest));
}

const hasData = (product: FoodKeeperProduct, situation: Situation) => pickFromFoodKeeper(product, situation) !== null;

function safeDate(value: string): string {
  if (isIsoDate(value)) return value;
  return toIsoDate(value) ?? new Date().toISOString().slice(0, 10);
}

function categoryEstimate(category: PantryCategory, situation: Situation, start: string, because?: string): ShelfLifeEstimate {
  const days = categoryDays(category, situation.storage, situation.opened);
  const state = situation.opened ? "opened, " : "";
  return {
    expirationDate: addDays(start, days),
    source: "category",
    productName: null,
    days,
    rangeText: daysText(days),
    note: `Estimated: typical for ${category} ${state}${CATEGORY_PLACE_WORDS[situation.storage]}, ${daysText(days)}${because ? ` (${because})` : ""}`,
  };
}

/**
 * The product for an estimate: the best match when FoodKeeper has something for this place. Otherwise a close
 * runner-up naming the same food that does ("tuna" in the pantry is the packet kind), the shortest-keeping one
 * when several do: with two plausible readings, food safety takes the shorter.
 */
function productFor(name: string, category: string | null | undefined, situation: Situation): IndexedProduct | null {
  const ranked = rankProducts(name, category, situation.storage);
  const top = ranked[0];
  if (!top) return null;
  if (hasData(top.entry.product, situation)) return top.entry;
  let shortest: { entry: IndexedProduct; days: number } | null = null;
  for (const s of ranked) {
    // Only products that name the same food: nothing the query lacks, nothing of the query left out.
    if (s.score < top.score - 0.3 || s.extraNameWords > 0 || ![...top.covered].every((w) => s.covered.has(w))) continue;
    const pick = pickFromFoodKeeper(s.entry.product, situation);
    if (pick && (!shortest || pick.days < shortest.days)) shortest = { entry: s.entry, days: pick.days };
  }
  return shortest?.entry ?? top.entry;
}

function estimateFrom(name: string, category: string | null | undefined, situation: Situation, start: string): ShelfLifeEstimate {
  const entry = productFor(name, category, situation);
  const fallbackCategory = category ? toPantryCategory(category) : (entry?.pantryCategory ?? "Other");
  if (!entry) return categoryEstimate(fallbackCategory, situation, start);
  const pick = pickFromFoodKeeper(entry.product, situation);
  if (!pick) {
    const place = entry.product[situation.storage];
    const said = situation.opened ? (place?.opened ?? place?.purchase) : place?.purchase;
    const fallback = categoryEstimate(fallbackCategory, situation, start, `FoodKeeper has no ${situation.storage} time for ${entry.displayName}`);
    if (said !== "package-date") return fallback;
    return { ...fallback, note: `Package use-by date recommended; estimated ${daysText(fallback.days)}, typical for ${fallbackCategory}` };
  }
  const days = Math.max(0, pick.days);
  return {
    expirationDate: addDays(start, days),
    source: "foodkeeper",
    productName: entry.displayName,
    days,
    rangeText: pick.rangeText,
    note: pick.note,
  };
}

/** An estimated expiry date for an item without one. Never throws; falls back to category defaults. */
export function estimateExpiry(input: ShelfLifeInput): ShelfLifeEstimate {
  const start = safeDate(String(input?.purchaseDate ?? ""));
  const situation: Situation = {
    storage: validStorage(input?.storageLocation),
    opened: input?.isOpened === true,
    thawed: input?.thawed === true && input?.storageLocation !== "freezer",
  };
  try {
    return estimateFrom(String(input?.name ?? ""), input?.category, situation, start);
  } catch {
    return categoryEstimate(toPantryCategory(input?.category), situation, start);
  }
}

/**
 * A new expiry date after an item's storage place or opened state changed, or null to keep the current date.
 * Food-safety rules, all counted from `today`:
 *  1. Nothing relevant changed (same place and opened state, or an item marked unopened again): null.
 *  2. An item already past its date stays expired: moving or opening never revives it (null).
 *  3. Into the freezer: today + FoodKeeper's freezer time. Freezing pauses spoilage, so it only ever extends the
 *     date: if the estimate is not later than the current date, null.
 *  4. Out of the freezer: thawed. Today + "refrigerate after thawing" (or the fresh product's fridge time); in the
 *     pantry the pantry time. Never later than the frozen date.
 *  5. Between pantry and fridge: today + the new place's time (the after-opening time when opened).
 *  6. Opening (false -> true): today + the after-opening time for the place, but NEVER past the unopened date:
 *     min(current date, originalExpirationDate, today + opened days). The same cap applies to an opened item that
 *     moves between pantry and fridge.
 * `originalExpirationDate` is the unopened date when the caller knows it (e.g. printed on the package).
 */
export function reestimateExpiry(input: {
  name: string;
  category?: string | null;
  before: { storageLocation: StorageLocation; isOpened: boolean; expirationDate: string | null };
  after: { storageLocation: StorageLocation; isOpened: boolean };
  today: string; // yyyy-MM-dd in the user's time zone
  originalExpirationDate?: string | null;
}): ShelfLifeEstimate | null {
  try {
    const today = safeDate(input.today);
    const { before, after } = input;
    const from = validStorage(before.storageLocation);
    const to = validStorage(after.storageLocation);
    const moved = from !== to;
    const opening = !before.isOpened && after.isOpened;
    if (!moved && !opening) return null;

    const current = before.expirationDate ? toIsoDate(before.expirationDate) : null;
    if (current && current < today) return null;
    const original = input.originalExpirationDate ? toIsoDate(input.originalExpirationDate) : null;

    const situation: Situation = { storage: to, opened: after.isOpened, thawed: moved && from === "freezer" };
    const estimate = estimateFrom(input.name, input.category, situation, today);

    if (to === "freezer") {
      if (current && estimate.expirationDate <= current) return null;
      return estimate;
    }
    const caps: { date: string; why: string }[] = [];
    if (current && situation.thawed) caps.push({ date: current, why: "not later than the frozen date" });
    if (after.isOpened && !situation.thawed) {
      if (current) caps.push({ date: current, why: "not later than the unopened date" });
      if (original) caps.push({ date: original, why: "not later than the unopened date" });
    }
    const cap = caps.reduce<{ date: string; why: string } | null>((min, c) => (!min || c.date < min.date ? c : min), null);
    if (cap && cap.date < estimate.expirationDate) {
      return { ...estimate, expirationDate: cap.date, days: daysBetween(today, cap.date), note: `${estimate.note}; kept ${cap.why}` };
    }
    return estimate;
  } catch {
    return null;
  }
}

/** Where FoodKeeper says a food keeps best: frozen foods in the freezer, shelf-stable ones in the pantry. */
export function suggestStorageLocation(name: string, category?: string | null): StorageLocation {
  try {
    const query = parseQuery(name);
    const top = rankProducts(name, category)[0]?.entry;
    if (query.core.includes("frozen") || top?.product.category === "Food Purchased Frozen") return "freezer";
    if (top) {
      const { pantry, fridge, freezer } = top.product;
      const pantryTime = pantry?.purchase;
      const fridgeTime = fridge?.purchase;
      if (pantryTime === "when-ripe" || pantryTime === "indefinitely" || pantryTime === "package-date") return "pantry";
      if (isNumeric(pantryTime)) {
        if (!isNumeric(fridgeTime) || rangeDays(pantryTime) >= rangeDays(fridgeTime)) return "pantry";
        return "fridge";
      }
      if (fridgeTime) return "fridge";
      if (fridge?.opened && !freezer) return "fridge";
      if (freezer?.purchase && !fridge) return "freezer";
    }
    const pantryCategory = category ? toPantryCategory(category) : top ? top.pantryCategory : "Other";
    return CATEGORY_STORAGE[pantryCategory];
  } catch {
    return "fridge";
  }
}

const CATEGORY_STORAGE: Record<PantryCategory, StorageLocation> = {
  "Fresh Fruits": "fridge",
  "Fresh Vegetables": "fridge",
  "Milk & Eggs": "fridge",
  "Cheese & Yogurt": "fridge",
  "Fresh Meat": "fridge",
  "Deli & Prepared": "fridge",
  "Frozen Foods": "freezer",
  "Bread & Bakery": "pantry",
  "Canned Goods": "pantry",
  "Dry Goods": "pantry",
  "Spices & Seasonings": "pantry",
  "Condiments & Sauces": "pantry",
  Beverages: "pantry",
  Snacks: "pantry",
  Other: "fridge",
};
