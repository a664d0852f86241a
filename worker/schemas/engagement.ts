import { z } from "zod";
import "./zodMessages";

export const feedbackInput = z.object({
  feedback: z.string().trim().min(1, "Please enter your feedback").max(5000, "Feedback must be at most 5000 characters"),
  page: z.string().max(500).optional().nullable(),
  userAgent: z.string().max(500).optional().nullable(),
  timestamp: z.string().max(64).optional().nullable(),
});

/** The research survey's fixed choices: the form shows them and the server accepts only them. */
export const RESEARCH_OPTIONS = {
  age: ["18-25", "26-35", "36-45", "46-55", "56-65", "65+"],
  cookingExperience: ["beginner", "intermediate", "advanced", "professional"],
  usageFrequency: ["daily", "weekly", "monthly", "rarely"],
  favoriteFeatures: ["Pantry Management", "Recipe Generation", "Meal Planning", "Receipt Scanning", "Cooking Companion", "Smart Recommendations"],
  paymentWillingness: ["yes-definitely", "maybe", "probably-not", "no"],
  monthlyPayAmount: ["under-5", "5-10", "10-20", "over-20"],
  wantedFeatures: [
    "Nutrition tracking & calories",
    "Grocery store integration",
    "Voice commands",
    "Meal delivery integration",
    "Social features (sharing recipes)",
    "Barcode scanning",
    "Smart home integration",
    "Recipe video tutorials",
    "Dietary restriction alerts",
    "Family meal planning",
    "Batch cooking helpers",
    "Leftover management",
  ],
  recommendationLikelihood: ["very-likely", "likely", "neutral", "unlikely", "very-unlikely"],
} as const;

/** Overall experience is a rating from 1 (poor) to 5 (excellent). */
export const OVERALL_EXPERIENCE_MAX = 5;
export const RESEARCH_TEXT_MAX = 5000;

const opt = <T extends z.ZodTypeAny>(schema: T) => schema.optional().nullable();
const oneOf = <const T extends readonly [string, ...string[]]>(options: T, label: string) => z.enum(options, { message: `Choose one of the listed ${label}` });
const someOf = <const T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z.array(oneOf(options, label)).max(options.length).transform((chosen) => [...new Set(chosen)]);
const answer = (label: string) => z.string().trim().max(RESEARCH_TEXT_MAX, `${label} must be at most ${RESEARCH_TEXT_MAX} characters`);

/** The detailed research survey; every field is optional. */
export const researchInput = z.object({
  age: opt(oneOf(RESEARCH_OPTIONS.age, "age ranges")),
  cookingExperience: opt(oneOf(RESEARCH_OPTIONS.cookingExperience, "experience levels")),
  usageFrequency: opt(oneOf(RESEARCH_OPTIONS.usageFrequency, "frequencies")),
  favoriteFeatures: opt(someOf(RESEARCH_OPTIONS.favoriteFeatures, "features")),
  paymentWillingness: opt(oneOf(RESEARCH_OPTIONS.paymentWillingness, "answers about paying")),
  monthlyPayAmount: opt(oneOf(RESEARCH_OPTIONS.monthlyPayAmount, "price ranges")),
  newFeatureIdeas: opt(answer("Feature ideas")),
  wantedFeatures: opt(someOf(RESEARCH_OPTIONS.wantedFeatures, "features")),
  mainPainPoint: opt(answer("Your biggest frustration")),
  overallExperience: opt(z.number().int("Rate your experience from 1 to 5").min(1, "Rate your experience from 1 to 5").max(OVERALL_EXPERIENCE_MAX, "Rate your experience from 1 to 5")),
  recommendationLikelihood: opt(oneOf(RESEARCH_OPTIONS.recommendationLikelihood, "answers")),
  additionalComments: opt(answer("Comments")),
  timestamp: opt(z.string().max(64)),
  userAgent: opt(z.string().max(500)),
  page: opt(z.string().max(500)),
});
export type ResearchInput = z.input<typeof researchInput>;
