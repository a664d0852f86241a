import { useId, useState, type KeyboardEvent } from "react";
import { Button } from "../ui/Button";
import { cn } from "../ui/cn";
import { ChevronLeftIcon, ChevronRightIcon } from "../icons";
import { carouselKeyAction, carouselStep, slideCounter } from "../../lib/carousel";

/**
 * The landing page's demo: a short guided tour of the seeded demo account, one real screenshot per step
 * (public/demo/, taken by `npm run demo:screenshots` from the running app with the demo data).
 */
export const DEMO_STEPS = [
  {
    key: "dashboard",
    title: "See what needs using first",
    text: "The dashboard counts your pantry, receipts and saved recipes and lists what expires soonest, so dinner starts from what's about to go off.",
    image: "/demo/dashboard.jpg",
    alt: "Plantry's dashboard for the demo household: a greeting with a summary of 18 pantry items, count tiles, quick actions, and an Expiring Soon list starting with baby spinach and Greek yogurt marked expired.",
  },
  {
    key: "pantry",
    title: "Every item with its expiry date",
    text: "Add food by hand or from a receipt. Plantry estimates each expiry from food-safety storage times and where you keep it, and flags what's close.",
    image: "/demo/pantry.jpg",
    alt: "The pantry filtered to expiring items: cards for baby spinach, fresh basil and Greek yogurt, each with its category, storage place, an expiry badge and Use Some, Edit and Delete buttons.",
  },
  {
    key: "receipt",
    title: "Scan a receipt, review, add",
    text: "Photograph or upload a receipt. The text is read on your device, then you check each line (name, amount, price, expiry) before anything goes into the pantry.",
    image: "/demo/receipt.jpg",
    alt: "The receipt review step: the store name and total, then lines read from the receipt (whole milk, eggs, bananas) each with a checkbox, quantity, price, category, storage place and estimated expiry date.",
  },
  {
    key: "recipes",
    title: "Cook from what you have",
    text: "What can I make? ranks the built-in recipe library by how much of it your pantry covers, favouring ingredients that expire soonest.",
    image: "/demo/recipes.jpg",
    alt: "The recipes page with What can I make? switched on: recipe cards ranked by how many of the demo pantry's items they use.",
  },
  {
    key: "insights",
    title: "Know what you waste and spend",
    text: "Insights shows what was used and what went to waste, which categories are wasted most, and what your receipts add up to.",
    image: "/demo/insights.jpg",
    alt: "The insights page: money wasted, waste rate, items used and money spent, with weekly charts of money and items used versus wasted.",
  },
] as const;

export function DemoTour() {
  const [index, setIndex] = useState(0);
  const ids = useId();
  const count = DEMO_STEPS.length;
  const step = DEMO_STEPS[index]!;
  const go = (next: number) => setIndex(next);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = carouselKeyAction(event.key);
    if (!action) return;
    event.preventDefault();
    const next = carouselStep(index, action, count);
    setIndex(next);
    document.getElementById(`${ids}-tab-${next}`)?.focus();
  };

  return (
    <div className="demo-tour">
      <div role="tablist" aria-label="Demo tour steps" className="demo-tour__steps" onKeyDown={onKeyDown}>
        {DEMO_STEPS.map((s, i) => (
          <button
            key={s.key}
            id={`${ids}-tab-${i}`}
            type="button"
            role="tab"
            aria-selected={i === index}
            aria-controls={`${ids}-panel`}
            tabIndex={i === index ? 0 : -1}
            className={cn("demo-tour__step", i === index && "is-active")}
            onClick={() => go(i)}
          >
            <span className="demo-tour__step-number" aria-hidden="true">
              {i + 1}
            </span>
            {s.title}
          </button>
        ))}
      </div>
      <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-tab-${index}`} className="demo-tour__panel">
        <figure className="demo-tour__figure">
          <img src={step.image} alt={step.alt} width={1280} height={800} loading="lazy" decoding="async" className="demo-tour__image" />
          <figcaption className="demo-tour__caption">
            <p className="demo-tour__counter">Step {slideCounter(index, count)}</p>
            <h3 className="demo-tour__title">{step.title}</h3>
            <p className="demo-tour__text">{step.text}</p>
            <div className="demo-tour__nav">
              <Button variant="outline" size="sm" onClick={() => go(carouselStep(index, { type: "previous" }, count))}>
                <ChevronLeftIcon size={16} />
                Previous
              </Button>
              <Button variant="outline" size="sm" onClick={() => go(carouselStep(index, { type: "next" }, count))}>
                Next
                <ChevronRightIcon size={16} />
              </Button>
            </div>
          </figcaption>
        </figure>
      </div>
      <p className="demo-tour__note">Screenshots of the demo household that ships with Plantry, taken from the app as it runs today.</p>
    </div>
  );
}
