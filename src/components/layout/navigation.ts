import type { ComponentType } from "react";
import { BookIcon, CalendarIcon, CartIcon, ChartIcon, ChefHatIcon, FridgeIcon, HomeIcon, type IconProps } from "../icons";

export type NavItem = {
  to: "/" | "/pantry" | "/recipes" | "/meal-plans" | "/grocery-lists" | "/cooking-companion" | "/insights";
  label: string;
  icon: ComponentType<IconProps>;
  /** "/" is active only on itself; the others also for paths below them (/recipes/{id}, /grocery-lists/{id}). */
  exact?: boolean;
};

/** Main navigation, in the order the header and the mobile menu show it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/", label: "Dashboard", icon: HomeIcon, exact: true },
  { to: "/pantry", label: "Pantry", icon: FridgeIcon },
  { to: "/recipes", label: "Recipes", icon: BookIcon },
  { to: "/meal-plans", label: "Meal Plans", icon: CalendarIcon },
  { to: "/grocery-lists", label: "Grocery Lists", icon: CartIcon },
  { to: "/cooking-companion", label: "AI Chef", icon: ChefHatIcon },
  { to: "/insights", label: "Insights", icon: ChartIcon },
];

/**
 * Whether a nav item is the current section. TanStack's Link does the same for the header; this function serves
 * places that match by hand (the /mealplans alias belongs to Meal Plans).
 */
export function isNavItemActive(item: Pick<NavItem, "to" | "exact">, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (item.exact) return path === item.to;
  if (item.to === "/meal-plans" && (path === "/mealplans" || path.startsWith("/mealplans/"))) return true;
  return path === item.to || path.startsWith(`${item.to}/`);
}
