/**
 * Builds worker/data/shelfLife.json, the compact shelf-life table behind estimated expiry dates,
 * from the USDA FSIS FoodKeeper workbook (v128, public domain) in data/foodkeeper/.
 *
 *   npm run data:shelf-life [-- path/to/foodkeeper.json]
 *
 * The workbook stores each row as an array of one-key objects ({"Name": "Milk"}, ...). For every product we keep
 * only what estimation and matching need: id, name, subtitle, category, the keywords that are not already words of
 * the name or subtitle, and, per storage place, ranges in
 * days. A range is [minDays, maxDays, unit] where unit is the original unit letter (h, d, w, m, y) kept for display
 * ("1-2 months"); a non-numeric metric becomes a flag string instead (see FLAG_BY_METRIC).
 *
 * FoodKeeper has two "unopened" columns per place: DOP_* (from the date of purchase) and the plain one (storage
 * time without that qualifier). Both describe the product as bought, so they merge into one `purchase` range:
 * a numeric value wins over a flag, and when both are numeric the shorter one is kept (conservative).
 */
import { readFileSync, writeFileSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = resolve(process.argv[2] ?? resolve(HERE, "../data/foodkeeper/foodkeeper_FMA-Data-v128.json"));
const OUTPUT = resolve(HERE, "../worker/data/shelfLife.json");

/** Days per unit. Months count as 30 days and years as 365 so ranges never run past the true span. */
const DAYS_PER_UNIT: Record<string, { days: number; letter: Unit }> = {
  Hours: { days: 1 / 24, letter: "h" },
  Days: { days: 1, letter: "d" },
  Weeks: { days: 7, letter: "w" },
  Months: { days: 30, letter: "m" },
  Year: { days: 365, letter: "y" },
  Years: { days: 365, letter: "y" },
};

const FLAG_BY_METRIC: Record<string, Flag> = {
  "Not Recommended": "not-recommended",
  "Package use-by date": "package-date",
  "When Ripe": "when-ripe",
  Indefinitely: "indefinitely",
};

type Unit = "h" | "d" | "w" | "m" | "y";
type Flag = "not-recommended" | "package-date" | "when-ripe" | "indefinitely";
type Range = [number, number, Unit] | Flag;
type Storage = { purchase?: Range; opened?: Range; thawed?: Range };
type OutProduct = {
  id: number;
  name: string;
  subtitle?: string;
  category: string;
  keywords?: string[];
  pantry?: Storage;
  fridge?: Storage;
  freezer?: Storage;
};

type Row = Record<string, unknown>;
type Workbook = { fileName: string; sheets: { name: string; data: Record<string, unknown>[][] }[] };

const workbook = JSON.parse(readFileSync(SOURCE, "utf8")) as Workbook;
const sheet = (name: string): Row[] => {
  const found = workbook.sheets.find((s) => s.name === name);
  if (!found) throw new Error(`FoodKeeper sheet "${name}" is missing from ${SOURCE}`);
  return found.data.map((cells) => Object.assign({}, ...cells) as Row);
};

const version = sheet("Version").find((v) => v.Current_Version === "Yes")?.Data_Version_Number ?? "unknown";
const categories = new Map<number, string>();
for (const c of sheet("Category")) {
  const sub = typeof c.Subcategory_Name === "string" && c.Subcategory_Name.trim() ? ` / ${c.Subcategory_Name.trim()}` : "";
  categories.set(Number(c.ID), `${String(c.Category_Name).trim()}${sub}`);
}

const metricInventory = new Map<string, number>();
const notes: string[] = [];
const droppedFragments: string[] = [];
const clean = (value: unknown): string => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "");

/** Reads one FoodKeeper column triple (<prefix>_Min/_Max/_Metric) as a Range, or undefined when empty. */
function readRange(row: Row, prefix: string): Range | undefined {
  const metric = clean(row[`${prefix}_Metric`]);
  const rawMin = row[`${prefix}_Min`];
  const rawMax = row[`${prefix}_Max`];
  if (!metric) {
    if (rawMin != null || rawMax != null) notes.push(`#${row.ID} ${prefix}: value ${JSON.stringify(rawMin ?? rawMax)} without a metric, ignored`);
    return undefined;
  }
  metricInventory.set(metric, (metricInventory.get(metric) ?? 0) + 1);
  const flag = FLAG_BY_METRIC[metric];
  if (flag) return flag;
  const unit = DAYS_PER_UNIT[metric];
  if (!unit) throw new Error(`#${row.ID} ${prefix}: unknown metric "${metric}"; add it to DAYS_PER_UNIT or FLAG_BY_METRIC`);
  const min = typeof rawMin === "number" ? rawMin : null;
  const max = typeof rawMax === "number" ? rawMax : null;
  if (min == null && max == null) throw new Error(`#${row.ID} ${prefix}: metric "${metric}" without numbers`);
  // A lone bound ("up to 1 week") stands for both ends.
  if (min == null || max == null) notes.push(`#${row.ID} ${prefix}: only one bound (${min ?? max} ${metric}), used for both`);
  const low = Math.min(min ?? max!, max ?? min!);
  const high = Math.max(min ?? max!, max ?? min!);
  const toDays = (n: number) => Math.round(n * unit.days * 10_000) / 10_000;
  return [toDays(low), toDays(high), unit.letter];
}

/** Merges the plain and date-of-purchase columns of one place (see the header comment). */
function mergePurchase(id: unknown, place: string, plain: Range | undefined, fromPurchase: Range | undefined): Range | undefined {
  if (!plain) return fromPurchase;
  if (!fromPurchase) return plain;
  if (typeof plain === "string") return fromPurchase;
  if (typeof fromPurchase === "string") return plain;
  const shorter = plain[0] <= fromPurchase[0] ? plain : fromPurchase;
  notes.push(`#${id} ${place}: two unopened ranges (${plain[0]}-${plain[1]} and ${fromPurchase[0]}-${fromPurchase[1]} days), kept the shorter`);
  return shorter;
}

function storage(parts: Storage): Storage | undefined {
  const kept = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined)) as Storage;
  return Object.keys(kept).length ? kept : undefined;
}

/** Crude word set (lower case, trailing s/es dropped) used only to spot keywords that repeat the name. */
function roughWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((w) => w.replace(/(es|s)$/, "")));
}

/**
 * Keywords that add something to the name and subtitle (synonyms such as "nutella", "clarified butter").
 * Most FoodKeeper keywords only repeat the name's words; dropping those keeps the table small. Fragments of a
 * compound word are dropped too: "egg" for Eggplant, "cat" for catfish, "dough" and "nut" for Doughnuts.
 */
function keywordsOf(row: Row, name: string, subtitle: string): string[] {
  const known = roughWords(`${name} ${subtitle}`);
  const fragment = (word: string) => [...known].some((k) => k !== word && k.length > word.length && k.includes(word));
  const kept = new Set<string>();
  for (const raw of clean(row.Keywords).split(",")) {
    const keyword = raw.trim().toLowerCase();
    const words = [...roughWords(keyword)];
    if (!keyword || words.every((w) => known.has(w))) continue;
    if (words.some(fragment)) {
      droppedFragments.push(`#${row.ID} "${keyword}"`);
      continue;
    }
    kept.add(keyword);
  }
  return [...kept];
}

const products: OutProduct[] = [];
for (const row of sheet("Product")) {
  const id = Number(row.ID);
  const name = clean(row.Name).replace(/^"|"(?=\s)/g, "").replace(/"/g, "");
  if (!name) {
    notes.push(`#${id}: no name, skipped`);
    continue;
  }
  const subtitle = clean(row.Name_subtitle);
  const product: OutProduct = {
    id,
    name,
    ...(subtitle ? { subtitle } : {}),
    category: categories.get(Number(row.Category_ID)) ?? "Unknown",
  };
  const keywords = keywordsOf(row, name, subtitle);
  if (keywords.length) product.keywords = keywords;
  const pantry = storage({
    purchase: mergePurchase(id, "pantry", readRange(row, "Pantry"), readRange(row, "DOP_Pantry")),
    opened: readRange(row, "Pantry_After_Opening"),
  });
  const fridge = storage({
    purchase: mergePurchase(id, "fridge", readRange(row, "Refrigerate"), readRange(row, "DOP_Refrigerate")),
    opened: readRange(row, "Refrigerate_After_Opening"),
    thawed: readRange(row, "Refrigerate_After_Thawing"),
  });
  const freezer = storage({ purchase: mergePurchase(id, "freezer", readRange(row, "Freeze"), readRange(row, "DOP_Freeze")) });
  if (pantry) product.pantry = pantry;
  if (fridge) product.fridge = fridge;
  if (freezer) product.freezer = freezer;
  products.push(product);
}
products.sort((a, b) => a.id - b.id);

const table = {
  source: `USDA FSIS FoodKeeper data v${version} (${workbook.fileName}), public domain; derived by scripts/build-shelf-life.ts`,
  units: "ranges are [minDays, maxDays, unit]; unit is the original unit (h, d, w, m = 30 days, y = 365 days); flags: not-recommended, package-date, when-ripe, indefinitely",
  products,
};

// One product per line: small, yet reviewable in a diff.
const body = products.map((p) => JSON.stringify(p)).join(",\n");
const json = `{"source":${JSON.stringify(table.source)},\n"units":${JSON.stringify(table.units)},\n"products":[\n${body}\n]}\n`;
mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, json);

// Summary.
const count = (pick: (p: OutProduct) => Range | undefined) => {
  let numeric = 0;
  const flags = new Map<string, number>();
  for (const p of products) {
    const r = pick(p);
    if (!r) continue;
    if (typeof r === "string") flags.set(r, (flags.get(r) ?? 0) + 1);
    else numeric++;
  }
  return `${numeric} numeric${[...flags].map(([f, n]) => `, ${n} ${f}`).join("")}`;
};
console.log(`FoodKeeper v${version}: ${products.length} products -> ${OUTPUT} (${(statSync(OUTPUT).size / 1024).toFixed(1)} KB)`);
console.log(`metrics found: ${[...metricInventory].map(([m, n]) => `${m} ${n}`).join(", ")}`);
console.log(`pantry purchase:  ${count((p) => p.pantry?.purchase)}`);
console.log(`pantry opened:    ${count((p) => p.pantry?.opened)}`);
console.log(`fridge purchase:  ${count((p) => p.fridge?.purchase)}`);
console.log(`fridge opened:    ${count((p) => p.fridge?.opened)}`);
console.log(`fridge thawed:    ${count((p) => p.fridge?.thawed)}`);
console.log(`freezer purchase: ${count((p) => p.freezer?.purchase)}`);
console.log(`no range at all:  ${products.filter((p) => !p.pantry && !p.fridge && !p.freezer).map((p) => `#${p.id} ${p.name}`).join(", ") || "none"}`);
console.log(`keywords dropped as fragments of a name word: ${droppedFragments.length} (e.g. ${droppedFragments.slice(0, 6).join(", ")})`);
console.log(`data notes (${notes.length}):\n  ${notes.join("\n  ")}`);
