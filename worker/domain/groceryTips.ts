/**
 * Shopping tips for one list, from the list and the pantry: what is already at home, what spoils before a small
 * household gets through it, what keeps (so the bigger pack is fine), what to freeze, and what to use up first.
 * Shelf lives come from the same estimate the pantry and receipts use (shelfLife.ts). Pure; no I/O.
 */
import { daysUntil, isExpiringSoon } from "./expiry";
import { matchScore } from "./matching";
import { formatQuantity } from "./scale";
import { estimateExpiry, suggestStorageLocation } from "./shelfLife";
import { unitKind, unitLabel } from "./units";
import type { StorageLocation } from "./constants";

export type TipListItem = { name: string; quantity: number | null; unit: string | null; category: string | null; checked: boolean; coveredByPantry: boolean };
export type TipPantryItem = { name: string; amount: number; unit: string | null; expirationDate: string | null };

export type ShoppingTip = {
  id: string;
  kind: "have" | "spoils" | "keeps" | "freeze" | "use-first";
  title: string;
  text: string;
};

/** Shelf life at or under this many days spoils before one person eats a normal pack. */
const SHORT_LIFE_DAYS = 5;
/** At or over this, a bigger pack is fine. */
const LONG_LIFE_DAYS = 60;
/** Fridge life of meat and fish at or under this: freeze what is not cooked soon. */
const FREEZE_WITHIN_DAYS = 3;
export const MAX_TIPS = 6;

const STORAGE_WORDS: Record<StorageLocation, string> = { fridge: "in the fridge", pantry: "in the cupboard", freezer: "in the freezer" };

/** "2 onions", "500 g spinach", "1.5 lb ground beef": an amount the way a tip says it. */
export function amountPhrase(amount: number, unit: string | null, name: string): string {
  const food = name.trim().toLowerCase();
  const plainCount = unit === null || unit === "each" || unit === "count" || unitKind(unit) === null;
  if (plainCount) return `${formatQuantity(amount)} ${food}`;
  return `${formatQuantity(amount, unit)} ${unitLabel(unit, amount)} ${food}`;
}

function capitalize(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

function household(size: number): string {
  return size <= 1 ? "one person" : `a household of ${size}`;
}

function lifeOf(item: { name: string; category: string | null }, storage: StorageLocation, today: string) {
  return estimateExpiry({ name: item.name, category: item.category, storageLocation: storage, purchaseDate: today });
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * Up to MAX_TIPS tips, most useful first: stock already at home, food that spoils quickly for the household's
 * size, meat and fish to freeze, long keepers, then pantry items to use before they expire. Nothing is said
 * about items already bought (checked) or covered by the pantry, except to say the pantry covers them.
 */
export function shoppingTips(input: { items: readonly TipListItem[]; pantry: readonly TipPantryItem[]; today: string; householdSize?: number }): ShoppingTip[] {
  const size = Math.max(1, Math.round(input.householdSize ?? 1));
  const toBuy = input.items.filter((i) => !i.checked && !i.coveredByPantry);
  const tips: ShoppingTip[] = [];

  // 1. Already at home.
  for (const item of toBuy) {
    const stock = input.pantry.filter((p) => p.amount > 0 && matchScore(item.name, p.name) >= 0.8);
    if (stock.length === 0) continue;
    const have = stock.map((p) => amountPhrase(p.amount, p.unit, p.name));
    tips.push({
      id: `have-${item.name.toLowerCase()}`,
      kind: "have",
      title: `You already have ${listNames(have)}`,
      text: `Check before buying more ${item.name.toLowerCase()}: your pantry has ${listNames(have)}.`,
    });
  }
  const covered = input.items.filter((i) => i.coveredByPantry && !i.checked).map((i) => i.name.toLowerCase());
  if (covered.length > 0) {
    tips.push({
      id: "covered",
      kind: "have",
      title: `Your pantry covers ${covered.length} ${covered.length === 1 ? "item" : "items"}`,
      text: `No need to buy ${listNames(covered.slice(0, 5))}${covered.length > 5 ? " and more" : ""}: what you have is enough.`,
    });
  }

  // 2. Spoils fast, freeze, keeps: from the shelf life where each item will be kept.
  const spoils: string[] = [];
  const keeps: string[] = [];
  for (const item of toBuy) {
    const storage = suggestStorageLocation(item.name, item.category);
    const life = lifeOf(item, storage, input.today);
    const isMeat = item.category === "Fresh Meat";
    if (isMeat && storage === "fridge" && life.days <= FREEZE_WITHIN_DAYS) {
      const frozen = lifeOf(item, "freezer", input.today);
      tips.push({
        id: `freeze-${item.name.toLowerCase()}`,
        kind: "freeze",
        title: `Freeze the ${item.name.toLowerCase()} you won't cook soon`,
        text: `${item.name} keeps about ${life.rangeText} in the fridge but ${frozen.rangeText} frozen: portion and freeze what ${household(size)} won't cook within ${life.days} ${life.days === 1 ? "day" : "days"}.`,
      });
    } else if (life.days <= SHORT_LIFE_DAYS) {
      spoils.push(`${item.name.toLowerCase()} (${life.rangeText} ${STORAGE_WORDS[storage]})`);
    } else if (life.days >= LONG_LIFE_DAYS) {
      keeps.push(`${item.name.toLowerCase()} (${life.rangeText})`);
    }
  }
  if (spoils.length > 0) {
    tips.push({
      id: "spoils",
      kind: "spoils",
      title: "Buy small: these spoil quickly",
      text: `For ${household(size)}, ${listNames(spoils.slice(0, 4))} ${spoils.length === 1 ? "goes" : "go"} off fast. Buy the smallest pack, or plan ${spoils.length === 1 ? "it" : "them"} for early in the week.`,
    });
  }
  if (keeps.length > 0) {
    tips.push({
      id: "keeps",
      kind: "keeps",
      title: "These keep: the bigger pack is fine",
      text: capitalize(`${listNames(keeps.slice(0, 4))} ${keeps.length === 1 ? "keeps" : "keep"} for a long time, so ${household(size)} can buy the larger, cheaper size.`),
    });
  }

  // 3. Pantry items to use first.
  const expiring = input.pantry
    .filter((p) => p.amount > 0 && isExpiringSoon(p.expirationDate, input.today) && (daysUntil(p.expirationDate, input.today) ?? -1) >= 0)
    .sort((a, b) => (a.expirationDate ?? "").localeCompare(b.expirationDate ?? ""))
    .slice(0, 3);
  if (expiring.length > 0) {
    const phrases = expiring.map((p) => {
      const days = daysUntil(p.expirationDate, input.today) ?? 0;
      return `${p.name.toLowerCase()} (${days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`})`;
    });
    tips.push({
      id: "use-first",
      kind: "use-first",
      title: "Use these first",
      text: `Before opening anything new, use up your ${listNames(phrases)}.`,
    });
  }
  return tips.slice(0, MAX_TIPS);
}
