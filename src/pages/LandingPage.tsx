import { Link } from "@tanstack/react-router";
import { PublicHeader } from "../components/public/PublicHeader";
import { PublicFooter } from "../components/public/PublicFooter";
import { DemoTour } from "../components/public/DemoTour";
import { PlanChooser } from "../components/PlanChooser";
import { Badge } from "../components/ui/Badge";
import { buttonClass } from "../components/ui/Button";
import {
  AlertIcon,
  CalendarIcon,
  ChartIcon,
  ChefHatIcon,
  CheckIcon,
  ClockIcon,
  PlayIcon,
  ReceiptIcon,
  SparklesIcon,
  StarIcon,
  UsersIcon,
  type IconProps,
} from "../components/icons";
import { CREATE_ACCOUNT_SEARCH } from "../lib/auth";
import { RECEIPT_ACCURACY_SENTENCE, RECEIPT_EVALUATION, RECEIPT_ITEM_ACCURACY } from "../lib/claims";
import { trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import type { ComponentType, ReactNode } from "react";

/** Every Join / Try / Start button opens the create-account form (decision 018); Log In opens sign-in. */
function JoinLink({ children, variant = "default", size = "md", className }: { children: ReactNode; variant?: "default" | "secondary" | "outline"; size?: "sm" | "md" | "lg"; className?: string }) {
  return (
    <Link to="/login" search={CREATE_ACCOUNT_SEARCH} className={buttonClass({ variant, size, className })}>
      {children}
    </Link>
  );
}

const SAMPLE_ITEMS = [
  { name: "Milk", emoji: "🥛", days: 2, text: "Expires in 2 days", tone: "warning" },
  { name: "Bananas", emoji: "🍌", days: 4, text: "Expires in 4 days", tone: "info" },
  { name: "Apples", emoji: "🍎", days: 8, text: "Fresh for 8 days", tone: "success" },
] as const;

const FEATURES: readonly { title: string; text: string; icon: ComponentType<IconProps> }[] = [
  { title: "Receipt Scanning", text: "Photograph or upload a grocery receipt, check the lines it read, and add them to your pantry with estimated expiry dates.", icon: ReceiptIcon },
  { title: "Expiration Intelligence", text: "Expiry dates estimated from food-safety storage times, an Expiring Soon list, and an optional morning reminder.", icon: ClockIcon },
  { title: "AI Recipe Generation", text: "Recipes built around the ingredients you pick, favouring what expires first, plus a library to cook from.", icon: SparklesIcon },
  { title: "Meal Planning", text: "Plan the week on a calendar around what's about to expire, then turn the plan into one merged shopping list.", icon: CalendarIcon },
  { title: "AI Cooking Companion", text: "Ask about substitutions, safe temperatures, storage times and what to make with what you have.", icon: ChefHatIcon },
  { title: "Smart Insights", text: "See what you used and what you threw away, which foods you waste most, and what your receipts add up to.", icon: ChartIcon },
];

/** The signed-out home page. */
export function LandingPage() {
  usePageTitle(null);
  // Set by Delete my account on its way out.
  const accountDeleted = new URLSearchParams(window.location.search).get("account") === "deleted";
  return (
    <div className="landing">
      <PublicHeader>
        <nav aria-label="Sections" className="landing-nav">
          <a href="#features">Features</a>
          <a href="#demo">Demo</a>
          <a href="#pricing">Pricing</a>
        </nav>
        <Link to="/login" className={buttonClass({ variant: "ghost" })}>
          Log In
        </Link>
        <JoinLink>Join Beta</JoinLink>
      </PublicHeader>

      <div className="beta-banner" role="region" aria-label="Beta announcement">
        <div className="container beta-banner__inner">
          <p>
            <span aria-hidden="true">🎉 </span>
            <strong>Free beta:</strong> every premium feature is free while spots last.
          </p>
          <JoinLink size="sm" variant="secondary">
            Try Beta
          </JoinLink>
        </div>
      </div>

      <main id="main">
        {accountDeleted && (
          <div className="container">
            <div className="alert alert--success account-deleted" role="status">
              <CheckIcon size={18} />
              <p>Your account and everything in it have been deleted.</p>
            </div>
          </div>
        )}
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero__inner">
            <div className="hero__copy">
              <Badge variant="success" className="hero__badge">
                <SparklesIcon size={14} /> Now in free beta
              </Badge>
              <h1 id="hero-title" className="hero__title">
                Stop wasting food. <span className="text-gradient">Start cooking smarter.</span>
              </h1>
              <p className="hero__lead">
                Plantry tracks what's in your kitchen and when it expires, scans your receipts, and turns what you have into recipes, meal plans and
                shopping lists.
              </p>
              <div className="hero__actions">
                <JoinLink size="lg">Try Free Beta</JoinLink>
                <a href="#demo" className={buttonClass({ variant: "outline", size: "lg" })}>
                  <PlayIcon size={16} />
                  See Demo
                </a>
              </div>
              <ProductClaims />
            </div>

            <figure className="preview" aria-label="Sample dashboard preview">
              <div className="preview__window">
                <div className="preview__chrome" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </div>
                <div className="preview__body">
                  <p className="preview__greeting">Good evening, Sam 👋</p>
                  <p className="preview__heading">Expiring soon</p>
                  <ul className="preview__items" role="list">
                    {SAMPLE_ITEMS.map((item) => (
                      <li key={item.name} className="preview__item">
                        <span className="preview__emoji" aria-hidden="true">
                          {item.emoji}
                        </span>
                        <span className="preview__name">{item.name}</span>
                        <Badge variant={item.tone}>{item.text}</Badge>
                      </li>
                    ))}
                  </ul>
                  <div className="preview__suggestion">
                    <span className="preview__suggestion-icon" aria-hidden="true">
                      🥣
                    </span>
                    <div>
                      <p className="preview__suggestion-label">Suggested recipe</p>
                      <p className="preview__suggestion-title">Banana Smoothie Bowl</p>
                      <p className="preview__suggestion-text">Uses your bananas and milk before they go off · 10 min</p>
                    </div>
                  </div>
                </div>
              </div>
              <figcaption className="preview__caption">
                Sample data: milk expires in 2 days, bananas in 4 days, apples are fresh for 8 days, and a banana smoothie bowl is suggested.
              </figcaption>
            </figure>
          </div>
        </section>

        <section className="problem" aria-labelledby="problem-title">
          <div className="container problem__inner">
            <AlertIcon size={28} className="problem__icon" />
            <div>
              <h2 id="problem-title" className="problem__title">
                The average household wastes <span className="problem__figure">$1,500 per year</span> on spoiled groceries.
              </h2>
              <p className="problem__source">USDA estimate for a family of four in the United States.</p>
              <p className="problem__text">Forgotten leftovers, duplicate buys and "what's for dinner?" add up. Plantry keeps it all in view.</p>
            </div>
          </div>
        </section>

        <section id="demo" className="demo section" aria-labelledby="demo-title">
          <div className="container">
            <div className="section-heading">
              <h2 id="demo-title" className="section-title">
                See Plantry in action
              </h2>
              <p className="section-lead">A five-step tour of the demo household that comes with Plantry: from what expires first to what to cook tonight.</p>
            </div>
            <DemoTour />
          </div>
        </section>

        <section id="features" className="section features" aria-labelledby="features-title">
          <div className="container">
            <div className="section-heading">
              <h2 id="features-title" className="section-title">
                Everything your kitchen needs
              </h2>
              <p className="section-lead">Six tools that work together so less food ends up in the bin.</p>
            </div>
            <ul className="feature-grid" role="list">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="feature-card">
                  <span className="feature-card__icon" aria-hidden="true">
                    <feature.icon size={24} />
                  </span>
                  <h3 className="feature-card__title">{feature.title}</h3>
                  <p className="feature-card__text">{feature.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="section beta" aria-labelledby="beta-title">
          <div className="container">
            <div className="beta__card">
              <div className="beta__copy">
                <Badge variant="premium">
                  <StarIcon size={14} /> Limited beta spots
                </Badge>
                <h2 id="beta-title" className="beta__title">
                  Join the Beta Program
                </h2>
                <p className="beta__lead">Get full access to every premium feature for free during the beta, and help shape what Plantry becomes.</p>
                <ul className="beta__perks" role="list">
                  {["All premium features free during beta", "Unlimited receipt scanning and AI recipes", "Direct line to the team for feedback", "Special pricing at launch"].map((perk) => (
                    <li key={perk}>
                      <CheckIcon size={18} />
                      {perk}
                    </li>
                  ))}
                </ul>
                <JoinLink size="lg" variant="secondary">
                  <UsersIcon size={18} />
                  Join Beta Program
                </JoinLink>
              </div>
            </div>
          </div>
        </section>

        <div id="pricing" className="section">
          <div className="container">
            <PlanChooser
              id="landing-plans"
              title="Simple, honest pricing"
              description="Every plan starts with a 7-day free trial. Cancel anytime. Special pricing will apply at launch."
            />
            <ClaimsNote />
          </div>
        </div>
      </main>

      <PublicFooter />
    </div>
  );
}

/**
 * What the hero states about the product, each figure read from the product: the recipe library as stored
 * (system.stats) and receipt reading as measured (worker/data/receiptEvaluation.json). No user counts.
 */
function ProductClaims() {
  const stats = trpc.system.stats.useQuery(undefined, { staleTime: 60 * 60_000, retry: false, refetchOnWindowFocus: false });
  const recipes = stats.data?.libraryRecipes;
  return (
    <div className="hero__claims-block">
    <ul className="hero__claims" role="list">
      {recipes !== undefined && recipes > 0 && (
        <li data-claim="recipes">
          <span className="hero__claim-value">{recipes.toLocaleString("en-US")}</span>
          <span className="hero__claim-label">recipes in the built-in library</span>
        </li>
      )}
      <li data-claim="receipts">
        <span className="hero__claim-value">{RECEIPT_ITEM_ACCURACY}</span>
        <span className="hero__claim-label">of receipt items read exactly right</span>
      </li>
      <li data-claim="price">
        <span className="hero__claim-value">$0</span>
        <span className="hero__claim-label">every feature free during the beta</span>
      </li>
    </ul>
    <a href="#claims-note" className="hero__claims-link">How these figures are measured</a>
    </div>
  );
}

/** The footnote under the pricing: how the receipt figure was measured. */
export function ClaimsNote() {
  return (
    <p id="claims-note" className="claims-note">
      {RECEIPT_ACCURACY_SENTENCE} The recipe count is the built-in library every account can cook from. Receipt reading was measured on printed receipt text from {RECEIPT_EVALUATION.receipts} receipts; a blurry or crumpled photo reads worse, which is
      why every scan is reviewed before anything is added.
    </p>
  );
}
