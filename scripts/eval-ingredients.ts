/**
 * Measures the ingredient-line parser against a labelled CSV (NYT ingredient-phrase-tagger columns:
 * index,input,name,qty,range_end,unit,comment). Usage: npm run eval:ingredients -- [file.csv]
 * Default file: data/ingredient-lines/nyt-dev.csv in this repository.
 *
 * Name accuracy, two ways (both compare after lower-casing, hyphens to spaces and plurals to singular):
 * - strict: the parsed name equals the label;
 * - lenient: every word of the label is in the parsed name, or every word of the parsed name is in the label
 *   ("brown sugar" for "light brown sugar" and the other way round), and neither is empty. Words are split at
 *   spaces and punctuation, so the comma in a label such as "lemon, thinly sliced" does not hide the word "lemon".
 * A name that is only a number, an adverb or a preparation word ("8", "reasonably", "chopped") is counted apart as
 * a bad name: the parser must never produce one.
 * Rows fall in a tune or a held-out half by a hash of their index (scripts/lib/split.ts, decision record 015);
 * figures are printed for both and for the whole file, and example misses come from the tune half only.
 * The last line is machine-readable: `RESULT eval:ingredients ...`.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseIngredientLine } from "../worker/domain/ingredients";
import { normalizeUnit } from "../worker/domain/units";
import { isBadIngredientName as isBadName } from "./lib/ingredientChecks";
import { resultLine, splitOf, type SplitName } from "./lib/split";

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

type Tally = { total: number; nameOk: number; nameLenient: number; qtyOk: number; unitOk: number; allOk: number; badNames: number };
const tally = (): Tally => ({ total: 0, nameOk: 0, nameLenient: 0, qtyOk: 0, unitOk: 0, allOk: 0, badNames: 0 });
const tallies: Record<SplitName | "all", Tally> = { tune: tally(), heldout: tally(), all: tally() };
let skipped = 0;
const misses: { kind: string; input: string; expected: string; got: string }[] = [];
const badNames: { input: string; got: string }[] = [];

// Words are split at punctuation too: a label "lemon, thinly sliced" holds the word "lemon", not "lemon,".
const words = (name: string) => nameKey(name.replace(/[,;:.()[\]]+/g, " ")).split(" ").filter(Boolean);
/** Every word of one name is in the other (see the file comment). */
function lenientNameMatch(parsed: string, expected: string): boolean {
  const [a, b] = [words(parsed), words(expected)];
  if (!a.length || !b.length) return a.length === b.length;
  return b.every((w) => a.includes(w)) || a.every((w) => b.includes(w));
}

rows.forEach((row, rowNumber) => {
  const input = row[iInput] ?? "";
  if (!input.trim()) {
    skipped++;
    return;
  }
  const split = splitOf(row[col("index")] ?? String(rowNumber));
  const parsed = parseIngredientLine(input);
  const expectedName = row[iName] ?? "";
  const qty = Number(row[iQty] || 0);
  const rangeEnd = Number(row[iRange] || 0);
  const expectedUnit = row[iUnit] ?? "";

  const nameMatch = nameKey(parsed.name) === nameKey(expectedName);
  const lenient = nameMatch || lenientNameMatch(parsed.name, expectedName);
  const qtyMatch = sameQuantity(parsed.quantity, qty) && sameQuantity(parsed.quantityMax, rangeEnd);
  const unitMatch = unitKey(parsed.unit) === unitKey(expectedUnit);
  const bad = isBadName(parsed.name);
  for (const t of [tallies[split], tallies.all]) {
    t.total++;
    if (nameMatch) t.nameOk++;
    if (lenient) t.nameLenient++;
    if (qtyMatch) t.qtyOk++;
    if (unitMatch) t.unitOk++;
    if (nameMatch && qtyMatch && unitMatch) t.allOk++;
    if (bad) t.badNames++;
  }
  if (bad) badNames.push({ input, got: parsed.name });
  if (split !== "tune") return;
  if (!nameMatch) misses.push({ kind: lenient ? "name" : "name (not even lenient)", input, expected: expectedName, got: parsed.name });
  if (!qtyMatch) misses.push({ kind: "quantity", input, expected: `${qty}${rangeEnd ? `-${rangeEnd}` : ""}`, got: `${parsed.quantity ?? 0}${parsed.quantityMax ? `-${parsed.quantityMax}` : ""}` });
  if (!unitMatch) misses.push({ kind: "unit", input, expected: expectedUnit || "(none)", got: parsed.unit ?? "(none)" });
});

const pct = (n: number, t: Tally) => `${((100 * n) / Math.max(t.total, 1)).toFixed(1)}%`;
console.log(`File: ${csvPath}${skipped ? ` (${skipped} rows with an empty input skipped)` : ""}`);
console.log("split       lines   name strict  name lenient  quantity    unit  all three  bad names");
for (const [label, t] of [["tune", tallies.tune], ["held-out", tallies.heldout], ["all", tallies.all]] as const) {
  console.log(
    `${label.padEnd(10)} ${String(t.total).padStart(6)}  ${pct(t.nameOk, t).padStart(11)}  ${pct(t.nameLenient, t).padStart(12)}  ${pct(t.qtyOk, t).padStart(8)}  ${pct(t.unitOk, t).padStart(6)}  ${pct(t.allOk, t).padStart(9)}  ${String(t.badNames).padStart(9)}`,
  );
}

const limit = Number(process.env.EVAL_MISSES ?? 5);
for (const kind of ["name (not even lenient)", "name", "quantity", "unit"]) {
  const some = misses.filter((m) => m.kind === kind).slice(0, limit);
  if (!some.length) continue;
  console.log(`\nExample ${kind} misses (tune half):`);
  for (const m of some) console.log(`  ${JSON.stringify(m.input)}\n    expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.got)}`);
}
if (badNames.length) {
  console.log("\nBad names:");
  for (const b of badNames.slice(0, limit)) console.log(`  ${JSON.stringify(b.input)} -> ${JSON.stringify(b.got)}`);
}
const share = (n: number, t: Tally) => (t.total ? n / t.total : 0);
console.log(
  resultLine("eval:ingredients", {
    lines: tallies.all.total,
    name_strict: share(tallies.all.nameOk, tallies.all),
    name_lenient: share(tallies.all.nameLenient, tallies.all),
    quantity: share(tallies.all.qtyOk, tallies.all),
    unit: share(tallies.all.unitOk, tallies.all),
    tune_name_strict: share(tallies.tune.nameOk, tallies.tune),
    heldout_name_strict: share(tallies.heldout.nameOk, tallies.heldout),
    heldout_name_lenient: share(tallies.heldout.nameLenient, tallies.heldout),
    heldout_quantity: share(tallies.heldout.qtyOk, tallies.heldout),
    heldout_unit: share(tallies.heldout.unitOk, tallies.heldout),
    bad_names: tallies.all.badNames,
  }),
);
