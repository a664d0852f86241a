/**
 * Profile inputs and messages, shared by the procedures, the REST adapters and the profile screen's forms:
 * the General form (display name, bio, household size), food preferences (with the cooking profile's difficulty
 * and cooking time), and the profile photo upload.
 */
import { z } from "zod";
import "./zodMessages";
import { COOKING_TIME_PREFERENCES, CUISINES, DIETARY_RESTRICTIONS, DIFFICULTY_PREFERENCES, LIMITS, SPICE_LABELS } from "../domain/constants";
import { choiceFrom } from "../domain/cookingProfile";

export const PROFILE_MESSAGES = {
  displayNameRequired: "Display name is required",
  displayNameTooLong: `Display name must be ${LIMITS.displayNameMax} characters or less`,
  bioTooLong: `Bio must be ${LIMITS.bioMax} characters or less`,
  householdSize: "Household size must be between 1 and 20",
  nothingToUpdate: "Nothing to update",
  updateFailed: "Failed to update profile. Please try again.",
  updatedTitle: "Profile Updated",
  updatedDescription: "Your profile has been saved.",
  preferencesFailed: "Failed to update food preferences. Please try again.",
  preferencesFailedThrown: "Failed to update food preferences",
  preferencesUpdatedTitle: "Preferences Updated",
  preferencesUpdatedDescription: "Your food preferences have been updated successfully.",
  spiceLevel: "Spice level must be a whole number from 0 to 5",
  unknownCuisine: "Choose cuisines from the list",
  unknownDiet: "Choose dietary restrictions from the list",
  difficultyPreference: `Difficulty must be one of ${DIFFICULTY_PREFERENCES.join(", ")}`,
  cookingTimePreference: `Cooking time must be one of ${COOKING_TIME_PREFERENCES.join(", ")}`,
  listItemTooLong: `Each entry must be ${60} characters or less`,
  tooManyItems: `Each list can hold at most ${30} entries`,
  photoInvalidType: "Invalid file type: Please upload a JPEG, PNG or WebP image",
  photoInvalidTypeTitle: "Invalid file type",
  photoTooLarge: "File too large: Please upload an image smaller than 5MB",
  photoTooLargeTitle: "File too large",
  photoEmpty: "The file is empty: Please choose a photo",
  photoMissing: "Please choose a photo to upload",
  photoDamaged: "The image looks damaged or incomplete: Please choose another photo",
  photoTooBig: "The image is too big: Please upload a photo smaller than 40 megapixels",
  photoNotFound: "Photo not found",
  uploadFailedTitle: "Upload failed",
  uploadFailedFallback: "Failed to upload photo",
  deleteFailedTitle: "Delete failed",
  deleteFailedFallback: "Failed to delete photo",
} as const;

export const PROFILE_LIMITS = {
  displayNameMax: LIMITS.displayNameMax,
  bioMax: LIMITS.bioMax,
  householdMin: 1,
  householdMax: 20,
  listItemMax: 60,
  listMaxItems: 30,
  photoMaxBytes: LIMITS.profilePhotoMaxBytes,
  spiceMin: 0,
  spiceMax: SPICE_LABELS.length - 1,
} as const;

/** The whole multipart body: the photo plus the framing (a few hundred bytes). */
export const PROFILE_PHOTO_UPLOAD_LIMITS = {
  maxBodyBytes: PROFILE_LIMITS.photoMaxBytes + 64 * 1024,
  tooLargeMessage: PROFILE_MESSAGES.photoTooLarge,
} as const;

/** The multipart field of POST /api/profile/upload-image (and the tRPC upload). */
export const PROFILE_PHOTO_FIELD = "profileImage";

/** What the file picker offers; the server ignores names and declared types and reads the bytes. */
export const PROFILE_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp";
const PHOTO_TYPES = new Set(["image/jpeg", "image/jpg", "image/pjpeg", "image/png", "image/webp"]);
const PHOTO_EXTENSION = /\.(jpe?g|png|webp)$/i;

/** The browser's check before uploading: JPEG, JPG, PNG or WebP by declared type (or extension), at most 5 MB. */
export function profilePhotoProblem(file: { name: string; type: string; size: number }): "invalidType" | "tooLarge" | null {
  const typeOk = file.type ? PHOTO_TYPES.has(file.type.toLowerCase()) : PHOTO_EXTENSION.test(file.name);
  if (!typeOk) return "invalidType";
  if (file.size > PROFILE_LIMITS.photoMaxBytes) return "tooLarge";
  return null;
}

/** The photo upload: a multipart form with the file under `profileImage`. */
export const uploadProfileImageInput = z.instanceof(FormData, { error: PROFILE_MESSAGES.photoMissing }).transform((form, ctx) => {
  const file = form.get(PROFILE_PHOTO_FIELD);
  if (file === null || typeof file === "string") {
    ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.photoMissing, path: [PROFILE_PHOTO_FIELD] });
    return z.NEVER;
  }
  return { file };
});

export function profilePhotoForm(file: Blob, filename: string): FormData {
  const form = new FormData();
  form.append(PROFILE_PHOTO_FIELD, file, filename);
  return form;
}

export const displayName = z
  .string({ error: PROFILE_MESSAGES.displayNameRequired })
  .trim()
  .min(1, PROFILE_MESSAGES.displayNameRequired)
  .max(PROFILE_LIMITS.displayNameMax, PROFILE_MESSAGES.displayNameTooLong);

export const bio = z
  .string({ error: "Bio must be text" })
  .trim()
  .max(PROFILE_LIMITS.bioMax, PROFILE_MESSAGES.bioTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

export const householdSize = z
  .union([z.number(), z.string().trim().regex(/^\d{1,3}$/, PROFILE_MESSAGES.householdSize).transform(Number)], { error: PROFILE_MESSAGES.householdSize })
  .pipe(z.number().int(PROFILE_MESSAGES.householdSize).min(PROFILE_LIMITS.householdMin, PROFILE_MESSAGES.householdSize).max(PROFILE_LIMITS.householdMax, PROFILE_MESSAGES.householdSize))
  .nullable();

/** The General tab's form (PATCH /api/profile). Fields left out keep their value; a display name sent may not be blank. */
export const updateProfileInput = z
  .object({ displayName: displayName.optional(), bio: bio.optional(), householdSize: householdSize.optional() })
  .refine((v) => v.displayName !== undefined || v.bio !== undefined || v.householdSize !== undefined, PROFILE_MESSAGES.nothingToUpdate);
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/** The browser form's own check (display name required), with the same messages. */
export const profileFormSchema = z.object({ displayName, bio });

/**
 * One entry of a preferences list as the form adds it: trimmed, and empty entries and repeats (case aside)
 * ignored. The server applies the same rule, so a list saved through any client is clean.
 */
export function addListEntry(list: readonly string[], entry: string): string[] {
  const value = entry.trim();
  if (!value || list.some((existing) => existing.toLowerCase() === value.toLowerCase())) return [...list];
  return [...list, value];
}

const listOfEntries = z
  .array(z.string({ error: "Entries must be text" }).max(PROFILE_LIMITS.listItemMax * 4), { error: "Expected a list" })
  .transform((list) => list.reduce<string[]>((out, entry) => addListEntry(out, entry), []))
  .pipe(
    z
      .array(z.string().max(PROFILE_LIMITS.listItemMax, PROFILE_MESSAGES.listItemTooLong))
      .max(PROFILE_LIMITS.listMaxItems, PROFILE_MESSAGES.tooManyItems),
  );

/** A name from a fixed list, matched without regard to case and stored as the list spells it. */
function fromOptions<T extends readonly string[]>(options: T, message: string) {
  const byKey = new Map(options.map((option) => [option.toLowerCase(), option]));
  return z
    .array(z.string({ error: message }), { error: "Expected a list" })
    .transform((list, ctx) => {
      const out: T[number][] = [];
      for (const value of list) {
        const known = byKey.get(value.trim().toLowerCase());
        if (!known) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        if (!out.includes(known)) out.push(known);
      }
      return out;
    });
}

export const spiceLevel = z
  .union([z.number(), z.string().trim().regex(/^\d$/, PROFILE_MESSAGES.spiceLevel).transform(Number)], { error: PROFILE_MESSAGES.spiceLevel })
  .pipe(z.number().int(PROFILE_MESSAGES.spiceLevel).min(PROFILE_LIMITS.spiceMin, PROFILE_MESSAGES.spiceLevel).max(PROFILE_LIMITS.spiceMax, PROFILE_MESSAGES.spiceLevel));

/**
 * One choice from a fixed list, matched without regard to case and stored as the list spells it. Null or an
 * empty string clears the choice (the form's "not chosen" option sends one of them).
 */
function choiceOf<T extends string>(options: readonly T[], message: string) {
  return z
    .string({ error: message })
    .transform((value, ctx) => {
      if (!value.trim()) return null;
      const known = choiceFrom(options, value);
      if (!known) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return known;
    })
    .nullable();
}

export const difficultyPreference = choiceOf(DIFFICULTY_PREFERENCES, PROFILE_MESSAGES.difficultyPreference);
export const cookingTimePreference = choiceOf(COOKING_TIME_PREFERENCES, PROFILE_MESSAGES.cookingTimePreference);

/** The cooking profile's two choices, as the Food Preferences form sends them and users.cooking_profile keeps them. */
export const cookingProfileInput = z.object({ difficultyPreference, cookingTimePreference });

/**
 * PATCH /api/profile/food-preferences: the whole form. Lists default to empty, spice to 0 (Not Spicy). The cooking
 * profile's choices live in their own column and are optional here: a client that leaves them out (one written
 * before they existed) keeps what the user chose, null clears a choice.
 */
export const foodPreferencesInput = z.object({
  favoriteCuisines: fromOptions(CUISINES, PROFILE_MESSAGES.unknownCuisine).default([]),
  dietaryRestrictions: fromOptions(DIETARY_RESTRICTIONS, PROFILE_MESSAGES.unknownDiet).default([]),
  favoriteFoods: listOfEntries.default([]),
  favoriteRestaurants: listOfEntries.default([]),
  dislikedFoods: listOfEntries.default([]),
  allergies: listOfEntries.default([]),
  spiceLevel: spiceLevel.default(0),
  difficultyPreference: cookingProfileInput.shape.difficultyPreference.optional(),
  cookingTimePreference: cookingProfileInput.shape.cookingTimePreference.optional(),
});
export type FoodPreferencesInput = z.input<typeof foodPreferencesInput>;

export const profileImageOwner = z.object({ userId: z.string().trim().min(1, PROFILE_MESSAGES.photoNotFound).max(64, PROFILE_MESSAGES.photoNotFound) });
