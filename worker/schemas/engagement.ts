import { z } from "zod";
import "./zodMessages";

export const feedbackInput = z.object({
  feedback: z.string().trim().min(1, "Please enter your feedback").max(5000, "Feedback must be at most 5000 characters"),
  page: z.string().max(500).optional().nullable(),
  userAgent: z.string().max(500).optional().nullable(),
  timestamp: z.string().max(64).optional().nullable(),
});

const opt = <T extends z.ZodTypeAny>(schema: T) => schema.optional().nullable();

export const researchInput = z.object({
  age: opt(z.enum(["18-25", "26-35", "36-45", "46-55", "56-65", "65+"])),
  cookingExperience: opt(z.enum(["beginner", "intermediate", "advanced", "professional"])),
  usageFrequency: opt(z.enum(["daily", "weekly", "monthly", "rarely"])),
  favoriteFeatures: opt(z.array(z.string().max(100)).max(20)),
  paymentWillingness: opt(z.enum(["yes-definitely", "maybe", "probably-not", "no"])),
  monthlyPayAmount: opt(z.enum(["under-5", "5-10", "10-20", "over-20"])),
  newFeatureIdeas: opt(z.string().max(5000)),
  wantedFeatures: opt(z.array(z.string().max(100)).max(20)),
  mainPainPoint: opt(z.string().max(5000)),
  overallExperience: opt(z.union([z.string().max(100), z.number().min(0).max(10)])),
  recommendationLikelihood: opt(z.enum(["very-likely", "likely", "neutral", "unlikely", "very-unlikely"])),
  additionalComments: opt(z.string().max(5000)),
  timestamp: opt(z.string().max(64)),
  userAgent: opt(z.string().max(500)),
  page: opt(z.string().max(500)),
});
