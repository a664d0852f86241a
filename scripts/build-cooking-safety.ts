/**
 * Builds worker/data/cookingSafety.json, the companion's food-safety table, from the USDA FSIS FoodKeeper workbook
 * (v128, public domain) in data/foodkeeper/:
 * - temperatures: the CookingTips sheet's safe minimum internal temperatures (°F), rest times and cooking tips,
 *   one row per product, named by the product it belongs to;
 * - storageTips: the Product sheet's tips per storage place (pantry, fridge, freezer), keyed by product id (the
 *   same ids as worker/data/shelfLife.json, so a matched product finds its tips).
 *
 *   npm run data:cooking-safety [-- path/to/foodkeeper.json]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = resolve(process.argv[2] ?? resolve(HERE, "../data/foodkeeper/foodkeeper_FMA-Data-v128.json"));
const OUTPUT = resolve(HERE, "../worker/data/cookingSafety.json");

type Row = Record<string, unknown>;
type Workbook = { fileName: string; sheets: { name: string; data: Record<string, unknown>[][] }[] };

const workbook = JSON.parse(readFileSync(SOURCE, "utf8")) as Workbook;
const sheet = (name: string): Row[] => {
  const found = workbook.sheets.find((s) => s.name === name);
  if (!found) throw new Error(`FoodKeeper sheet "${name}" is missing from ${SOURCE}`);
  return found.data.map((cells) => Object.assign({}, ...cells) as Row);
};
const clean = (value: unknown): string => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "");
/** FoodKeeper capitalises inconsistently ("cooking suggestions are for burgers."): sentences start upper case. */
const sentence = (text: string) => text.replace(/(^|[.!?]\s+)([a-z])/g, (_, lead: string, ch: string) => lead + ch.toUpperCase());

const version = sheet("Version").find((v) => v.Current_Version === "Yes")?.Data_Version_Number ?? "unknown";
const products = new Map<number, Row>();
for (const row of sheet("Product")) products.set(Number(row.ID), row);

type Temperature = { productId: number; name: string; subtitle?: string; keywords?: string[]; tempF: number | null; restMinutes: number | null; tip: string | null };
const temperatures: Temperature[] = [];
const seen = new Set<string>();
let skipped = 0;
for (const row of sheet("CookingTips")) {
  const productId = Number(row.Product_ID);
  const product = products.get(productId);
  const name = clean(product?.Name).replace(/"/g, "");
  if (!product || !name) {
    skipped += 1;
    continue;
  }
  const temp = typeof row.Safe_Minimum_Temperature === "number" ? row.Safe_Minimum_Temperature : null;
  const rest = typeof row.Rest_Time === "number" && clean(row.Rest_Time_metric).toLowerCase().startsWith("minute") ? row.Rest_Time : null;
  const tip = clean(row.Tips) ? sentence(clean(row.Tips)) : null;
  if (temp === null && tip === null) continue;
  const key = `${productId}|${temp}|${rest}|${tip}`;
  if (seen.has(key)) continue;
  seen.add(key);
  const subtitle = clean(product.Name_subtitle);
  const keywords = clean(product.Keywords)
    .split(",")
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  temperatures.push({ productId, name, ...(subtitle ? { subtitle } : {}), ...(keywords.length ? { keywords } : {}), tempF: temp, restMinutes: rest, tip });
}
temperatures.sort((a, b) => a.productId - b.productId);

const storageTips: Record<string, { pantry?: string; fridge?: string; freezer?: string }> = {};
for (const [id, row] of products) {
  const pick = (...columns: string[]) => columns.map((c) => clean(row[c])).find(Boolean);
  const tips = { pantry: pick("Pantry_tips", "DOP_Pantry_tips"), fridge: pick("Refrigerate_tips", "DOP_Refrigerate_tips"), freezer: pick("Freeze_Tips", "DOP_Freeze_Tips") };
  const kept = Object.fromEntries(Object.entries(tips).filter(([, v]) => v).map(([k, v]) => [k, sentence(v!)]));
  if (Object.keys(kept).length) storageTips[String(id)] = kept;
}

const source = `USDA FSIS FoodKeeper data v${version} (${workbook.fileName}), public domain; derived by scripts/build-cooking-safety.ts`;
const json =
  `{"source":${JSON.stringify(source)},\n"temperatures":[\n${temperatures.map((t) => JSON.stringify(t)).join(",\n")}\n],\n` +
  `"storageTips":{\n${Object.entries(storageTips)
    .map(([id, tips]) => `${JSON.stringify(id)}:${JSON.stringify(tips)}`)
    .join(",\n")}\n}}\n`;
writeFileSync(OUTPUT, json);
console.log(`cookingSafety.json: ${temperatures.length} temperature rows (${skipped} without a product), storage tips for ${Object.keys(storageTips).length} products`);
