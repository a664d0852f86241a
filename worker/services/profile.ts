/**
 * The profile: the General form (display name, bio, household size), food preferences, the profile photo in R2
 * and the personalised cuisine recommendations. Everything is the signed-in user's own; the photo is private
 * (another user's answers NOT_FOUND, see decision 017).
 */
import { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import { recipeFeedback, savedRecipes, users, type FoodPreferences } from "../../db/schema";
import type { AppContext, UserRow } from "../context";
import { toPublicUser } from "../auth/accounts";
import { detectFileType, imageDimensions, looksLikeDecompressionBomb, contentTypeFor, type FileKind } from "../domain/fileType";
import { recommendCuisines } from "../domain/cuisineRecommendations";
import { todayIn } from "../domain/dates";
import { PROFILE_LIMITS, PROFILE_MESSAGES, type UpdateProfileInput } from "../schemas/profile";
import type { z } from "zod";
import type { foodPreferencesInput, updateProfileInput } from "../schemas/profile";
import { pantryForMatching, preferencesOf, readableRecipesWithIngredients } from "./recipes";

type SignedInContext = AppContext & { user: UserRow };

const PHOTO_KINDS: ReadonlySet<FileKind> = new Set(["jpeg", "png", "webp"]);
const PHOTO_EXTENSIONS: Record<string, string> = { jpeg: "jpg", png: "png", webp: "webp" };
/** Only these types are ever sent back; a key with another extension is served as a download, never rendered. */
const SAFE_PHOTO_TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

export function toProfileOutput(env: Env, user: UserRow) {
  return toPublicUser(env, user);
}

async function reload(ctx: SignedInContext): Promise<UserRow> {
  const row = await ctx.db.query.users.findFirst({ where: eq(users.id, ctx.user.id) });
  if (!row) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in to continue" });
  return row;
}

export async function updateProfile(ctx: SignedInContext, input: z.output<typeof updateProfileInput>) {
  const set: Partial<Pick<UserRow, "displayName" | "bio" | "householdSize">> = {};
  if (input.displayName !== undefined) set.displayName = input.displayName;
  if (input.bio !== undefined) set.bio = input.bio;
  if (input.householdSize !== undefined) set.householdSize = input.householdSize;
  const [row] = await ctx.db.update(users).set(set).where(eq(users.id, ctx.user.id)).returning();
  return toProfileOutput(ctx.env, row ?? (await reload(ctx)));
}
export type { UpdateProfileInput };

export async function updateFoodPreferences(ctx: SignedInContext, input: z.output<typeof foodPreferencesInput>) {
  const preferences: FoodPreferences = {
    favoriteCuisines: [...input.favoriteCuisines],
    dietaryRestrictions: [...input.dietaryRestrictions],
    favoriteFoods: input.favoriteFoods,
    favoriteRestaurants: input.favoriteRestaurants,
    dislikedFoods: input.dislikedFoods,
    allergies: input.allergies,
    spiceLevel: input.spiceLevel,
  };
  const set: Partial<Pick<UserRow, "foodPreferences" | "cookingProfile">> = { foodPreferences: preferences };
  if (input.difficultyPreference !== undefined || input.cookingTimePreference !== undefined) {
    // Merged into what is stored, so a choice left out of the request (and any other key) stays as it was.
    const cookingProfile: Record<string, unknown> = { ...(ctx.user.cookingProfile ?? {}) };
    if (input.difficultyPreference !== undefined) cookingProfile.difficultyPreference = input.difficultyPreference;
    if (input.cookingTimePreference !== undefined) cookingProfile.cookingTimePreference = input.cookingTimePreference;
    set.cookingProfile = cookingProfile;
  }
  const [row] = await ctx.db.update(users).set(set).where(eq(users.id, ctx.user.id)).returning();
  return toProfileOutput(ctx.env, row ?? (await reload(ctx)));
}

// ---------------------------------------------------------------------------------------------------------
// The photo

/** What an upload really is, from its bytes: a JPEG, PNG or WebP of at most 5 MB with a readable, sane size. */
export function inspectProfilePhoto(bytes: Uint8Array): { kind: FileKind; contentType: string; extension: string } {
  if (bytes.byteLength === 0) throw new TRPCError({ code: "BAD_REQUEST", message: PROFILE_MESSAGES.photoEmpty });
  if (bytes.byteLength > PROFILE_LIMITS.photoMaxBytes) throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: PROFILE_MESSAGES.photoTooLarge });
  const kind = detectFileType(bytes);
  if (!kind || !PHOTO_KINDS.has(kind)) throw new TRPCError({ code: "BAD_REQUEST", message: PROFILE_MESSAGES.photoInvalidType });
  if (!imageDimensions(bytes)) throw new TRPCError({ code: "BAD_REQUEST", message: PROFILE_MESSAGES.photoDamaged });
  if (looksLikeDecompressionBomb(bytes, kind)) throw new TRPCError({ code: "BAD_REQUEST", message: PROFILE_MESSAGES.photoTooBig });
  return { kind, contentType: contentTypeFor(kind), extension: PHOTO_EXTENSIONS[kind]! };
}

/** R2 keys live under the user's prefix (account deletion removes the whole prefix). */
function photoKey(userId: string, extension: string): string {
  return `users/${userId}/profile/${crypto.randomUUID()}.${extension}`;
}

/**
 * Stores a new photo and points the profile at it; the old photo is removed only after the profile points at
 * the new one, so a failure never leaves the profile without its photo.
 */
export async function uploadProfileImage(ctx: SignedInContext, file: Blob) {
  if (file.size > PROFILE_LIMITS.photoMaxBytes) throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: PROFILE_MESSAGES.photoTooLarge });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const photo = inspectProfilePhoto(bytes);
  const key = photoKey(ctx.user.id, photo.extension);
  await ctx.env.BUCKET.put(key, bytes, { httpMetadata: { contentType: photo.contentType } });
  const previous = ctx.user.profileImageKey;
  const [row] = await ctx.db.update(users).set({ profileImageKey: key }).where(eq(users.id, ctx.user.id)).returning();
  if (previous && previous !== key) await ctx.env.BUCKET.delete(previous);
  return toProfileOutput(ctx.env, row ?? (await reload(ctx)));
}

export async function deleteProfileImage(ctx: SignedInContext) {
  const previous = ctx.user.profileImageKey;
  const [row] = await ctx.db.update(users).set({ profileImageKey: null }).where(eq(users.id, ctx.user.id)).returning();
  if (previous) await ctx.env.BUCKET.delete(previous);
  return toProfileOutput(ctx.env, row ?? (await reload(ctx)));
}

/** The signed-in user's own photo as a stream. Another user's id answers NOT_FOUND: photos are private. */
export async function openProfileImage(ctx: SignedInContext, userId: string) {
  if (userId !== ctx.user.id || !ctx.user.profileImageKey) throw new TRPCError({ code: "NOT_FOUND", message: PROFILE_MESSAGES.photoNotFound });
  const key = ctx.user.profileImageKey;
  const object = await ctx.env.BUCKET.get(key);
  if (!object) throw new TRPCError({ code: "NOT_FOUND", message: PROFILE_MESSAGES.photoNotFound });
  const extension = key.slice(key.lastIndexOf(".") + 1);
  const contentType = SAFE_PHOTO_TYPES[extension] ?? "application/octet-stream";
  return { body: object.body, size: object.size, etag: object.httpEtag, contentType, filename: `profile.${SAFE_PHOTO_TYPES[extension] ? extension : "bin"}` };
}

// ---------------------------------------------------------------------------------------------------------
// Cuisine recommendations

/** Recipes the user cooked: tracked "recipe_cooked" actions and recipes their pantry items were used for. */
export async function cookedRecipeIds(ctx: { db: AppContext["db"] }, userId: string): Promise<Set<number>> {
  const rows = await ctx.db.all<{ recipe: number | null }>(sql`
    select cast(json_extract(action_data, '$.recipeId') as integer) as recipe from tracked_actions
      where user_id = ${userId} and action_type = 'recipe_cooked'
    union
    select recipe_id from recipe_pantry_items where user_id = ${userId}`);
  return new Set(rows.map((r) => Number(r.recipe)).filter((id) => Number.isInteger(id) && id > 0));
}

export async function cuisineRecommendations(ctx: SignedInContext) {
  const userId = ctx.user.id;
  const preferences = preferencesOf(ctx.user);
  const [recipes, pantry, saved, liked, cooked] = await Promise.all([
    readableRecipesWithIngredients(ctx, userId),
    pantryForMatching(ctx, userId),
    ctx.db.select({ id: savedRecipes.recipeId }).from(savedRecipes).where(eq(savedRecipes.userId, userId)),
    ctx.db
      .select({ id: recipeFeedback.recipeId })
      .from(recipeFeedback)
      .where(and(eq(recipeFeedback.userId, userId), eq(recipeFeedback.feedbackType, "thumbs_up"))),
    cookedRecipeIds(ctx, userId),
  ]);
  const today = todayIn(ctx.user.timeZone);
  return recommendCuisines(recipes, preferences, {
    favoriteCuisines: preferences.favoriteCuisines,
    savedIds: new Set(saved.map((r) => r.id)),
    likedIds: new Set(liked.map((r) => r.id)),
    cookedIds: cooked,
    // Expired items are not something to cook with.
    pantry: pantry.filter((item) => !item.expirationDate || item.expirationDate >= today),
    today,
  });
}
