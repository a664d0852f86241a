import { useId } from "react";
import { ShieldIcon } from "../icons";
import { cn } from "../ui/cn";
import "../../styles/pantry.css";

/**
 * The Food Safety Notice shown on the dashboard and the pantry: expiry dates here are estimates, and the senses
 * and the package decide.
 */
export function FoodSafetyNotice({ compact = false, className }: { compact?: boolean; className?: string }) {
  const titleId = useId();
  return (
    <aside className={cn("safety-notice", compact && "safety-notice--compact", className)} aria-labelledby={titleId}>
      <ShieldIcon size={20} className="safety-notice__icon" />
      <div>
        <h2 id={titleId} className="safety-notice__title">
          Food Safety Notice
        </h2>
        <p className="safety-notice__text">
          {compact
            ? "Expiry dates are estimates. Check the package date, look and smell before eating; when in doubt, throw it out."
            : "Expiration dates here are estimates based on USDA FoodKeeper guidance and typical storage. Always check the package date and look, smell and texture before eating; when in doubt, throw it out."}
        </p>
      </div>
    </aside>
  );
}
