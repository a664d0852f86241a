/**
 * Import from other apps' export files over HTTP (tRPC with a multipart form, as the import dialog sends it):
 * preview reads drafts and saves nothing; save keeps the chosen drafts as the user's imported recipes.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { recipeIngredients, recipes } from "../../db/schema";
import { createOwnRecipe, createUser, testDb, type TestUser } from "../helpers/factories";
import { json, request, trpc } from "../helpers/http";
import { mealieExport, paprikaExport, recipeFixture, strToU8, tandoorExport, zipSync } from "../helpers/recipeExports";
import { IMPORT_LIMITS } from "../../worker/domain/recipeFiles";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../worker/routers";

type Preview = inferRouterOutputs<AppRouter>["recipeImport"]["preview"];
type Draft = Preview["drafts"][number];

function upload(user: TestUser | null, bytes: Uint8Array, filename: string) {
  const form = new FormData();
  form.append("file", new File([bytes], filename, { type: "application/octet-stream" }));
  return request("/trpc/recipeImport.preview", { method: "POST", body: form, cookie: user?.cookie ?? null });
}

async function preview(user: TestUser, bytes: Uint8Array, filename: string): Promise<Preview> {
  const response = await upload(user, bytes, filename);
  expect(response.status).toBe(200);
  return (await json(response)).result.data;
}

const ownRecipeCount = async (userId: string) => (await testDb().select().from(recipes).where(eq(recipes.userId, userId))).length;

/** A draft as the review step sends it back (the preview's key and duplicate flag stay behind). */
const toSave = ({ key: _key, duplicate: _duplicate, ...draft }: Draft) => draft;

describe("preview", () => {
  it("reads each app's export into drafts and saves nothing", async () => {
    const user = await createUser();
    const paprika = await preview(user, paprikaExport(), "My Recipes.paprikarecipes");
    expect(paprika.formats).toEqual(["Paprika"]);
    expect(paprika.drafts.map((d) => d.title)).toEqual(["Lemon Garlic Chicken"]);
    const mealie = await preview(user, mealieExport(), "mealie.zip");
    expect(mealie.drafts.map((d) => [d.format, d.title])).toEqual([["mealie", "Fluffy Buttermilk Pancakes"]]);
    const tandoor = await preview(user, tandoorExport(), "export.zip");
    expect(tandoor.drafts.map((d) => [d.format, d.title])).toEqual([["tandoor", "Roasted Tomato Soup"]]);
    const schema = await preview(user, strToU8(JSON.stringify(recipeFixture("schema-recipes"))), "recipes.json");
    expect(schema.drafts.map((d) => d.title)).toEqual(["Overnight Oats", "Garlic Bread"]);
    expect(await ownRecipeCount(user.id)).toBe(0);
  });

  it("flags recipes the user already has by title", async () => {
    const user = await createUser();
    await createOwnRecipe(user, { title: "lemon garlic chicken" });
    const { drafts } = await preview(user, paprikaExport(), "x.paprikarecipes");
    expect(drafts[0]!.duplicate).toBe(true);
  });

  it("judges the file by its content: a text file named .paprikarecipes is refused with a message", async () => {
    const user = await createUser();
    const response = await upload(user, strToU8("these are my recipes"), "recipes.paprikarecipes");
    expect(response.status).toBe(422);
    expect((await json(response)).error.message).toMatch(/^We couldn't find recipes in this file/);
    // ...and a real export named .txt is read.
    expect((await preview(user, paprikaExport(), "notes.txt")).drafts).toHaveLength(1);
  });

  it("refuses a ZIP bomb and an oversized upload with messages", async () => {
    const user = await createUser();
    const bomb = zipSync({ "a.paprikarecipe": new Uint8Array(IMPORT_LIMITS.archive.maxEntryBytes + 1) });
    const refused = await upload(user, bomb, "bomb.paprikarecipes");
    expect(refused.status).toBe(422);
    expect((await json(refused)).error.message).toMatch(/unpacks to more data than an import can take/);
    const big = await upload(user, new Uint8Array(IMPORT_LIMITS.maxFileBytes + 1), "big.zip");
    expect(big.status).toBe(413);
    expect((await json(big)).error.message).toMatch(/larger than 20 MB/);
  });

  it("asks for a file when the form has none", async () => {
    const user = await createUser();
    const response = await request("/trpc/recipeImport.preview", { method: "POST", body: new FormData(), cookie: user.cookie });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe("Choose a recipe file to import");
  });

  it("answers 401 signed out", async () => {
    expect((await upload(null, paprikaExport(), "x.paprikarecipes")).status).toBe(401);
    expect((await trpc("recipeImport.save", { drafts: [] })).status).toBe(401);
  });
});

describe("save", () => {
  it("keeps only the chosen drafts, as the user's imported recipes with parsed ingredients", async () => {
    const user = await createUser();
    const { drafts } = await preview(user, strToU8(JSON.stringify(recipeFixture("schema-recipes"))), "recipes.json");
    const oats = drafts.find((d) => d.title === "Overnight Oats")!;
    const response = await trpc("recipeImport.save", { drafts: [toSave(oats)] }, { cookie: user.cookie });
    expect(response.status).toBe(200);
    const { saved, count } = (await json(response)).result.data;
    expect(count).toBe(1);
    expect(saved[0]).toMatchObject({ title: "Overnight Oats", sourceType: "imported", source: "example.com" });

    const rows = await testDb().select().from(recipes).where(eq(recipes.userId, user.id));
    expect(rows.map((r) => r.title)).toEqual(["Overnight Oats"]);
    expect(rows[0]).toMatchObject({ servings: 2, prepTime: 5, sourceUrl: "https://example.com/overnight-oats", mealType: "breakfast" });
    const ingredients = await testDb().select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, rows[0]!.id));
    expect(ingredients.map((i) => [i.name, i.quantity, i.unit])).toEqual([
      ["rolled oats", 1, "cups"],
      ["milk", 1, "cups"],
      ["Greek yogurt", 0.5, "cups"],
      ["honey", 1, "tbsp"],
    ]);
    // The saved recipe reads back like any other through the recipes API.
    const detail = await user.api.recipes.get.query({ id: rows[0]!.id });
    expect(detail.recipe.title).toBe("Overnight Oats");
  });

  it("keeps ingredient sections and labels a file without a link by its app", async () => {
    const user = await createUser();
    const { drafts } = await preview(user, mealieExport([{ ...recipeFixture("mealie-pancakes"), orgURL: null }]), "m.zip");
    const { saved } = await user.api.recipeImport.save.mutate({ drafts: drafts.map(toSave) });
    expect(saved[0]!.source).toBe("Mealie import");
    const ingredients = await testDb().select().from(recipeIngredients).where(eq(recipeIngredients.recipeId, saved[0]!.id));
    expect(new Set(ingredients.map((i) => i.section))).toEqual(new Set(["Batter"]));
  });

  it("refuses an empty selection, a blank title and more than a batch, saving nothing", async () => {
    const user = await createUser();
    const { drafts } = await preview(user, paprikaExport(), "x.paprikarecipes");
    const none = await trpc("recipeImport.save", { drafts: [] }, { cookie: user.cookie });
    expect(none.status).toBe(400);
    expect((await json(none)).error.message).toBe("Choose at least one recipe to import");
    const blank = await trpc("recipeImport.save", { drafts: [{ ...toSave(drafts[0]!), title: "  " }] }, { cookie: user.cookie });
    expect((await json(blank)).error.message).toBe("Every recipe needs a title");
    const tooMany = await trpc("recipeImport.save", { drafts: Array.from({ length: 26 }, () => toSave(drafts[0]!)) }, { cookie: user.cookie });
    expect(tooMany.status).toBe(400);
    expect(await ownRecipeCount(user.id)).toBe(0);
  });

  it("saves for the signed-in user only: another user never sees the imported recipe", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const { drafts } = await preview(a, paprikaExport(), "x.paprikarecipes");
    const { saved } = await a.api.recipeImport.save.mutate({ drafts: drafts.map(toSave) });
    const response = await trpc("recipes.get", { id: saved[0]!.id }, { type: "query", cookie: b.cookie });
    expect(response.status).toBe(404);
    expect(await ownRecipeCount(b.id)).toBe(0);
  });
});
