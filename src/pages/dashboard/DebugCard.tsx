import { useId, useState } from "react";
import { trpc } from "../../lib/trpc";
import { clearPremiumOverride, setPremiumOverride, useAuth } from "../../lib/auth";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { Card, CardContent } from "../../components/ui/Card";
import { Checkbox } from "../../components/ui/Checkbox";
import { ChevronRightIcon } from "../../components/icons";
import { cn } from "../../components/ui/cn";
import { DEBUG_PREMIUM_KEY } from "../../../worker/domain/constants";
import "../../styles/insights.css";

const tierName = (premium: boolean) => (premium ? "Premium" : "Free");

/**
 * The collapsible Debug card: a local premium override kept in localStorage under
 * debug-premium-toggle, with a Clear button. It changes only what this browser shows; the server decides access.
 */
export function DebugCard() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { isPremium, premiumOverride } = useAuth();
  const serverPremium = trpc.useUtils().auth.me.getData()?.isPremium ?? false;
  return (
    <Card className={cn("debug-card", open && "is-open")}>
      <div className="debug-card__header">
        <h2 className="debug-card__title">
          <button type="button" className="debug-card__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            <ChevronRightIcon size={18} className="debug-card__chevron" />
            Debug
          </button>
        </h2>
        <span className="debug-card__tier">
          Tier: <Badge variant={isPremium ? "premium" : "secondary"}>{tierName(isPremium)}</Badge>
        </span>
      </div>
      <CardContent id={panelId} className="debug-card__body" hidden={!open}>
        <dl className="debug-card__facts">
          <div>
            <dt>Effective tier</dt>
            <dd data-testid="effective-tier">{tierName(isPremium)}</dd>
          </div>
          <div>
            <dt>Account (server)</dt>
            <dd>{tierName(serverPremium)}</dd>
          </div>
          <div>
            <dt>Local override</dt>
            <dd>{premiumOverride === null ? "Not set" : premiumOverride ? "Premium" : "Free"}</dd>
          </div>
        </dl>
        <Checkbox
          id={DEBUG_PREMIUM_KEY}
          label="Treat this browser as Premium"
          description={`Stored in this browser as "${DEBUG_PREMIUM_KEY}". It changes what the app shows here, not what the server allows.`}
          checked={isPremium}
          onChange={(e) => setPremiumOverride(e.target.checked)}
        />
        <div>
          <Button variant="outline" size="sm" onClick={clearPremiumOverride} disabled={premiumOverride === null}>
            Clear override
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
