/** Joins class names, skipping falsy ones: cn("btn", active && "is-active"). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
