import { createApp } from "../app";
import { uploadGuard } from "../middleware";
import { PROFILE_MESSAGES, PROFILE_PHOTO_UPLOAD_LIMITS } from "../schemas/profile";
import { formProcedure, procedure } from "./adapter";

/** /api/profile: the profile, its General form, food preferences, the photo and cuisine recommendations. */
export const profileRest = createApp()
  .get("/profile", procedure((api) => api.profile.get))
  .patch("/profile", procedure((api) => api.profile.update, ({ body }) => body))
  .patch("/profile/food-preferences", procedure((api) => api.profile.updateFoodPreferences, ({ body }) => body))
  // Signed in and within the size cap before the body is read.
  .post("/profile/upload-image", uploadGuard(PROFILE_PHOTO_UPLOAD_LIMITS), formProcedure((api) => api.profile.uploadImage, PROFILE_MESSAGES.photoMissing))
  .delete("/profile/upload-image", procedure((api) => api.profile.deleteImage))
  .get("/profile/cuisine-recommendations", procedure((api) => api.profile.cuisineRecommendations))
  .get(
    "/profile/image/:userId",
    procedure((api) => api.profile.image, ({ param }) => ({ userId: param("userId") }), {
      respond: (_c, file) =>
        new Response(file.body, {
          headers: {
            "Content-Type": file.contentType,
            "Content-Length": String(file.size),
            "Content-Disposition": `inline; filename="${file.filename}"`,
            "X-Content-Type-Options": "nosniff",
            // Served as an image only: nothing in it can run, even opened as a document.
            "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
            "Cache-Control": "private, max-age=86400",
            ETag: file.etag,
          },
        }),
    }),
  );
