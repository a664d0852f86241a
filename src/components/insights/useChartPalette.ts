import { useMemo, useSyncExternalStore } from "react";

/** The chart colours, read from CSS custom properties (insights.css) so they follow the light/dark theme. */
export type ChartPalette = { used: string; wasted: string; spend: string; grid: string; axis: string; cursor: string };

const FALLBACK: ChartPalette = { used: "#16a34a", wasted: "#dc2626", spend: "#2563eb", grid: "#dfe7e1", axis: "#52635a", cursor: "rgba(0,0,0,0.05)" };

function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

const currentTheme = () => document.documentElement.dataset.theme ?? "light";

/** Reads the palette; `theme` is the data-theme it is read under (the variables change with it). */
function readPalette(theme: string): ChartPalette {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  if (!theme) return FALLBACK;
  return {
    used: read("--chart-used", FALLBACK.used),
    wasted: read("--chart-wasted", FALLBACK.wasted),
    spend: read("--chart-spend", FALLBACK.spend),
    grid: read("--chart-grid", FALLBACK.grid),
    axis: read("--chart-axis", FALLBACK.axis),
    cursor: read("--chart-cursor", FALLBACK.cursor),
  };
}

/** SVG fills need concrete colours; this re-reads them whenever <html data-theme> changes. */
export function useChartPalette(): ChartPalette {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => "light");
  return useMemo(() => readPalette(theme), [theme]);
}
