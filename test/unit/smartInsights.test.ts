import { describe, expect, it } from "vitest";
import { addDays } from "../../worker/domain/dates";
import { daysUntil } from "../../worker/domain/expiry";
import {
  chooseCookingTips,
  cookingProfileFrom,
  lastContainerShare,
  learningScoreFor,
  rankRecommendations,
  shoppingSuggestions,
  skillLevelFor,
  type RecipeCandidate,
  type SmartPantryItem,
} from "../../worker/domain/smartInsights";
import { cookingProfileInput, foodPreferencesInput } from "../../worker/schemas/profile";

const TODAY = "2026-03-10";
let nextId = 1;

function item(name: string, offset: number | null, extra: Partial<SmartPantryItem> = {}): SmartPantryItem {
  const expirationDate = offset === null ? null : addDays(TODAY, offset);
  return {
    id: nextId++,
    name,
    category: "Other",
    storageLocation: "fridge",
    quantity: 1,
    isOpened: false,
    amountPerUnit: null,
    maxAmountPerUnit: null,
    expirationDate,
    daysLeft: daysUntil(expirationDate, TODAY),
    ...extra,
  };
}

const recipe = (id: number, title: string, names: string[], liked = false): RecipeCandidate => ({ id, title, tags: [], ingredients: names.map((name) => ({ name })), liked });

describe("rankRecommendations", () => {
  it("puts recipes that use what expires soon first and says why", () => {
    const pantry = [item("Spinach", 1), item("Rice", null), item("Feta", 20)];
    const ranked = rankRecommendations([recipe(1, "Rice and feta", ["rice", "feta"]), recipe(2, "Spinach pie", ["spinach", "feta", "flour"])], pantry, TODAY, 3);
    expect(ranked.map((r) => r.id)).toEqual([1, 2]);
    expect(ranked[1]!.reasoning).toBe("Uses your spinach (expires tomorrow) and 2 of 3 ingredients you have");
    expect(ranked[0]!.reasoning).toBe("Uses 2 of 2 ingredients you have");
    for (const r of ranked) expect(r.confidenceScore).toBeLessThanOrEqual(1);
  });

  it("never suggests cooking expired food and needs at least one pantry item", () => {
    const pantry = [item("Milk", -2), item("Flour", null)];
    const ranked = rankRecommendations([recipe(1, "Pancakes", ["milk", "flour"]), recipe(2, "Custard", ["milk", "eggs"])], pantry, TODAY, 3);
    expect(ranked.map((r) => r.id)).toEqual([1]);
    expect(ranked[0]!.recommendationData).toMatchObject({ matched: ["flour"], missing: ["milk"] });
  });

  it("lifts a liked recipe a little, and matches plurals and other names", () => {
    const pantry = [item("Scallions", null), item("Tomatoes", null)];
    const ranked = rankRecommendations([recipe(1, "A", ["green onion", "tomato", "saffron"]), recipe(2, "B", ["spring onions", "tomato", "saffron"], true)], pantry, TODAY, 3);
    expect(ranked.map((r) => r.id)).toEqual([2, 1]);
    expect(ranked[0]!.confidenceScore - ranked[1]!.confidenceScore).toBeCloseTo(0.05, 5);
  });
});

describe("shoppingSuggestions", () => {
  it("suggests foods used up and not in the pantry, merging spellings and plurals", () => {
    const consumed = [
      { name: "Tomato", category: "Fresh Vegetables", times: 1, lastAt: 100 },
      { name: "tomatoes", category: "Fresh Vegetables", times: 2, lastAt: 200 },
      { name: "Oat milk", category: "Beverages", times: 1, lastAt: 50 },
      { name: "Eggs", category: "Milk & Eggs", times: 4, lastAt: 300 },
    ];
    const suggestions = shoppingSuggestions(consumed, [item("Egg", 5)]);
    expect(suggestions).toEqual([
      { name: "tomatoes", reason: "You used it up 3 times in the last 60 days", category: "Fresh Vegetables", priority: "high" },
      { name: "Oat milk", reason: "You used it up recently and have none left", category: "Beverages", priority: "low" },
    ]);
  });

  it("adds staples and repeat buys running low, not other things", () => {
    const pantry = [
      item("Milk", 4, { category: "Milk & Eggs", amountPerUnit: 0.2, maxAmountPerUnit: 1, isOpened: true }),
      item("Caviar", 4, { category: "Other", amountPerUnit: 0.1, maxAmountPerUnit: 1, isOpened: true }),
      item("Coffee", 40, { category: "Other", amountPerUnit: 0.05, maxAmountPerUnit: 1, isOpened: true }),
      item("Flour", 40, { category: "Dry Goods", amountPerUnit: 0.9, maxAmountPerUnit: 1 }),
    ];
    const suggestions = shoppingSuggestions([{ name: "coffee", category: "Other", times: 2, lastAt: 1 }], pantry);
    expect(suggestions.map((s) => [s.name, s.priority])).toEqual([
      ["Coffee", "high"],
      ["Milk", "medium"],
    ]);
    expect(lastContainerShare({ quantity: 2, amountPerUnit: 0.1, maxAmountPerUnit: 1 })).toBeNull();
    expect(lastContainerShare({ quantity: 0.5, amountPerUnit: null, maxAmountPerUnit: null })).toBe(0.5);
  });
});

describe("chooseCookingTips", () => {
  it("picks items in the critical band by category, opened items and expired waste", () => {
    const pantry = [
      item("Kale", 1, { category: "Fresh Vegetables" }),
      item("Peas", 0, { category: "Frozen Foods", storageLocation: "freezer" }),
      item("Yogurt", 10, { category: "Cheese & Yogurt", isOpened: true }),
      item("Old milk", -3, { category: "Milk & Eggs", isOpened: true }),
      item("Apples", 5, { category: "Fresh Fruits" }),
    ];
    const tips = chooseCookingTips(pantry, TODAY, 3, "Fresh Fruits");
    expect(tips.map((t) => t.id)).toEqual(["expiring-freezer", "expiring-fresh-vegetables", "opened-items", "planning-expired-waste"]);
    expect(tips[1]!.title).toBe("Kale expires tomorrow");
    expect(tips[2]!.tip).toContain("opened yogurt");
    expect(tips[2]!.tip).not.toContain("old milk");
    expect(tips[3]!.tip).toContain("buy smaller amounts of fresh fruits");
  });

  it("adds FoodKeeper's storage tip to an expiring item and a tip for the cook's level", () => {
    const pantry = [item("Butter", 1, { category: "Milk & Eggs", storageLocation: "pantry" })];
    const tips = chooseCookingTips(pantry, TODAY, 0, null, {
      skillLevel: "Intermediate",
      storageTip: (i) => (i.name === "Butter" ? "May be left at room temperature for 1 - 2 days." : null),
    });
    expect(tips.map((t) => t.id)).toEqual(["expiring-milk-eggs", "skill-intermediate"]);
    expect(tips[0]!.tip).toMatch(/USDA FoodKeeper: May be left at room temperature for 1 - 2 days\.$/);
    // With a full page of situational tips the level's tip still gets the last place.
    const busy = [item("Kale", 1, { category: "Fresh Vegetables" }), item("Peas", 0, { category: "Frozen Foods", storageLocation: "freezer" }), item("Yogurt", 10, { category: "Cheese & Yogurt", isOpened: true })];
    expect(chooseCookingTips(busy, TODAY, 3, null, { skillLevel: "Advanced" }).map((t) => t.id)).toEqual(["expiring-freezer", "expiring-fresh-vegetables", "opened-items", "skill-advanced"]);
  });

  it("falls back to general tips when nothing calls for one", () => {
    const tips = chooseCookingTips([item("Rice", null)], TODAY, 0, null);
    expect(tips.map((t) => t.category)).toEqual(["Storage", "Storage"]);
  });
});

describe("learning data", () => {
  it("uses the skill and learning-score thresholds", () => {
    expect([0, 4, 5, 19, 20].map(skillLevelFor)).toEqual(["Beginner", "Beginner", "Intermediate", "Intermediate", "Advanced"]);
    expect(learningScoreFor(0, 0)).toBe(0);
    expect(learningScoreFor(3, 1)).toBe(75);
  });

  it("shows only what the user stored: nothing stored is empty or null, and difficulty is Medium marked as the default", () => {
    expect(cookingProfileFrom({ recipesCooked: 0, favoriteIngredients: [], favoriteCuisines: null, stored: null })).toEqual({
      recipesCooked: 0,
      favoriteIngredients: [],
      preferredCuisines: [],
      difficultyPreference: "Medium",
      difficultyIsDefault: true,
      cookingTimePreference: null,
    });
    expect(
      cookingProfileFrom({ recipesCooked: 2, favoriteIngredients: ["Eggs"], favoriteCuisines: ["Thai", "", "Greek", "Indian", "French"], stored: { difficultyPreference: "Hard", cookingTimePreference: " " } }),
    ).toEqual({ recipesCooked: 2, favoriteIngredients: ["Eggs"], preferredCuisines: ["Thai", "Greek", "Indian"], difficultyPreference: "Hard", difficultyIsDefault: false, cookingTimePreference: null });
  });

  it("reads the saved choices as the lists spell them, and anything else as not chosen", () => {
    const from = (stored: Record<string, unknown> | null) => cookingProfileFrom({ recipesCooked: 0, favoriteIngredients: [], favoriteCuisines: null, stored });
    expect(from({ difficultyPreference: "Medium", cookingTimePreference: "Quick" })).toMatchObject({ difficultyPreference: "Medium", difficultyIsDefault: false, cookingTimePreference: "Quick" });
    expect(from({ difficultyPreference: " easy ", cookingTimePreference: "LEISURELY" })).toMatchObject({ difficultyPreference: "Easy", difficultyIsDefault: false, cookingTimePreference: "Leisurely" });
    // A cleared choice (null), an unknown word or the wrong type is as if never set.
    for (const stored of [{ difficultyPreference: null, cookingTimePreference: null }, { difficultyPreference: "Expert", cookingTimePreference: "Forever" }, { difficultyPreference: 3, cookingTimePreference: ["Quick"] }]) {
      expect(from(stored)).toMatchObject({ difficultyPreference: "Medium", difficultyIsDefault: true, cookingTimePreference: null });
    }
  });
});

describe("cooking profile input", () => {
  it("accepts the fixed choices in any case, stores them as spelled, and clears with null or an empty string", () => {
    expect(cookingProfileInput.parse({ difficultyPreference: "hard", cookingTimePreference: " moderate " })).toEqual({ difficultyPreference: "Hard", cookingTimePreference: "Moderate" });
    expect(cookingProfileInput.parse({ difficultyPreference: null, cookingTimePreference: "" })).toEqual({ difficultyPreference: null, cookingTimePreference: null });
  });

  it("refuses anything else with a message naming the choices", () => {
    const issues = (value: unknown) => foodPreferencesInput.safeParse(value).error?.issues.map((i) => i.message);
    expect(issues({ difficultyPreference: "Expert" })).toEqual(["Difficulty must be one of Easy, Medium, Hard"]);
    expect(issues({ difficultyPreference: 2 })).toEqual(["Difficulty must be one of Easy, Medium, Hard"]);
    expect(issues({ cookingTimePreference: "Quick (under 30 min)" })).toEqual(["Cooking time must be one of Quick, Moderate, Leisurely"]);
    // Left out, they stay out: the server then keeps what was saved.
    expect(foodPreferencesInput.parse({})).not.toHaveProperty("difficultyPreference");
  });
});
