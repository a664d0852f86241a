import type { DashboardData } from "../../components/pantry/queries";

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/**
 * The dashboard's summary sentence, e.g. "You have 12 items in your pantry; 3 expire in the next 2 days." The
 * counts are the server's (every item, not only the ten the expiring card lists).
 */
export function dashboardSummary(data: Pick<DashboardData, "counts" | "expiryCounts">): string {
  const total = data.counts.pantryItems;
  if (total === 0) return "Your pantry is empty. Add a few items or scan a receipt and we'll keep an eye on expiry dates for you.";
  const { nextTwoDays: soon, expired } = data.expiryCounts;
  const soonText = soon === 0 ? "nothing expires in the next 2 days" : `${soon} ${soon === 1 ? "expires" : "expire"} in the next 2 days`;
  const expiredText = expired === 0 ? "" : ` and ${expired} ${expired === 1 ? "has" : "have"} expired`;
  return `You have ${items(total)} in your pantry; ${soonText}${expiredText}.`;
}
