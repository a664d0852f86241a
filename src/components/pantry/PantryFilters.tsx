import { useId } from "react";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { Select, type SelectOption } from "../ui/Select";
import { PANTRY_CATEGORIES, PANTRY_SORTS, STORAGE_LOCATIONS, type PantrySort } from "../../../worker/domain/constants";
import { EXPIRING_SOON_DAYS } from "../../../worker/domain/expiry";
import type { PantryExpiryFilter } from "../../../worker/schemas/pantry";
import { STORAGE_LABELS } from "./pantryFormat";
import "../../styles/pantry.css";

export type PantryFilterValues = {
  category: string;
  storageLocation: string;
  expiry: PantryExpiryFilter;
  sort: PantrySort;
};

export const DEFAULT_FILTERS: PantryFilterValues = { category: "", storageLocation: "", expiry: "all", sort: "expiration" };

const EXPIRY_LABELS: Record<PantryExpiryFilter, string> = {
  all: "Any expiry",
  // The dashboard card's rule (isExpiringSoon), so its View all link shows the same items.
  // Short enough for the select on a phone: a native select cannot wrap its text.
  expiring: `Expired or within ${EXPIRING_SOON_DAYS} days`,
  expired: "Expired",
  critical: "0-2 days left",
  warning: "3-7 days left",
  good: "More than 7 days left",
  none: "No expiry date",
};

const SORT_LABELS: Record<PantrySort, string> = {
  expiration: "Expiration date",
  name: "Name",
  category: "Category",
  quantity: "Quantity",
  recently_added: "Recently added",
};

const CATEGORY_OPTIONS: SelectOption[] = [{ value: "", label: "All categories" }, ...PANTRY_CATEGORIES.map((c) => ({ value: c, label: c }))];
const STORAGE_OPTIONS: SelectOption[] = [{ value: "", label: "Everywhere" }, ...STORAGE_LOCATIONS.map((s) => ({ value: s, label: STORAGE_LABELS[s] ?? s }))];
const EXPIRY_OPTIONS: SelectOption[] = (Object.keys(EXPIRY_LABELS) as PantryExpiryFilter[]).map((value) => ({ value, label: EXPIRY_LABELS[value] }));
const SORT_OPTIONS: SelectOption[] = PANTRY_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** How many filters differ from the defaults (sort does not count: it hides nothing). */
export function activeFilterCount(filters: PantryFilterValues): number {
  return [filters.category !== "", filters.storageLocation !== "", filters.expiry !== "all"].filter(Boolean).length;
}

type PantryFiltersProps = {
  open: boolean;
  onToggle: () => void;
  filters: PantryFilterValues;
  onChange: (filters: PantryFilterValues) => void;
};

/** The collapsible Filters & Sort panel: category, storage location, expiry band and sort order. */
export function PantryFilters({ open, onToggle, filters, onChange }: PantryFiltersProps) {
  const panelId = useId();
  const active = activeFilterCount(filters);
  const set = <K extends keyof PantryFilterValues>(key: K, value: PantryFilterValues[K]) => onChange({ ...filters, [key]: value });
  return (
    <div className="pantry-filters">
      <Button variant="outline" onClick={onToggle} aria-expanded={open} aria-controls={panelId} className="pantry-filters__toggle">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 6h16M7 12h10M10 18h4" />
        </svg>
        Filters &amp; Sort
        {active > 0 && (
          <span className="pantry-filters__count">
            {active}
            <span className="sr-only"> active</span>
          </span>
        )}
      </Button>
      <div id={panelId} className="pantry-filters__panel" hidden={!open}>
        <Field label="Category">
          {(p) => <Select {...p} value={filters.category} onChange={(e) => set("category", e.target.value)} options={CATEGORY_OPTIONS} />}
        </Field>
        <Field label="Storage location">
          {(p) => <Select {...p} value={filters.storageLocation} onChange={(e) => set("storageLocation", e.target.value)} options={STORAGE_OPTIONS} />}
        </Field>
        <Field label="Expiry">
          {(p) => <Select {...p} value={filters.expiry} onChange={(e) => set("expiry", e.target.value as PantryExpiryFilter)} options={EXPIRY_OPTIONS} />}
        </Field>
        <Field label="Sort by">
          {(p) => <Select {...p} value={filters.sort} onChange={(e) => set("sort", e.target.value as PantrySort)} options={SORT_OPTIONS} />}
        </Field>
        <div className="pantry-filters__reset">
          <Button variant="ghost" size="sm" onClick={() => onChange(DEFAULT_FILTERS)} disabled={active === 0 && filters.sort === DEFAULT_FILTERS.sort}>
            Reset
          </Button>
        </div>
      </div>
    </div>
  );
}
