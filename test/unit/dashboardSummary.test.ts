import { describe, expect, it } from "vitest";
import { dashboardSummary } from "../../src/pages/dashboard/dashboardSummary";

const data = (pantryItems: number, expired: number, nextTwoDays: number) => ({
  counts: { receipts: 0, pantryItems, savedRecipes: 0 },
  expiryCounts: { expired, nextTwoDays },
});

describe("dashboardSummary", () => {
  it("invites a first item when the pantry is empty", () => {
    expect(dashboardSummary(data(0, 0, 0))).toMatch(/^Your pantry is empty\./);
  });

  it("states the server's counts, however many items there are (not only the ten the card lists)", () => {
    expect(dashboardSummary(data(40, 12, 3))).toBe("You have 40 items in your pantry; 3 expire in the next 2 days and 12 have expired.");
  });

  it("uses the singular and leaves out what is zero", () => {
    expect(dashboardSummary(data(1, 0, 1))).toBe("You have 1 item in your pantry; 1 expires in the next 2 days.");
    expect(dashboardSummary(data(5, 1, 0))).toBe("You have 5 items in your pantry; nothing expires in the next 2 days and 1 has expired.");
  });
});
