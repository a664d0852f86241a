import { useState, type ComponentType, type KeyboardEvent } from "react";
import { Link } from "@tanstack/react-router";
import { PublicHeader } from "../components/public/PublicHeader";
import { PublicFooter } from "../components/public/PublicFooter";
import { Button, buttonClass } from "../components/ui/Button";
import { cn } from "../components/ui/cn";
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, GlobeIcon, SparklesIcon, StarIcon, TrendingDownIcon, type IconProps } from "../components/icons";
import { CREATE_ACCOUNT_SEARCH, useAuth } from "../lib/auth";
import { carouselKeyAction, carouselStep, slideCounter, type CarouselAction } from "../lib/carousel";
import { usePageTitle } from "../lib/usePageTitle";

type Slide = { title: string; icon: ComponentType<IconProps>; tone: string; body: string; points?: readonly string[]; cta?: boolean };

/** The About page's five slides, in order. */
export const ABOUT_SLIDES: readonly Slide[] = [
  {
    title: "The Problem",
    icon: TrendingDownIcon,
    tone: "danger",
    body: "The average household wastes $1,500/year on groceries that go bad before anyone eats them (a USDA estimate for a family of four).",
    points: ["Food bought with good intentions", "Forgotten at the back of the fridge", "Thrown away a week later"],
  },
  {
    title: "The Chaos",
    icon: AlertIcon,
    tone: "warning",
    body: "Busy weeks make it hard to keep track of what's in the kitchen.",
    points: ["Forgotten food hiding behind the milk", "Shopping without a plan (and buying doubles)", "Dinner dread at 6 pm every evening"],
  },
  {
    title: "Our Solution",
    icon: SparklesIcon,
    tone: "success",
    body: "Plantry keeps your kitchen in view and tells you what to cook next.",
    points: ["Tracks your ingredients and their expiry dates", "Suggests recipes from what you already have", "AI-powered planning, scanning and cooking help"],
  },
  {
    title: "Join the Beta",
    icon: StarIcon,
    tone: "premium",
    body: "Get free full access to every feature during the beta. Spots are limited.",
    points: ["Every premium feature, free", "Shape the product with your feedback", "Special pricing at launch"],
    cta: true,
  },
  {
    title: "Impact",
    icon: GlobeIcon,
    tone: "info",
    body: "Wasted food means wasted water, energy and emissions. Every meal you rescue is a small step in fighting climate change.",
    points: ["Less food in landfill", "Lower grocery bills", "A smaller footprint for every household"],
  },
];

/** The about story: a five-slide carousel with wrap-around, dots and a call to action. */
export function AboutPage() {
  const { isAuthenticated } = useAuth();
  const [index, setIndex] = useState(0);
  const count = ABOUT_SLIDES.length;
  const slide = ABOUT_SLIDES[index]!;
  const act = (action: CarouselAction) => setIndex((current) => carouselStep(current, action, count));
  usePageTitle("About");

  // Arrow keys, Home and End move between slides while focus is anywhere in the carousel.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = carouselKeyAction(event.key);
    if (!action) return;
    event.preventDefault();
    act(action);
  };

  const content = (
    <div className="about">
      <section className="about__intro">
        <h1 className="page-title">Why we built Plantry</h1>
        <p className="page-subtitle">Five slides on food waste, and what we're doing about it.</p>
      </section>

      <section className="carousel" aria-roledescription="carousel" aria-label="Our story" onKeyDown={onKeyDown}>
        <div
          className={cn("carousel__slide", `carousel__slide--${slide.tone}`)}
          role="group"
          aria-roledescription="slide"
          aria-label={`${slideCounter(index, count)}: ${slide.title}`}
          aria-live="polite"
        >
          <span className="carousel__icon" aria-hidden="true">
            <slide.icon size={32} />
          </span>
          <h2 className="carousel__title">{slide.title}</h2>
          <p className="carousel__body">{slide.body}</p>
          {slide.points && (
            <ul className="carousel__points" role="list">
              {slide.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          )}
          {slide.cta && <JoinOrOpen signedIn={isAuthenticated} label="Join Beta Now" />}
        </div>

        <div className="carousel__controls">
          <Button variant="outline" size="icon" aria-label="Previous slide" onClick={() => act({ type: "previous" })}>
            <ChevronLeftIcon />
          </Button>
          <div className="carousel__dots">
            {ABOUT_SLIDES.map((s, i) => (
              <button
                key={s.title}
                type="button"
                className={cn("carousel__dot", i === index && "is-active")}
                aria-label={`Go to slide ${i + 1}: ${s.title}`}
                aria-current={i === index ? "step" : undefined}
                onClick={() => act({ type: "go", index: i })}
              />
            ))}
          </div>
          <Button variant="outline" size="icon" aria-label="Next slide" onClick={() => act({ type: "next" })}>
            <ChevronRightIcon />
          </Button>
        </div>
        <p className="carousel__counter">{slideCounter(index, count)}</p>
      </section>

      <section className="cta-block" aria-labelledby="about-cta-title">
        <h2 id="about-cta-title" className="cta-block__title">
          Start Your Free Beta Trial
        </h2>
        <p className="cta-block__text">
          Every feature is free while Plantry is in beta. Creating an account takes a minute, and you can download or delete your data whenever you like.
        </p>
        <JoinOrOpen signedIn={isAuthenticated} label="Start Free Beta" variant="secondary" />
      </section>
    </div>
  );

  if (isAuthenticated) return content;
  return (
    <div className="public-page">
      <PublicHeader>
        <JoinOrOpen signedIn={false} label="Try Beta" size="md" />
      </PublicHeader>
      <main id="main" className="container public-page__main">
        {content}
      </main>
      <PublicFooter />
    </div>
  );
}

/** Visitors go to the create-account form; someone signed in goes to their dashboard. */
function JoinOrOpen({ signedIn, label, variant = "default", size = "lg" }: { signedIn: boolean; label: string; variant?: "default" | "secondary"; size?: "md" | "lg" }) {
  if (signedIn) {
    return (
      <Link to="/" className={buttonClass({ variant, size })}>
        Open Plantry
      </Link>
    );
  }
  return (
    <Link to="/login" search={CREATE_ACCOUNT_SEARCH} className={buttonClass({ variant, size })}>
      {label}
    </Link>
  );
}
