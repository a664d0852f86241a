import { Badge, type BadgeVariant } from "../ui/Badge";
import { cn } from "../ui/cn";
import { ClockIcon, AlertIcon } from "../icons";
import type { PantryBand, SimpleBand } from "../../../worker/domain/expiry";

const PANTRY_VARIANT: Record<PantryBand, BadgeVariant> = {
  none: "secondary",
  expired: "danger",
  critical: "danger",
  warning: "warning",
  good: "success",
};

const SIMPLE_VARIANT: Record<SimpleBand, BadgeVariant> = {
  critical: "danger",
  urgent: "danger",
  warning: "warning",
  good: "success",
};

/**
 * An expiry badge: the text always says the state (colour is only a second cue), expired and critical items also
 * get a warning icon.
 */
export function ExpiryBadge({ band, label, className }: { band: PantryBand | SimpleBand; label: string; className?: string }) {
  const variant = band in PANTRY_VARIANT ? PANTRY_VARIANT[band as PantryBand] : SIMPLE_VARIANT[band as SimpleBand];
  const alarming = band === "expired" || band === "critical" || band === "urgent";
  return (
    <Badge variant={variant} className={cn("expiry-badge", `expiry-badge--${band}`, className)}>
      {alarming ? <AlertIcon size={12} /> : band !== "none" && <ClockIcon size={12} />}
      {label}
    </Badge>
  );
}
