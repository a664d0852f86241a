/**
 * The profile (GET/PATCH /api/profile): the General form, food preferences, the photo (multipart upload, delete,
 * and the private image stream) and, for premium users, personalised cuisine recommendations.
 */
import { foodPreferencesInput, profileImageOwner, updateProfileInput, uploadProfileImageInput } from "../schemas/profile";
import {
  cuisineRecommendations,
  deleteProfileImage,
  openProfileImage,
  toProfileOutput,
  updateFoodPreferences,
  updateProfile,
  uploadProfileImage,
} from "../services/profile";
import { premiumProcedure, protectedProcedure, router } from "../trpc";

export const CUISINE_PREMIUM_MESSAGE = "Upgrade to premium for personalized cuisine and restaurant recommendations";

export const profileRouter = router({
  get: protectedProcedure.query(({ ctx }) => toProfileOutput(ctx.env, ctx.user)),

  update: protectedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => updateProfile(ctx, input)),

  updateFoodPreferences: protectedProcedure.input(foodPreferencesInput).mutation(({ ctx, input }) => updateFoodPreferences(ctx, input)),

  /** Multipart FormData (field profileImage); uploadGuard has checked the session and size before the body is read. */
  uploadImage: protectedProcedure.input(uploadProfileImageInput).mutation(({ ctx, input }) => uploadProfileImage(ctx, input.file)),

  deleteImage: protectedProcedure.mutation(({ ctx }) => deleteProfileImage(ctx)),

  /** The stored photo as a stream, for GET /api/profile/image/:userId only (the REST adapter sets safe headers). */
  image: protectedProcedure.input(profileImageOwner).query(({ ctx, input }) => openProfileImage(ctx, input.userId)),

  cuisineRecommendations: premiumProcedure.meta({ premiumMessage: CUISINE_PREMIUM_MESSAGE }).query(({ ctx }) => cuisineRecommendations(ctx)),
});
