/**
 * How pantry quantities read on cards and in the Use Some dialog. Pure: the container model itself (what "using
 * some" does) lives in worker/domain/containers.ts; this file only words it.
 */
import type { RouterOutputs } from "../../lib/trpc";
import { containerNoun, fullAmount, isCountUnit, type ContainerChoice } from "../../../worker/domain/containers";

export type PantryItem = RouterOutputs["pantry"]["list"][number];
type Amounts = Pick<PantryItem, "quantity" | "unit" | "size" | "isOpened" | "amountPerUnit" | "maxAmountPerUnit">;

/** Up to two decimals, trailing zeros dropped: 1, 0.5, 2.25. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return "0";
  return String(Math.round(value * 100) / 100);
}


/**
 * What a card says about how much is left, e.g. { count: "2 bottles", detail: "0.5 of 1 gallon left" } or
 * { count: "3 lb", detail: null }.
 */
export function quantityText(item: Amounts): { count: string; detail: string | null } {
  const full = fullAmount(item);
  if (full === null) {
    const count = isCountUnit(item.unit)
      ? `${formatNumber(item.quantity)} ${containerNoun(item.size, item.quantity)}`
      : `${formatNumber(item.quantity)} ${item.unit}`;
    return { count, detail: null };
  }
  const unit = item.unit ? ` ${item.unit}` : "";
  const count = `${formatNumber(item.quantity)} ${containerNoun(item.size === "none" || !item.size ? "container" : item.size, item.quantity)}`;
  const left = item.amountPerUnit ?? full;
  if (item.isOpened || left < full) return { count, detail: `${formatNumber(left)} of ${formatNumber(full)}${unit} left` };
  return { count, detail: `${formatNumber(full)}${unit} each` };
}

/**
 * The containers to take from, the open (or partly used) one first. Full containers are interchangeable, so one
 * "sealed" choice stands for all of them.
 */
export function containerChoices(item: Amounts): { choices: ContainerChoice[]; unitLabel: string } {
  const full = fullAmount(item);
  if (full === null) {
    // Counted in items: a fractional quantity means one item is cut into.
    const unitLabel = isCountUnit(item.unit) ? containerNoun(item.size, 2) : (item.unit ?? "items");
    const part = Math.round((item.quantity - Math.floor(item.quantity)) * 1e6) / 1e6;
    const choices: ContainerChoice[] = [];
    if (part > 0) choices.push({ index: 0, label: `The one already cut into (${formatNumber(part)} left)`, amount: part });
    if (item.quantity >= 1) choices.push({ index: choices.length, label: `A whole one (1 ${containerNoun(item.size, 1)})`, amount: 1 });
    return { choices, unitLabel };
  }
  const unitLabel = item.unit ?? "units";
  const noun = containerNoun(item.size === "none" || !item.size ? "container" : item.size, 1);
  const current = Math.min(item.amountPerUnit ?? full, full);
  const partlyUsed = item.isOpened || current < full;
  const choices: ContainerChoice[] = [];
  if (partlyUsed) choices.push({ index: 0, label: `Open ${noun} (${formatNumber(current)} ${unitLabel} left)`, amount: current });
  if (!partlyUsed || item.quantity > 1) {
    choices.push({ index: choices.length, label: `${partlyUsed ? "A sealed" : "A full"} ${noun} (${formatNumber(full)} ${unitLabel})`, amount: full });
  }
  return { choices, unitLabel };
}

/** "Mar 3, 2025" for a yyyy-MM-dd date (read as a calendar day, not shifted by the time zone). */
export function formatCalendarDate(date: string | null): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return null;
  const [year, month, day] = date.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

export const STORAGE_LABELS: Record<string, string> = { fridge: "Fridge", pantry: "Pantry", freezer: "Freezer" };
