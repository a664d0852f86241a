import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState, type ReactElement, type ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { usePageTitle } from "../../lib/usePageTitle";
import { browserFirstDayOfWeek } from "../../lib/weekStart";
import { buttonClass } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Skeleton";
import { cn } from "../../components/ui/cn";
import { ErrorState } from "../../components/ErrorState";
import { ChartIcon, CheckIcon, ReceiptIcon, TrendingDownIcon } from "../../components/icons";
import { ChartCard } from "../../components/insights/ChartCard";
import { formatCalendarDate } from "../../components/pantry/pantryFormat";
import { useChartPalette, type ChartPalette } from "../../components/insights/useChartPalette";
import "../../styles/insights.css";

type Summary = RouterOutputs["insights"]["summary"];
type Period = Summary["period"];

/** How many buckets each view shows: two months of weeks, half a year of months. */
const BUCKETS: Record<Period, number> = { week: 8, month: 6 };
const CHART_HEIGHT = 260;

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const formatMoney = (value: number) => money.format(value);
const axisMoney = (value: number) => `$${value}`;

/** Waste and spending over time: what was used vs thrown away, the categories wasted most, and receipt spend. */
export function InsightsPage() {
  usePageTitle("Insights");
  const [period, setPeriod] = useState<Period>("week");
  // Weeks start where the meal planner's do for this browser's language (Sunday in the US, Monday in most of Europe).
  const [weekStartsOn] = useState(browserFirstDayOfWeek);
  const summary = trpc.insights.summary.useQuery({ period, count: BUCKETS[period], weekStartsOn }, { placeholderData: keepPreviousData });

  return (
    <div className="page insights-page">
      <header className="page-header page-header--row">
        <div>
          <h1 className="page-title">Insights</h1>
          <p className="page-subtitle">What you use, what goes to waste, and what you spend.</p>
        </div>
        <div className="segmented" role="group" aria-label="Period">
          {(["week", "month"] as const).map((value) => (
            <button key={value} type="button" className={cn("segmented__option", period === value && "is-active")} aria-pressed={period === value} onClick={() => setPeriod(value)}>
              {value === "week" ? "Weekly" : "Monthly"}
            </button>
          ))}
        </div>
      </header>

      {summary.isPending ? (
        <InsightsSkeleton />
      ) : summary.isError && !summary.data ? (
        <ErrorState headingLevel={2} title="Couldn't load your insights" message="Check your connection and try again." hideHome />
      ) : (
        <InsightsContent summary={summary.data} refreshing={summary.isPlaceholderData} />
      )}
    </div>
  );
}

function InsightsSkeleton() {
  return (
    <div className="stack" aria-label="Loading insights" role="status">
      <div className="insight-totals">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={96} style={{ borderRadius: 16 }} />
        ))}
      </div>
      <div className="chart-grid">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={CHART_HEIGHT + 90} style={{ borderRadius: 16 }} />
        ))}
      </div>
    </div>
  );
}

function InsightsContent({ summary, refreshing }: { summary: Summary; refreshing: boolean }) {
  const palette = useChartPalette();
  const { totals, buckets } = summary;
  const periodWord = summary.period === "week" ? "week" : "month";
  const rangeText = `the last ${summary.count} ${periodWord}s`;
  const hasHistory = totals.usedCount + totals.wastedCount + totals.receiptCount > 0;

  if (!hasHistory) {
    return (
      <EmptyState
        icon={<ChartIcon size={32} />}
        title="No history yet"
        description={`Nothing used, thrown away or bought in ${rangeText}. Use Some or delete items in your pantry, or scan a receipt, and your charts fill in here.`}
        action={
          <>
            <Link to="/pantry" className={buttonClass()}>
              Go to My Pantry
            </Link>
            <Link to="/receipts/scan" className={buttonClass({ variant: "outline" })}>
              Scan Receipt
            </Link>
          </>
        }
      />
    );
  }

  const categories = summary.topWastedCategories.byCount;
  return (
    <div className={cn("stack insights-content", refreshing && "is-refreshing")} aria-busy={refreshing || undefined}>
      <section aria-label={`Totals for ${rangeText}`} className="insight-totals">
        <TotalCard
          label="Money wasted"
          value={formatMoney(totals.wastedValue)}
          hint={`${totals.wastedCount} ${totals.wastedCount === 1 ? "item" : "items"} thrown away`}
          tone="danger"
          icon={<TrendingDownIcon size={20} />}
        />
        <TotalCard label="Waste rate" value={percent(totals.wasteRate)} hint={`of items, ${percent(totals.wasteValueRate)} of money`} tone="warning" icon={<ChartIcon size={20} />} />
        <TotalCard
          label="Items used"
          value={String(totals.usedCount)}
          hint={`${formatMoney(totals.usedValue)} of food eaten`}
          tone="success"
          icon={<CheckIcon size={20} />}
        />
        <TotalCard
          label="Money spent"
          value={formatMoney(totals.spend)}
          hint={`${totals.receiptCount} ${totals.receiptCount === 1 ? "receipt" : "receipts"}`}
          tone="info"
          icon={<ReceiptIcon size={20} />}
        />
      </section>
      <p className="insights-range">
        Showing {rangeText} ({formatCalendarDate(summary.from)} to {formatCalendarDate(summary.to)}, {summary.timeZone.replace(/_/g, " ")}).
      </p>

      <div className="chart-grid">
        <ChartCard
          title="Money used vs wasted"
          description={`Value of food eaten and thrown away per ${periodWord}, from the prices you entered.`}
          table={{
            columns: [capitalize(periodWord), "Used", "Wasted"],
            rows: buckets.map((b) => [b.label, formatMoney(b.usedValue), formatMoney(b.wastedValue)]),
          }}
          emptyText={totals.usedValue + totals.wastedValue === 0 ? "No prices recorded yet: add a price to items to see their value here." : null}
        >
          <ChartFrame>
            <BarChart data={buckets} title="Money used vs wasted" desc={`Bar chart of money used and wasted per ${periodWord}`} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <ChartAxes palette={palette} money />
              <Tooltip formatter={(value) => formatMoney(Number(value))} cursor={{ fill: palette.cursor }} />
              <Legend />
              <Bar dataKey="usedValue" name="Used" fill={palette.used} radius={[4, 4, 0, 0]} />
              <Bar dataKey="wastedValue" name="Wasted" fill={palette.wasted} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ChartFrame>
        </ChartCard>

        <ChartCard
          title="Items used vs wasted"
          description={`How many items were used up or thrown away each ${periodWord}.`}
          table={{
            columns: [capitalize(periodWord), "Used", "Wasted", "Waste rate"],
            rows: buckets.map((b) => [b.label, b.usedCount, b.wastedCount, percent(b.wasteRate)]),
          }}
          emptyText={totals.usedCount + totals.wastedCount === 0 ? "Nothing used or thrown away in this period." : null}
        >
          <ChartFrame>
            <LineChart data={buckets} title="Items used vs wasted" desc={`Line chart of items used and wasted per ${periodWord}`} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
              <ChartAxes palette={palette} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="usedCount" name="Used" stroke={palette.used} strokeWidth={2.5} dot={{ r: 3 }} />
              <Line type="monotone" dataKey="wastedCount" name="Wasted" stroke={palette.wasted} strokeWidth={2.5} dot={{ r: 3 }} strokeDasharray="6 3" />
            </LineChart>
          </ChartFrame>
        </ChartCard>

        <ChartCard
          title="Top wasted categories"
          description="The categories you threw away most often in this period."
          table={{ columns: ["Category", "Items", "Value"], rows: categories.map((c) => [c.category, c.count, formatMoney(c.value)]) }}
          emptyText={categories.length === 0 ? "Nothing thrown away in this period. Well done!" : null}
        >
          <ChartFrame height={Math.max(160, categories.length * 44 + 40)}>
            <BarChart data={categories} layout="vertical" title="Top wasted categories" desc="Horizontal bar chart of items wasted per category" margin={{ top: 4, right: 16, left: 8, bottom: 0 }}>
              <CartesianGrid horizontal={false} stroke={palette.grid} />
              <XAxis type="number" allowDecimals={false} stroke={palette.axis} tickLine={false} fontSize={12} />
              <YAxis type="category" dataKey="category" width={130} stroke={palette.axis} tickLine={false} fontSize={12} />
              <Tooltip cursor={{ fill: palette.cursor }} />
              <Bar dataKey="count" name="Items wasted" fill={palette.wasted} radius={[0, 4, 4, 0]} barSize={22} />
            </BarChart>
          </ChartFrame>
        </ChartCard>

        <ChartCard
          title="Spend from receipts"
          description={`What your scanned receipts add up to per ${periodWord}.`}
          table={{ columns: [capitalize(periodWord), "Spent", "Receipts"], rows: buckets.map((b) => [b.label, formatMoney(b.spend), b.receiptCount]) }}
          emptyText={totals.receiptCount === 0 ? "No receipts in this period. Scan one to track your grocery spend." : null}
        >
          <ChartFrame>
            <BarChart data={buckets} title="Spend from receipts" desc={`Bar chart of receipt totals per ${periodWord}`} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <ChartAxes palette={palette} money />
              <Tooltip formatter={(value) => formatMoney(Number(value))} cursor={{ fill: palette.cursor }} />
              <Bar dataKey="spend" name="Spent" fill={palette.spend} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ChartFrame>
        </ChartCard>
      </div>
    </div>
  );
}

const capitalize = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** A fixed-height box the chart fills at any width. */
function ChartFrame({ children, height = CHART_HEIGHT }: { children: ReactElement; height?: number }) {
  return (
    <div className="chart-frame" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** The shared X (bucket label) and Y axes with grid lines. Recharts reads these as direct chart children. */
function ChartAxes({ palette, money: isMoney = false }: { palette: ChartPalette; money?: boolean }) {
  return (
    <>
      <CartesianGrid vertical={false} stroke={palette.grid} />
      <XAxis dataKey="label" stroke={palette.axis} tickLine={false} fontSize={12} interval="preserveStartEnd" />
      <YAxis stroke={palette.axis} tickLine={false} axisLine={false} fontSize={12} width={48} allowDecimals={isMoney} tickFormatter={isMoney ? axisMoney : undefined} />
    </>
  );
}

function TotalCard({ label, value, hint, tone, icon }: { label: string; value: string; hint: string; tone: "danger" | "warning" | "success" | "info"; icon: ReactNode }) {
  return (
    <div className={`total-card total-card--${tone}`}>
      <span className="total-card__icon" aria-hidden="true">
        {icon}
      </span>
      <p className="total-card__label">{label}</p>
      <p className="total-card__value">{value}</p>
      <p className="total-card__hint">{hint}</p>
    </div>
  );
}
