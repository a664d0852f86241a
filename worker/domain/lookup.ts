/**
 * A read-only lookup table without a prototype. Tables are indexed by untrusted words (ingredient lines, receipt
 * text, category names); with a plain object, "constructor" or "__proto__" would find Object.prototype's members.
 */
export function lookupTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
