/**
 * Recipe exports packed the way each app packs them (test/fixtures/recipe-files/README.md), built from the JSON
 * fixtures with fflate so the tests read real archives: a Paprika `.paprikarecipes`, a Mealie ZIP, a Tandoor ZIP
 * of ZIPs, and a streamed ZIP (sizes in data descriptors, as phones and some apps write them).
 */
import { Zip, ZipDeflate, gzipSync, strToU8, zipSync } from "fflate";

type Json = Record<string, unknown>;
const fixtures = import.meta.glob<Json>("../fixtures/recipe-files/*.json", { eager: true, import: "default" });

export function recipeFixture(name: "paprika-lemon-chicken" | "mealie-pancakes" | "tandoor-tomato-soup" | "schema-recipes"): Json {
  const found = fixtures[`../fixtures/recipe-files/${name}.json`];
  if (!found) throw new Error(`no fixture ${name}`);
  return structuredClone(found);
}

const json = (value: unknown) => strToU8(JSON.stringify(value));

/** `.paprikarecipes`: a ZIP of gzipped recipe JSON files, one per recipe. */
export function paprikaExport(recipes: Json[] = [recipeFixture("paprika-lemon-chicken")]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  recipes.forEach((recipe, index) => {
    files[`${String(recipe.name ?? index)}.paprikarecipe`] = gzipSync(json(recipe));
  });
  return zipSync(files);
}

/** Mealie: `recipes/<slug>/<slug>.json` (images beside it are ignored by the import). */
export function mealieExport(recipes: Json[] = [recipeFixture("mealie-pancakes")]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const recipe of recipes) {
    const slug = String(recipe.slug);
    files[`recipes/${slug}/${slug}.json`] = json(recipe);
    files[`recipes/${slug}/images/original.webp`] = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
  }
  return zipSync(files);
}

/** Tandoor: a ZIP holding one ZIP per recipe, each with recipe.json and image.jpg. */
export function tandoorExport(recipes: Json[] = [recipeFixture("tandoor-tomato-soup")]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  recipes.forEach((recipe, index) => {
    files[`${index + 1}.zip`] = zipSync({ "recipe.json": json(recipe), "image.jpg": new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) });
  });
  return zipSync(files);
}

/** A ZIP written as a stream: the sizes follow each entry in a data descriptor instead of its header. */
export function streamedZip(files: Record<string, Uint8Array>): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, data] of Object.entries(files)) {
    const entry = new ZipDeflate(name);
    zip.add(entry);
    entry.push(data, true);
  }
  zip.end();
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Overwrites the uncompressed size an archive's central directory declares for its first entry. */
export function withDeclaredSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let at = out.length - 22; at >= 0; at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      const directory = view.getUint32(at + 16, true);
      view.setUint32(directory + 24, size, true);
      return out;
    }
  }
  throw new Error("no end of central directory");
}

export { zipSync, gzipSync, strToU8 };
