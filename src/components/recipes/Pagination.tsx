import { Button } from "../ui";
import { ChevronLeftIcon, ChevronRightIcon } from "../icons";

/**
 * Page numbers to show: always the first and last, the current page with one neighbour on each side, and
 * "gap" where pages are skipped (1 … 4 5 6 … 69).
 */
export function pageWindow(page: number, pageCount: number): Array<number | "gap"> {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  if (page <= 3) [2, 3, 4].forEach((p) => wanted.add(p));
  if (page >= pageCount - 2) [pageCount - 3, pageCount - 2, pageCount - 1].forEach((p) => wanted.add(p));
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  pages.forEach((p, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && p - previous > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
};

/** Previous, numbered pages (the current one has aria-current="page") and Next. */
export function Pagination({ page, pageCount, onPageChange, label = "Pagination" }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <ChevronLeftIcon size={16} />
        Previous
      </Button>
      <ol className="pagination__pages">
        {pageWindow(page, pageCount).map((entry, i) =>
          entry === "gap" ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry}>
              <Button
                variant={entry === page ? "default" : "ghost"}
                size="sm"
                className="pagination__page"
                aria-current={entry === page ? "page" : undefined}
                aria-label={`Page ${entry}`}
                onClick={() => entry !== page && onPageChange(entry)}
              >
                {entry}
              </Button>
            </li>
          ),
        )}
      </ol>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount}>
        Next
        <ChevronRightIcon size={16} />
      </Button>
    </nav>
  );
}
