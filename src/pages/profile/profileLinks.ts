/**
 * Where a link into /profile can point: a tab, and a field on it to focus (the smart insights panel sends a cook
 * straight to the choice it says is missing).
 */
export const PROFILE_TABS = ["general", "food-preferences"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_FIELDS = ["cuisines", "difficulty", "cooking-time"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined => options.find((option) => option === value);

export const profileTabFrom = (value: unknown) => oneOf(PROFILE_TABS, value);
export const profileFieldFrom = (value: unknown) => oneOf(PROFILE_FIELDS, value);
