import type { DashboardData } from "../../components/pantry/queries";

const items = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/**
 * The dashboard's summary sentence, e.g. "You have 12 items in your pantry; 3 expire in the next 2 days." Counts
 * come from the dashboard's expiring list (expired and 0-2 days are the critical band).
 */
export function dashboardSummary(data: Pick<DashboardData, "counts" | "expiringItems">): string {
  const total = data.counts.pantryItems;
  if (total === 0) return "Your pantry is empty. Add a few items or scan a receipt and we'll keep an eye on expiry dates for you.";
  const soon = data.expiringItems.filter((item) => item.expiry.days !== null && item.expiry.days >= 0 && item.expiry.days <= 2).length;
  const expired = data.expiringItems.filter((item) => item.expiry.band === "expired").length;
  const soonText = soon === 0 ? "nothing expires in the next 2 days" : `${soon} ${soon === 1 ? "expires" : "expire"} in the next 2 days`;
  const expiredText = expired === 0 ? "" : ` and ${expired} ${expired === 1 ? "has" : "have"} expired`;
  return `You have ${items(total)} in your pantry; ${soonText}${expiredText}.`;
}
