import { describe, expect, it } from "vitest";
import { stepSections } from "../../worker/domain/recipeSections";

describe("stepSections", () => {
  it("splits steps at section names and numbers the steps on across sections", () => {
    expect(stepSections(["Cake:", "Mix the batter.", "Bake 30 minutes.", "For the glaze:", "Whisk the sugar and juice."])).toEqual([
      { heading: "Cake", start: 1, steps: ["Mix the batter.", "Bake 30 minutes."] },
      { heading: "For the glaze", start: 3, steps: ["Whisk the sugar and juice."] },
    ]);
  });

  it("keeps steps without section names as one unnamed section", () => {
    expect(stepSections(["Heat the pan.", "Fry the egg."])).toEqual([{ heading: null, start: 1, steps: ["Heat the pan.", "Fry the egg."] }]);
    expect(stepSections([])).toEqual([]);
  });

  it("reads a colon line as a step when it is a sentence, long, last, or followed by another name", () => {
    const sentence = "Preheat the oven. Then prepare the following:";
    expect(stepSections([sentence, "Butter a tin."])[0]).toEqual({ heading: null, start: 1, steps: [sentence, "Butter a tin."] });
    expect(stepSections(["Mix.", "Serve with:"])).toEqual([{ heading: null, start: 1, steps: ["Mix.", "Serve with:"] }]);
    const long = `${"Combine the flour, sugar, salt and baking powder in a bowl and".padEnd(70, " x")}:`;
    expect(stepSections([long, "Stir."])[0]!.heading).toBeNull();
    expect(stepSections(["Note::", "Stir."])[0]!.heading).toBeNull();
  });
});
