import { describe, expect, it } from "vitest";
import { celsiusToFahrenheit, fahrenheitToCelsius, safeTemperatureFor, storageTipsFor } from "../../worker/domain/foodSafety";
import { matchShelfLifeProduct } from "../../worker/domain/shelfLife";

describe("safe minimum internal temperatures (USDA FoodKeeper)", () => {
  it.each([
    ["chicken", 165, null],
    ["chicken breast", 165, null],
    ["turkey", 165, null],
    ["duck", 165, null],
    ["ground beef", 160, null],
    ["burgers", 160, null],
    ["pork chops", 145, 3],
    ["steak", 145, 3],
    ["salmon", 145, null],
    ["leftovers", 165, null],
    ["casserole", 165, null],
    ["egg dishes", 160, null],
  ] as const)("%s: %i °F, rest %s", (food, tempF, rest) => {
    const found = safeTemperatureFor(food)!;
    expect(found.tempF).toBe(tempF);
    expect(found.tempC).toBe(fahrenheitToCelsius(tempF));
    expect(found.restMinutes).toBe(rest);
  });

  it("gives the doneness sign where USDA has no thermometer temperature", () => {
    expect(safeTemperatureFor("shrimp")).toMatchObject({ tempF: null, tip: "Cook until flesh is pearly and opaque." });
    expect(safeTemperatureFor("scallops")?.tip).toMatch(/opaque and firm/);
  });

  it("names other cuts of the same meat with another temperature", () => {
    const lamb = safeTemperatureFor("lamb chops")!;
    expect(lamb.tempF).toBe(145);
    expect(lamb.otherCuts.map((c) => c.tempF)).toContain(160);
  });

  it("knows nothing about foods FoodKeeper does not cover", () => {
    expect(safeTemperatureFor("tofu")).toBeNull();
    expect(safeTemperatureFor("the")).toBeNull();
  });
});

describe("oven temperatures", () => {
  it.each([
    [350, 177],
    [425, 218],
    [32, 0],
    [-40, -40],
  ])("%i °F = %i °C", (f, c) => {
    expect(fahrenheitToCelsius(f)).toBe(c);
  });

  it("converts back", () => {
    expect(celsiusToFahrenheit(180)).toBe(356);
    expect(celsiusToFahrenheit(-40)).toBe(-40);
  });
});

describe("storage tips", () => {
  it("finds FoodKeeper's tips through the shelf-life product match", () => {
    const butter = matchShelfLifeProduct("butter")!;
    expect(storageTipsFor(butter.id).pantry).toMatch(/room temperature/);
    expect(storageTipsFor(-1)).toEqual({});
  });
});
