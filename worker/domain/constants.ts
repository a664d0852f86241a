/** Product constants (choices, limits, storage keys), shared by server and client so both agree. */

export const STORAGE_LOCATIONS = ["fridge", "pantry", "freezer"] as const;
export type StorageLocation = (typeof STORAGE_LOCATIONS)[number];
export const DEFAULT_STORAGE_LOCATION: StorageLocation = "fridge";

export const PANTRY_CATEGORIES = [
  "Fresh Fruits",
  "Fresh Vegetables",
  "Milk & Eggs",
  "Cheese & Yogurt",
  "Fresh Meat",
  "Deli & Prepared",
  "Frozen Foods",
  "Bread & Bakery",
  "Canned Goods",
  "Dry Goods",
  "Spices & Seasonings",
  "Condiments & Sauces",
  "Beverages",
  "Snacks",
  "Other",
] as const;
export type PantryCategory = (typeof PANTRY_CATEGORIES)[number];

export const CONTAINER_TYPES = ["none", "each", "jar", "bottle", "can", "box", "bag", "package", "container", "bunch", "head", "piece", "lb"] as const;

export const UNITS = ["oz", "fl oz", "lb", "g", "kg", "ml", "l", "cups", "tbsp", "tsp", "slices", "each", "gallon", "quart", "pint", "count"] as const;

export const MEAL_TYPES = ["breakfast", "lunch", "dinner", "snack", "dessert", "appetizer"] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const PANTRY_SORTS = ["expiration", "name", "category", "quantity", "recently_added"] as const;
export type PantrySort = (typeof PANTRY_SORTS)[number];

export const DIFFICULTIES = ["easy", "medium", "hard", "expert"] as const;
export const OBSCURITY_LEVELS = ["common", "moderate", "unique", "exotic"] as const;
export const GENERATOR_DIETS = ["none", "vegetarian", "vegan", "gluten-free", "dairy-free", "keto", "paleo"] as const;
export const FILTER_DIETS = [...GENERATOR_DIETS.filter((d) => d !== "none"), "nut-free", "low-sodium"] as const;
export const RECIPE_SOURCE_FILTERS = ["generated", "nyt", "saved", "substack"] as const;

export const CUISINES = ["Italian", "Mexican", "Chinese", "Japanese", "Indian", "Thai", "Mediterranean", "French", "American", "Korean", "Vegetarian"] as const;
export const DIETARY_RESTRICTIONS = [
  "Vegetarian", "Vegan", "Gluten-Free", "Dairy-Free", "Nut-Free", "Kosher", "Halal", "Pescatarian", "Keto", "Paleo", "Low-FODMAP", "Low-Sodium", "Low-Sugar", "Low-Carb",
] as const;
export const SPICE_LABELS = ["Not Spicy", "Mild", "Medium", "Spicy", "Very Spicy", "Extreme Heat"] as const;

/** How hard a cook likes recipes to be. Someone who never said is treated as Medium (and shown as the default). */
export const DIFFICULTY_PREFERENCES = ["Easy", "Medium", "Hard"] as const;
export type DifficultyPreference = (typeof DIFFICULTY_PREFERENCES)[number];
export const DEFAULT_DIFFICULTY_PREFERENCE: DifficultyPreference = "Medium";

/** How long a cook likes to spend on a meal: the "cooking style" of the smart insights profile. */
export const COOKING_TIME_PREFERENCES = ["Quick", "Moderate", "Leisurely"] as const;
export type CookingTimePreference = (typeof COOKING_TIME_PREFERENCES)[number];
export const COOKING_TIME_LABELS: Record<CookingTimePreference, string> = {
  Quick: "Quick (under 30 min)",
  Moderate: "Moderate (30-60 min)",
  Leisurely: "Leisurely (over an hour)",
};

export const LIMITS = {
  freeReceiptScansPerMonth: 5,
  freeAiTokensPerMonth: 10_000,
  receiptMaxBytes: 10 * 1024 * 1024,
  profilePhotoMaxBytes: 5 * 1024 * 1024,
  recipesPageSize: 6,
  pantryChips: 20,
  servingsPantryMax: 12,
  servingsGenerateMax: 20,
  fridgePercentMin: 25,
  fridgePercentMax: 100,
  fridgePercentDefault: 50,
  bioMax: 160,
  displayNameMax: 50,
  chatMessageMax: 2000,
  dashboardPollMs: 10_000,
  tokenUsagePollMs: 30_000,
  versionCheckMs: 5 * 60_000,
} as const;

export const PANTRY_CACHE_VERSION = "v2.2";
export const DEBUG_PREMIUM_KEY = "debug-premium-toggle";
export const THEME_KEY = "plantry-theme";
