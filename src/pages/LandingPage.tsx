import { PublicHeader } from "../components/public/PublicHeader";
import { PublicFooter } from "../components/public/PublicFooter";
import { PlanChooser } from "../components/PlanChooser";
import { Badge } from "../components/ui/Badge";
import { Button, buttonClass } from "../components/ui/Button";
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
import { SIGN_IN_URLS } from "../lib/auth";
import { usePageTitle } from "../lib/usePageTitle";
import type { ComponentType } from "react";

/** Every join or login button goes to the platform sign-in (spec part 1 §2). */
function goToSignIn() {
  window.location.assign(SIGN_IN_URLS.platform);
}

const SAMPLE_ITEMS = [
  { name: "Milk", emoji: "🥛", days: 2, text: "Expires in 2 days", tone: "warning" },
  { name: "Bananas", emoji: "🍌", days: 4, text: "Expires in 4 days", tone: "info" },
  { name: "Apples", emoji: "🍎", days: 8, text: "Fresh for 8 days", tone: "success" },
] as const;

const FEATURES: readonly { title: string; text: string; icon: ComponentType<IconProps> }[] = [
  { title: "Receipt Scanning", text: "Snap a photo of your grocery receipt and every item lands in your pantry with an estimated expiry date.", icon: ReceiptIcon },
  { title: "Expiration Intelligence", text: "Know what's about to go off before it does, with reminders that put the right food on the menu.", icon: ClockIcon },
  { title: "AI Recipe Generation", text: "Turn what you already have into tonight's dinner with recipes built around your ingredients.", icon: SparklesIcon },
  { title: "Meal Planning", text: "Plan the week in minutes and get a shopping list that skips what's already in the cupboard.", icon: CalendarIcon },
  { title: "AI Cooking Companion", text: "Ask questions, find substitutions and get timings from a chef that's always in the kitchen.", icon: ChefHatIcon },
  { title: "Smart Insights", text: "See what you waste and spend, and how much you save, with insights that get sharper over time.", icon: ChartIcon },
];

const CLAIMS = [
  { value: "99%", label: "receipt-scanning accuracy" },
  { value: "1000+", label: "recipes" },
  { value: "5 min", label: "of daily setup" },
] as const;

/** The signed-out home page. */
export function LandingPage() {
  usePageTitle(null);
  return (
    <div className="landing">
      <PublicHeader>
        <nav aria-label="Sections" className="landing-nav">
          <a href="#features">Features</a>
          <a href="#demo">Demo</a>
          <a href="#pricing">Pricing</a>
        </nav>
        <Button variant="ghost" onClick={goToSignIn}>
          Log In
        </Button>
        <Button onClick={goToSignIn}>Join Beta</Button>
      </PublicHeader>

      <div className="beta-banner" role="region" aria-label="Beta announcement">
        <div className="container beta-banner__inner">
          <p>
            <span aria-hidden="true">🎉 </span>
            <strong>Free beta:</strong> every premium feature is free while spots last.
          </p>
          <Button size="sm" variant="secondary" onClick={goToSignIn}>
            Try Beta
          </Button>
        </div>
      </div>

      <main id="main">
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
                <Button size="lg" onClick={goToSignIn}>
                  Try Free Beta
                </Button>
                <a href="#demo" className={buttonClass({ variant: "outline", size: "lg" })}>
                  <PlayIcon size={16} />
                  See Demo
                </a>
              </div>
              <ul className="hero__claims" role="list">
                {CLAIMS.map((claim) => (
                  <li key={claim.label}>
                    <span className="hero__claim-value">{claim.value}</span>
                    <span className="hero__claim-label">{claim.label}</span>
                  </li>
                ))}
              </ul>
            </div>

            <figure className="preview" aria-label="Dashboard preview">
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
              <figcaption className="sr-only">
                A sample dashboard: milk expires in 2 days, bananas in 4 days, apples are fresh for 8 days, and a banana smoothie bowl is suggested.
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
              <p className="section-lead">A walkthrough of about 2 minutes: from scanning a receipt to cooking tonight's dinner.</p>
            </div>
            <div className="demo__video" role="img" aria-label="Demo video, coming soon">
              <span className="demo__play" aria-hidden="true">
                <PlayIcon size={32} />
              </span>
              <p className="demo__soon">Demo video coming soon</p>
              <p className="demo__length">~2 minute walkthrough</p>
            </div>
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
                <Button size="lg" variant="secondary" onClick={goToSignIn}>
                  <UsersIcon size={18} />
                  Join Beta Program
                </Button>
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
          </div>
        </div>
      </main>

      <PublicFooter />
    </div>
  );
}
