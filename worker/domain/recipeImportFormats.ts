/**
 * The recipe-file import's formats and limits, in a module of their own so the browser can name the formats and
 * check a file's size before uploading it without loading the readers.
 */
export const IMPORT_FORMATS = ["paprika", "mealie", "tandoor", "schema.org"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  paprika: "Paprika",
  mealie: "Mealie",
  tandoor: "Tandoor",
  "schema.org": "schema.org Recipe",
};

export const IMPORT_LIMITS = {
  /** The upload itself. */
  maxFileBytes: 20 * 1024 * 1024,
  maxRecipes: 500,
  titleMax: 200,
  descriptionMax: 2000,
  ingredientsMax: 80,
  ingredientLineMax: 300,
  stepsMax: 60,
  stepMax: 4000,
  tagsMax: 20,
  archive: { maxEntries: 5000, maxEntryBytes: 16 * 1024 * 1024, maxTotalBytes: 120 * 1024 * 1024 },
} as const;

export const IMPORT_TOO_LARGE = `This file is larger than ${IMPORT_LIMITS.maxFileBytes / (1024 * 1024)} MB. Please export fewer recipes at a time.`;
