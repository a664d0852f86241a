import { keepPreviousData } from "@tanstack/react-query";
import { Link, getRouteApi, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { trpc } from "../../lib/trpc";
import { usePageTitle } from "../../lib/usePageTitle";
import { Button, buttonClass } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Input } from "../../components/ui/Input";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast } from "../../components/ui/toast-store";
import { CameraIcon, FridgeIcon } from "../../components/icons";
import { ErrorState } from "../../components/ErrorState";
import { FullScreenLoading } from "../../components/FullScreenLoading";
import { FoodSafetyNotice } from "../../components/pantry/FoodSafetyNotice";
import { PantryFilters, DEFAULT_FILTERS, activeFilterCount, type PantryFilterValues } from "../../components/pantry/PantryFilters";
import { PantryItemCard } from "../../components/pantry/PantryItemCard";
import { PantryItemDialog } from "../../components/pantry/PantryItemDialog";
import { UseSomeDialog } from "../../components/pantry/UseSomeDialog";
import { usePantryChanged } from "../../components/pantry/queries";
import { useUserToday } from "../../components/pantry/useUserToday";
import type { PantryItem } from "../../components/pantry/pantryFormat";
import { isVisible } from "../../../worker/domain/containers";
import { PANTRY_CACHE_VERSION, type PantryCategory, type StorageLocation } from "../../../worker/domain/constants";
import "../../styles/pantry.css";

const route = getRouteApi("/pantry");

export const PANTRY_CACHE_VERSION_KEY = "pantry-cache-version";
const SEARCH_DEBOUNCE_MS = 250;

let cacheVersionChecked: boolean | null = null;

/**
 * When the stored pantry cache version differs from the current one (v2.2), store the new one and
 * reload once, so a browser holding data from an older client starts clean. Decided once per page load.
 */
function needsCacheVersionReload(): boolean {
  if (cacheVersionChecked !== null) return cacheVersionChecked;
  try {
    const stored = localStorage.getItem(PANTRY_CACHE_VERSION_KEY);
    cacheVersionChecked = stored !== PANTRY_CACHE_VERSION;
    if (cacheVersionChecked) localStorage.setItem(PANTRY_CACHE_VERSION_KEY, PANTRY_CACHE_VERSION);
  } catch {
    // Storage disabled: nothing stored, nothing to compare, no reload loop.
    cacheVersionChecked = false;
  }
  return cacheVersionChecked;
}

function filtersFromSearch(filter: string | undefined): PantryFilterValues {
  return filter === "expiring" ? { ...DEFAULT_FILTERS, expiry: "expiring" } : DEFAULT_FILTERS;
}

/** My Pantry: search, filters, the item grid, and the Add / Edit / Use Some dialogs. */
export function PantryPage() {
  const [reloading] = useState(needsCacheVersionReload);
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (reloading) return <FullScreenLoading />;
  return <PantryScreen />;
}

function PantryScreen() {
  usePageTitle("My Pantry");
  const search = route.useSearch();
  const navigate = useNavigate();
  const today = useUserToday();
  const pantryChanged = usePantryChanged();
  const searchId = useId();

  const [searchText, setSearchText] = useState("");
  const [debouncedSearch, setDebouncedSearch] = useState("");
  const [filters, setFilters] = useState<PantryFilterValues>(() => filtersFromSearch(search.filter));
  const [filtersOpen, setFiltersOpen] = useState(search.filter === "expiring");
  const [addOpen, setAddOpen] = useState(search.action === "add");
  const [addKey, setAddKey] = useState(0);
  const [editing, setEditing] = useState<PantryItem | null>(null);
  const [using, setUsing] = useState<PantryItem | null>(null);

  // Links into the page while it is open (?filter=expiring, ?action=add) act like a fresh visit.
  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch.filter !== search.filter || seenSearch.action !== search.action) {
    setSeenSearch(search);
    if (search.filter !== seenSearch.filter) {
      setFilters(filtersFromSearch(search.filter));
      if (search.filter === "expiring") setFiltersOpen(true);
    }
    if (search.action === "add" && seenSearch.action !== "add") {
      setAddKey((k) => k + 1);
      setAddOpen(true);
    }
  }

  useEffect(() => {
    const timer = window.setTimeout(() => setDebouncedSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const listInput = {
    search: debouncedSearch || undefined,
    // The selects only offer values from these lists; "" means any.
    category: (filters.category || undefined) as PantryCategory | undefined,
    storageLocation: (filters.storageLocation || undefined) as StorageLocation | undefined,
    expiry: filters.expiry,
    sort: filters.sort,
  };
  // A page at a time: search, filters and sort stay on the server; the next page loads as the end of the list
  // scrolls into view (or on "Load more").
  const list = trpc.pantry.page.useInfiniteQuery(listInput, { getNextPageParam: (last) => last.nextCursor, placeholderData: keepPreviousData });
  const remove = trpc.pantry.delete.useMutation();

  // Items with nothing left are never shown; the server filters too, this guards the list on its own.
  const items = (list.data?.pages ?? []).flatMap((page) => page.items).filter((item) => isVisible(item));
  const firstPage = list.data?.pages[0];
  const itemCount = firstPage?.total ?? items.length;
  const filtered = debouncedSearch !== "" || activeFilterCount(filters) > 0;
  const expiringCount = firstPage?.needAttention ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMore(), { rootMargin: "400px 0px" });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, loadMore]);

  const openAdd = () => {
    setAddKey((k) => k + 1);
    setAddOpen(true);
  };

  const closeAdd = (open: boolean) => {
    setAddOpen(open);
    if (!open && search.action) void navigate({ to: "/pantry", search: { filter: search.filter }, replace: true });
  };

  const headingRef = useRef<HTMLHeadingElement>(null);
  const onDelete = (item: PantryItem) => {
    if (!window.confirm(`Delete ${item.name} from your pantry?`)) return;
    remove.mutate(
      { id: item.id },
      {
        onSuccess: () => {
          toast({ title: "Item deleted", description: `${item.name} has been deleted from your pantry.` });
          // The card (and its focused Delete button) is gone: keep keyboard users on the page, at its heading.
          headingRef.current?.focus();
        },
        onError: () => toast({ title: "Error", description: "Failed to delete item", variant: "destructive" }),
        onSettled: () => void pantryChanged(),
      },
    );
  };

  const clearFilters = () => {
    setFilters(DEFAULT_FILTERS);
    setSearchText("");
    setDebouncedSearch("");
    if (search.filter) void navigate({ to: "/pantry", search: {}, replace: true });
  };

  return (
    <div className="page pantry-page">
      <header className="page-header page-header--row">
        <div>
          <h1 className="page-title" ref={headingRef} tabIndex={-1}>
            My Pantry
          </h1>
          <p className="page-subtitle" aria-live="polite">
            {list.isPending
              ? "Loading your items…"
              : filtered
                ? `${itemCount} matching ${itemCount === 1 ? "item" : "items"}`
                : `${itemCount} ${itemCount === 1 ? "item" : "items"}${expiringCount > 0 ? ` · ${expiringCount} need${expiringCount === 1 ? "s" : ""} attention` : ""}`}
          </p>
        </div>
        <div className="cluster">
          <Link to="/receipts/scan" className={buttonClass({ variant: "outline" })}>
            <CameraIcon size={18} />
            Scan Receipt
          </Link>
          <Button onClick={openAdd}>
            <span aria-hidden="true" className="btn__plus">
              +
            </span>
            Add Item
          </Button>
        </div>
      </header>

      <FoodSafetyNotice compact />

      <div className="pantry-toolbar">
        <div className="pantry-search">
          <label htmlFor={searchId} className="sr-only">
            Search pantry
          </label>
          <svg className="pantry-search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <Input id={searchId} type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="Search by name or category" maxLength={120} />
        </div>
        <PantryFilters open={filtersOpen} onToggle={() => setFiltersOpen((o) => !o)} filters={filters} onChange={setFilters} />
      </div>

      {list.isPending ? (
        <ul className="pantry-grid" role="list" aria-label="Loading pantry items">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="pantry-card pantry-card--skeleton">
              <Skeleton height={44} width={44} style={{ borderRadius: 12 }} />
              <Skeleton height={16} width="60%" />
              <Skeleton height={12} width="40%" />
              <Skeleton height={32} width="100%" />
            </li>
          ))}
        </ul>
      ) : list.isError && !list.data ? (
        <ErrorState headingLevel={2} title="Couldn't load your pantry" message="Check your connection and try again." hideHome />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<FridgeIcon size={32} />}
            title="No items match"
            description="Try a different search or clear the filters."
            action={
              <Button variant="outline" onClick={clearFilters}>
                Clear search and filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<FridgeIcon size={32} />}
            title="Your pantry is empty"
            description="Add what's in your fridge, freezer and cupboards, or scan a grocery receipt to add everything at once."
            action={
              <>
                <Button onClick={openAdd}>Add Item</Button>
                <Link to="/receipts/scan" className={buttonClass({ variant: "outline" })}>
                  Scan Receipt
                </Link>
              </>
            }
          />
        )
      ) : (
        <ul className="pantry-grid" role="list" aria-label="Pantry items" aria-busy={list.isFetching || undefined}>
          {items.map((item) => (
            <PantryItemCard
              key={item.id}
              item={item}
              today={today}
              onEdit={setEditing}
              onUse={setUsing}
              onDelete={onDelete}
              deleting={remove.isPending && remove.variables?.id === item.id}
            />
          ))}
        </ul>
      )}
      {hasNextPage && items.length > 0 && (
        <div className="pantry-more" ref={sentinelRef}>
          <Button variant="outline" onClick={loadMore} loading={isFetchingNextPage}>
            {isFetchingNextPage ? "Loading more items…" : `Load more (${items.length} of ${itemCount} shown)`}
          </Button>
        </div>
      )}

      {addOpen && <PantryItemDialog key={`add-${addKey}`} open onOpenChange={closeAdd} />}
      {editing && <PantryItemDialog key={`edit-${editing.id}`} open item={editing} onOpenChange={(open) => !open && setEditing(null)} />}
      {using && <UseSomeDialog key={`use-${using.id}`} open item={using} onOpenChange={(open) => !open && setUsing(null)} />}
    </div>
  );
}
