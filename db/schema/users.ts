import { sqliteTable, text, integer, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common";

export type FoodPreferences = {
  favoriteCuisines: string[];
  dietaryRestrictions: string[];
  favoriteFoods: string[];
  favoriteRestaurants: string[];
  dislikedFoods: string[];
  allergies: string[];
  spiceLevel: number;
};

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull(),
    /** Lower-cased username: usernames are unique regardless of case. */
    usernameKey: text("username_key").notNull(),
    email: text("email"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    /** Self-describing hash: "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>". Null for OAuth-only accounts. */
    passwordHash: text("password_hash"),
    googleId: text("google_id"),
    githubId: text("github_id"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    displayName: text("display_name"),
    bio: text("bio"),
    /** R2 key of the profile photo; served through /api/profile/image/:userId. */
    profileImageKey: text("profile_image_key"),
    isPremium: integer("is_premium", { mode: "boolean" }).notNull().default(false),
    disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
    /** IANA time zone used for expiry bands and reminder days. */
    timeZone: text("time_zone").notNull().default("UTC"),
    remindersEnabled: integer("reminders_enabled", { mode: "boolean" }).notNull().default(true),
    reminderLeadDays: integer("reminder_lead_days").notNull().default(2),
    /** People the user usually cooks for; null until they say (the companion and scaling then assume nothing). */
    householdSize: integer("household_size"),
    foodPreferences: text("food_preferences", { mode: "json" }).$type<FoodPreferences>(),
    cookingProfile: text("cooking_profile", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_key_idx").on(t.usernameKey),
    uniqueIndex("users_email_idx").on(t.email),
    uniqueIndex("users_google_id_idx").on(t.googleId),
    uniqueIndex("users_github_id_idx").on(t.githubId),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

/** Fixed-window counters for login throttling (per username and per IP). D1, not KV: KV allows one write per second per key. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_id_idx").on(t.userId)],
);
