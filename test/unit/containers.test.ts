import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isVisible, moreThanLeftMessage, remainingTotal, useAmount, type ContainerState } from "../../worker/domain/containers";

const jars = (quantity: number, amountPerUnit: number | null, maxAmountPerUnit: number | null, isOpened = false): ContainerState => ({
  quantity,
  amountPerUnit,
  maxAmountPerUnit,
  isOpened,
});

function used(item: ContainerState, amount: number, containerIndex?: number) {
  const outcome = useAmount(item, amount, containerIndex);
  if (!outcome.ok) throw new Error(`unexpected ${outcome.reason}`);
  return outcome;
}

describe("remainingTotal", () => {
  it("adds the open container to the full ones", () => {
    expect(remainingTotal(jars(3, 200, 500, true))).toBe(1200);
    expect(remainingTotal(jars(2, null, 500))).toBe(1000);
  });

  it("counts items when there are no amounts", () => {
    expect(remainingTotal(jars(2.5, null, null))).toBe(2.5);
  });

  it("treats a lone amountPerUnit as the full amount", () => {
    expect(remainingTotal(jars(2, 750, null))).toBe(1500);
  });

  it("is zero for used-up items", () => {
    expect(remainingTotal(jars(0, 200, 500))).toBe(0);
    expect(remainingTotal(jars(-1, null, null))).toBe(0);
  });
});

describe("isVisible", () => {
  it("hides items with quantity or remaining amount at or below zero", () => {
    expect(isVisible(jars(1, null, null))).toBe(true);
    expect(isVisible(jars(0, null, null))).toBe(false);
    expect(isVisible(jars(-2, 100, 500))).toBe(false);
    expect(isVisible(jars(2, 0, 500))).toBe(false);
    expect(isVisible(jars(2, -5, 500))).toBe(false);
    expect(isVisible(jars(0.25, 10, 500))).toBe(true);
  });
});

describe("useAmount", () => {
  it("takes from the open container first", () => {
    const outcome = used(jars(2, 300, 500, true), 100);
    expect(outcome.deleted).toBe(false);
    expect(outcome.state).toEqual(jars(2, 200, 500, true));
    expect(outcome.amountConsumed).toBe(100);
    expect(outcome.fractionConsumed).toBeCloseTo(100 / 800);
    expect(outcome.measuredIn).toBe("amount");
  });

  it("opens a sealed container on first use", () => {
    const outcome = used(jars(1, null, 1000), 250);
    expect(outcome.state).toEqual(jars(1, 750, 1000, true));
  });

  it("empties the open container and then opens the next full one", () => {
    const outcome = used(jars(3, 300, 500, true), 400);
    expect(outcome.state).toEqual(jars(2, 400, 500, true));
    expect(outcome.amountConsumed).toBe(400);
  });

  it("leaves the next container sealed when the open one is used exactly", () => {
    const outcome = used(jars(3, 300, 500, true), 300);
    expect(outcome.state).toEqual(jars(2, 500, 500, false));
  });

  it("spans several containers in one use", () => {
    const outcome = used(jars(4, 100, 500, true), 1200);
    // 1600 in total, 400 left: one container with 400.
    expect(outcome.state).toEqual(jars(1, 400, 500, true));
  });

  it("deletes the item when everything is used", () => {
    const outcome = used(jars(2, 300, 500, true), 800);
    expect(outcome.deleted).toBe(true);
    expect(outcome.fractionConsumed).toBe(1);
    expect(outcome.amountConsumed).toBe(800);
    expect(outcome.state.quantity).toBe(0);
  });

  it("uses it up with exactly what is left and refuses more than that", () => {
    const outcome = used(jars(1, 50, 500, true), 50);
    expect(outcome.deleted).toBe(true);
    expect(outcome.amountConsumed).toBe(50);
    expect(useAmount(jars(1, 50, 500, true), 10_000)).toEqual({ ok: false, reason: "more_than_left", left: 50, measuredIn: "amount" });
    expect(useAmount(jars(6, null, null), 7)).toEqual({ ok: false, reason: "more_than_left", left: 6, measuredIn: "containers" });
    expect(useAmount(jars(3, 200, 500, true), 1200)).toMatchObject({ ok: true, deleted: true });
    expect(useAmount(jars(3, 200, 500, true), 1200.5)).toMatchObject({ ok: false, reason: "more_than_left", left: 1200 });
  });

  it("says what is left when it refuses", () => {
    expect(moreThanLeftMessage("Milk", 1.5, "gallon")).toBe("You have only 1.5 gallon of Milk left. Enter 1.5 or less.");
    expect(moreThanLeftMessage("Bananas", 6, null)).toBe("You have only 6 of Bananas left. Enter 6 or less.");
    expect(moreThanLeftMessage("Eggs", 12, "each")).toBe("You have only 12 of Eggs left. Enter 12 or less.");
    expect(moreThanLeftMessage("Potatoes", 2.5, "lb")).toBe("You have only 2.5 lb of Potatoes left. Enter 2.5 or less.");
  });

  it("counts whole items without amounts and allows fractions", () => {
    const half = used(jars(3, null, null), 0.5);
    expect(half.state).toEqual(jars(2.5, null, null, true));
    expect(half.measuredIn).toBe("containers");
    expect(half.fractionConsumed).toBeCloseTo(0.5 / 3);
    const whole = used(jars(3, null, null), 1);
    expect(whole.state).toEqual(jars(2, null, null, false));
    expect(used(jars(0.5, null, null), 0.5).deleted).toBe(true);
  });

  it("ignores floating-point dust when deciding that everything is used", () => {
    const outcome = used(jars(1, 0.30000000000000004, 1, true), 0.1 + 0.2);
    expect(outcome.deleted).toBe(true);
  });

  it("gives the same result whichever container the user picked", () => {
    const item = jars(3, 300, 500, true);
    expect(used(item, 500, 2)).toEqual(used(item, 500, 0));
    expect(used(item, 500, 1).state).toEqual(jars(2, 300, 500, true));
  });

  it("rejects amounts that are not positive finite numbers", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(useAmount(jars(2, 300, 500, true), bad)).toEqual({ ok: false, reason: "invalid_amount" });
    }
    expect(useAmount(jars(2, 300, 500, true), "3" as unknown as number)).toEqual({ ok: false, reason: "invalid_amount" });
    expect(useAmount(jars(2, 300, 500, true), 1, -1)).toEqual({ ok: false, reason: "invalid_amount" });
    expect(useAmount(jars(2, 300, 500, true), 1, 0.5)).toEqual({ ok: false, reason: "invalid_amount" });
  });

  it("refuses items with nothing left", () => {
    expect(useAmount(jars(0, null, null), 1)).toEqual({ ok: false, reason: "nothing_left" });
    expect(useAmount(jars(2, 0, 500, true), 1)).toEqual({ ok: false, reason: "nothing_left" });
  });

  const itemArb = fc.oneof(
    fc.record({
      quantity: fc.integer({ min: 1, max: 12 }),
      maxAmountPerUnit: fc.integer({ min: 1, max: 4000 }),
      openShare: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }).map(({ quantity, maxAmountPerUnit, openShare }) => jars(quantity, Math.round(maxAmountPerUnit * openShare * 100) / 100 || 0.01, maxAmountPerUnit, openShare < 1)),
    fc.double({ min: 0.01, max: 50, noNaN: true }).map((quantity) => jars(Math.round(quantity * 100) / 100, null, null)),
  );

  it("keeps what is left plus what was taken equal to the total before", () => {
    fc.assert(
      fc.property(itemArb, fc.double({ min: 0.001, max: 60_000, noNaN: true }), (item, amount) => {
        const before = remainingTotal(item);
        const outcome = useAmount(item, amount);
        if (!outcome.ok) {
          // Only asking for more than there is may be refused, and then nothing changes.
          expect(outcome).toMatchObject({ reason: "more_than_left" });
          expect(amount).toBeGreaterThan(before);
          return true;
        }
        const after = outcome.deleted ? 0 : remainingTotal(outcome.state);
        expect(after + outcome.amountConsumed).toBeCloseTo(before, 4);
        expect(outcome.amountConsumed).toBeLessThanOrEqual(amount + 1e-6);
        expect(outcome.fractionConsumed).toBeGreaterThan(0);
        expect(outcome.fractionConsumed).toBeLessThanOrEqual(1);
        expect(outcome.deleted).toBe(amount >= before - 1e-6);
        if (!outcome.deleted) {
          expect(isVisible(outcome.state)).toBe(true);
          if (outcome.state.amountPerUnit !== null && outcome.state.maxAmountPerUnit !== null) {
            expect(outcome.state.amountPerUnit).toBeLessThanOrEqual(outcome.state.maxAmountPerUnit);
          }
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it("never leaves more than one partly used container", () => {
    fc.assert(
      fc.property(itemArb.filter((item) => item.maxAmountPerUnit !== null), fc.double({ min: 0.001, max: 60_000, noNaN: true }), (item, amount) => {
        const outcome = useAmount(item, amount);
        if (!outcome.ok || outcome.deleted) return true;
        expect(Number.isInteger(outcome.state.quantity)).toBe(true);
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
