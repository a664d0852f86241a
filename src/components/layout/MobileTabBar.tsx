import { Link, useRouterState } from "@tanstack/react-router";
import { BookIcon, CalendarIcon, CameraIcon, FridgeIcon, HomeIcon } from "../icons";
import { cn } from "../ui/cn";
import { isNavItemActive } from "./navigation";

/** The bottom bar on phones: Home, Fridge, a floating Scan button, Recipes, Plans. */
export function MobileTabBar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const tab = (to: "/" | "/pantry" | "/recipes" | "/meal-plans") => cn("tabbar__item", isNavItemActive({ to, exact: to === "/" }, pathname) && "is-active");
  const current = (to: "/" | "/pantry" | "/recipes" | "/meal-plans") => (isNavItemActive({ to, exact: to === "/" }, pathname) ? "page" : undefined);
  return (
    <nav className="tabbar" aria-label="Quick navigation">
      <Link to="/" className={tab("/")} aria-current={current("/")}>
        <HomeIcon size={22} />
        <span>Home</span>
      </Link>
      <Link to="/pantry" className={tab("/pantry")} aria-current={current("/pantry")}>
        <FridgeIcon size={22} />
        <span>Fridge</span>
      </Link>
      <Link to="/receipts/scan" className="tabbar__scan" aria-label="Scan receipt">
        <span className="tabbar__scan-button">
          <CameraIcon size={26} />
        </span>
        <span className="tabbar__scan-label" aria-hidden="true">
          Scan
        </span>
      </Link>
      <Link to="/recipes" className={tab("/recipes")} aria-current={current("/recipes")}>
        <BookIcon size={22} />
        <span>Recipes</span>
      </Link>
      <Link to="/meal-plans" className={tab("/meal-plans")} aria-current={current("/meal-plans")}>
        <CalendarIcon size={22} />
        <span>Plans</span>
      </Link>
    </nav>
  );
}
