import { useEffect, useId, useMemo, useRef, useState } from "react";
import { getRouteApi, useNavigate, useRouter } from "@tanstack/react-router";
import { keepPreviousData } from "@tanstack/react-query";
import { trpc, type RouterInputs } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { Badge, Button, EmptyState, Input } from "../../components/ui";
import { AlertIcon, BookIcon, SparklesIcon, UploadIcon } from "../../components/icons";
import { RecipeCard, RecipeCardSkeleton } from "../../components/recipes/RecipeCard";
import { Pagination } from "../../components/recipes/Pagination";
import { GenerateRecipeDialog } from "../../components/recipes/GenerateRecipeDialog";
import { DeleteRecipeDialog } from "../../components/recipes/DeleteRecipeDialog";
import { ImportRecipesDialog } from "../../components/recipes/ImportRecipesDialog";
import { NO_FILTERS, RecipeFilterPanel, activeFilterCount, type RecipeFilters } from "../../components/recipes/RecipeFilterPanel";
import { FilterIcon, SearchIcon } from "../../components/recipes/recipeIcons";
import type { RecipeCardData } from "../../components/recipes/recipeFormat";
import { LIMITS } from "../../../worker/domain/constants";
import { RECIPE_LIMITS } from "../../../worker/schemas/recipes";
import "../../styles/recipes.css";

const route = getRouteApi("/recipes");
const SEARCH_DEBOUNCE_MS = 300;
/** "What can I make?" shows recipes that use at least this many pantry items (the filter's lowest step). */
const WHAT_CAN_I_MAKE_MIN_ITEMS = 2;

type ListInput = NonNullable<RouterInputs["recipes"]["list"]>;

/** `value` once it has stopped changing for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * /recipes: search, collapsible filters, "What can I make?", a grid of 6 cards per page with
 * numbered pages, skeletons while loading, an empty state, card deletion, and the generate dialog
 * (?action=generate opens it).
 */
export function RecipesPage() {
  usePageTitle("Recipes");
  const { action } = route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const ids = useId();
  const filterPanelId = `${ids}-filters`;
  const gridTopRef = useRef<HTMLDivElement>(null);

  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<RecipeFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [whatCanIMake, setWhatCanIMake] = useState(false);
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<RecipeCardData | null>(null);

  // Any change of what is asked starts again at page 1.
  const [lastQueryKey, setLastQueryKey] = useState("");
  const queryKey = JSON.stringify([search, filters, whatCanIMake]);
  if (queryKey !== lastQueryKey) {
    setLastQueryKey(queryKey);
    if (page !== 1) setPage(1);
  }

  const chosenUsage = filters.pantryUsage ? Number(filters.pantryUsage) : undefined;
  const pantryUsage = whatCanIMake ? Math.max(chosenUsage ?? 0, WHAT_CAN_I_MAKE_MIN_ITEMS) : chosenUsage;
  const input = useMemo<ListInput>(() => {
    return {
      search: search || undefined,
      difficulty: filters.difficulty || undefined,
      dietary: filters.dietary,
      source: filters.source || undefined,
      fitsPreferences: filters.fitsPreferences || undefined,
      pantryUsage,
      // What can I make: the server ranks by pantry coverage with soonest-expiring items weighted up.
      sort: whatCanIMake ? ("pantry" as const) : undefined,
      page,
    };
  }, [search, filters, whatCanIMake, pantryUsage, page]);

  const list = trpc.recipes.list.useQuery(input, { placeholderData: keepPreviousData });
  const data = list.data;
  const recipes = data?.recipes ?? [];

  // A deletion can empty the last page: step back to the new last one.
  useEffect(() => {
    if (data && data.recipes.length === 0 && data.page > data.pageCount) setPage(data.pageCount);
  }, [data]);

  const filterCount = activeFilterCount(filters);
  const narrowed = filterCount > 0 || search !== "" || whatCanIMake;
  const dialogOpen = action === "generate";
  // ?action=import (the profile's "Import recipes") opens the import dialog.
  const [importOpen, setImportOpen] = useState(action === "import");

  // The dialog lives in the URL (?action=generate). Opened here, closing steps back so history has no duplicate;
  // arrived at by a link, closing replaces the entry.
  const [openedHere, setOpenedHere] = useState(false);
  const openGenerate = () => {
    setOpenedHere(true);
    void navigate({ to: "/recipes", search: { action: "generate" } });
  };
  const closeGenerate = () => {
    if (openedHere) {
      setOpenedHere(false);
      router.history.back();
    } else void navigate({ to: "/recipes", search: {}, replace: true });
  };

  const goToPage = (next: number) => {
    setPage(Math.min(Math.max(1, next), data?.pageCount ?? 1));
    gridTopRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const clearAll = () => {
    setSearchText("");
    setFilters(NO_FILTERS);
    setWhatCanIMake(false);
  };

  return (
    <div className="page recipes-page">
      <header className="page-header page-header--row">
        <div>
          <h1 className="page-title">Recipes</h1>
          <p className="page-subtitle">Cook from what you have, keep the recipes you love.</p>
        </div>
        <div className="recipes-page__actions">
          <Button variant="outline" size="lg" onClick={() => setImportOpen(true)}>
            <UploadIcon size={18} />
            Import recipes
          </Button>
          <Button onClick={openGenerate} size="lg">
            <SparklesIcon size={18} />
            Generate Recipe
          </Button>
        </div>
      </header>

      <div className="recipes-toolbar">
        <div className="recipes-search">
          <label htmlFor={`${ids}-search`} className="sr-only">
            Search recipes
          </label>
          <SearchIcon className="recipes-search__icon" />
          <Input
            id={`${ids}-search`}
            type="search"
            placeholder="Search recipes or ingredients"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            maxLength={RECIPE_LIMITS.searchMax}
            className="recipes-search__input"
          />
        </div>
        <div className="recipes-toolbar__buttons">
          <Button variant={whatCanIMake ? "secondary" : "outline"} aria-pressed={whatCanIMake} onClick={() => setWhatCanIMake((on) => !on)} className="what-can-i-make">
            <span aria-hidden="true">🍳</span>
            What can I make?
          </Button>
          <Button variant="outline" aria-expanded={filtersOpen} aria-controls={filterPanelId} onClick={() => setFiltersOpen((open) => !open)}>
            <FilterIcon />
            Filters
            {filterCount > 0 && (
              <Badge variant="default">
                {filterCount}
                <span className="sr-only"> active</span>
              </Badge>
            )}
          </Button>
        </div>
      </div>

      {filtersOpen && <RecipeFilterPanel id={filterPanelId} filters={filters} onChange={setFilters} />}

      {whatCanIMake && (
        <p className="recipes-note">
          Showing recipes that use at least {pantryUsage} of your pantry items, best matches first, favouring what expires soonest.
        </p>
      )}

      <div ref={gridTopRef} className="recipes-results">
        <p className="recipes-count" aria-live="polite">
          {data ? `${data.total.toLocaleString("en-US")} recipe${data.total === 1 ? "" : "s"}${data.pageCount > 1 ? ` · page ${data.page} of ${data.pageCount}` : ""}` : list.isLoading ? "Loading recipes…" : ""}
        </p>

        {list.error && !data ? (
          <div className="alert alert--danger" role="alert">
            <AlertIcon size={18} />
            <div>
              <strong>Could not load recipes.</strong> {errorMessage(list.error)}{" "}
              <Button variant="link" size="sm" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        ) : !data ? (
          <div className="recipe-grid" aria-busy="true" aria-label="Loading recipes">
            {Array.from({ length: LIMITS.recipesPageSize }, (_, i) => (
              <RecipeCardSkeleton key={i} />
            ))}
          </div>
        ) : recipes.length === 0 ? (
          <EmptyState
            icon={narrowed ? <SearchIcon size={26} /> : <BookIcon size={26} />}
            title={narrowed ? "No recipes match" : "No recipes yet"}
            description={
              narrowed
                ? whatCanIMake
                  ? "None of the recipes use enough of your pantry items yet. Add more items to your pantry, or generate a recipe from what you have."
                  : "Try another search or fewer filters, or generate a recipe from what you have."
                : "Generate your first recipe from what's in your pantry, or import one from a link."
            }
            action={
              <>
                <Button onClick={openGenerate}>
                  <SparklesIcon size={18} />
                  Generate Recipe
                </Button>
                {narrowed && (
                  <Button variant="outline" onClick={clearAll}>
                    Clear search and filters
                  </Button>
                )}
              </>
            }
          />
        ) : (
          <ul role="list" className="recipe-grid" aria-busy={list.isFetching || undefined} data-stale={list.isPlaceholderData || undefined}>
            {recipes.map((recipe) => (
              <li key={recipe.id}>
                <RecipeCard recipe={recipe} onDelete={setToDelete} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {data && <Pagination page={data.page} pageCount={data.pageCount} onPageChange={goToPage} label="Recipe pages" />}

      <GenerateRecipeDialog
        open={dialogOpen}
        onOpenChange={(open) => (open ? openGenerate() : closeGenerate())}
        onGenerated={(recipe) => void navigate({ to: "/recipes/$id", params: { id: String(recipe.id) }, replace: true })}
      />
      <DeleteRecipeDialog recipe={toDelete} onClose={() => setToDelete(null)} />
      <ImportRecipesDialog
        open={importOpen}
        onOpenChange={(open) => {
          setImportOpen(open);
          if (!open && action === "import") void navigate({ to: "/recipes", search: {}, replace: true });
        }}
      />
    </div>
  );
}
