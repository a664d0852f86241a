import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PANTRY_CATEGORIES, STORAGE_LOCATIONS, type StorageLocation } from "../../worker/domain/constants";
import { addDays, daysBetween } from "../../worker/domain/dates";
import {
  categoryDefaultDays,
  estimateExpiry,
  matchShelfLifeProduct,
  reestimateExpiry,
  suggestStorageLocation,
} from "../../worker/domain/shelfLife";

const PURCHASED = "2025-03-01";

/**
 * Common grocery names (US and UK spellings, plurals, brands, sizes) with the FoodKeeper product they should map
 * to and the days that product gives for the place, unopened: the minimum of its FoodKeeper range, read from
 * data/foodkeeper (months = 30 days, years = 365 days).
 */
const TABLE: [name: string, storage: StorageLocation, product: string, days: number][] = [
  // dairy and eggs
  ["Milk", "freezer", "Milk (plain or flavored)", 90],
  ["Kirkland Signature Large Eggs 24 ct", "fridge", "Eggs (in shell)", 21],
  ["free range eggs", "fridge", "Eggs (in shell)", 21],
  ["egg whites", "fridge", "Eggs (raw whites, yolks)", 2],
  ["hard boiled eggs", "fridge", "Eggs (hard boiled cooked)", 7],
  ["Lurpak Butter 250g", "fridge", "Butter", 30],
  ["unsalted butter", "freezer", "Butter", 180],
  ["buttermilk", "fridge", "Buttermilk", 7],
  ["mature cheddar", "fridge", "Cheese (hard such as cheddar, swiss, block parmesan)", 180],
  ["Cheddar Cheese", "fridge", "Cheese (hard such as cheddar, swiss, block parmesan)", 180],
  ["swiss cheese", "fridge", "Cheese (hard such as cheddar, swiss, block parmesan)", 180],
  ["grated parmesan", "fridge", "Cheese (parmesan; shredded or grated)", 360],
  ["shredded mozzarella", "fridge", "Cheese (shredded; cheddar, mozzarella, etc.)", 30],
  ["American cheese slices", "fridge", "Cheese (processed slices)", 21],
  ["brie", "fridge", "Cheese (soft such as brie, bel paese, goat)", 7],
  ["goat cheese", "fridge", "Cheese (soft such as brie, bel paese, goat)", 7],
  ["feta", "fridge", "Cheese (soft such as brie, bel paese, goat)", 7],
  ["cottage cheese", "fridge", "Cottage cheese", 14],
  ["Philadelphia Cream Cheese 8 oz", "fridge", "Cream cheese", 14],
  ["heavy cream", "fridge", "Cream (heavy)", 10],
  ["double cream", "fridge", "Cream (heavy)", 10],
  ["half and half", "fridge", "Cream (half and half)", 3],
  ["half-and-half", "fridge", "Cream (half and half)", 3],
  ["single cream", "fridge", "Cream (light)", 7],
  ["sour cream", "fridge", "Sour cream", 21],
  ["Chobani Greek Yogurt", "fridge", "Yogurt", 7],
  ["natural yoghurt", "fridge", "Yogurt", 7],
  ["kefir", "fridge", "Kefir (fermented milk)", 7],
  ["ricotta", "fridge", "Ricotta", 14],
  ["string cheese", "fridge", "String Cheese", 150],
  // meat and poultry
  ["Boneless Skinless Chicken Breasts 2 lb", "fridge", "Chicken parts (breast halves, boneless)", 1],
  ["chicken thighs", "fridge", "Chicken parts (legs or thighs)", 1],
  ["chicken drumsticks", "fridge", "Chicken parts (legs or thighs)", 1],
  ["whole chicken", "freezer", "Chicken (whole)", 360],
  ["rotisserie chicken", "fridge", "Rotisserie chicken", 3],
  ["ground turkey", "fridge", "Ground turkey or chicken", 1],
  ["lean ground beef 93/7", "fridge", "Beef (ground)", 1],
  ["beef mince 5% fat", "fridge", "Beef (ground)", 1],
  ["hamburger", "freezer", "Beef (ground)", 90],
  ["pork mince", "fridge", "Pork (ground)", 1],
  ["lamb mince", "fridge", "Lamb (ground)", 1],
  ["ribeye steak", "fridge", "Beef (steaks)", 3],
  ["sirloin steak", "freezer", "Beef (steaks)", 120],
  ["stew meat", "fridge", "Beef (stew, cubes)", 3],
  ["brisket", "fridge", "Beef (chuck roast, brisket)", 3],
  ["short ribs", "fridge", "Beef (short ribs)", 3],
  ["pork chops", "fridge", "Pork (loin chops, bone-in)", 3],
  ["pork tenderloin", "fridge", "Pork (tenderloin)", 3],
  ["pork shoulder", "fridge", "Pork (shoulder)", 3],
  ["lamb chops", "fridge", "Lamb (chops, ribs, or loin)", 3],
  ["bacon", "fridge", "Bacon", 7],
  ["smoked streaky bacon", "fridge", "Bacon", 7],
  ["turkey bacon", "fridge", "Turkey bacon", 14],
  ["hot dogs", "fridge", "Hot dogs", 14],
  ["frankfurters", "fridge", "Hot dogs", 14],
  ["italian sausage", "fridge", "Sausage (raw bulk type or patties)", 1],
  ["kielbasa", "fridge", "Sausage (fully cooked smoked links, kielbasa)", 7],
  ["pepperoni", "fridge", "Sausage (hard, dry (pepperoni), sliced)", 14],
  ["salami", "fridge", "Salami (pre-packaged, luncheon/deli meat)", 14],
  ["deli turkey", "fridge", "Turkey (pre-packaged, luncheon/deli meat)", 14],
  ["sliced ham", "fridge", "Ham (pre-packaged, luncheon/deli meat)", 14],
  ["prosciutto", "fridge", "Prosciutto", 60],
  ["chorizo", "fridge", "Chorizo (fresh)", 1],
  ["bratwurst", "fridge", "Bratwurst (fresh)", 2],
  ["duck", "fridge", "Duckling (domestic or wild, whole)", 1],
  // fish and shellfish
  ["salmon fillets", "fridge", "Fatty fish (bluefish, catfish, mackerel, mullet, salmon, tuna, etc.)", 1],
  ["tuna steak", "fridge", "Fatty fish (bluefish, catfish, mackerel, mullet, salmon, tuna, etc.)", 1],
  ["cod", "fridge", "Lean fish (cod, flounder, haddock, halibut, sole, etc.)", 1],
  ["tilapia", "fridge", "Lean fish (cod, flounder, haddock, halibut, sole, etc.)", 1],
  ["haddock", "freezer", "Lean fish (cod, flounder, haddock, halibut, sole, etc.)", 180],
  ["trout", "fridge", "Lean fish (pollock, ocean perch, rockfish, sea trout.)", 1],
  ["king prawns", "fridge", "Shrimp, crayfish", 1],
  ["shrimp", "fridge", "Shrimp, crayfish", 1],
  ["scallops", "fridge", "Scallops", 1],
  ["mussels", "fridge", "Live clams, mussels, crab, and oysters", 1],
  ["lobster", "fridge", "Fresh whole lobster (live)", 1],
  ["smoked salmon", "fridge", "Fish (cold smoked, vacuum pack)", 21],
  ["canned tuna", "pantry", "Tuna (canned)", 1095],
  ["tinned sardines", "pantry", "Seafood (canned)", 365],
  // fruit
  ["Gala apples 3 lb bag", "fridge", "Apples", 28],
  ["honeycrisp apple", "fridge", "Apples", 28],
  ["bananas", "freezer", "Bananas", 60],
  ["oranges", "fridge", "Citrus fruit (lemon, lime, orange, grapefruit, tangerines, clementines)", 10],
  ["lemons", "fridge", "Citrus fruit (lemon, lime, orange, grapefruit, tangerines, clementines)", 10],
  ["clementines", "pantry", "Citrus fruit (lemon, lime, orange, grapefruit, tangerines, clementines)", 10],
  ["strawberries 1 lb", "fridge", "Strawberries", 2],
  ["raspberries", "fridge", "Raspberries", 2],
  ["blueberries", "fridge", "Blueberries", 7],
  ["blackberries", "fridge", "Berries (blackberries, boysenberries, currant)", 3],
  ["cherries", "fridge", "Cherries", 2],
  ["grapes", "fridge", "Grapes", 7],
  ["pineapple", "fridge", "Pineapple", 5],
  ["watermelon", "fridge", "Watermelon", 3],
  ["cantaloupe", "fridge", "Cantaloupe", 5],
  ["honeydew melon", "fridge", "Honeydew", 3],
  ["peaches", "fridge", "Peaches, nectarines, plums, pears, sapote", 3],
  ["plums", "fridge", "Peaches, nectarines, plums, pears, sapote", 3],
  ["avocados 4 ct", "fridge", "Avocados", 3],
  ["mangoes", "fridge", "Papaya, mango, feijoa, passion fruit, casaba melon", 7],
  ["kiwi", "fridge", "Kiwi fruit", 3],
  ["pomegranate", "fridge", "Pomegranate", 30],
  ["cranberries", "fridge", "Cranberries", 60],
  // vegetables and herbs
  ["romaine lettuce", "fridge", "Lettuce (iceberg, romaine)", 7],
  ["iceberg lettuce", "fridge", "Lettuce (iceberg, romaine)", 7],
  ["baby spinach", "fridge", "Lettuce (leaf, spinach)", 3],
  ["spring mix", "fridge", "Bagged greens (leaf, spinach, lettuce, etc.)", 3],
  ["rocket", "fridge", "Arugula", 3],
  ["kale", "fridge", "Kale", 3],
  ["carrots", "fridge", "Carrots, parsnips", 14],
  ["baby carrots", "fridge", "Baby carrots", 28],
  ["broccoli", "fridge", "Broccoli and broccoli raab (rapini)", 3],
  ["cauliflower", "fridge", "Cauliflower", 3],
  ["celery", "fridge", "Celery", 7],
  ["cucumber", "fridge", "Cucumbers", 4],
  ["courgettes", "fridge", "Zucchini (fresh, whole)", 7],
  ["aubergine", "fridge", "Eggplant", 4],
  ["red bell pepper", "fridge", "Peppers", 4],
  ["jalapenos", "fridge", "Hot peppers", 7],
  ["onions", "pantry", "Onions (yellow, white, red, etc.)", 30],
  ["red onion", "pantry", "Onions (yellow, white, red, etc.)", 30],
  ["spring onions", "fridge", "Onions (spring or green)", 7],
  ["scallions", "fridge", "Onions (spring or green)", 7],
  ["garlic", "pantry", "Garlic", 30],
  ["ginger root", "fridge", "Ginger root", 14],
  ["Russet Potatoes 5 lb", "pantry", "Potatoes", 30],
  ["sweet potatoes", "pantry", "Yams/sweet potatoes", 14],
  ["cherry tomatoes", "fridge", "Cherry tomatoes", 5],
  ["mushrooms", "fridge", "Mushrooms", 3],
  ["green beans", "fridge", "Beans and peas (green, fava, lima, soybean, wax, snow, sugar snap)", 3],
  ["asparagus", "fridge", "Asparagus", 3],
  ["corn on the cob", "fridge", "Corn on the cob", 1],
  ["cabbage", "fridge", "Cabbage", 7],
  ["brussels sprouts", "fridge", "Brussels sprouts", 3],
  ["beetroot", "fridge", "Beets", 7],
  ["swede", "fridge", "Rutabagas", 14],
  ["butternut squash", "pantry", "Squash (winter)", 14],
  ["cilantro", "fridge", "Cilantro", 14],
  ["fresh coriander", "fridge", "Cilantro", 14],
  ["parsley", "fridge", "Parsley (fresh)", 2],
  ["fresh basil", "fridge", "Basil (fresh)", 10],
  // frozen
  ["frozen peas", "freezer", "Vegetables", 300],
  ["frozen strawberries", "freezer", "Fruits (such as berries, melons)", 300],
  ["frozen pizza", "freezer", "Pizza (frozen)", 360],
  ["ice cream", "freezer", "Ice cream", 180],
  ["fish fingers", "freezer", "Fish (breaded)", 540],
  ["french fries", "freezer", "Frozen potato products (fries, hashbrowns, tater tots)", 360],
  // bakery and grains
  ["white bread", "pantry", "Commercial bread products (including pan breads, flat breads, rolls, and buns)", 14],
  ["sourdough loaf", "pantry", "Commercial bread products (including pan breads, flat breads, rolls, and buns)", 14],
  ["bagels", "pantry", "Bagel (fresh baked)", 1],
  ["flour tortillas", "pantry", "Tortillas (flour)", 90],
  ["corn tortillas", "fridge", "Tortillas (corn)", 60],
  ["muffins", "pantry", "Commercial cakes and muffins", 3],
  ["croissants", "pantry", "Pastries, danish", 5],
  ["donuts", "pantry", "Doughnuts", 1],
  ["rice", "pantry", "Rice (white or wild)", 730],
  ["basmati rice", "pantry", "Rice (white or wild)", 730],
  ["brown rice", "pantry", "Rice (brown)", 365],
  ["spaghetti", "pantry", "Pasta (dry, without eggs)", 730],
  ["Barilla penne pasta 1 lb", "pantry", "Pasta (dry, without eggs)", 730],
  ["egg noodles", "pantry", "Dry egg noodles", 730],
  ["plain flour", "pantry", "Flour (white)", 180],
  ["rolled oats", "pantry", "Oats (whole grain)", 120],
  ["quinoa", "pantry", "Quinoa (uncooked)", 730],
  ["lentils", "pantry", "Lentils (dried)", 365],
  ["dried beans", "pantry", "Beans (dried)", 365],
  // condiments, sauces, baking
  ["Heinz Tomato Ketchup", "pantry", "Ketchup, cocktail, or chili sauce", 365],
  ["mayonnaise", "pantry", "Mayonnaise (commercial)", 90],
  ["mayo", "pantry", "Mayonnaise (commercial)", 90],
  ["Dijon mustard", "pantry", "Mustard", 365],
  ["soy sauce", "pantry", "Soy sauce or teriyaki sauce", 1095],
  ["sriracha", "pantry", "Hot sauce", 180],
  ["bbq sauce", "pantry", "Barbecue sauce (bottled)", 365],
  ["peanut butter", "pantry", "Peanut butter (commercial)", 180],
  ["strawberry jam", "pantry", "Jams, jellies, and preserves", 180],
  ["honey", "pantry", "Honey", 730],
  ["maple syrup", "pantry", "Genuine Maple syrup (unopened, glass)", 1460],
  ["extra virgin olive oil", "pantry", "Oils (olive or vegetable)", 180],
  ["canola oil", "pantry", "Canola oil", 365],
  ["balsamic vinegar", "pantry", "Balsamic vinegar", 1095],
  ["salsa", "pantry", "Salsa (picante and taco sauces)", 365],
  ["marinara sauce", "pantry", "Spaghetti sauce (in jars)", 540],
  ["tomato paste", "pantry", "Tomato paste", 810],
  ["chicken stock", "fridge", "Chicken broth/stock/consommé (commercially produced)", 7],
  ["vegetable broth", "fridge", "Vegetable stock/broth (commercially produced)", 7],
  ["Nutella", "pantry", "Chocolate hazelnut spread", 365],
  ["bicarbonate of soda", "pantry", "Baking soda", 730],
  ["baking powder", "pantry", "Baking powder", 180],
  ["salt", "pantry", "Salt (table, plain, or iodized)", 1825],
  ["ground cinnamon", "pantry", "Cinnamon (ground, dried, commercially bottled or purchased in bulk)", 1095],
  ["paprika", "pantry", "Spice/spices (ground)", 730],
  // drinks and snacks
  ["orange juice", "freezer", "Orange juice (commercially packaged carton)", 240],
  ["apple juice", "pantry", "Fruit Juice in cartons, fruit drinks, punch", 21],
  ["coffee beans", "pantry", "Coffee (whole beans)", 90],
  ["ground coffee", "pantry", "Coffee (commercial ground, non-vacuum)", 730],
  ["tea bags", "pantry", "Tea (bags)", 540],
  ["red wine", "pantry", "Red wine", 1095],
  ["vodka", "pantry", "Hard liquors", 730],
  ["bottled water", "pantry", "Water (commercially bottled)", 730],
  ["potato chips", "pantry", "Potato chips", 60],
  ["crisps", "pantry", "Potato chips", 60],
  ["pretzels", "pantry", "Pretzels", 120],
  ["crackers", "pantry", "Crackers", 240],
  ["almonds", "pantry", "Almonds (no shell)", 120],
  ["walnuts", "fridge", "Walnuts (shell or no shell)", 270],
  ["cashews", "pantry", "Cashews (no shell)", 14],
  ["raisins", "pantry", "Fruits, dried (raisins, apricots, mangoes, cranberries, etc.)", 180],
  ["granola bars", "pantry", "Cereal or granola bars", 180],
  // prepared
  ["tofu", "fridge", "Tofu", 7],
  ["hummus", "fridge", "Hummus (commercial (pasteurized, with preservatives))", 90],
  ["guacamole", "fridge", "Guacamole", 3],
  ["cooked rice", "fridge", "Cooked rice", 4],
  ["leftover pizza", "fridge", "Leftovers (pizza)", 3],
  ["potato salad", "fridge", "Potato salad", 3],
  ["kimchi", "fridge", "Kimchi", 180],
  ["pickles", "pantry", "Pickles", 365],
  ["olives", "pantry", "Olives (black and green)", 360],
];

describe("shelf-life table of common grocery names", () => {
  it("has at least 100 names", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(100);
  });

  it.each(TABLE)("%s (%s) is %s, %i days", (name, storage, product, days) => {
    const estimate = estimateExpiry({ name, storageLocation: storage, purchaseDate: PURCHASED });
    expect(estimate.productName).toBe(product);
    expect(estimate.source).toBe("foodkeeper");
    expect(estimate.days).toBe(days);
    expect(estimate.expirationDate).toBe(addDays(PURCHASED, days));
  });
});

describe("matchShelfLifeProduct", () => {
  const matched = (name: string) => matchShelfLifeProduct(name)?.name ?? null;

  it("prefers the specific product over the generic one", () => {
    expect(matched("cream cheese")).toBe("Cream cheese");
    expect(matched("peanut butter")).toBe("Peanut butter (commercial)");
    expect(matched("chicken broth")).toBe("Chicken broth/stock/consommé (commercially produced)");
    expect(matched("honeycrisp apples")).toBe("Apples");
    expect(matched("pineapple")).toBe("Pineapple");
    expect(matched("frozen peas")).toBe("Vegetables");
    expect(matched("oranges")).toBe("Citrus fruit (lemon, lime, orange, grapefruit, tangerines, clementines)");
  });

  it("maps synonyms and UK spellings onto FoodKeeper's words", () => {
    expect(matched("scallion")).toBe(matched("green onions"));
    expect(matched("courgette")).toBe(matched("zucchini"));
    expect(matched("aubergine")).toBe(matched("eggplant"));
    expect(matched("mince")).toBe("Beef (ground)");
    expect(matched("yoghurt")).toBe("Yogurt");
  });

  it("ignores case, punctuation, sizes and brands", () => {
    expect(matched("  STRAWBERRIES, 16 OZ. ")).toBe("Strawberries");
    expect(matched("Trader Joe's Organic Blueberries (1 pint)")).toBe("Blueberries");
  });

  it("answers null for things that are not food in FoodKeeper", () => {
    for (const name of ["paper towels", "dish soap", "batteries", "fish sauce", "", "   ", "12 oz"]) {
      expect(matchShelfLifeProduct(name)).toBeNull();
    }
  });

  it("scores between 0 and 1 with the id of the product", () => {
    const match = matchShelfLifeProduct("butter");
    expect(match).toMatchObject({ id: 1, name: "Butter" });
    expect(match!.score).toBeGreaterThan(0);
    expect(match!.score).toBeLessThanOrEqual(1);
  });
});

describe("non-numeric FoodKeeper metrics", () => {
  it("package use-by date: uses the after-opening time and says so", () => {
    const milk = estimateExpiry({ name: "milk", storageLocation: "fridge", purchaseDate: PURCHASED });
    expect(milk).toMatchObject({ source: "foodkeeper", days: 7, rangeText: "1 week" });
    expect(milk.note).toBe("Package use-by date recommended; estimated 7 days");
  });

  it("package use-by date with nothing to go on: category default, still says so", () => {
    const broth = estimateExpiry({ name: "chicken broth", storageLocation: "pantry", purchaseDate: PURCHASED });
    expect(broth.source).toBe("category");
    expect(broth.days).toBe(categoryDefaultDays("Condiments & Sauces", "pantry"));
    expect(broth.note).toMatch(/^Package use-by date recommended; estimated \d+ days/);
  });

  it("when ripe: three days at room temperature", () => {
    const bananas = estimateExpiry({ name: "bananas", storageLocation: "pantry", purchaseDate: PURCHASED });
    expect(bananas).toMatchObject({ productName: "Bananas", days: 3, expirationDate: "2025-03-04" });
    expect(bananas.note).toMatch(/until ripe/);
  });

  it("indefinitely: one year, so the item still gets checked", () => {
    const sugar = estimateExpiry({ name: "granulated sugar", storageLocation: "pantry", purchaseDate: PURCHASED });
    expect(sugar).toMatchObject({ productName: "Sugar (granulated)", days: 365 });
    expect(sugar.note).toMatch(/indefinitely/);
  });

  it("freezing not recommended: counted as refrigerated", () => {
    const eggs = estimateExpiry({ name: "eggs", storageLocation: "freezer", purchaseDate: PURCHASED });
    expect(eggs).toMatchObject({ productName: "Eggs (in shell)", days: 21 });
    expect(eggs.note).toBe("Freezing not recommended; estimated as refrigerated, 21 days");
  });

  it("refrigerating not recommended: one day", () => {
    const fingers = estimateExpiry({ name: "fish fingers", storageLocation: "fridge", purchaseDate: PURCHASED });
    expect(fingers).toMatchObject({ productName: "Fish (breaded)", days: 1 });
    expect(fingers.note).toMatch(/does not recommend keeping it in the fridge/);
  });

  it("pantry after opening not recommended (an opened can): use it the same day", () => {
    const beans = estimateExpiry({ name: "canned beans", storageLocation: "pantry", isOpened: true, purchaseDate: PURCHASED });
    expect(beans.days).toBe(0);
    expect(beans.expirationDate).toBe(PURCHASED);
    expect(beans.note).toMatch(/does not recommend keeping it in the pantry once opened/);
  });
});

describe("opened and thawed items", () => {
  it("uses the after-opening range when opened", () => {
    expect(estimateExpiry({ name: "cottage cheese", storageLocation: "fridge", isOpened: true, purchaseDate: PURCHASED }).days).toBe(7);
    expect(estimateExpiry({ name: "cheddar", storageLocation: "fridge", isOpened: true, purchaseDate: PURCHASED }).days).toBe(21);
    const ketchup = estimateExpiry({ name: "ketchup", storageLocation: "fridge", isOpened: true, purchaseDate: PURCHASED });
    expect(ketchup).toMatchObject({ days: 180, note: "Estimated: FoodKeeper, refrigerated after opening 6 months" });
  });

  it("never lets the after-opening range outlast the unopened one", () => {
    // FoodKeeper: regular cornmeal keeps 6-12 months unopened in the pantry, 2 years after opening.
    const cornmeal = estimateExpiry({ name: "cornmeal", storageLocation: "pantry", isOpened: true, purchaseDate: PURCHASED });
    expect(cornmeal.days).toBe(180);
  });

  it("opened items FoodKeeper wants refrigerated keep little in the pantry", () => {
    const sauce = estimateExpiry({ name: "spaghetti sauce", storageLocation: "pantry", isOpened: true, purchaseDate: PURCHASED });
    expect(sauce.days).toBe(0); // 4 days once opened in the fridge: perishable at room temperature
    const mayo = estimateExpiry({ name: "mayonnaise", storageLocation: "pantry", isOpened: true, purchaseDate: PURCHASED });
    expect(mayo.days).toBe(30); // 2 months in the fridge, capped at a month outside it
    expect(mayo.note).toMatch(/^Refrigerate after opening/);
  });

  it("uses refrigerate-after-thawing when thawed, else the fresh product's fridge time", () => {
    const edamame = estimateExpiry({ name: "frozen edamame", storageLocation: "fridge", thawed: true, purchaseDate: PURCHASED });
    expect(edamame).toMatchObject({ productName: "Edamame (frozen)", days: 7, note: "Estimated: FoodKeeper, refrigerated after thawing 1 week" });
    const nuggets = estimateExpiry({ name: "chicken nuggets", storageLocation: "fridge", thawed: true, purchaseDate: PURCHASED });
    expect(nuggets.days).toBe(1);
    const beef = estimateExpiry({ name: "ground beef", storageLocation: "fridge", thawed: true, purchaseDate: PURCHASED });
    expect(beef.days).toBe(1);
  });

  it("ignores thawed for an item that stays in the freezer", () => {
    const frozen = estimateExpiry({ name: "ground beef", storageLocation: "freezer", thawed: true, purchaseDate: PURCHASED });
    expect(frozen.days).toBe(90);
  });
});

describe("category fallback", () => {
  it("covers the 15 pantry categories in the 3 places, conservatively", () => {
    for (const category of PANTRY_CATEGORIES) {
      for (const storage of STORAGE_LOCATIONS) {
        const days = categoryDefaultDays(category, storage);
        expect(Number.isInteger(days)).toBe(true);
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThanOrEqual(365);
      }
    }
    // Perishables do not keep at room temperature; the freezer keeps them longest.
    for (const category of ["Milk & Eggs", "Cheese & Yogurt", "Fresh Meat", "Deli & Prepared"]) {
      expect(categoryDefaultDays(category, "pantry")).toBe(0);
      expect(categoryDefaultDays(category, "freezer")).toBeGreaterThan(categoryDefaultDays(category, "fridge"));
    }
    expect(categoryDefaultDays("Fresh Meat", "fridge")).toBeLessThanOrEqual(2);
  });

  it("reads loose category names and defaults unknown ones to Other", () => {
    expect(categoryDefaultDays("dairy", "fridge")).toBe(categoryDefaultDays("Milk & Eggs", "fridge"));
    expect(categoryDefaultDays("Seafood", "fridge")).toBe(categoryDefaultDays("Fresh Meat", "fridge"));
    expect(categoryDefaultDays("no such thing", "fridge")).toBe(categoryDefaultDays("Other", "fridge"));
  });

  it("estimates an unknown name from its category and says so", () => {
    const estimate = estimateExpiry({ name: "zorblax", category: "Fresh Vegetables", storageLocation: "fridge", purchaseDate: PURCHASED });
    expect(estimate).toEqual({
      expirationDate: "2025-03-06",
      source: "category",
      productName: null,
      days: 5,
      rangeText: "5 days",
      note: "Estimated: typical for Fresh Vegetables in the fridge, 5 days",
    });
  });

  it("shortens an opened shelf-stable category", () => {
    const closed = estimateExpiry({ name: "zorblax", category: "Canned Goods", storageLocation: "fridge", purchaseDate: PURCHASED });
    const opened = estimateExpiry({ name: "zorblax", category: "Canned Goods", storageLocation: "fridge", isOpened: true, purchaseDate: PURCHASED });
    expect(opened.days).toBeLessThan(closed.days);
    expect(opened.days).toBeLessThanOrEqual(4);
  });

  it("falls back to the category when FoodKeeper has nothing for the place", () => {
    const eggs = estimateExpiry({ name: "eggs", category: "Milk & Eggs", storageLocation: "pantry", purchaseDate: PURCHASED });
    expect(eggs).toMatchObject({ source: "category", productName: null, days: 0 });
    expect(eggs.note).toMatch(/FoodKeeper has no pantry time for Eggs \(in shell\)/);
  });

  it("does not read raw chicken in the pantry as canned chicken unless the category says so", () => {
    expect(estimateExpiry({ name: "chicken", storageLocation: "pantry", purchaseDate: PURCHASED }).days).toBe(0);
    const canned = estimateExpiry({ name: "chicken", category: "Canned Goods", storageLocation: "pantry", purchaseDate: PURCHASED });
    expect(canned).toMatchObject({ productName: "Canned chicken", days: 1825 });
  });
});

describe("estimateExpiry properties", () => {
  it("never throws and never dates before the purchase date", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.oneof(fc.constantFrom(...PANTRY_CATEGORIES), fc.string()), { nil: null }),
        fc.constantFrom(...STORAGE_LOCATIONS),
        fc.boolean(),
        fc.boolean(),
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (name, category, storageLocation, isOpened, thawed, date) => {
          const purchaseDate = date.toISOString().slice(0, 10);
          const estimate = estimateExpiry({ name, category, storageLocation, isOpened, thawed, purchaseDate });
          expect(estimate.expirationDate >= purchaseDate).toBe(true);
          expect(daysBetween(purchaseDate, estimate.expirationDate)).toBe(estimate.days);
          expect(estimate.note.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("survives garbage input", () => {
    const garbage = { name: undefined, storageLocation: "attic", purchaseDate: "not a date" } as unknown as Parameters<typeof estimateExpiry>[0];
    expect(() => estimateExpiry(garbage)).not.toThrow();
    expect(estimateExpiry(garbage).expirationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("reestimateExpiry", () => {
  const today = "2025-06-10";
  const item = (storageLocation: StorageLocation, isOpened: boolean, expirationDate: string | null) => ({ storageLocation, isOpened, expirationDate });

  it("keeps the date when nothing relevant changed", () => {
    expect(reestimateExpiry({ name: "milk", before: item("fridge", false, "2025-06-15"), after: { storageLocation: "fridge", isOpened: false }, today })).toBeNull();
    // Marking an item unopened again cannot give back time.
    expect(reestimateExpiry({ name: "milk", before: item("fridge", true, "2025-06-12"), after: { storageLocation: "fridge", isOpened: false }, today })).toBeNull();
  });

  it("opening re-estimates from today with the after-opening range", () => {
    const opened = reestimateExpiry({ name: "cottage cheese", before: item("fridge", false, "2025-06-24"), after: { storageLocation: "fridge", isOpened: true }, today });
    expect(opened).toMatchObject({ expirationDate: "2025-06-17", days: 7, source: "foodkeeper" });
  });

  it("opening never extends past the unopened date", () => {
    const opened = reestimateExpiry({ name: "cottage cheese", before: item("fridge", false, "2025-06-12"), after: { storageLocation: "fridge", isOpened: true }, today });
    expect(opened).toMatchObject({ expirationDate: "2025-06-12", days: 2 });
    expect(opened!.note).toMatch(/not later than the unopened date/);
    const printed = reestimateExpiry({
      name: "cottage cheese",
      before: item("fridge", false, "2025-06-24"),
      after: { storageLocation: "fridge", isOpened: true },
      today,
      originalExpirationDate: "2025-06-13",
    });
    expect(printed?.expirationDate).toBe("2025-06-13");
  });

  it("moving into the freezer extends from today", () => {
    const frozen = reestimateExpiry({ name: "ground beef", before: item("fridge", false, "2025-06-11"), after: { storageLocation: "freezer", isOpened: false }, today });
    expect(frozen).toMatchObject({ expirationDate: addDays(today, 90), days: 90 });
  });

  it("moving into the freezer never shortens the date", () => {
    // Bread keeps 3-5 months frozen; a date later than that stays.
    expect(reestimateExpiry({ name: "white bread", before: item("pantry", false, "2025-12-01"), after: { storageLocation: "freezer", isOpened: false }, today })).toBeNull();
  });

  it("moving out of the freezer uses the after-thawing time, never past the frozen date", () => {
    const thawed = reestimateExpiry({ name: "frozen edamame", before: item("freezer", false, "2026-01-01"), after: { storageLocation: "fridge", isOpened: false }, today });
    expect(thawed).toMatchObject({ expirationDate: "2025-06-17", days: 7 });
    const beef = reestimateExpiry({ name: "ground beef", before: item("freezer", false, "2026-01-01"), after: { storageLocation: "fridge", isOpened: false }, today });
    expect(beef?.expirationDate).toBe("2025-06-11");
    const nearlyDone = reestimateExpiry({ name: "frozen edamame", before: item("freezer", false, "2025-06-12"), after: { storageLocation: "fridge", isOpened: false }, today });
    expect(nearlyDone?.expirationDate).toBe("2025-06-12");
  });

  it("moving between pantry and fridge re-estimates from today", () => {
    const bananas = reestimateExpiry({ name: "bananas", before: item("pantry", false, "2025-06-11"), after: { storageLocation: "fridge", isOpened: false }, today });
    expect(bananas).toMatchObject({ expirationDate: "2025-06-13", days: 3 });
    const milk = reestimateExpiry({ name: "milk", category: "Milk & Eggs", before: item("fridge", false, "2025-06-15"), after: { storageLocation: "pantry", isOpened: false }, today });
    expect(milk?.expirationDate).toBe(today);
  });

  it("an opened item moving between places stays capped by its unopened date", () => {
    const moved = reestimateExpiry({
      name: "ketchup",
      before: item("pantry", true, "2025-07-01"),
      after: { storageLocation: "fridge", isOpened: true },
      today,
      originalExpirationDate: "2025-07-01",
    });
    expect(moved?.expirationDate).toBe("2025-07-01");
  });

  it("an expired item stays expired", () => {
    expect(reestimateExpiry({ name: "milk", before: item("fridge", false, "2025-06-01"), after: { storageLocation: "freezer", isOpened: false }, today })).toBeNull();
  });

  it("estimates an item that had no date", () => {
    const opened = reestimateExpiry({ name: "zorblax", category: "Condiments & Sauces", before: item("pantry", false, null), after: { storageLocation: "pantry", isOpened: true }, today });
    expect(opened).toMatchObject({ source: "category", expirationDate: addDays(today, 30) });
  });
});

describe("suggestStorageLocation", () => {
  it.each([
    ["milk", "fridge"],
    ["rice", "pantry"],
    ["frozen peas", "freezer"],
    ["ice cream", "freezer"],
    ["bananas", "pantry"],
    ["tomatoes", "pantry"],
    ["potatoes", "pantry"],
    ["canned tuna", "pantry"],
    ["chicken breast", "fridge"],
    ["eggs", "fridge"],
    ["apples", "fridge"],
    ["ketchup", "pantry"],
  ] as const)("%s keeps best in the %s", (name, storage) => {
    expect(suggestStorageLocation(name)).toBe(storage);
  });

  it("falls back to the category, then the fridge", () => {
    expect(suggestStorageLocation("zorblax", "Frozen Foods")).toBe("freezer");
    expect(suggestStorageLocation("zorblax", "Dry Goods")).toBe("pantry");
    expect(suggestStorageLocation("zorblax")).toBe("fridge");
  });
});
