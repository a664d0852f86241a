/**
 * Measures the ingredient-line parser against a labelled CSV (NYT ingredient-phrase-tagger columns:
 * index,input,name,qty,range_end,unit,comment). Usage: npm run eval:ingredients -- [file.csv]
 * Default file: data/ingredient-lines/nyt-dev.csv in this repository.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseIngredientLine } from "../worker/domain/ingredients";
import { normalizeUnit } from "../worker/domain/units";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const defaultCsv = resolve(repoRoot, "data/ingredient-lines/nyt-dev.csv");
// npm runs scripts from the package root; INIT_CWD is where the command was typed.
const csvPath = resolve(process.env.INIT_CWD ?? process.cwd(), process.argv.slice(2).find((a) => a !== "--") ?? defaultCsv);

/** RFC 4180 CSV: quoted fields, doubled quotes, newlines inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f !== ""));
}

/** Comparison key for names: case, plurals and whitespace (and hyphens, which the labels use inconsistently). */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[-\s]+/g, " ")
    .trim()
    .split(" ")
    .map((w) => w.replace(/ies$/, "y").replace(/(?:ch|sh|x|ss|o)es$/, (m) => m.slice(0, -2)).replace(/([^s])s$/, "$1"))
    .join(" ");
}

/** The labels round to two decimals (1/3 is 0.33) and use 0 for "none". */
function sameQuantity(ours: number | null, label: number): boolean {
  const value = ours === null ? 0 : Math.round(ours * 100) / 100;
  return Math.abs(value - label) <= 1e-6;
}

const unitKey = (u: string | null) => (u ? (normalizeUnit(u) ?? u.toLowerCase()) : "");

const rows = parseCsv(readFileSync(csvPath, "utf8"));
const header = rows.shift() ?? [];
const col = (name: string) => header.indexOf(name);
const [iInput, iName, iQty, iRange, iUnit] = [col("input"), col("name"), col("qty"), col("range_end"), col("unit")];
if ([iInput, iName, iQty, iRange, iUnit].some((i) => i < 0)) {
  console.error(`Expected columns input,name,qty,range_end,unit in ${csvPath}; got ${header.join(",")}`);
  process.exit(1);
}

let total = 0;
let skipped = 0;
let nameOk = 0;
let nameLenient = 0;
let qtyOk = 0;
let unitOk = 0;
let allOk = 0;
const misses: { kind: string; input: string; expected: string; got: string }[] = [];

for (const row of rows) {
  const input = row[iInput] ?? "";
  if (!input.trim()) {
    skipped++;
    continue;
  }
  total++;
  const parsed = parseIngredientLine(input);
  const expectedName = row[iName] ?? "";
  const qty = Number(row[iQty] || 0);
  const rangeEnd = Number(row[iRange] || 0);
  const expectedUnit = row[iUnit] ?? "";

  const nameMatch = nameKey(parsed.name) === nameKey(expectedName);
  const [a, b] = [nameKey(parsed.name), nameKey(expectedName)];
  const lenient = nameMatch || (a !== "" && b !== "" && (` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `)));
  const qtyMatch = sameQuantity(parsed.quantity, qty) && sameQuantity(parsed.quantityMax, rangeEnd);
  const unitMatch = unitKey(parsed.unit) === unitKey(expectedUnit);
  if (nameMatch) nameOk++;
  if (lenient) nameLenient++;
  if (qtyMatch) qtyOk++;
  if (unitMatch) unitOk++;
  if (nameMatch && qtyMatch && unitMatch) allOk++;
  if (!nameMatch) misses.push({ kind: "name", input, expected: expectedName, got: parsed.name });
  if (!qtyMatch) misses.push({ kind: "quantity", input, expected: `${qty}${rangeEnd ? `-${rangeEnd}` : ""}`, got: `${parsed.quantity ?? 0}${parsed.quantityMax ? `-${parsed.quantityMax}` : ""}` });
  if (!unitMatch) misses.push({ kind: "unit", input, expected: expectedUnit || "(none)", got: parsed.unit ?? "(none)" });
}

const pct = (n: number) => `${((100 * n) / Math.max(total, 1)).toFixed(1)}%`;
console.log(`File: ${csvPath}`);
console.log(`Lines: ${total}${skipped ? ` (${skipped} rows with an empty input skipped)` : ""}`);
console.log(`Name accuracy:      ${pct(nameOk)} (${nameOk}/${total})  [lenient, one contains the other: ${pct(nameLenient)}]`);
console.log(`Quantity accuracy:  ${pct(qtyOk)} (${qtyOk}/${total})`);
console.log(`Unit accuracy:      ${pct(unitOk)} (${unitOk}/${total})`);
console.log(`All three correct:  ${pct(allOk)} (${allOk}/${total})`);

const limit = Number(process.env.EVAL_MISSES ?? 5);
for (const kind of ["name", "quantity", "unit"]) {
  const some = misses.filter((m) => m.kind === kind).slice(0, limit);
  if (!some.length) continue;
  console.log(`\nExample ${kind} misses:`);
  for (const m of some) console.log(`  ${JSON.stringify(m.input)}\n    expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.got)}`);
}
