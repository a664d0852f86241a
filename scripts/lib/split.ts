/**
 * The deterministic tune / held-out split of a development set (decision record 015). An example belongs to the
 * tune half when the FNV-1a hash of its key (a CORD file name, an NYT row index) is even. The rule depends only on
 * the key, so the halves stay the same when files are reordered or examples are added.
 */

export type SplitName = "tune" | "heldout";

/** FNV-1a, 32 bit: small, fast and stable across platforms. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function splitOf(key: string): SplitName {
  return fnv1a(key) % 2 === 0 ? "tune" : "heldout";
}

/** Formats a RESULT line: `RESULT <name> key=value ...`, numbers to three decimals. */
export function resultLine(name: string, fields: Record<string, string | number | null>): string {
  const parts = Object.entries(fields).map(([key, value]) => {
    const text = value === null ? "na" : typeof value === "number" ? (Number.isInteger(value) ? String(value) : value.toFixed(3)) : value.replace(/\s+/g, "_");
    return `${key}=${text}`;
  });
  return `RESULT ${name} ${parts.join(" ")}`;
}
