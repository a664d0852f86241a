import { Link } from "@tanstack/react-router";
import { Badge } from "./ui/Badge";
import { Button, buttonClass } from "./ui/Button";
import { cn } from "./ui/cn";
import { CheckIcon } from "./icons";
import { LIMITS } from "../../worker/domain/constants";
import { CREATE_ACCOUNT_SEARCH } from "../lib/auth";

/** The plans a visitor can choose from, in display order. */
export const PLANS = [
  {
    id: "free",
    name: "Free",
    price: "0",
    tagline: "Everything you need to stop wasting food.",
    features: [
      "Basic pantry management",
      "Full meal planning",
      `Receipt scanning (${LIMITS.freeReceiptScansPerMonth} per month)`,
      "Basic recipe search",
      `${LIMITS.freeAiTokensPerMonth.toLocaleString("en-US")} AI tokens per month`,
    ],
  },
  {
    id: "premium",
    name: "Premium",
    price: "5.99",
    tagline: "For cooks who want the kitchen to plan itself.",
    features: [
      "Everything in Free",
      "Unlimited receipt scanning",
      "AI recipe generation",
      "Smart shopping lists",
      "AI cooking companion",
      "Advanced personalization",
      "Unlimited AI tokens",
    ],
  },
  {
    id: "pro",
    name: "Pro",
    price: "19.99",
    tagline: "For families and power users.",
    features: [
      "Family sharing (up to 5 users)",
      "Advanced analytics",
      "Custom dietary profiles",
      "API access",
      "Priority support",
      "White-label options",
    ],
  },
] as const;

type PlanChooserProps = {
  /** Signed-out visitors get a "Start Free" button that opens the create-account form. */
  signedIn?: boolean;
  /** The signed-in user's (effective) premium flag, to mark the current plan. */
  isPremium?: boolean;
  title?: string;
  description?: string;
  /** Heading level of the section title (h2 on pages; plan names are one level below). */
  headingLevel?: 2 | 3;
  className?: string;
  id?: string;
};

/** Free / Premium / Pro cards with prices, contents, the 7-day trial and cancel-anytime notes. */
export function PlanChooser({
  signedIn = false,
  isPremium = false,
  title = "Choose your plan",
  description = "Every plan starts with a 7-day free trial. Cancel anytime.",
  headingLevel = 2,
  className,
  id,
}: PlanChooserProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const PlanHeading = headingLevel === 2 ? "h3" : "h4";
  const headingId = `${id ?? "plans"}-title`;
  const currentPlan = signedIn ? (isPremium ? "premium" : "free") : null;

  return (
    <section className={cn("plans", className)} aria-labelledby={headingId} id={id}>
      <div className="plans__intro">
        <Heading id={headingId} className="section-title">
          {title}
        </Heading>
        <p className="section-lead">{description}</p>
      </div>
      <ul className="plans__grid" role="list">
        {PLANS.map((plan) => {
          const featured = plan.id === "premium";
          return (
            <li key={plan.id} className={cn("plan", featured && "plan--featured", plan.id === "pro" && "plan--muted")}>
              <div className="plan__head">
                <PlanHeading className="plan__name">{plan.name}</PlanHeading>
                {featured && <Badge variant="premium">Most popular</Badge>}
                {plan.id === "pro" && <Badge variant="outline">Coming Soon</Badge>}
                {currentPlan === plan.id && <Badge variant="success">Your plan</Badge>}
              </div>
              <p className="plan__price">
                <span className="plan__amount">${plan.price}</span>
                <span className="plan__period">/month</span>
              </p>
              <p className="plan__tagline">{plan.tagline}</p>
              <ul className="plan__features" role="list">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckIcon size={16} className="plan__check" />
                    {feature}
                  </li>
                ))}
              </ul>
              <p className="plan__terms">7-day free trial · Cancel anytime</p>
              <PlanAction planId={plan.id} signedIn={signedIn} current={currentPlan === plan.id} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PlanAction({ planId, signedIn, current }: { planId: string; signedIn: boolean; current: boolean }) {
  if (planId === "premium") {
    return (
      <Button className="plan__cta" disabled>
        Premium Coming Soon
      </Button>
    );
  }
  if (planId === "pro") {
    return (
      <Button className="plan__cta" variant="outline" disabled>
        Coming Soon
      </Button>
    );
  }
  if (!signedIn) {
    return (
      <Link to="/login" search={CREATE_ACCOUNT_SEARCH} className={buttonClass({ variant: "outline", className: "plan__cta" })}>
        Start Free
      </Link>
    );
  }
  return (
    <Button className="plan__cta" variant="outline" disabled>
      {current ? "Current Plan" : "Included"}
    </Button>
  );
}
