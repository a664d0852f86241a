import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, Textarea, cn, useToast } from "../../components/ui";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { OVERALL_EXPERIENCE_MAX, RESEARCH_OPTIONS, RESEARCH_TEXT_MAX, type ResearchInput } from "../../../worker/schemas/engagement";
import "../../styles/feedback.css";

type Options = typeof RESEARCH_OPTIONS;
type SingleField = "age" | "cookingExperience" | "usageFrequency" | "paymentWillingness" | "monthlyPayAmount" | "recommendationLikelihood";
type ListField = "favoriteFeatures" | "wantedFeatures";
type TextField = "newFeatureIdeas" | "mainPainPoint" | "additionalComments";

type FormState = { [K in SingleField]: Options[K][number] | "" } & { [K in ListField]: Options[K][number][] } & { [K in TextField]: string } & {
  overallExperience: number | null;
};

const EMPTY: FormState = {
  age: "",
  cookingExperience: "",
  usageFrequency: "",
  favoriteFeatures: [],
  paymentWillingness: "",
  monthlyPayAmount: "",
  newFeatureIdeas: "",
  wantedFeatures: [],
  mainPainPoint: "",
  overallExperience: null,
  recommendationLikelihood: "",
  additionalComments: "",
};

/** Words for the stored values (the values themselves are fixed: RESEARCH_OPTIONS). */
const LABELS: Partial<Record<string, string>> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
  professional: "Professional",
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  rarely: "Rarely",
  "yes-definitely": "Yes, definitely",
  maybe: "Maybe",
  "probably-not": "Probably not",
  no: "No",
  "under-5": "Under $5",
  "5-10": "$5 to $10",
  "10-20": "$10 to $20",
  "over-20": "Over $20",
  "very-likely": "Very likely",
  likely: "Likely",
  neutral: "Neutral",
  unlikely: "Unlikely",
  "very-unlikely": "Very unlikely",
};
const label = (value: string) => LABELS[value] ?? value;
const EXPERIENCE_WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;

/** /user-research: the detailed research survey in four sections; every question is optional. */
export function UserResearchPage() {
  usePageTitle("Help shape Plantry");
  const { toast } = useToast();
  const [form, setForm] = useState<FormState>(EMPTY);
  const submit = trpc.engagement.submitResearch.useMutation();
  const submitting = submit.isPending;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const toggle = <K extends ListField>(key: K, value: FormState[K][number]) =>
    setForm((current) => {
      const list = current[key] as string[];
      return { ...current, [key]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] };
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = (value: string) => value.trim() || null;
    const payload: ResearchInput = {
      age: form.age || null,
      cookingExperience: form.cookingExperience || null,
      usageFrequency: form.usageFrequency || null,
      favoriteFeatures: form.favoriteFeatures,
      paymentWillingness: form.paymentWillingness || null,
      monthlyPayAmount: form.monthlyPayAmount || null,
      newFeatureIdeas: text(form.newFeatureIdeas),
      wantedFeatures: form.wantedFeatures,
      mainPainPoint: text(form.mainPainPoint),
      overallExperience: form.overallExperience,
      recommendationLikelihood: form.recommendationLikelihood || null,
      additionalComments: text(form.additionalComments),
      timestamp: new Date().toISOString(),
      userAgent: navigator.userAgent.slice(0, 500),
      page: window.location.pathname,
    };
    try {
      await submit.mutateAsync(payload);
      toast({ title: "Research form submitted!", description: "Thank you for helping us shape Plantry. We read every answer." });
      setForm(EMPTY);
    } catch (error) {
      console.warn("Research form failed", error);
      toast({ title: "Error submitting form", description: errorMessage(error, "Please try again later or contact support directly."), variant: "destructive" });
    }
  };

  return (
    <div className="page survey-page">
      <header className="page-header">
        <h1 className="page-title">Help shape Plantry</h1>
        <p className="page-subtitle">A few questions about how you cook and shop. Every question is optional; answer as many as you like.</p>
      </header>

      <form className="survey" onSubmit={onSubmit} noValidate aria-label="Research survey">
        <Section title="Basic Info" description="So we know who is cooking.">
          <Choices legend="Your age" name="age" options={RESEARCH_OPTIONS.age} value={form.age} onChange={(v) => set("age", v)} />
          <Choices legend="Cooking experience" name="cookingExperience" options={RESEARCH_OPTIONS.cookingExperience} value={form.cookingExperience} onChange={(v) => set("cookingExperience", v)} />
        </Section>

        <Section title="Your Usage" description="How Plantry fits into your week.">
          <Choices legend="How often do you use Plantry?" name="usageFrequency" options={RESEARCH_OPTIONS.usageFrequency} value={form.usageFrequency} onChange={(v) => set("usageFrequency", v)} />
          <Checks legend="Which features do you use most?" options={RESEARCH_OPTIONS.favoriteFeatures} value={form.favoriteFeatures} onToggle={(v) => toggle("favoriteFeatures", v)} />
        </Section>

        <Section title="Payment & New Features" description="Help us decide what to build next and what it should cost.">
          <Choices legend="Would you pay for Plantry after the beta?" name="paymentWillingness" options={RESEARCH_OPTIONS.paymentWillingness} value={form.paymentWillingness} onChange={(v) => set("paymentWillingness", v)} />
          <Choices legend="How much a month would feel fair?" name="monthlyPayAmount" options={RESEARCH_OPTIONS.monthlyPayAmount} value={form.monthlyPayAmount} onChange={(v) => set("monthlyPayAmount", v)} />
          <Checks legend="Which of these would you like?" options={RESEARCH_OPTIONS.wantedFeatures} value={form.wantedFeatures} onToggle={(v) => toggle("wantedFeatures", v)} />
          <Field label="Any other feature ideas?" optional>
            {(control) => <Textarea {...control} rows={3} maxLength={RESEARCH_TEXT_MAX} value={form.newFeatureIdeas} onChange={(e) => set("newFeatureIdeas", e.target.value)} />}
          </Field>
        </Section>

        <Section title="Overall Experience" description="Tell us how it's going.">
          <Field label="What frustrates you most about keeping track of food?" optional>
            {(control) => <Textarea {...control} rows={3} maxLength={RESEARCH_TEXT_MAX} value={form.mainPainPoint} onChange={(e) => set("mainPainPoint", e.target.value)} />}
          </Field>
          <fieldset className="survey__group">
            <legend className="label">Your experience so far</legend>
            <div className="survey__options survey__options--row">
              {Array.from({ length: OVERALL_EXPERIENCE_MAX }, (_, i) => i + 1).map((rating) => (
                <label key={rating} className={cn("choice", form.overallExperience === rating && "is-selected")}>
                  <input type="radio" name="overallExperience" value={rating} checked={form.overallExperience === rating} onChange={() => set("overallExperience", rating)} />
                  <span>
                    {rating} · {EXPERIENCE_WORDS[rating - 1]}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Choices
            legend="How likely are you to recommend Plantry to a friend?"
            name="recommendationLikelihood"
            options={RESEARCH_OPTIONS.recommendationLikelihood}
            value={form.recommendationLikelihood}
            onChange={(v) => set("recommendationLikelihood", v)}
          />
          <Field label="Anything else?" optional>
            {(control) => <Textarea {...control} rows={3} maxLength={RESEARCH_TEXT_MAX} value={form.additionalComments} onChange={(e) => set("additionalComments", e.target.value)} />}
          </Field>
        </Section>

        <div className="survey__actions">
          <Button type="button" variant="outline" onClick={() => setForm(EMPTY)} disabled={submitting}>
            Clear answers
          </Button>
          <Button type="submit" size="lg" loading={submitting}>
            {submitting ? "Submitting..." : "Submit Research Form"}
          </Button>
        </div>
      </form>
    </div>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card className="survey__section" role="group" aria-labelledby={id}>
      <CardHeader>
        <CardTitle as="h2" id={id}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="stack">{children}</CardContent>
    </Card>
  );
}

/** One answer from a list, as radio buttons. */
function Choices<T extends string>({ legend, name, options, value, onChange }: { legend: string; name: string; options: readonly T[]; value: T | ""; onChange: (value: T | "") => void }) {
  return (
    <fieldset className="survey__group">
      <legend className="label">{legend}</legend>
      <div className="survey__options">
        {options.map((option) => (
          <label key={option} className={cn("choice", value === option && "is-selected")}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
            <span>{label(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Checks<T extends string>({ legend, options, value, onToggle }: { legend: string; options: readonly T[]; value: readonly T[]; onToggle: (value: T) => void }) {
  return (
    <fieldset className="survey__group">
      <legend className="label">
        {legend} <span className="muted">(choose any)</span>
      </legend>
      <div className="survey__options">
        {options.map((option) => (
          <label key={option} className={cn("choice", value.includes(option) && "is-selected")}>
            <input type="checkbox" checked={value.includes(option)} onChange={() => onToggle(option)} />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
