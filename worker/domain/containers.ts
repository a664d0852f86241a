/**
 * The pantry container model. `quantity` counts containers (or loose items) left, the open one included;
 * `amountPerUnit` is what is left in the open container and `maxAmountPerUnit` what one full container holds.
 * Without amounts, an item is counted in whole containers/items and fractions are allowed (half an onion).
 * Pure: no I/O, shared by the Worker and the client.
 */

export type ContainerState = {
  quantity: number;
  amountPerUnit: number | null;
  maxAmountPerUnit: number | null;
  isOpened: boolean;
};

export type UseOutcome =
  | {
      ok: true;
      /** True when nothing is left: the caller deletes the item. */
      deleted: boolean;
      /** The state after use (all zero when deleted). */
      state: ContainerState;
      /** How much was taken, in the item's amount unit, or in containers/items when it has no amounts. */
      amountConsumed: number;
      /** Share of the item's whole remaining total that was taken (0-1), for valuing the waste event. */
      fractionConsumed: number;
      /** Whether `amountConsumed` is an amount (ml, g, ...) or a count of containers/items. */
      measuredIn: "amount" | "containers";
    }
  | { ok: false; reason: "invalid_amount" | "nothing_left" }
  /** More was asked for than is left: nothing is used (the user may have mistyped), `left` says what there is. */
  | { ok: false; reason: "more_than_left"; left: number; measuredIn: "amount" | "containers" };

/** Below this, floating-point leftovers count as nothing (0.1 + 0.2 style noise). */
const EPSILON = 1e-9;

/** Keeps stored numbers tidy: six decimals is far finer than any kitchen measure. */
function tidy(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The full and current amounts of the open container, or null when the item is counted without amounts. */
function containerAmounts(item: ContainerState): { full: number; current: number } | null {
  const full = item.maxAmountPerUnit ?? item.amountPerUnit;
  if (full === null || !Number.isFinite(full) || full <= 0) return null;
  const rawCurrent = item.amountPerUnit ?? full;
  const current = Number.isFinite(rawCurrent) ? Math.max(rawCurrent, 0) : full;
  // A recorded remainder above the full amount means the full amount was understated: trust the remainder.
  return { full: Math.max(full, current), current };
}

/**
 * Everything left: in the amount unit when the item has amounts (open container plus full ones),
 * otherwise in containers/items.
 */
export function remainingTotal(item: ContainerState): number {
  if (!(item.quantity > 0)) return 0;
  const amounts = containerAmounts(item);
  if (!amounts) return tidy(item.quantity);
  if (item.quantity <= 1) return tidy(amounts.current);
  return tidy(amounts.current + (item.quantity - 1) * amounts.full);
}

/** Items with nothing left (quantity or remaining amount at or below zero) are hidden from every list. */
export function isVisible(item: Pick<ContainerState, "quantity" | "amountPerUnit">): boolean {
  if (!(item.quantity > 0)) return false;
  if (item.amountPerUnit !== null && !(item.amountPerUnit > 0)) return false;
  return true;
}

/**
 * Uses `amountUsed` of an item: the open container first, then the next full one(s). Exactly what is left uses
 * it up; more than that is refused ("more_than_left"), never turned into using everything, because a typo (50
 * for 5.0) would otherwise delete the item. `containerIndex` (which container the user picked in the Use Some
 * dialog) does not change the result: full containers are interchangeable and the model keeps at most one open
 * container, so an amount taken "from container 2" is taken from the open one first, which leaves the same total.
 */
export function useAmount(item: ContainerState, amountUsed: number, containerIndex?: number): UseOutcome {
  if (typeof amountUsed !== "number" || !Number.isFinite(amountUsed) || amountUsed <= 0) return { ok: false, reason: "invalid_amount" };
  if (containerIndex !== undefined && (!Number.isInteger(containerIndex) || containerIndex < 0)) return { ok: false, reason: "invalid_amount" };
  if (!isVisible(item)) return { ok: false, reason: "nothing_left" };

  const total = remainingTotal(item);
  if (total <= EPSILON) return { ok: false, reason: "nothing_left" };
  const amounts = containerAmounts(item);
  const measuredIn = amounts ? "amount" : "containers";
  if (amountUsed > total + EPSILON * Math.max(1, total)) return { ok: false, reason: "more_than_left", left: total, measuredIn };
  const consumed = Math.min(amountUsed, total);
  const left = total - consumed;
  const fractionConsumed = Math.min(1, consumed / total);

  if (left <= EPSILON * Math.max(1, total)) {
    return {
      ok: true,
      deleted: true,
      state: { quantity: 0, amountPerUnit: amounts ? 0 : item.amountPerUnit, maxAmountPerUnit: item.maxAmountPerUnit, isOpened: item.isOpened },
      amountConsumed: tidy(consumed),
      fractionConsumed: 1,
      measuredIn,
    };
  }

  if (!amounts) {
    const quantity = tidy(left);
    return {
      ok: true,
      deleted: false,
      // Cutting into one item (half an onion) opens it; taking whole items leaves the rest as they were.
      state: { ...item, quantity, isOpened: item.isOpened || !Number.isInteger(quantity) },
      amountConsumed: tidy(consumed),
      fractionConsumed,
      measuredIn,
    };
  }

  if (consumed < amounts.current - EPSILON) {
    // Only the open container is touched.
    return {
      ok: true,
      deleted: false,
      state: { quantity: item.quantity, amountPerUnit: tidy(amounts.current - consumed), maxAmountPerUnit: amounts.full, isOpened: true },
      amountConsumed: tidy(consumed),
      fractionConsumed,
      measuredIn,
    };
  }

  // The open container is emptied and the rest comes from full ones: what is left is some full containers plus
  // one that may be partly used.
  const containersLeft = Math.max(1, Math.ceil(left / amounts.full - 1e-6));
  const inOpen = tidy(left - (containersLeft - 1) * amounts.full);
  const openedNext = inOpen < amounts.full - 1e-6;
  return {
    ok: true,
    deleted: false,
    state: { quantity: containersLeft, amountPerUnit: inOpen, maxAmountPerUnit: amounts.full, isOpened: openedNext },
    amountConsumed: tidy(consumed),
    fractionConsumed,
    measuredIn,
  };
}

/** Units that only count things ("5 each" is five items). */
const COUNT_UNITS = new Set(["each", "count", "unit", "units", "item", "items", "pc", "pcs"]);

/** Whether a unit only counts things (or there is none): the quantity is then a number of items. */
export function isCountUnit(unit: string | null): boolean {
  return !unit || COUNT_UNITS.has(unit.trim().toLowerCase());
}

/** Up to four decimals, trailing zeros dropped: 1.5, 0.125. */
function formatAmount(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

/**
 * Why a use was refused for asking more than is left, in the words the Use Some dialog shows (the server sends
 * the same text): "You have only 1.5 gallon of Milk left. Enter 1.5 or less."
 */
export function moreThanLeftMessage(name: string, left: number, unit: string | null): string {
  const amount = formatAmount(left);
  const what = unit && !isCountUnit(unit) ? `${amount} ${unit}` : amount;
  return `You have only ${what} of ${name} left. Enter ${amount} or less.`;
}

// ---------------------------------------------------------------------------------------------------------------
// Use Some: the containers offered and the quick-fill buttons (shared with the dialog)

/** Categories where "use it all" reads better than "a full container" (Full reads All for produce). */
const PRODUCE_CATEGORIES = new Set(["Fresh Fruits", "Fresh Vegetables"]);

export function isProduceCategory(category: string): boolean {
  return PRODUCE_CATEGORIES.has(category);
}

const PLURALS: Record<string, string> = { box: "boxes", bunch: "bunches", lb: "lb", each: "items", none: "items" };

/** "carton" / "cartons" for a container type; items without a container type are "item(s)". */
export function containerNoun(size: string | null, count: number): string {
  const singular = !size || size === "none" || size === "each" ? "item" : size;
  if (count === 1) return singular;
  return PLURALS[singular] ?? `${singular}s`;
}

/** The full amount of one container, or null when the item is counted without amounts. */
export function fullAmount(item: Pick<ContainerState, "amountPerUnit" | "maxAmountPerUnit">): number | null {
  const full = item.maxAmountPerUnit ?? item.amountPerUnit;
  return full !== null && Number.isFinite(full) && full > 0 ? full : null;
}

/** One container the Use Some dialog offers; `index` is sent as containerIndex. */
export type ContainerChoice = { index: number; label: string; amount: number };

type QuickFillItem = Pick<ContainerState, "quantity" | "amountPerUnit" | "maxAmountPerUnit"> & { unit: string | null; size: string | null; category: string };

/** One quick-fill button of the Use Some dialog: what it says and the amount it fills in. */
export type QuickFill = { label: string; amountText: string; value: number };

/** Quick-fill text keeps four decimals so a quarter of 0.5 is 0.125, not a rounded 0.13. */
export const quickAmountText = (value: number) => String(Math.round(value * 10_000) / 10_000);

/**
 * Full (All for produce), Half and Quarter of the chosen container, each with the amount it fills in ("Half,
 * 0.5 gallon"). With more than one container or item left they say so ("One whole", "Half of one"): Half with 6
 * bananas fills in half a banana, never half the stock.
 */
export function quickFills(item: QuickFillItem, choice: ContainerChoice): QuickFill[] {
  const several = item.quantity > 1;
  const counted = fullAmount(item) === null && isCountUnit(item.unit);
  const unitOf = (value: number) => (counted ? containerNoun(item.size, value === 1 ? 1 : 2) : (item.unit ?? ""));
  const whole = isProduceCategory(item.category) ? (several ? "One whole" : "All") : several ? "One full" : "Full";
  const shares: [string, number][] = [
    [whole, 1],
    [several ? "Half of one" : "Half", 0.5],
    [several ? "Quarter of one" : "Quarter", 0.25],
  ];
  return shares.map(([label, share]) => {
    const value = choice.amount * share;
    return { label, amountText: `${quickAmountText(value)} ${unitOf(value)}`.trim(), value };
  });
}

