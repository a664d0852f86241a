/**
 * The profile over HTTP: the General form's messages, food preferences (trimmed, deduplicated, validated) with
 * the cooking profile's difficulty and cooking time, the photo judged by its bytes and kept private in R2,
 * cuisine recommendations from the user's own data, and preferences reaching recipe generation and the recipe
 * list.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { addDays, todayIn } from "../../worker/domain/dates";
import { allergensIn } from "../../worker/domain/recipeTags";
import { createOwnRecipe, createPantryItem, createUser, receiptPhoto, setPremium, testDb, type TestUser } from "../helpers/factories";
import { json, request, trpc } from "../helpers/http";

const PNG = () => receiptPhoto(`profile-${Math.random()}`);
const TEXT = () => new TextEncoder().encode("This is plain text pretending to be a picture.\n");

/** A WebP header (RIFF/WEBP, VP8X chunk, 640x480): enough for the server's checks, which read bytes, not pixels. */
function webp(): Uint8Array {
  const u24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
  return new Uint8Array([...ascii("RIFF"), 30, 0, 0, 0, ...ascii("WEBP"), ...ascii("VP8X"), 10, 0, 0, 0, 0, 0, 0, 0, ...u24(639), ...u24(479)]);
}

function photoForm(bytes: Uint8Array, filename: string, type: string): FormData {
  const form = new FormData();
  form.append("profileImage", new File([bytes], filename, { type }));
  return form;
}

const upload = (user: TestUser, form: FormData) => request("/api/profile/upload-image", { method: "POST", body: form, cookie: user.cookie });
const keyOf = async (userId: string) => (await testDb().query.users.findFirst({ where: eq(users.id, userId) }))?.profileImageKey ?? null;

describe("GET and PATCH /api/profile", () => {
  it("answers the signed-in user's profile and saves the General form", async () => {
    const user = await createUser({ firstName: "Robin" });
    const before = await json(await request("/api/profile", { cookie: user.cookie }));
    expect(before).toMatchObject({ id: user.id, username: user.username, displayName: null, bio: null, householdSize: null, profileImageUrl: null });

    const saved = await request("/api/profile", { method: "PATCH", cookie: user.cookie, body: { displayName: "  Chef Robin  ", bio: "Weeknight cook.", householdSize: 3 } });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ displayName: "Chef Robin", bio: "Weeknight cook.", householdSize: 3 });
    expect(await json(await request("/api/auth/user", { cookie: user.cookie }))).toMatchObject({ displayName: "Chef Robin", bio: "Weeknight cook.", householdSize: 3 });
  });

  it.each([
    [{ displayName: "" }, "Display name is required"],
    [{ displayName: "   " }, "Display name is required"],
    [{ displayName: "x".repeat(51) }, "Display name must be 50 characters or less"],
    [{ displayName: "Robin", bio: "b".repeat(161) }, "Bio must be 160 characters or less"],
    [{ householdSize: 0 }, "Household size must be between 1 and 20"],
    [{}, "Nothing to update"],
  ])("refuses %j with '%s' and changes nothing", async (body, message) => {
    const user = await createUser();
    await request("/api/profile", { method: "PATCH", cookie: user.cookie, body: { displayName: "Kept", bio: "Kept bio" } });
    const response = await request("/api/profile", { method: "PATCH", cookie: user.cookie, body });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
    expect(await json(await request("/api/profile", { cookie: user.cookie }))).toMatchObject({ displayName: "Kept", bio: "Kept bio" });
  });

  it("accepts a bio of exactly 160 characters and clears it with an empty one", async () => {
    const user = await createUser();
    expect((await request("/api/profile", { method: "PATCH", cookie: user.cookie, body: { displayName: "R", bio: "b".repeat(160) } })).status).toBe(200);
    expect(await json(await request("/api/profile", { method: "PATCH", cookie: user.cookie, body: { bio: "" } }))).toMatchObject({ bio: null });
  });
});

describe("PATCH /api/profile/food-preferences", () => {
  it("stores trimmed lists without empty or repeated entries", async () => {
    const user = await createUser();
    const response = await request("/api/profile/food-preferences", {
      method: "PATCH",
      cookie: user.cookie,
      body: {
        favoriteCuisines: ["italian", "Thai", "Italian"],
        dietaryRestrictions: ["gluten-free"],
        favoriteFoods: [" Basil ", "basil", "", "Tomatoes"],
        favoriteRestaurants: ["Luigi's"],
        dislikedFoods: ["olives", "  "],
        allergies: ["Peanuts ", "peanuts"],
        spiceLevel: 3,
      },
    });
    expect(response.status).toBe(200);
    const stored = (await json(await request("/api/auth/user", { cookie: user.cookie }))).foodPreferences;
    expect(stored).toEqual({
      favoriteCuisines: ["Italian", "Thai"],
      dietaryRestrictions: ["Gluten-Free"],
      favoriteFoods: ["Basil", "Tomatoes"],
      favoriteRestaurants: ["Luigi's"],
      dislikedFoods: ["olives"],
      allergies: ["Peanuts"],
      spiceLevel: 3,
    });
  });

  it.each([
    [{ spiceLevel: 6 }, "Spice level must be a whole number from 0 to 5"],
    [{ spiceLevel: 2.5 }, "Spice level must be a whole number from 0 to 5"],
    [{ favoriteCuisines: ["Martian"] }, "Choose cuisines from the list"],
    [{ dietaryRestrictions: ["Carnivore"] }, "Choose dietary restrictions from the list"],
    [{ allergies: ["x".repeat(61)] }, "Each entry must be 60 characters or less"],
  ])("refuses %j with '%s'", async (body, message) => {
    const user = await createUser();
    const response = await request("/api/profile/food-preferences", { method: "PATCH", cookie: user.cookie, body });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
    expect((await json(await request("/api/auth/user", { cookie: user.cookie }))).foodPreferences).toBeNull();
  });
});

describe("cooking profile: difficulty and cooking time", () => {
  const save = (user: TestUser, body: unknown) => request("/api/profile/food-preferences", { method: "PATCH", cookie: user.cookie, body });
  const learning = (user: TestUser) => trpc("smart.learningData", undefined, { type: "query", cookie: user.cookie }).then(json);

  it("starts at Medium marked as the default with no cooking style, then reads back what the user saved", async () => {
    const user = await createUser();
    expect((await json(await request("/api/auth/user", { cookie: user.cookie }))).cookingProfile).toEqual({ difficultyPreference: null, cookingTimePreference: null });
    expect((await learning(user)).result.data.cookingProfile).toMatchObject({ difficultyPreference: "Medium", difficultyIsDefault: true, cookingTimePreference: null });

    const saved = await save(user, { favoriteCuisines: ["Thai"], difficultyPreference: "hard", cookingTimePreference: "Quick" });
    expect(saved.status).toBe(200);
    expect((await json(saved)).cookingProfile).toEqual({ difficultyPreference: "Hard", cookingTimePreference: "Quick" });
    expect((await json(await request("/api/profile", { cookie: user.cookie }))).cookingProfile).toEqual({ difficultyPreference: "Hard", cookingTimePreference: "Quick" });
    expect((await learning(user)).result.data.cookingProfile).toMatchObject({ preferredCuisines: ["Thai"], difficultyPreference: "Hard", difficultyIsDefault: false, cookingTimePreference: "Quick" });
    // The REST path of the panel's profile tab says the same.
    expect((await json(await request("/api/smart/learning-data", { cookie: user.cookie }))).cookingProfile).toMatchObject({ difficultyPreference: "Hard", cookingTimePreference: "Quick" });
    const row = await testDb().query.users.findFirst({ where: eq(users.id, user.id) });
    expect(row?.cookingProfile).toEqual({ difficultyPreference: "Hard", cookingTimePreference: "Quick" });
  });

  it("keeps the choices when a save leaves them out, and null clears one back to the default", async () => {
    const user = await createUser();
    await save(user, { difficultyPreference: "Easy", cookingTimePreference: "Leisurely" });
    expect((await save(user, { spiceLevel: 2 })).status).toBe(200);
    expect((await learning(user)).result.data.cookingProfile).toMatchObject({ difficultyPreference: "Easy", cookingTimePreference: "Leisurely" });

    expect((await save(user, { difficultyPreference: null })).status).toBe(200);
    expect((await learning(user)).result.data.cookingProfile).toMatchObject({ difficultyPreference: "Medium", difficultyIsDefault: true, cookingTimePreference: "Leisurely" });
  });

  it.each([
    [{ difficultyPreference: "Expert" }, "Difficulty must be one of Easy, Medium, Hard"],
    [{ difficultyPreference: 3 }, "Difficulty must be one of Easy, Medium, Hard"],
    [{ cookingTimePreference: "All day" }, "Cooking time must be one of Quick, Moderate, Leisurely"],
  ])("refuses %j with '%s' and keeps what was saved", async (body, message) => {
    const user = await createUser();
    await save(user, { difficultyPreference: "Easy", cookingTimePreference: "Quick" });
    const response = await save(user, body);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
    // Through tRPC too, with the same message.
    const viaTrpc = await trpc("profile.updateFoodPreferences", body, { cookie: user.cookie });
    expect(viaTrpc.status).toBe(400);
    expect((await json(viaTrpc)).error.message).toBe(message);
    expect((await json(await request("/api/auth/user", { cookie: user.cookie }))).cookingProfile).toEqual({ difficultyPreference: "Easy", cookingTimePreference: "Quick" });
  });

  it("needs a signed-in user", async () => {
    const response = await request("/api/profile/food-preferences", { method: "PATCH", body: { difficultyPreference: "Hard" } });
    expect(response.status).toBe(401);
    expect((await trpc("profile.updateFoodPreferences", { difficultyPreference: "Hard" })).status).toBe(401);
  });
});

describe("profile photo", () => {
  it("accepts a PNG named .jpg as a PNG, stores it under the user's prefix and serves it with safe headers", async () => {
    const user = await createUser();
    const bytes = PNG();
    const response = await upload(user, photoForm(bytes, "me.jpg", "image/jpeg"));
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.profileImageUrl).toMatch(new RegExp(`^/api/profile/image/${user.id}\\?v=`));
    const key = await keyOf(user.id);
    expect(key).toMatch(new RegExp(`^users/${user.id}/profile/.+\\.png$`));
    expect((await env.BUCKET.head(key!))?.httpMetadata?.contentType).toBe("image/png");

    const image = await request(body.profileImageUrl, { cookie: user.cookie });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(image.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);
  });

  it("refuses a text file named .png, and keeps the current photo", async () => {
    const user = await createUser();
    await upload(user, photoForm(PNG(), "me.png", "image/png"));
    const before = await keyOf(user.id);
    const response = await upload(user, photoForm(TEXT(), "me.png", "image/png"));
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("Invalid file type: Please upload a JPEG, PNG or WebP image");
    expect(await keyOf(user.id)).toBe(before);
    expect(await env.BUCKET.head(before!)).not.toBeNull();
  });

  it("accepts WebP, replaces the old photo and removes it from storage", async () => {
    const user = await createUser();
    await upload(user, photoForm(PNG(), "first.png", "image/png"));
    const first = await keyOf(user.id);
    const response = await upload(user, photoForm(webp(), "second.bin", "application/octet-stream"));
    expect(response.status).toBe(200);
    const second = await keyOf(user.id);
    expect(second).toMatch(/\.webp$/);
    expect(second).not.toBe(first);
    expect(await env.BUCKET.head(first!)).toBeNull();
    const image = await request(`/api/profile/image/${user.id}`, { cookie: user.cookie });
    expect(image.headers.get("Content-Type")).toBe("image/webp");
  });

  it("refuses a photo over 5 MB before reading it, and an empty or missing file", async () => {
    const user = await createUser();
    const big = new Uint8Array(5 * 1024 * 1024 + 100 * 1024);
    big.set(PNG().subarray(0, 64));
    const tooLarge = await upload(user, photoForm(big, "big.png", "image/png"));
    expect(tooLarge.status).toBe(413);
    expect((await json(tooLarge)).message).toBe("File too large: Please upload an image smaller than 5MB");
    const empty = await upload(user, photoForm(new Uint8Array(), "empty.png", "image/png"));
    expect(empty.status).toBe(400);
    const missing = new FormData();
    missing.append("somethingElse", "x");
    const noFile = await upload(user, missing);
    expect(noFile.status).toBe(400);
    expect((await json(noFile)).message).toBe("Please choose a photo to upload");
    expect(await keyOf(user.id)).toBeNull();
  });

  it("uploads through tRPC as FormData too (the screen's path)", async () => {
    const user = await createUser();
    const response = await request("/trpc/profile.uploadImage", { method: "POST", body: photoForm(PNG(), "me.png", "image/png"), cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(await keyOf(user.id)).toMatch(/\.png$/);
  });

  it("deletes the photo from the profile and from storage", async () => {
    const user = await createUser();
    await upload(user, photoForm(PNG(), "me.png", "image/png"));
    const key = await keyOf(user.id);
    const response = await request("/api/profile/upload-image", { method: "DELETE", cookie: user.cookie });
    expect(response.status).toBe(200);
    expect((await json(response)).profileImageUrl).toBeNull();
    expect(await env.BUCKET.head(key!)).toBeNull();
    expect((await request(`/api/profile/image/${user.id}`, { cookie: user.cookie })).status).toBe(404);
  });

  it("another user's photo answers 404: photos are private", async () => {
    const owner = await createUser();
    const other = await createUser();
    await upload(owner, photoForm(PNG(), "me.png", "image/png"));
    const response = await request(`/api/profile/image/${owner.id}`, { cookie: other.cookie });
    expect(response.status).toBe(404);
    expect((await json(response)).message).toBe("Photo not found");
    expect((await request(`/api/profile/image/${owner.id}`)).status).toBe(401);
  });

  it("refuses a signed-out upload before reading it", async () => {
    const response = await request("/api/profile/upload-image", { method: "POST", body: photoForm(PNG(), "me.png", "image/png") });
    expect(response.status).toBe(401);
  });
});

describe("preferences are used", () => {
  async function setPreferences(user: TestUser, preferences: Record<string, unknown>) {
    const response = await request("/api/profile/food-preferences", { method: "PATCH", cookie: user.cookie, body: preferences });
    expect(response.status).toBe(200);
  }

  it("recipe generation never proposes an allergen stored on the profile, derived foods included", async () => {
    const user = await createUser();
    await setPreferences(user, { allergies: ["Nuts", "Dairy"] });
    let generated = 0;
    for (const ingredients of [["basil", "pasta"], ["chicken", "rice"], ["flour", "sugar", "eggs"]]) {
      const response = await request("/api/recipes/generate", { cookie: user.cookie, body: { ingredients, mealType: "dinner" } });
      if (response.status !== 201) {
        // Refusing is allowed (nothing fits); proposing an allergen is not.
        expect(response.status).toBe(400);
        continue;
      }
      generated += 1;
      const { recipe } = await json(response);
      const detail = await json(await request(`/api/recipes/${recipe.id}`, { cookie: user.cookie }));
      for (const line of detail.ingredients as { text: string; name: string }[]) expect(allergensIn(`${line.text} ${line.name}`, ["Nuts", "Dairy"]), line.text).toEqual([]);
    }
    expect(generated).toBeGreaterThan(0);
  });

  it("the recipe list filters by preferences and ranks dislikes last", async () => {
    const user = await createUser();
    await createOwnRecipe(user, { title: "Pesto Pasta", ingredients: [{ name: "pesto", quantity: 3, unit: "tbsp", original: "3 tbsp pesto" }, { name: "pasta", quantity: 200, unit: "g", original: "200 g pasta" }] });
    await createOwnRecipe(user, { title: "Olive Salad", ingredients: [{ name: "olives", quantity: 1, unit: "cups", original: "1 cup olives" }, { name: "tomatoes", quantity: 2, unit: null, original: "2 tomatoes" }] });
    await createOwnRecipe(user, { title: "Tomato Salad", ingredients: [{ name: "tomatoes", quantity: 3, unit: null, original: "3 tomatoes" }] });
    await setPreferences(user, { allergies: ["nuts"], dislikedFoods: ["olives"] });
    const mine = await json(await request("/api/recipes?owner=true&fitsPreferences=true", { cookie: user.cookie }));
    expect(mine.recipes.map((r: { title: string }) => r.title)).toEqual(["Tomato Salad", "Olive Salad"]);
    const unfiltered = await json(await request("/api/recipes?owner=true", { cookie: user.cookie }));
    expect(unfiltered.total).toBe(3);
  });

  it("'what can I make' and smart recommendations never propose an allergen", async () => {
    const user = await createUser();
    const today = todayIn("UTC");
    await createOwnRecipe(user, { title: "Basil Pesto Pasta", ingredients: [{ name: "basil", quantity: 1, unit: "bunch", original: "1 bunch basil" }, { name: "pesto", quantity: 3, unit: "tbsp", original: "3 tbsp pesto" }] });
    await createOwnRecipe(user, { title: "Basil Tomato Salad", ingredients: [{ name: "basil", quantity: 1, unit: "bunch", original: "1 bunch basil" }, { name: "tomatoes", quantity: 2, unit: null, original: "2 tomatoes" }] });
    await createPantryItem(user, { name: "Basil", category: "Fresh Vegetables", expirationDate: addDays(today, 1) });
    await setPreferences(user, { allergies: ["tree nuts"] });
    const makeable = await json(await request("/api/recipes?owner=true&sort=pantry", { cookie: user.cookie }));
    expect(makeable.recipes.map((r: { title: string }) => r.title)).toEqual(["Basil Tomato Salad"]);
    const recommendations = await json(await request("/api/smart/recommendations", { cookie: user.cookie }));
    expect(recommendations.map((r: { title: string }) => r.title)).not.toContain("Basil Pesto Pasta");
  });
});

describe("personalized cuisine recommendations", () => {
  it("are premium: a free user gets the message naming the feature", async () => {
    const user = await createUser();
    const response = await request("/api/profile/cuisine-recommendations", { cookie: user.cookie, env: { PREMIUM_FOR_ALL: "false" } });
    expect(response.status).toBe(403);
    expect((await json(response)).message).toBe("Upgrade to premium for personalized cuisine and restaurant recommendations");
  });

  it("come from the user's own favourites, pantry and recipes, and are empty without data", async () => {
    const user = await createUser();
    await setPremium(user.id, true);
    const premiumEnv = { PREMIUM_FOR_ALL: "false" };
    const empty = await json(await request("/api/profile/cuisine-recommendations", { cookie: user.cookie, env: premiumEnv }));
    expect(empty).toEqual([]);

    await request("/api/profile/food-preferences", { method: "PATCH", cookie: user.cookie, body: { favoriteCuisines: ["Italian"], allergies: ["dairy"] } });
    await createPantryItem(user, { name: "Tomatoes", category: "Fresh Vegetables", expirationDate: addDays(todayIn("UTC"), 2) });
    const recommendations = await json(await request("/api/profile/cuisine-recommendations", { cookie: user.cookie, env: premiumEnv }));
    expect(recommendations[0].cuisine).toBe("Italian");
    expect(recommendations[0].reasons).toContain("One of your favorite cuisines");
    expect(recommendations[0].recipes.length).toBeGreaterThan(0);
    // Every recipe offered is free of the stored allergy.
    for (const cuisine of recommendations) {
      for (const recipe of cuisine.recipes) {
        const detail = await json(await request(`/api/recipes/${recipe.id}`, { cookie: user.cookie }));
        for (const line of detail.ingredients as { text: string }[]) expect(allergensIn(line.text, ["dairy"]), `${recipe.title}: ${line.text}`).toEqual([]);
      }
    }
  });

  it("a premium procedure over tRPC too", async () => {
    const user = await createUser();
    const response = await trpc("profile.cuisineRecommendations", undefined, { type: "query", cookie: user.cookie });
    expect(response.status).toBe(200);
  });
});
