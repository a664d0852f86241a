/**
 * How grocery lists read: an item's 'qty unit of name', dates, and the plain-text copy a list is shared as. Pure.
 */
import type { RouterOutputs } from "../../lib/trpc";
import { formatQuantity } from "../../../worker/domain/scale";
import { unitKind, unitLabel } from "../../../worker/domain/units";
import { compareStoreOrder } from "../../../worker/domain/storeOrder";
import { formatCalendarDate } from "../pantry/pantryFormat";

export type GroceryList = RouterOutputs["groceryLists"]["list"][number];
export type GroceryListDetail = RouterOutputs["groceryLists"]["get"];
export type GroceryItem = GroceryListDetail["items"][number];

/**
 * "2", "1 1/2", "226": an amount the way the unit is written. Grams and millilitres show the whole number to
 * buy (already rounded up for the shop), not the nearest 5 a recipe would print.
 */
export function formatAmount(quantity: number, unit: string | null): string {
  if (unit === "g" || unit === "ml") return String(Math.round(quantity));
  return formatQuantity(quantity, unit && unitKind(unit) !== null ? unit : null);
}

/** The unit next to an amount: "cup" for 1, "cups" for 2; plain counts have none. */
function unitWord(quantity: number, unit: string | null): string | null {
  if (!unit || unit === "each" || unit === "count") return null;
  return unitLabel(unit, quantity);
}

/** An item as the row reads it: "2 lb of Ground beef", "3 Onions", or just the name without an amount. */
export function itemText(item: Pick<GroceryItem, "quantity" | "unit" | "name">): string {
  if (item.quantity === null || item.quantity <= 0) return item.name;
  const unit = unitWord(item.quantity, item.unit);
  return unit ? `${formatAmount(item.quantity, item.unit)} ${unit} of ${item.name}` : `${formatAmount(item.quantity, item.unit)} ${item.name}`;
}

/** What a covered line needed, for "Already in your pantry": "2 Onions (you have them)". */
export function neededText(item: Pick<GroceryItem, "needed" | "unit" | "name">): string {
  return itemText({ quantity: item.needed, unit: item.unit, name: item.name });
}

/** 'Created: MMM d, yyyy' from an ISO timestamp (the local calendar day). */
export function createdLabel(iso: string): string {
  const date = new Date(iso);
  const local = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  return `Created: ${formatCalendarDate(local) ?? ""}`;
}

/** Items grouped by category in store order, for the list's sections. */
export function groupByCategory<T extends { category: string | null; name: string }>(items: readonly T[]): { category: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of [...items].sort(compareStoreOrder)) {
    const category = item.category ?? "Other";
    (groups.get(category) ?? groups.set(category, []).get(category)!).push(item);
  }
  return [...groups].map(([category, grouped]) => ({ category, items: grouped }));
}

/** The list as plain text for sharing: one section per aisle, ☐ to buy and ☑ checked. */
export function listAsText(list: { name: string; notes: string | null }, items: readonly GroceryItem[], checkedOf: (item: GroceryItem) => boolean): string {
  const lines = [list.name];
  if (list.notes) lines.push(list.notes);
  for (const group of groupByCategory(items.filter((i) => !i.coveredByPantry))) {
    lines.push("", group.category);
    for (const item of group.items) lines.push(`${checkedOf(item) ? "☑" : "☐"} ${itemText(item)}`);
  }
  const covered = items.filter((i) => i.coveredByPantry);
  if (covered.length > 0) lines.push("", `Already at home: ${covered.map((i) => i.name).join(", ")}`);
  return lines.join("\n");
}

/** yyyy-MM-dd of today and `days` later in this browser's zone (the plan's week). */
export function localDateRange(days: number, now = new Date()): { start: string; end: string } {
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  const end = new Date(now);
  end.setDate(end.getDate() + days);
  return { start: iso(now), end: iso(end) };
}
