/**
 * Ingredient substitutions: a curated table of the swaps home cooks ask for most, each with its ratio and what
 * it changes, and the foods each option uses (so an option with one of the cook's allergens is never offered).
 * The ratios are the standard kitchen equivalents printed in cookbooks and extension-service guides (e.g. 1 cup
 * buttermilk = 1 cup milk + 1 tbsp lemon juice). Pure; no I/O.
 */
import { allergensIn, normalizeFoodText } from "./recipeTags";

export type SubstitutionOption = {
  /** The swap with its ratio, as the companion says it. */
  text: string;
  /** Foods the option uses, checked against allergies. */
  uses: readonly string[];
};

export type Substitution = {
  /** The food being replaced, as the answer names it. */
  food: string;
  /** Other ways people write it. */
  aliases: readonly string[];
  options: readonly SubstitutionOption[];
  /** When a swap changes the dish (baking chemistry, texture), what to expect. */
  note?: string;
};

const opt = (text: string, ...uses: string[]): SubstitutionOption => ({ text, uses });

export const SUBSTITUTIONS: readonly Substitution[] = [
  {
    food: "buttermilk",
    aliases: [],
    options: [
      opt("1 cup milk + 1 tbsp lemon juice or white vinegar; stir and let it stand 5-10 minutes until it thickens slightly", "milk", "lemon juice"),
      opt("3/4 cup plain yogurt + 1/4 cup milk, whisked smooth", "yogurt", "milk"),
      opt("1 cup unsweetened soy or oat milk + 1 tbsp lemon juice (dairy-free)", "soy milk", "oat milk", "lemon juice"),
    ],
  },
  {
    food: "egg",
    aliases: ["eggs"],
    options: [
      opt("1 tbsp ground flaxseed + 3 tbsp water, rested 5 minutes (binding in muffins, pancakes, cookies)", "flaxseed"),
      opt("1/4 cup unsweetened applesauce (moist cakes and quick breads)", "applesauce"),
      opt("1/4 cup mashed ripe banana (sweet bakes; it tastes of banana)", "banana"),
      opt("3 tbsp aquafaba (the liquid from a can of chickpeas) for 1 egg, or 2 tbsp for 1 egg white", "chickpea"),
    ],
    note: "These stand in for 1 egg; they work for up to 2 eggs in a recipe. Dishes that are mostly egg (omelettes, custard, soufflé) have no good swap.",
  },
  {
    food: "butter",
    aliases: ["unsalted butter", "salted butter"],
    options: [
      opt("For 1 cup butter: 7/8 cup (3/4 cup + 2 tbsp) vegetable or olive oil in cooking and most cakes", "oil"),
      opt("1 cup plant-based butter or margarine, 1:1, for baking that needs solid fat", "margarine"),
      opt("1 cup ghee or clarified butter, 1:1, for frying", "ghee"),
      opt("1/2 cup applesauce + 1/2 cup oil for 1 cup butter in moist cakes and brownies", "applesauce", "oil"),
    ],
  },
  {
    food: "heavy cream",
    aliases: ["double cream", "whipping cream", "heavy whipping cream", "cream"],
    options: [
      opt("For 1 cup: 3/4 cup whole milk + 1/4 cup melted butter (for cooking and baking, not for whipping)", "milk", "butter"),
      opt("1 cup full-fat coconut cream, 1:1; it also whips when chilled (dairy-free)", "coconut cream"),
      opt("1 cup evaporated milk, 1:1, in soups and sauces", "evaporated milk"),
    ],
  },
  {
    food: "half-and-half",
    aliases: ["half and half", "single cream"],
    options: [opt("For 1 cup: 1/2 cup whole milk + 1/2 cup heavy cream", "milk", "cream"), opt("For 1 cup: 7/8 cup whole milk + 1 1/2 tbsp melted butter", "milk", "butter")],
  },
  {
    food: "sour cream",
    aliases: [],
    options: [opt("Plain Greek yogurt, 1:1", "yogurt"), opt("1 cup cottage cheese blended with 1 tbsp lemon juice", "cottage cheese", "lemon juice"), opt("Coconut yogurt, 1:1 (dairy-free)", "coconut yogurt")],
  },
  {
    food: "milk",
    aliases: ["whole milk"],
    options: [
      opt("Any unsweetened plant milk (soy, oat, almond), 1:1", "soy milk", "oat milk", "almond milk"),
      opt("1/2 cup evaporated milk + 1/2 cup water for 1 cup milk", "evaporated milk"),
      opt("1/4 cup dry milk powder + 1 cup water", "milk powder"),
    ],
  },
  {
    food: "yogurt",
    aliases: ["plain yogurt", "greek yogurt", "yoghurt"],
    options: [opt("Sour cream, 1:1", "sour cream"), opt("Buttermilk, 1:1, in baking (the batter is thinner)", "buttermilk"), opt("Coconut or soy yogurt, 1:1 (dairy-free)", "coconut yogurt", "soy yogurt")],
  },
  {
    food: "brown sugar",
    aliases: ["light brown sugar", "dark brown sugar"],
    options: [opt("1 cup white sugar + 1 tbsp molasses (2 tbsp for dark brown sugar)", "sugar", "molasses"), opt("Coconut sugar, 1:1", "coconut sugar")],
  },
  {
    food: "powdered sugar",
    aliases: ["icing sugar", "confectioners sugar", "confectioners' sugar"],
    options: [opt("Blend 1 cup granulated sugar with 1 tbsp cornstarch until fine: makes about 1 3/4 cups", "sugar", "cornstarch")],
  },
  {
    food: "cake flour",
    aliases: [],
    options: [opt("For 1 cup: 1 cup all-purpose flour, remove 2 tbsp, add 2 tbsp cornstarch, sift twice", "flour", "cornstarch")],
  },
  {
    food: "self-rising flour",
    aliases: ["self raising flour", "self-raising flour"],
    options: [opt("For 1 cup: 1 cup all-purpose flour + 1 1/2 tsp baking powder + 1/4 tsp salt", "flour", "baking powder")],
  },
  {
    food: "all-purpose flour",
    aliases: ["flour", "plain flour", "wheat flour"],
    options: [
      opt("For thickening sauces: 1 tbsp cornstarch replaces 2 tbsp flour", "cornstarch"),
      opt("For baking gluten-free: a 1:1 gluten-free flour blend with xanthan gum", "gluten-free flour"),
    ],
    note: "Bread needs the gluten in wheat flour: gluten-free blends make a denser loaf.",
  },
  {
    food: "baking powder",
    aliases: [],
    options: [opt("For 1 tsp: 1/4 tsp baking soda + 1/2 tsp cream of tartar", "baking soda", "cream of tartar"), opt("For 1 tsp: 1/4 tsp baking soda + 1/2 cup buttermilk or yogurt (take 1/2 cup liquid out of the recipe)", "baking soda", "buttermilk")],
  },
  {
    food: "baking soda",
    aliases: ["bicarbonate of soda", "bicarb"],
    options: [opt("3 tsp baking powder for 1 tsp baking soda (the bake is a little less brown; leave out any other acid swap)", "baking powder")],
    note: "Baking soda is about three times as strong as baking powder, and needs an acid in the recipe to work.",
  },
  {
    food: "cornstarch",
    aliases: ["corn starch", "cornflour"],
    options: [opt("2 tbsp all-purpose flour for 1 tbsp cornstarch when thickening", "flour"), opt("Arrowroot or potato starch, 1:1", "arrowroot")],
  },
  {
    food: "breadcrumbs",
    aliases: ["bread crumbs", "panko"],
    options: [opt("Crushed crackers or cornflakes, 1:1", "crackers", "cornflakes"), opt("Rolled oats, pulsed, 1:1", "oats"), opt("Almond meal, 1:1 (gluten-free)", "almond meal")],
  },
  {
    food: "lemon juice",
    aliases: ["lime juice"],
    options: [opt("White wine vinegar or cider vinegar, 1/2 the amount (it is sharper)", "vinegar"), opt("Lime or lemon juice for each other, 1:1", "lime juice")],
  },
  {
    food: "white wine",
    aliases: ["dry white wine"],
    options: [opt("Chicken or vegetable stock, 1:1, plus 1 tsp white wine vinegar or lemon juice per cup", "stock", "vinegar"), opt("White grape juice, 1:1, with a splash of vinegar (a little sweeter)", "grape juice", "vinegar")],
  },
  {
    food: "red wine",
    aliases: ["dry red wine"],
    options: [opt("Beef or mushroom stock, 1:1, plus 1 tbsp red wine vinegar per cup", "stock", "vinegar"), opt("Unsweetened pomegranate or cranberry juice, 1:1", "pomegranate juice")],
  },
  {
    food: "chicken stock",
    aliases: ["chicken broth", "stock", "broth"],
    options: [opt("Vegetable stock, 1:1", "vegetable stock"), opt("1 bouillon cube or 1 tsp stock paste dissolved in 1 cup hot water", "bouillon"), opt("1 cup water + 1 tsp soy sauce and a bay leaf, in a pinch", "soy sauce")],
  },
  {
    food: "soy sauce",
    aliases: ["soya sauce", "shoyu"],
    options: [opt("Tamari, 1:1 (usually gluten-free)", "tamari"), opt("Coconut aminos, 1:1 (soy-free, sweeter, less salty)", "coconut aminos")],
  },
  {
    food: "fish sauce",
    aliases: [],
    options: [opt("Soy sauce or tamari, 1:1, with a squeeze of lime", "soy sauce", "lime juice"), opt("1 tsp miso thinned with 1 tsp water per tsp", "miso")],
  },
  {
    food: "honey",
    aliases: [],
    options: [opt("Maple syrup or agave syrup, 1:1", "maple syrup", "agave"), opt("1 1/4 cups sugar + 1/4 cup water for 1 cup honey", "sugar")],
  },
  {
    food: "sugar",
    aliases: ["white sugar", "granulated sugar", "caster sugar"],
    options: [opt("3/4 cup honey or maple syrup for 1 cup sugar; cut other liquid by 1/4 cup and bake 25°F (15°C) lower", "honey", "maple syrup")],
  },
  {
    food: "maple syrup",
    aliases: [],
    options: [opt("Honey, 1:1", "honey"), opt("Agave syrup, 1:1", "agave")],
  },
  {
    food: "mayonnaise",
    aliases: ["mayo"],
    options: [opt("Plain Greek yogurt, 1:1, in dressings and salads", "yogurt"), opt("Mashed avocado, 1:1, on sandwiches", "avocado"), opt("Egg-free (vegan) mayonnaise, 1:1", "vegan mayonnaise")],
  },
  {
    food: "tomato paste",
    aliases: ["tomato puree"],
    options: [opt("3 tbsp tomato sauce or passata for 1 tbsp paste, cooked down a little longer", "tomato sauce"), opt("1 tbsp ketchup for 1 tbsp paste (sweeter)", "ketchup")],
  },
  {
    food: "parmesan",
    aliases: ["parmesan cheese", "parmigiano", "parmigiano reggiano"],
    options: [opt("Pecorino Romano or Grana Padano, 1:1 (pecorino is saltier)", "pecorino"), opt("Nutritional yeast, 1/2 the amount (dairy-free)", "nutritional yeast")],
  },
  {
    food: "ricotta",
    aliases: ["ricotta cheese"],
    options: [opt("Cottage cheese, blended smooth, 1:1", "cottage cheese"), opt("Firm tofu crumbled with lemon and salt, 1:1 (dairy-free)", "tofu", "lemon juice")],
  },
  {
    food: "cream cheese",
    aliases: [],
    options: [opt("Mascarpone, 1:1 (richer)", "mascarpone"), opt("Strained Greek yogurt (labneh), 1:1, in dips", "yogurt")],
  },
  {
    food: "pine nuts",
    aliases: ["pine nut"],
    options: [opt("Toasted sunflower seeds, 1:1 (nut-free)", "sunflower seeds"), opt("Toasted walnuts or almonds, chopped, 1:1", "walnuts", "almonds")],
  },
  {
    food: "garlic",
    aliases: ["garlic clove", "garlic cloves", "fresh garlic"],
    options: [opt("1/8 tsp garlic powder for each clove", "garlic powder"), opt("1/2 tsp jarred minced garlic for each clove", "garlic")],
  },
  {
    food: "onion",
    aliases: ["yellow onion", "white onion", "onions"],
    options: [opt("1 tbsp onion powder for 1 medium onion", "onion powder"), opt("2 shallots or 1 leek (white part) for 1 onion", "shallot", "leek")],
  },
  {
    food: "shallot",
    aliases: ["shallots"],
    options: [opt("1/2 small onion plus a pinch of garlic for each shallot", "onion", "garlic")],
  },
  {
    food: "fresh herbs",
    aliases: ["fresh basil", "fresh oregano", "fresh thyme", "fresh parsley", "fresh rosemary", "herbs"],
    options: [opt("1 tsp dried herbs for 1 tbsp fresh (dried are about three times as strong); add them earlier in cooking", "dried herbs")],
  },
  {
    food: "vanilla extract",
    aliases: ["vanilla"],
    options: [opt("1 tsp maple syrup for 1 tsp vanilla, or the seeds of 1/2 vanilla pod", "maple syrup")],
  },
  {
    food: "molasses",
    aliases: ["treacle"],
    options: [opt("Dark brown sugar: 3/4 cup packed for 1 cup molasses, plus 1/4 cup extra liquid", "brown sugar"), opt("Maple syrup or honey, 1:1 (milder)", "maple syrup", "honey")],
  },
  {
    food: "mascarpone",
    aliases: [],
    options: [opt("8 oz cream cheese beaten with 1/4 cup heavy cream", "cream cheese", "cream")],
  },
  {
    food: "pumpkin pie spice",
    aliases: ["mixed spice"],
    options: [opt("For 1 tsp: 1/2 tsp cinnamon + 1/4 tsp ginger + 1/8 tsp nutmeg + 1/8 tsp cloves or allspice", "cinnamon", "ginger", "nutmeg")],
  },
];

const foodKey = (text: string) => normalizeFoodText(text).replace(/[,'-]/g, " ").replace(/\s+/g, " ").trim();

/** The table entry for a food as someone types it ("buttermilk", "an egg", "Double cream"), or null. */
export function findSubstitution(food: string): Substitution | null {
  const key = foodKey(food).replace(/^(?:an?|some|the|my)\s+/, "");
  if (!key) return null;
  const names = (entry: Substitution) => [entry.food, ...entry.aliases].map(foodKey);
  const exact = SUBSTITUTIONS.find((entry) => names(entry).some((name) => name === key || `${name}s` === key || name === `${key}s`));
  if (exact) return exact;
  // "cup of buttermilk", "buttermilk for pancakes": the longest name the text contains.
  let best: { entry: Substitution; length: number } | null = null;
  for (const entry of SUBSTITUTIONS) {
    for (const name of names(entry)) {
      if (` ${key} `.includes(` ${name} `) && (!best || name.length > best.length)) best = { entry, length: name.length };
    }
  }
  return best?.entry ?? null;
}

/**
 * The swaps for a food that the cook can eat: options using one of their allergens are left out, and the
 * answer says how many were.
 */
export function substitutionsFor(food: string, allergies: readonly string[]): { entry: Substitution; options: SubstitutionOption[]; withheld: number } | null {
  const entry = findSubstitution(food);
  if (!entry) return null;
  // The foods an option uses decide, not its wording: an egg swap says "for 1 egg" and is for people who avoid eggs.
  const options = entry.options.filter((option) => option.uses.every((used) => allergensIn(used, allergies).length === 0));
  return { entry, options, withheld: entry.options.length - options.length };
}
