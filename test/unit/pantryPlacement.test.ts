import { describe, expect, it } from "vitest";
import { pantryItemForIngredient, pantryPlacement } from "../../worker/domain/pantryPlacement";
import { knownGroceryName } from "../../worker/domain/groceryNames";

describe("a recipe ingredient as a pantry item", () => {
  it("takes the grocery list's name for a known food, its category and where it keeps", () => {
    expect(pantryItemForIngredient("zucchinis")).toEqual({ name: "zucchini", category: "Fresh Vegetables", storageLocation: "fridge" });
    expect(pantryItemForIngredient(" Parsley ")).toEqual({ name: "Parsley", category: "Fresh Vegetables", storageLocation: "fridge" });
    expect(pantryItemForIngredient("Oats")).toEqual({ name: "Oats", category: "Dry Goods", storageLocation: "pantry" });
    expect(pantryItemForIngredient("chicken thigh")).toMatchObject({ name: "chicken thighs", category: "Fresh Meat", storageLocation: "fridge" });
    expect(pantryItemForIngredient("frozen peas")).toMatchObject({ category: "Frozen Foods", storageLocation: "freezer" });
  });

  it("keeps a name the list does not hold as written", () => {
    expect(pantryItemForIngredient("Flat-leaf parsley").name).toBe("Flat-leaf parsley");
    expect(pantryItemForIngredient("rolled oats").name).toBe("rolled oats");
    expect(knownGroceryName("paper towels")).toBeNull();
  });

  it("keeps a category that is given, and places by it", () => {
    expect(pantryPlacement("soy sauce")).toEqual({ category: "Condiments & Sauces", storageLocation: "pantry" });
    expect(pantryPlacement("mystery", "Frozen Foods")).toEqual({ category: "Frozen Foods", storageLocation: "freezer" });
    expect(pantryPlacement("mystery", "Not a category").category).toBe("Other");
  });
});
