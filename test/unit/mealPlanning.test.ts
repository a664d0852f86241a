import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  describeReason,
  dislikedIn,
  eligibleRecipes,
  expiryUrgency,
  jitter,
  mealFit,
  planMeals,
  usableThrough,
  type PlanInput,
  type PlanRecipe,
  type PlanSlot,
} from "../../worker/domain/mealPlanning";
import { addDays } from "../../worker/domain/dates";
import type { MealType } from "../../worker/domain/constants";
import type { PantryItemLike } from "../../worker/domain/matching";

const TODAY = "2026-03-02"; // a Monday

let nextId = 1;
function recipe(title: string, ingredients: string[], extra: Partial<PlanRecipe> = {}): PlanRecipe {
  return {
    id: nextId++,
    title,
    mealType: "dinner",
    tags: [],
    ingredients: ingredients.map((line) => ({ name: line, original: line })),
    servings: 4,
    saved: false,
    own: false,
    ...extra,
  };
}

function item(id: number, name: string, offset: number | null): PantryItemLike {
  return { id, name, expirationDate: offset === null ? null : addDays(TODAY, offset) };
}

function week(mealTypes: MealType[] = ["breakfast", "lunch", "dinner"], from = TODAY, days = 7): PlanSlot[] {
  const slots: PlanSlot[] = [];
  for (let d = 0; d < days; d++) for (const mealType of mealTypes) slots.push({ date: addDays(from, d), mealType });
  return slots;
}

function input(overrides: Partial<PlanInput>): PlanInput {
  return {
    slots: week(["dinner"]),
    recipes: [],
    pantry: [],
    today: TODAY,
    preferences: { allergies: [], dietaryRestrictions: [], dislikedFoods: [] },
    kept: [],
    lastWeekRecipeIds: [],
    ...overrides,
  };
}

/** A varied library: dinners, lunches and breakfasts, none using anything special. */
function library(): PlanRecipe[] {
  const dinners = ["beef stew", "lentil curry", "fish pie", "bean chili", "pork chops", "mushroom risotto", "chicken tacos", "tofu stir fry", "lamb tagine", "pasta bake"].map((t) =>
    recipe(t, [`${t.split(" ")[0]}`, "onion", "garlic", "salt"]),
  );
  const lunches = ["tomato soup", "greek salad", "club sandwich", "noodle bowl", "leek soup", "bean wrap", "egg salad"].map((t) => recipe(t, [t.split(" ")[0]!, "bread"], { mealType: "lunch" }));
  const breakfasts = ["porridge", "pancakes", "omelette", "granola", "french toast", "shakshuka", "smoothie bowl"].map((t) => recipe(t, [t.split(" ")[0]!, "milk"], { mealType: "breakfast" }));
  return [...dinners, ...lunches, ...breakfasts];
}

describe("expiry weighs most", () => {
  it("puts the recipe that uses spinach expiring tomorrow on the earliest slot that can use it, and says why", () => {
    const spinach = recipe("Spinach-Rice Casserole", ["spinach", "rice", "cheddar cheese"]);
    const others = library();
    const result = planMeals(input({ recipes: [...others, spinach], pantry: [item(1, "Spinach", 1), item(2, "Rice", null)] }));
    const choice = result.choices.find((c) => c.recipeId === spinach.id);
    expect(choice?.slot).toEqual({ date: TODAY, mealType: "dinner" });
    expect(choice?.reason.expiring).toEqual([{ name: "Spinach", expirationDate: addDays(TODAY, 1) }]);
    expect(describeReason(choice!.reason, TODAY)).toMatch(/^Uses your spinach, which expires tomorrow\. You have 2 of its 3 ingredients\.$/);
  });

  it("prefers expired and due-within-2-days items over ones due later, and a recipe using more of them", () => {
    const urgent = recipe("Milk pudding", ["milk", "rice"]);
    const later = recipe("Carrot soup", ["carrots", "onion"]);
    const both = recipe("Creamy carrot rice", ["milk", "carrots", "rice"]);
    const result = planMeals(input({ slots: [{ date: TODAY, mealType: "dinner" }], recipes: [urgent, later, both], pantry: [item(1, "Milk", -1), item(2, "Carrots", 6), item(3, "Rice", null)] }));
    expect(result.choices.map((c) => c.recipeId)).toEqual([both.id]);
    expect(expiryUrgency(-3)).toBe(1);
    expect(expiryUrgency(2)).toBe(1);
    expect(expiryUrgency(5)).toBeLessThan(1);
    expect(expiryUrgency(8)).toBe(0);
  });

  it("does not count an item for a slot after it has expired", () => {
    const spinach = recipe("Spinach salad", ["spinach", "lemon"]);
    const plain = recipe("Plain rice", ["rice"]);
    // Only Friday and Saturday are open; the spinach is gone by Wednesday.
    const result = planMeals(input({ slots: [{ date: addDays(TODAY, 4), mealType: "dinner" }], recipes: [spinach, plain], pantry: [item(1, "Spinach", 2), item(2, "Rice", null)] }));
    expect(result.choices[0]!.recipeId).toBe(plain.id);
    expect(usableThrough(addDays(TODAY, -3), TODAY)).toBe(addDays(TODAY, 1));
    expect(usableThrough(addDays(TODAY, 3), TODAY)).toBe(addDays(TODAY, 3));
  });

  it("spreads one expiring item over meals only after the other expiring items have a meal", () => {
    const a = recipe("Spinach pie", ["spinach", "flour"]);
    const b = recipe("Spinach soup", ["spinach", "stock"]);
    const c = recipe("Yogurt bowl", ["yogurt", "honey"]);
    const result = planMeals(input({ slots: week(["dinner"], TODAY, 2), recipes: [a, b, c], pantry: [item(1, "Spinach", 1), item(2, "Yogurt", 1)] }));
    const chosen = result.choices.map((ch) => ch.recipeId);
    expect(chosen).toContain(c.id);
    expect(chosen.filter((id) => id === a.id || id === b.id)).toHaveLength(1);
  });
});

describe("missing ingredients and meal type", () => {
  it("prefers the recipe with fewer missing ingredients when nothing expires", () => {
    const ready = recipe("Eggs on toast", ["eggs", "bread", "butter"]);
    const shopping = recipe("Beef Wellington", ["beef", "puff pastry", "mushrooms", "prosciutto", "eggs"]);
    const result = planMeals(input({ slots: [{ date: TODAY, mealType: "dinner" }], recipes: [shopping, ready], pantry: [item(1, "Eggs", null), item(2, "Bread", null), item(3, "Butter", null)] }));
    expect(result.choices[0]!.recipeId).toBe(ready.id);
    expect(describeReason(result.choices[0]!.reason, TODAY)).toBe("You have everything it needs.");
  });

  it("fits courses to slots: breakfasts at breakfast, desserts never for dinner, lunches may stand in for dinner", () => {
    expect(mealFit("breakfast", "breakfast")).toBeGreaterThan(mealFit("breakfast", "snack")!);
    expect(mealFit("breakfast", "dinner")).toBeNull();
    expect(mealFit("dinner", "dessert")).toBeNull();
    expect(mealFit("dinner", "lunch")).not.toBeNull();
    expect(mealFit("dinner", null)).toBe(mealFit("dinner", "dinner"));
    const recipes = library();
    const result = planMeals(input({ slots: week(), recipes }));
    expect(result.choices).toHaveLength(21);
    const byId = new Map(recipes.map((r) => [r.id, r] as const));
    const courses = result.choices.map((choice) => [choice.slot.mealType, byId.get(choice.recipeId)!.mealType]);
    expect(courses.filter(([slot]) => slot === "breakfast").every(([, course]) => course === "breakfast")).toBe(true);
    expect(courses.filter(([slot]) => slot === "dinner").every(([, course]) => course === "dinner" || course === "lunch")).toBe(true);
    // Seven lunches for seven lunch slots and ten dinners for seven dinners: each course mostly fills its own.
    expect(courses.filter(([slot, course]) => slot === "lunch" && course === "lunch").length).toBeGreaterThanOrEqual(5);
  });

  it("leaves a slot open, saying why, when no recipe fits it", () => {
    const result = planMeals(input({ slots: [{ date: TODAY, mealType: "breakfast" }], recipes: [recipe("Stew", ["beef"])] }));
    expect(result.choices).toEqual([]);
    expect(result.unfilled).toEqual([{ slot: { date: TODAY, mealType: "breakfast" }, why: expect.stringMatching(/breakfast/) }]);
  });
});

describe("variety", () => {
  it("never plans a recipe twice in a week, nor one the week already has", () => {
    const recipes = library();
    const keptRecipe = recipes[0]!;
    const result = planMeals(input({ slots: week(), recipes, kept: [{ date: TODAY, recipeId: keptRecipe.id }] }));
    const ids = result.choices.map((c) => c.recipeId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(keptRecipe.id);
  });

  it("avoids last week's recipes while others fit, and uses them only when nothing else does", () => {
    const a = recipe("Soup A", ["leek"]);
    const b = recipe("Soup B", ["kale"]);
    const pantry = [item(1, "Leek", null)];
    const avoided = planMeals(input({ slots: [{ date: TODAY, mealType: "dinner" }], recipes: [a, b], pantry, lastWeekRecipeIds: [a.id] }));
    expect(avoided.choices[0]!.recipeId).toBe(b.id);
    const relaxed = planMeals(input({ slots: week(["dinner"], TODAY, 2), recipes: [a, b], pantry, lastWeekRecipeIds: [a.id] }));
    expect(relaxed.choices.map((c) => c.recipeId).sort()).toEqual([a.id, b.id].sort());
  });

  it("a reshuffle avoids the recipes it replaces and another seed can change near-equal picks", () => {
    const recipes = library();
    const first = planMeals(input({ slots: week(["dinner"]), recipes }));
    const replaced = first.choices.map((c) => c.recipeId);
    const second = planMeals(input({ slots: week(["dinner"]), recipes, avoidRecipeIds: replaced, seed: 7 }));
    const overlap = second.choices.filter((c) => replaced.includes(c.recipeId));
    // 12 dinner-capable recipes for 7 slots: at most 2 must come back.
    expect(overlap.length).toBeLessThanOrEqual(2);
  });

  it("keeps days apart that share tags (two pork dishes are not back to back when others fit)", () => {
    const pork1 = recipe("Pork chops", ["pork"], { tags: ["pork"] });
    const pork2 = recipe("Pork roast", ["pork"], { tags: ["pork"] });
    const fish = recipe("Baked cod", ["cod"], { tags: ["fish"] });
    const result = planMeals(input({ slots: week(["dinner"], TODAY, 3), recipes: [pork1, pork2, fish] }));
    const order = result.choices.map((c) => c.recipeId);
    expect(order[1]).toBe(fish.id);
  });

  it("is deterministic for the same inputs and seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (seed) => {
        const recipes = library();
        const a = planMeals(input({ slots: week(), recipes, seed }));
        const b = planMeals(input({ slots: week(), recipes, seed }));
        return JSON.stringify(a) === JSON.stringify(b);
      }),
      { numRuns: 20 },
    );
    expect(jitter(1, 2, { date: TODAY, mealType: "lunch" })).toBe(jitter(1, 2, { date: TODAY, mealType: "lunch" }));
    expect(jitter(1, 2, { date: TODAY, mealType: "lunch" })).not.toBe(jitter(2, 2, { date: TODAY, mealType: "lunch" }));
  });
});

describe("hard filters and dislikes", () => {
  it("removes recipes that break a diet or hold an allergen, and reports diets it cannot check", () => {
    const steak = recipe("Steak", ["beef steak"]);
    const peanutNoodles = recipe("Peanut noodles", ["rice noodles", "peanuts"]);
    const veg = recipe("Vegetable curry", ["potato", "chickpeas"]);
    const sauce = recipe("Tomato sauce", ["tomatoes"]);
    const empty = recipe("Mystery", []);
    const result = eligibleRecipes([steak, peanutNoodles, veg, sauce, empty], { dietaryRestrictions: ["Vegetarian", "Kosher"], allergies: ["peanuts"] });
    expect(result.eligible.map((r) => r.title)).toEqual(["Vegetable curry"]);
    expect(result.excluded).toEqual({ diet: 1, allergy: 1 });
    expect(result.uncheckedDiets).toEqual(["Kosher"]);
    const plan = planMeals(input({ slots: week(["dinner"], TODAY, 3), recipes: [steak, peanutNoodles, veg], preferences: { dietaryRestrictions: ["vegetarian"], allergies: ["peanut"], dislikedFoods: [] } }));
    expect(plan.choices.map((c) => c.recipeId)).toEqual([veg.id]);
    expect(plan.unfilled).toHaveLength(2);
  });

  it("an allergy as written in the profile (tree nuts, dairy) removes the family", () => {
    const pesto = recipe("Pasta with walnuts", ["pasta", "walnuts"]);
    const creamy = recipe("Creamy soup", ["cream", "leeks"]);
    const ok = recipe("Tomato pasta", ["pasta", "tomatoes"]);
    expect(eligibleRecipes([pesto, creamy, ok], { dietaryRestrictions: [], allergies: ["Tree nuts", "Dairy"] }).eligible.map((r) => r.id)).toEqual([ok.id]);
  });

  it("dislikes sink a recipe below all others, and when it must be used the reason says so", () => {
    const mushrooms = recipe("Mushroom risotto", ["mushrooms", "rice"]);
    const plain = recipe("Rice and beans", ["rice", "beans"]);
    expect(dislikedIn(mushrooms, ["mushroom"])).toEqual(["mushroom"]);
    expect(dislikedIn(plain, ["mushroom"])).toEqual([]);
    const preferences = { dietaryRestrictions: [], allergies: [], dislikedFoods: ["mushroom"] };
    // The mushrooms expire today, yet the dislike wins.
    const pantry = [item(1, "Mushrooms", 0)];
    const one = planMeals(input({ slots: [{ date: TODAY, mealType: "dinner" }], recipes: [mushrooms, plain], pantry, preferences }));
    expect(one.choices[0]!.recipeId).toBe(plain.id);
    const two = planMeals(input({ slots: week(["dinner"], TODAY, 2), recipes: [mushrooms, plain], pantry, preferences }));
    const forced = two.choices.find((c) => c.recipeId === mushrooms.id)!;
    expect(describeReason(forced.reason, TODAY)).toMatch(/It has mushroom, which you dislike; nothing else fitted this slot\.$/);
  });
});

describe("describeReason", () => {
  const base = { expiring: [], matched: 0, total: 4, missing: ["flour", "eggs", "sugar", "milk"], saved: false, disliked: [] };

  it("words expiry against the reader's today", () => {
    const reason = { ...base, expiring: [{ name: "Baby Spinach", expirationDate: "2026-03-03" }], matched: 1 };
    expect(describeReason(reason, "2026-03-02")).toBe("Uses your baby spinach, which expires tomorrow. You have 1 of its 4 ingredients.");
    expect(describeReason(reason, "2026-03-03")).toMatch(/^Uses your baby spinach, which expires today\./);
    expect(describeReason(reason, "2026-03-04")).toMatch(/which expired yesterday\./);
    expect(describeReason(reason, "2026-03-06")).toMatch(/which expired 3 days ago\./);
    expect(describeReason(reason, "2026-02-27")).toMatch(/which expires in 4 days\./);
  });

  it("names a second expiring item, and counts the rest", () => {
    const two = { ...base, matched: 2, expiring: [{ name: "Milk", expirationDate: "2026-03-02" }, { name: "Eggs", expirationDate: "2026-03-05" }] };
    expect(describeReason(two, "2026-03-02")).toBe("Uses your milk, which expires today, and your eggs (expires in 3 days). You have 2 of its 4 ingredients.");
    const three = { ...two, expiring: [...two.expiring, { name: "Kale", expirationDate: "2026-03-06" }] };
    expect(describeReason(three, "2026-03-02")).toMatch(/and 2 more items that expire soon \(eggs and kale\)/);
  });

  it("says what to shop for when the pantry has nothing of it, and names saved recipes", () => {
    expect(describeReason(base, "2026-03-02")).toBe("Something new for variety; you'd shop for flour, eggs and sugar.");
    expect(describeReason({ ...base, saved: true, matched: 2 }, "2026-03-02")).toBe("You have 2 of its 4 ingredients. One of your saved recipes.");
  });
});
