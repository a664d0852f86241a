/**
 * The cooking profile the user chose (users.cooking_profile): preferred difficulty and cooking time. The column is
 * free JSON, so it is read leniently: anything that is not one of the known choices counts as not chosen.
 */
import { COOKING_TIME_PREFERENCES, DIFFICULTY_PREFERENCES, type CookingTimePreference, type DifficultyPreference } from "./constants";

export type CookingProfileChoices = { difficultyPreference: DifficultyPreference | null; cookingTimePreference: CookingTimePreference | null };

/** The known choice `value` names, matched without regard to case or surrounding spaces, as the list spells it. */
export function choiceFrom<T extends string>(options: readonly T[], value: unknown): T | null {
  if (typeof value !== "string") return null;
  const key = value.trim().toLowerCase();
  return options.find((option) => option.toLowerCase() === key) ?? null;
}

export function readCookingProfile(stored: Record<string, unknown> | null | undefined): CookingProfileChoices {
  return {
    difficultyPreference: choiceFrom(DIFFICULTY_PREFERENCES, stored?.difficultyPreference),
    cookingTimePreference: choiceFrom(COOKING_TIME_PREFERENCES, stored?.cookingTimePreference),
  };
}
