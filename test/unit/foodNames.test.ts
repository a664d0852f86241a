import { describe, expect, it } from "vitest";
import fc from "fast-check";
import groceryNamesData from "../../worker/data/groceryNames.json";
import {
  applyFoodSynonyms,
  foodNameKey,
  foodWords,
  normalizeFoodName,
  parseFoodSize,
  phraseForms,
  pluralFood,
  receiptContainerAmounts,
  receiptLineMeasure,
  singularFood,
  stripBrands,
  stripFoodSizes,
} from "../../worker/domain/foodNames";

/** Every word of the shipped grocery name list that is already singular: real food words to test against. */
const VOCABULARY = [...new Set((groceryNamesData.names as [string, number][]).flatMap(([name]) => foodWords(name)))].filter(
  (word) => word.length >= 3 && !/\d/.test(word) && singularFood(word) === word,
);

describe("singularFood and pluralFood", () => {
  it.each([
    ["tomatoes", "tomato"],
    ["potatoes", "potato"],
    ["berries", "berry"],
    ["anchovies", "anchovy"],
    ["peaches", "peach"],
    ["radishes", "radish"],
    ["boxes", "box"],
    ["glasses", "glass"],
    ["cheeses", "cheese"],
    ["olives", "olive"],
    ["leaves", "leaf"],
    ["loaves", "loaf"],
    ["cookies", "cookie"],
    ["pies", "pie"],
    ["chillies", "chilli"],
    ["kiwis", "kiwi"],
    ["chilis", "chili"],
    ["eggs", "egg"],
    ["oats", "oat"],
    ["avocados", "avocado"],
    ["roes", "roe"],
    // not plurals
    ["hummus", "hummus"],
    ["asparagus", "asparagus"],
    ["couscous", "couscous"],
    ["molasses", "molasses"],
    ["swiss", "swiss"],
    ["bass", "bass"],
    ["haggis", "haggis"],
    ["ice", "ice"],
    ["gas", "gas"],
  ])("singular of %s is %s", (word, singular) => expect(singularFood(word)).toBe(singular));

  it.each([
    ["berry", "berries"],
    ["anchovy", "anchovies"],
    ["turkey", "turkeys"],
    ["peach", "peaches"],
    ["tomato", "tomatoes"],
    ["avocado", "avocados"],
    ["leaf", "leaves"],
    ["cookie", "cookies"],
    ["hummus", "hummus"],
    ["molasses", "molasses"],
  ])("plural of %s is %s", (word, plural) => expect(pluralFood(word)).toBe(plural));

  it("gives the singular of a phrase's head noun and both forms for patterns", () => {
    expect(phraseForms("cherry tomatoes")).toEqual(["cherry tomatoes", "cherry tomato"]);
    expect(phraseForms("anchovy")).toEqual(["anchovy", "anchovies"]);
  });

  it("makes a word singular once and for all (property: idempotent)", () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{0,12}$/), (word) => {
      expect(singularFood(singularFood(word))).toBe(singularFood(word));
    }));
  });

  it("turns the plural of every singular word of the grocery list back into the word (property)", () => {
    expect(VOCABULARY.length).toBeGreaterThan(500);
    fc.assert(fc.property(fc.constantFrom(...VOCABULARY), (word) => {
      expect(singularFood(pluralFood(word))).toBe(word);
    }));
  });
});

describe("normalizeFoodName", () => {
  it.each([
    ["Tomatoes", "tomato"],
    ["Fresh Scallions, chopped", "green onion"],
    ["spring onions", "green onion"],
    ["2 Large Eggs", "egg"],
    ["Milk 2%", "milk"],
    ["Kirkland Signature Organic Eggs", "egg"],
    ["Great Value Whole Milk", "milk"],
    ["Trader Joe's Hummus", "hummus"],
    ["Extra-Virgin Olive Oil", "olive oil"],
    ["jalapeño peppers", "jalapeno"],
    ["Confectioners' Sugar", "powdered sugar"],
    ["icing sugar", "powdered sugar"],
    ["courgettes", "zucchini"],
    ["King Prawns", "king shrimp"],
    ["coriander", "cilantro"],
    // The seed spice is not fresh coriander.
    ["ground coriander", "ground coriander"],
    ["coriander seeds", "coriander seed"],
    ["Potatoes (Yukon Gold)", "potato"],
    ["kiwis", "kiwi"],
    ["Velveeta", "velveeta"],
    ["Fresh", "fresh"],
    ["", ""],
  ])("%s -> %s", (name, normalized) => expect(normalizeFoodName(name)).toBe(normalized));

  it("is idempotent (property)", () => {
    const words = fc.constantFrom("fresh", "great", "value", "kirkland", "signature", "spring", "onion", "scallions", "chilli", "pepper", "ground", "coriander", "sugar", "icing", "2%", "12", "of", "the", "whole", "wholemeal", "flour", "trader", "joe's", "(", ")", ",", "-", "&");
    const name = fc.oneof(fc.array(words, { maxLength: 8 }).map((parts) => parts.join(" ")), fc.string({ maxLength: 30 }));
    fc.assert(fc.property(name, (value) => {
      expect(normalizeFoodName(normalizeFoodName(value))).toBe(normalizeFoodName(value));
    }));
  });
});

describe("brands and synonyms", () => {
  it("removes whole brand phrases, never a food word that is part of one", () => {
    expect(stripBrands(["green", "giant", "green", "beans"])).toEqual(["green", "beans"]);
    expect(stripBrands(["kirkland", "signature", "eggs"])).toEqual(["eggs"]);
    expect(stripBrands(["trader", "joe's", "hummus"])).toEqual(["hummus"]);
    expect(stripBrands(["green", "onions"])).toEqual(["green", "onions"]);
    expect(stripBrands(["velveeta"])).toEqual(["velveeta"]);
  });

  it("replaces other names for a food and leaves the other words as written", () => {
    expect(applyFoodSynonyms(["fresh", "scallions"])).toEqual(["fresh", "green", "onion"]);
    expect(applyFoodSynonyms(["diced", "tomatoes", "and", "courgettes"])).toEqual(["diced", "tomatoes", "and", "zucchini"]);
    expect(applyFoodSynonyms(["ground", "coriander"])).toEqual(["ground", "coriander"]);
  });
});

describe("foodNameKey", () => {
  it("gives one key to the same food written differently", () => {
    const same = [
      ["Tomatoes", "tomato", "2 lb tomatoes", "TOMATOES 1LB"],
      ["Green onions", "scallions", "spring onion", "Fresh Scallions, chopped"],
      ["Whole Milk 1 gal", "milk", "Great Value Milk"],
      ["Icing sugar", "powdered sugar", "confectioners' sugar"],
      ["Eggs 18ct", "eggs", "Kirkland Signature Large Eggs"],
    ];
    for (const group of same) expect(new Set(group.map(foodNameKey)).size, group.join(" / ")).toBe(1);
  });

  it("keeps different foods apart", () => {
    const keys = ["tomato", "roma tomatoes", "tomato paste", "peanut butter", "butter", "ground coriander", "cilantro"].map(foodNameKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("merges a word with its plural (property over the grocery list's words)", () => {
    fc.assert(fc.property(fc.constantFrom(...VOCABULARY), (word) => {
      expect(foodNameKey(pluralFood(word))).toBe(foodNameKey(word));
    }));
  });
});

describe("sizes in names", () => {
  it.each([
    ["WHOLE MILK 1 GAL", { amount: 1, unit: "gallon", packCount: 1 }],
    ["GV 2% MLK GAL", null],
    ["MILK 1/2 GAL", { amount: 0.5, unit: "gallon", packCount: 1 }],
    ["HALF GALLON OJ", { amount: 0.5, unit: "gallon", packCount: 1 }],
    ["GRND BEEF 80/20 1LB", { amount: 1, unit: "lb", packCount: 1 }],
    ["GRND BEEF 80/20", null],
    ["LEAN GROUND BEEF 93/7 2 LBS", { amount: 2, unit: "lb", packCount: 1 }],
    ["BABY SPINACH 5OZ", { amount: 5, unit: "oz", packCount: 1 }],
    ["SPRING WATER 16.9 FL OZ 24PK", { amount: 16.9, unit: "fl oz", packCount: 24 }],
    ["COLA 12 x 330ml", { amount: 330, unit: "ml", packCount: 12 }],
    ["SODA 6PK 12OZ", { amount: 12, unit: "oz", packCount: 6 }],
    ["PASTA 500G", { amount: 500, unit: "g", packCount: 1 }],
    ["OLIVE OIL 1L", { amount: 1, unit: "l", packCount: 1 }],
    ["PEPSI 2 LTR", { amount: 2, unit: "l", packCount: 1 }],
    ["RICE 1,5 KG", { amount: 1.5, unit: "kg", packCount: 1 }],
    ["KS EGGS 24CT", { amount: 24, unit: "count", packCount: 1 }],
    ["LARGE EGGS DOZEN", { amount: 12, unit: "count", packCount: 1 }],
    ["EGGS 1/2 DOZ", { amount: 6, unit: "count", packCount: 1 }],
    ["2% MILK", null],
    ["7UP", null],
    ["2 GRAPEFRUIT", null],
    ["PINTO BEANS", null],
  ])("%s", (name, expected) => {
    const size = parseFoodSize(name);
    if (expected === null) expect(size).toBeNull();
    else expect(size).toMatchObject(expected);
  });

  it("strips sizes, counts and ratios but keeps food words", () => {
    expect(stripFoodSizes("Lean Ground Beef 93/7 2 lb")).toBe("lean ground beef");
    expect(stripFoodSizes("Coke 12 x 330ml")).toBe("coke");
    expect(stripFoodSizes("Pinto beans 1/2 gallon")).toBe("pinto beans");
    expect(stripFoodSizes("Kirkland Large Eggs 24 ct")).toBe("kirkland large eggs");
  });

  it("never throws, and stripping twice changes nothing (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        parseFoodSize(name);
        expect(stripFoodSizes(stripFoodSizes(name))).toBe(stripFoodSizes(name));
      }),
    );
  });
});

describe("receipt measures", () => {
  it("fills the unit and the container from the size in the name", () => {
    expect(receiptLineMeasure("WHOLE MILK 1 GAL", 2, null)).toEqual({ quantity: 2, unit: "gallon" });
    expect(receiptContainerAmounts("WHOLE MILK 1 GAL", "gallon")).toEqual({ amountPerUnit: 1, maxAmountPerUnit: 1, size: "container" });
    expect(receiptLineMeasure("BABY SPINACH 5OZ", 1, null)).toEqual({ quantity: 1, unit: "oz" });
    expect(receiptContainerAmounts("BABY SPINACH 5OZ", "oz")).toEqual({ amountPerUnit: 5, maxAmountPerUnit: 5, size: "container" });
    expect(receiptLineMeasure("GRND BEEF 80/20 1LB", 1, null)).toEqual({ quantity: 1, unit: "lb" });
    expect(receiptContainerAmounts("OLIVE OIL BTL 1L", "l")).toEqual({ amountPerUnit: 1, maxAmountPerUnit: 1, size: "bottle" });
  });

  it("counts the packages of a multi-pack and the items of a count", () => {
    expect(receiptLineMeasure("COLA 12 x 330ml", 1, null)).toEqual({ quantity: 12, unit: "ml" });
    expect(receiptContainerAmounts("COLA 12 x 330ml", "ml")).toMatchObject({ amountPerUnit: 330, maxAmountPerUnit: 330 });
    expect(receiptLineMeasure("KS EGGS 24CT", 1, null)).toEqual({ quantity: 24, unit: null });
    expect(receiptContainerAmounts("KS EGGS 24CT", null)).toEqual({ amountPerUnit: null, maxAmountPerUnit: null, size: null });
  });

  it("keeps a weighed line's weight and drops the container once the unit was changed", () => {
    expect(receiptLineMeasure("BANANAS", 2.31, "lb")).toEqual({ quantity: 2.31, unit: "lb" });
    expect(receiptLineMeasure("APPLES 3LB BAG", 1.5, "lb")).toEqual({ quantity: 1.5, unit: "lb" });
    expect(receiptContainerAmounts("WHOLE MILK 1 GAL", "quart")).toEqual({ amountPerUnit: null, maxAmountPerUnit: null, size: null });
    expect(receiptContainerAmounts("BANANAS", "lb")).toEqual({ amountPerUnit: null, maxAmountPerUnit: null, size: null });
  });
});

describe("receipt OCR slips", () => {
  it("reads 50Z and 80Z as 5 and 8 ounces", () => {
    expect(parseFoodSize("BABY SPINACH 50Z")).toMatchObject({ amount: 5, unit: "oz" });
    expect(parseFoodSize("CHEDDAR CHEESE 80Z")).toMatchObject({ amount: 8, unit: "oz" });
  });
});
