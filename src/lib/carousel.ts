/** A slide carousel's state: which slide shows, with Previous and Next wrapping around. Pure. */

export type CarouselAction = { type: "next" } | { type: "previous" } | { type: "go"; index: number } | { type: "first" } | { type: "last" };

/** Any index brought into 0..count-1, wrapping both ways (-1 is the last slide). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((Math.trunc(index) % count) + count) % count;
}

export function carouselStep(index: number, action: CarouselAction, count: number): number {
  switch (action.type) {
    case "next":
      return wrapIndex(index + 1, count);
    case "previous":
      return wrapIndex(index - 1, count);
    case "go":
      return wrapIndex(action.index, count);
    case "first":
      return 0;
    case "last":
      return wrapIndex(-1, count);
  }
}

/** "3 of 5". */
export function slideCounter(index: number, count: number): string {
  return `${wrapIndex(index, count) + 1} of ${count}`;
}

/** The arrow, Home and End keys a carousel answers to; null for any other key. */
export function carouselKeyAction(key: string): CarouselAction | null {
  switch (key) {
    case "ArrowRight":
      return { type: "next" };
    case "ArrowLeft":
      return { type: "previous" };
    case "Home":
      return { type: "first" };
    case "End":
      return { type: "last" };
    default:
      return null;
  }
}
