import { useId, useState, type ReactNode } from "react";
import { Button } from "../ui/Button";
import { cn } from "../ui/cn";
import "../../styles/insights.css";

export type ChartTable = {
  /** Column headers; the first column names each row. */
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
};

type ChartCardProps = {
  title: string;
  /** One sentence saying what the chart shows (read out as the figure's description). */
  description: string;
  /** The same numbers as the chart, for the "Show as table" view. */
  table: ChartTable;
  /** Shown instead of the chart and table when there is nothing to plot. */
  emptyText?: string | null;
  children: ReactNode;
  className?: string;
};

/**
 * A chart in a titled figure with a "Show as table" toggle: the table is a real <table> with the chart's numbers,
 * so the data is readable without the picture.
 */
export function ChartCard({ title, description, table, emptyText, children, className }: ChartCardProps) {
  const [asTable, setAsTable] = useState(false);
  const ids = useId();
  const titleId = `${ids}-title`;
  const descriptionId = `${ids}-description`;
  return (
    <figure className={cn("chart-card", className)} aria-labelledby={titleId} aria-describedby={descriptionId}>
      <div className="chart-card__head">
        <h2 id={titleId} className="chart-card__title">
          {title}
        </h2>
        {!emptyText && (
          <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)} className="chart-card__toggle">
            {asTable ? "Show as chart" : "Show as table"}
          </Button>
        )}
      </div>
      <p id={descriptionId} className="chart-card__description">
        {description}
      </p>
      {emptyText ? (
        <p className="chart-card__empty">{emptyText}</p>
      ) : asTable ? (
        <div className="chart-card__table-wrap">
          <table className="chart-table">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column, index) => (
                  <th key={column} scope="col" className={index === 0 ? undefined : "num"}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index} className="num">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="chart-card__chart">{children}</div>
      )}
    </figure>
  );
}
