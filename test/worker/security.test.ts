/**
 * The security battery: one table naming every tRPC procedure and every REST path with who may call it, and for
 * each row the checks that follow from it, through HTTP into the real Worker:
 * - signed out: 401 (unless public);
 * - premium with tiers enforced (PREMIUM_FOR_ALL = "false"): a free user gets 403 with the feature's message, a
 *   premium user gets past the gate; a free user is never refused a query that is not premium;
 * - state-changing: a signed-in request from another origin (or with no Origin and a cross-site fetch) gets 403,
 *   and a read-only personal access token gets 403;
 * - another user's object: 404, run by test/worker/cross-user.test.ts for every row marked `id` (the discovery from
 *   the zod inputs must agree with the table).
 * A procedure or path missing from the table, or a table row that no longer exists, fails the battery.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { restApi } from "../../worker/rest";
import { receiptPhoto } from "../helpers/factories";
import { createUser, setPremium, type TestUser } from "../helpers/factories";
import { request, trpc } from "../helpers/http";
import { allProcedures, idProcedures, premiumProcedures } from "../helpers/procedures";

/** public: anyone; user: signed in (session or token); premium: signed in and premium; session: signed in with a session, not a token. */
type Access = "public" | "user" | "premium" | "session";
type Row = { access: Access; id?: true };

const PROCEDURES: Record<string, Row> = {
  "receipts.scan": { access: "user" },
  "receipts.confirm": { access: "user", id: true },
  "receipts.list": { access: "user" },
  "receipts.get": { access: "user", id: true },
  "receipts.scanInfo": { access: "user" },
  "receipts.image": { access: "user", id: true },
  "auth.providers": { access: "public" },
  "auth.register": { access: "public" },
  "auth.login": { access: "public" },
  "auth.linkProvider": { access: "user" },
  "auth.me": { access: "user" },
  "auth.logout": { access: "user" },
  "auth.deleteAccount": { access: "user" },
  "system.version": { access: "public" },
  "system.health": { access: "public" },
  "pantry.list": { access: "user" },
  "pantry.page": { access: "user" },
  "pantry.get": { access: "user", id: true },
  "pantry.create": { access: "user" },
  "pantry.update": { access: "user", id: true },
  "pantry.delete": { access: "user", id: true },
  "pantry.use": { access: "user", id: true },
  "groceries.list": { access: "user" },
  "groceries.create": { access: "user" },
  "groceries.suggest": { access: "user" },
  "groceries.markUsed": { access: "user", id: true },
  "groceries.delete": { access: "user", id: true },
  "dashboard.get": { access: "user" },
  "engagement.sendFeedback": { access: "user" },
  "engagement.submitResearch": { access: "user" },
  "ai.tokenUsage": { access: "user" },
  "notifications.list": { access: "user" },
  "notifications.dismiss": { access: "user", id: true },
  "notifications.dismissAll": { access: "user" },
  "notifications.settings": { access: "user" },
  "notifications.updateSettings": { access: "user" },
  "notifications.pushPublicKey": { access: "user" },
  "notifications.subscribe": { access: "user" },
  "notifications.unsubscribe": { access: "user" },
  "insights.summary": { access: "user" },
  "smart.recommendations": { access: "user" },
  "smart.shoppingSuggestions": { access: "user" },
  "smart.cookingTips": { access: "user" },
  "smart.learningData": { access: "user" },
  "smart.trackAction": { access: "user" },
  "recipes.list": { access: "user" },
  "recipes.get": { access: "user", id: true },
  "recipes.delete": { access: "user", id: true },
  "recipes.save": { access: "user", id: true },
  "recipes.unsave": { access: "user", id: true },
  "recipes.scaled": { access: "user", id: true },
  "recipes.ingredients.add": { access: "user", id: true },
  "recipes.ingredients.update": { access: "user", id: true },
  "recipes.ingredients.delete": { access: "user", id: true },
  "recipes.comments.list": { access: "user", id: true },
  "recipes.comments.add": { access: "user", id: true },
  "recipes.comments.delete": { access: "user", id: true },
  "recipes.feedback.get": { access: "user", id: true },
  "recipes.feedback.set": { access: "user", id: true },
  "recipes.pantryItems.list": { access: "user", id: true },
  "recipes.pantryItems.add": { access: "user", id: true },
  "recipes.pantryItems.delete": { access: "user", id: true },
  "recipes.generate": { access: "premium" },
  "recipes.generateFromPantry": { access: "premium", id: true },
  "apiTokens.list": { access: "session" },
  "apiTokens.create": { access: "session" },
  "apiTokens.revoke": { access: "session", id: true },
  "system.stats": { access: "public" },
  "account.export": { access: "user" },
  "account.exportCsv": { access: "user" },
  "recipeImport.preview": { access: "user" },
  "recipeImport.save": { access: "user" },
  "mealPlans.list": { access: "user" },
  "mealPlans.create": { access: "premium", id: true },
  "mealPlans.update": { access: "premium", id: true },
  "mealPlans.delete": { access: "premium", id: true },
  "mealPlans.copy": { access: "premium", id: true },
  "mealPlans.planWeek": { access: "premium" },
  "mealPlans.repeat": { access: "premium", id: true },
  "mealPlans.stopRepeat": { access: "premium", id: true },
  "mealPlans.cookPreview": { access: "user", id: true },
  "mealPlans.cook": { access: "premium", id: true },
  "mealPlans.recipeChoices": { access: "user" },
  "mealPlans.templates.list": { access: "user" },
  "mealPlans.templates.save": { access: "premium" },
  "mealPlans.templates.applyToWeek": { access: "premium", id: true },
  "mealPlans.templates.delete": { access: "premium", id: true },
  "mealPlans.feed.status": { access: "user" },
  "mealPlans.feed.renew": { access: "user" },
  "mealPlans.feed.revoke": { access: "user" },
  "mealPlans.feed.calendar": { access: "public" },
  "groceryLists.list": { access: "user" },
  "groceryLists.get": { access: "user", id: true },
  "groceryLists.version": { access: "user", id: true },
  "groceryLists.create": { access: "user" },
  "groceryLists.update": { access: "user", id: true },
  "groceryLists.delete": { access: "user", id: true },
  "groceryLists.addItem": { access: "user", id: true },
  "groceryLists.toggleItem": { access: "user", id: true },
  "groceryLists.deleteItem": { access: "user", id: true },
  "groceryLists.history": { access: "user" },
  "groceryLists.seedSamples": { access: "user" },
  "groceryLists.aiPrompts": { access: "user" },
  "groceryLists.recipeChoices": { access: "user" },
  "groceryLists.generateFromRecipes": { access: "user", id: true },
  "groceryLists.generateFromPlan": { access: "user" },
  "groceryLists.generateWithAi": { access: "user", id: true },
  "groceryLists.planChangeImpact": { access: "user", id: true },
  "groceryLists.applyPlanChange": { access: "user", id: true },
  "groceryLists.shoppingReview": { access: "user", id: true },
  "groceryLists.doneShopping": { access: "user", id: true },
  "groceryLists.tips": { access: "premium", id: true },
  "profile.get": { access: "user" },
  "profile.update": { access: "user" },
  "profile.updateFoodPreferences": { access: "user" },
  "profile.uploadImage": { access: "user" },
  "profile.deleteImage": { access: "user" },
  "profile.image": { access: "user", id: true },
  "profile.cuisineRecommendations": { access: "premium" },
  "companion.chat": { access: "premium", id: true },
  "companion.chatStream": { access: "premium", id: true },
  "companion.history": { access: "user", id: true },
  "companion.confirmAction": { access: "premium", id: true },
  "companion.dismissAction": { access: "user", id: true },
};

/** REST paths (as Hono lists them) with who may call them; the OAuth navigations and probes are public. */
const REST: Record<string, Access> = {
  "POST /receipts/scan": "user",
  "GET /receipts": "user",
  "GET /receipts/scan-info": "user",
  "GET /receipts/:id": "user",
  "POST /receipts/:id/confirm": "user",
  "GET /receipts/:id/image": "user",
  "POST /auth/login": "public",
  "POST /auth/register": "public",
  "GET /auth/user": "user",
  "GET /auth/providers": "public",
  "POST /auth/logout": "user",
  "GET /auth/google": "public",
  "GET /auth/google/callback": "public",
  "GET /login": "public",
  "GET /login/callback": "public",
  "GET /logout": "public",
  "GET /version": "public",
  "GET /health": "public",
  "GET /pantry": "user",
  "POST /pantry": "user",
  "GET /pantry/:id": "user",
  "PUT /pantry/:id": "user",
  "DELETE /pantry/:id": "user",
  "PATCH /pantry/:id/use": "user",
  "GET /groceries": "user",
  "POST /groceries": "user",
  "PATCH /groceries/:id": "user",
  "DELETE /groceries/:id": "user",
  "GET /dashboard": "user",
  "POST /feedback": "user",
  "POST /user-research": "user",
  "GET /token-usage": "user",
  "GET /smart/recommendations": "user",
  "GET /smart/shopping-suggestions": "user",
  "GET /smart/cooking-tips": "user",
  "GET /smart/learning-data": "user",
  "POST /smart/track-action": "user",
  "GET /insights/summary": "user",
  "GET /notifications": "user",
  "POST /notifications/dismiss-all": "user",
  "GET /notifications/settings": "user",
  "PUT /notifications/settings": "user",
  "GET /notifications/push-public-key": "user",
  "POST /notifications/subscribe": "user",
  "DELETE /notifications/subscribe": "user",
  "POST /notifications/:id/dismiss": "user",
  "GET /recipes": "user",
  "POST /recipes/generate": "premium",
  "POST /recipes/generate-from-pantry": "premium",
  "POST /recipes/save/:id": "user",
  "DELETE /recipes/save/:id": "user",
  "GET /recipes/:id": "user",
  "DELETE /recipes/:id": "user",
  "GET /recipes/:id/scaled": "user",
  "POST /recipes/:id/ingredients": "user",
  "PUT /recipes/:id/ingredients/:originalName": "user",
  "DELETE /recipes/:id/ingredients/:name": "user",
  "GET /recipes/:id/comments": "user",
  "POST /recipes/:id/comments": "user",
  "DELETE /comments/:id": "user",
  "GET /recipes/:id/pantry-items": "user",
  "POST /recipes/:id/pantry-items": "user",
  "DELETE /recipe-pantry-items/:id": "user",
  "GET /recipes/:id/feedback": "user",
  "POST /recipes/:id/feedback": "user",
  "GET /subscription/create-checkout": "public",
  "GET /account/export": "user",
  "GET /account/export/pantry.csv": "user",
  "GET /account/export/grocery-lists.csv": "user",
  "GET /mealplans": "user",
  "POST /mealplans": "premium",
  "POST /mealplans/plan-week": "premium",
  "GET /mealplans/recipe-choices": "user",
  "GET /mealplans/templates": "user",
  "POST /mealplans/templates": "premium",
  "POST /mealplans/templates/:id/apply": "premium",
  "DELETE /mealplans/templates/:id": "premium",
  "GET /mealplans/feed": "user",
  "POST /mealplans/feed": "user",
  "DELETE /mealplans/feed": "user",
  "GET /mealplans/feed/:token": "public",
  "PUT /mealplans/:id": "premium",
  "PATCH /mealplans/:id": "premium",
  "DELETE /mealplans/:id": "premium",
  "POST /mealplans/:id/copy": "premium",
  "POST /mealplans/:id/repeat": "premium",
  "DELETE /mealplans/:id/repeat": "premium",
  "GET /mealplans/:id/cook": "user",
  "POST /mealplans/:id/cook": "premium",
  "GET /grocery-lists": "user",
  "POST /grocery-lists": "user",
  "GET /grocery-lists/ai-prompts": "user",
  "POST /grocery-lists/generate": "user",
  "GET /grocery-lists/:id": "user",
  "DELETE /grocery-lists/:id": "user",
  "POST /grocery-lists/:id/items": "user",
  "PATCH /grocery-list-items/:id/toggle": "user",
  "DELETE /grocery-list-items/:id": "user",
  "GET /groceries/history": "user",
  "POST /onboarding/seed-grocery-lists": "user",
  "GET /profile": "user",
  "PATCH /profile": "user",
  "PATCH /profile/food-preferences": "user",
  "POST /profile/upload-image": "user",
  "DELETE /profile/upload-image": "user",
  "GET /profile/cuisine-recommendations": "premium",
  "GET /profile/image/:userId": "user",
  "POST /cooking-companion/chat": "premium",
  "GET /cooking-companion/history/:sessionId": "user",
  "POST /cooking-companion/actions/:id/confirm": "premium",
  "POST /cooking-companion/actions/:id/dismiss": "user",
};

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const procedures = allProcedures();
const routes = [...new Set(restApi.routes.map((route) => `${route.method} ${route.path}`))];
const methodOf = (key: string) => key.slice(0, key.indexOf(" "));
const pathOf = (key: string) => key.slice(key.indexOf(" ") + 1);

/** A well-formed request for a REST path (ids filled in), so only the check under test can refuse it. */
function restRequest(key: string) {
  const method = methodOf(key);
  const url = `/api${pathOf(key).replace(/:[A-Za-z]+/g, "1")}`;
  if (key === "POST /receipts/scan") {
    const form = new FormData();
    form.append("receipt", new File([receiptPhoto("battery")], "receipt.png", { type: "image/png" }));
    return { url, method, body: form as unknown };
  }
  return { url, method, body: SAFE.has(method) ? undefined : ({} as unknown) };
}

let free: TestUser;
let premium: TestUser;
let readToken: string;
beforeAll(async () => {
  free = await createUser();
  premium = await createUser();
  await setPremium(premium.id, true);
  readToken = (await free.api.apiTokens.create.mutate({ name: "battery", scope: "read" })).token;
});

describe("the table covers everything", () => {
  it("every procedure is in the table, and every row is a procedure", () => {
    const paths = procedures.map((p) => p.path);
    expect(paths.filter((path) => !PROCEDURES[path])).toEqual([]);
    expect(Object.keys(PROCEDURES).filter((path) => !paths.includes(path))).toEqual([]);
  });

  it("every REST path is in the table, and every row is a path", () => {
    expect(routes.filter((key) => !REST[key])).toEqual([]);
    expect(Object.keys(REST).filter((key) => !routes.includes(key))).toEqual([]);
  });

  it("premium rows are exactly the procedures built on premiumProcedure", () => {
    expect(premiumProcedures().map((p) => p.path).sort()).toEqual(Object.entries(PROCEDURES).filter(([, row]) => row.access === "premium").map(([path]) => path).sort());
  });

  it("rows marked id are exactly the procedures whose input takes another object's id (cross-user.test.ts runs them)", () => {
    expect(idProcedures().map((p) => p.path).sort()).toEqual(Object.entries(PROCEDURES).filter(([, row]) => row.id).map(([path]) => path).sort());
  });
});

describe("signed out: 401", () => {
  for (const { path, type } of procedures.filter((p) => PROCEDURES[p.path]?.access !== "public")) {
    it(`${path} over tRPC`, async () => {
      const response = await trpc(path, type === "query" ? undefined : {}, { type });
      expect(response.status).toBe(401);
      const body = (await response.json()) as { error: { data: { code: string } } };
      expect(body.error.data.code).toBe("UNAUTHORIZED");
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    });
  }

  for (const key of routes.filter((k) => REST[k] !== "public")) {
    it(`${key}`, async () => {
      const { url, method, body } = restRequest(key);
      const response = await request(url, { method, body });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Please sign in to continue" });
    });
  }

  it("an invalid session cookie is treated as signed out and cleared", async () => {
    const response = await request("/api/auth/user", { cookie: "plantry_session=not-a-real-session" });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("plantry_session=;") || c.includes("Max-Age=0"))).toBe(true);
  });
});

describe("premium features with tiers enforced", () => {
  const enforced = { PREMIUM_FOR_ALL: "false" } as Partial<Env>;

  for (const { path, type, message } of premiumProcedures()) {
    it(`${path}: a free user gets 403 with its message, a premium user gets past the gate`, async () => {
      const refused = await trpc(path, type === "query" ? undefined : {}, { type, cookie: free.cookie, env: enforced });
      expect(refused.status).toBe(403);
      const body = (await refused.json()) as { error: { message: string; data: { code: string } } };
      expect(body.error.data.code).toBe("FORBIDDEN");
      expect(body.error.message).toBe(message);
      const allowed = await trpc(path, type === "query" ? undefined : {}, { type, cookie: premium.cookie, env: enforced });
      expect([401, 403]).not.toContain(allowed.status);
    });
  }

  for (const key of routes.filter((k) => REST[k] === "premium")) {
    it(`${key}: a free user gets 403`, async () => {
      const { url, method, body } = restRequest(key);
      const response = await request(url, { method, body, cookie: free.cookie, env: enforced });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(5);
    });
  }

  it("a free user is refused no query that is not premium", async () => {
    const refused: string[] = [];
    for (const { path, type } of procedures.filter((p) => p.type === "query" && PROCEDURES[p.path]?.access === "user")) {
      const response = await trpc(path, undefined, { type, cookie: free.cookie, env: enforced });
      if (response.status === 403) refused.push(path);
    }
    expect(refused).toEqual([]);
  });
});

describe("state-changing requests from another origin: 403", () => {
  const mutations = procedures.filter((p) => p.type === "mutation");
  for (const { path } of mutations) {
    it(`${path}`, async () => {
      const row = PROCEDURES[path]!;
      const cookie = row.access === "public" ? null : free.cookie;
      const foreign = await trpc(path, {}, { cookie, origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      expect(await foreign.json()).toEqual({ message: "Cross-site request refused" });
      const unlabelled = await trpc(path, {}, { cookie, origin: null, headers: { "Sec-Fetch-Site": "cross-site" } });
      expect(unlabelled.status).toBe(403);
    });
  }

  for (const key of routes.filter((k) => !SAFE.has(methodOf(k)))) {
    it(`${key}`, async () => {
      const { url, method, body } = restRequest(key);
      const response = await request(url, { method, body, cookie: REST[key] === "public" ? null : free.cookie, origin: "https://evil.example" });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "Cross-site request refused" });
    });
  }
});

describe("a read-only token", () => {
  it("gets 403 on every mutation that needs a signed-in user", async () => {
    const answers: Record<string, number> = {};
    for (const { path } of procedures.filter((p) => p.type === "mutation" && PROCEDURES[p.path]?.access !== "public")) {
      answers[path] = (await trpc(path, {}, { headers: { Authorization: `Bearer ${readToken}` }, origin: null })).status;
    }
    expect(Object.entries(answers).filter(([, status]) => status !== 403)).toEqual([]);
  });

  it("cannot reach session-only procedures even to read", async () => {
    for (const [path] of Object.entries(PROCEDURES).filter(([, row]) => row.access === "session")) {
      const type = procedures.find((p) => p.path === path)!.type;
      const response = await trpc(path, type === "query" ? undefined : {}, { type, headers: { Authorization: `Bearer ${readToken}` }, origin: null });
      expect(response.status, path).toBe(403);
    }
  });
});
