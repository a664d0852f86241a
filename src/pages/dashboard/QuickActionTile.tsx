import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { cn } from "../../components/ui/cn";
import { ArrowRightIcon } from "../../components/icons";
import type { PantrySearch, RecipesSearch } from "../../router";
import "../../styles/insights.css";

/** Where a tile may lead: the dashboard's quick-action targets, typed so a tile cannot link to a missing route. */
export type QuickActionLink =
  | { to: "/receipts/scan" | "/cooking-companion" | "/meal-plans" | "/insights" | "/grocery-lists" | "/profile" }
  | { to: "/pantry"; search: PantrySearch }
  | { to: "/recipes"; search: RecipesSearch };

export type QuickActionTone = "green" | "orange" | "blue" | "purple" | "rose";

type QuickActionTileProps = {
  title: string;
  description?: string;
  icon: ReactNode;
  tone?: QuickActionTone;
  className?: string;
} & ({ link: QuickActionLink; onClick?: never } | { onClick: () => void; link?: never });

/** A quick-action tile: navigates to a link, or runs a callback. */
export function QuickActionTile({ title, description, icon, tone = "green", className, link, onClick }: QuickActionTileProps) {
  const body = (
    <>
      <span className="quick-tile__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="quick-tile__text">
        <span className="quick-tile__title">{title}</span>
        {description && <span className="quick-tile__description">{description}</span>}
      </span>
      <ArrowRightIcon size={16} className="quick-tile__arrow" />
    </>
  );
  const classes = cn("quick-tile", `quick-tile--${tone}`, className);
  if (link) {
    return "search" in link ? (
      link.to === "/pantry" ? (
        <Link to="/pantry" search={link.search} className={classes}>
          {body}
        </Link>
      ) : (
        <Link to="/recipes" search={link.search} className={classes}>
          {body}
        </Link>
      )
    ) : (
      <Link to={link.to} className={classes}>
        {body}
      </Link>
    );
  }
  return (
    <button type="button" className={classes} onClick={onClick}>
      {body}
    </button>
  );
}
