import { useMemo, useState } from "react";
import { useNavigate, useParams } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { useAuth } from "../../lib/auth";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { SAMPLE_LIST_NAME } from "../../../worker/schemas/groceryLists";
import { Button, EmptyState, Tabs, TabsContent, TabsList, TabsTrigger, toast } from "../../components/ui";
import { AlertIcon, CartIcon, SparklesIcon } from "../../components/icons";
import { PlusIcon } from "../../components/recipes/recipeIcons";
import { ListCard, ListCardSkeleton } from "../../components/groceryLists/ListCard";
import { DeleteListDialog, ListFormDialog } from "../../components/groceryLists/ListDialogs";
import { ActiveList } from "../../components/groceryLists/ActiveList";
import { AiListDialog } from "../../components/groceryLists/AiListDialog";
import { ShoppingListFromPlanButton } from "../../components/groceryLists/ShoppingListFromPlanButton";
import { localDateRange, type GroceryList } from "../../components/groceryLists/groceryFormat";
import { readCachedList } from "../../components/groceryLists/listCache";
import "../../styles/groceryLists.css";

const LOADING_CARDS = 3;

/**
 * /grocery-lists and /grocery-lists/{id}: 'New List' and 'Generate with AI'; two tabs following the route, My
 * Lists (cards, skeletons, the empty state, the sample-list banner, the week's list from the meal plan) and the
 * Active List.
 */
export function GroceryListsPage() {
  const params = useParams({ strict: false });
  const navigate = useNavigate();
  const auth = useAuth();
  const userId = auth.user?.id ?? null;
  const rawId = params.id;
  const listId = rawId && /^\d{1,15}$/.test(rawId) ? Number(rawId) : rawId ? -1 : null;
  const activeId = listId !== null && listId > 0 ? listId : null;

  const lists = trpc.groceryLists.list.useQuery(undefined, { retry: 2 });
  const activeName = useMemo(() => {
    if (activeId === null) return null;
    return lists.data?.find((l) => l.id === activeId)?.name ?? readCachedList(userId, activeId)?.data.list.name ?? null;
  }, [activeId, lists.data, userId]);
  usePageTitle(activeName ?? "Grocery Lists");

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<{ id: number; name: string; notes: string | null } | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const utils = trpc.useUtils();
  const seed = trpc.groceryLists.seedSamples.useMutation();
  const week = useMemo(() => localDateRange(6), []);

  async function addSamples() {
    try {
      const result = await seed.mutateAsync();
      toast({ title: result.message });
      await utils.groceryLists.list.invalidate();
    } catch {
      toast({ title: "Failed to add sample lists", description: "Please try again.", variant: "destructive" });
    }
  }

  const hasSample = (lists.data ?? []).some((l) => l.isTemplate && l.name === SAMPLE_LIST_NAME);
  const tab = listId !== null ? "active" : "mine";

  return (
    <div className="page grocery-page">
      <header className="page-header page-header--row">
        <div>
          <h1 className="page-title">Grocery Lists</h1>
          <p className="page-subtitle">Plan the shop, tick things off in the aisle, and put what you bought straight into your pantry.</p>
        </div>
        <div className="grocery-page__header-actions">
          <Button variant="outline" onClick={() => setCreating(true)}>
            <PlusIcon /> New List
          </Button>
          <Button onClick={() => setAiOpen(true)}>
            <SparklesIcon size={18} /> Generate with AI
          </Button>
        </div>
      </header>

      <Tabs value={tab} onValueChange={(next) => next === "mine" && void navigate({ to: "/grocery-lists" })}>
        <TabsList aria-label="Grocery lists">
          <TabsTrigger value="mine">My Lists</TabsTrigger>
          <TabsTrigger value="active" disabled={listId === null}>
            <span>{activeName ?? "Active List"}</span>
          </TabsTrigger>
        </TabsList>

        <TabsContent value="mine">
          <MyLists
            lists={lists.data}
            loading={lists.isLoading}
            error={lists.error}
            onRetry={() => void lists.refetch()}
            hasSample={hasSample}
            seeding={seed.isPending}
            onAddSamples={() => void addSamples()}
            onCreate={() => setCreating(true)}
            onGenerate={() => setAiOpen(true)}
            onDelete={(list) => setDeleting(list)}
            week={week}
          />
        </TabsContent>
        <TabsContent value="active">
          {listId !== null && (
            <ActiveList
              key={listId}
              listId={activeId ?? -1}
              userId={userId}
              isPremium={auth.isPremium}
              onEdit={(list) => setEditing(list)}
              onDelete={(list) => setDeleting(list)}
              onCreate={() => setCreating(true)}
            />
          )}
        </TabsContent>
      </Tabs>

      <ListFormDialog
        open={creating || editing !== null}
        editing={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onSaved={(list) => void navigate({ to: "/grocery-lists/$id", params: { id: String(list.id) } })}
      />
      <DeleteListDialog list={deleting} userId={userId} onClose={() => setDeleting(null)} onDeleted={(id) => id === activeId && void navigate({ to: "/grocery-lists" })} />
      <AiListDialog open={aiOpen} onClose={() => setAiOpen(false)} />
    </div>
  );
}

type MyListsProps = {
  lists: GroceryList[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  hasSample: boolean;
  seeding: boolean;
  onAddSamples: () => void;
  onCreate: () => void;
  onGenerate: () => void;
  onDelete: (list: GroceryList) => void;
  week: { start: string; end: string };
};

function MyLists({ lists, loading, error, onRetry, hasSample, seeding, onAddSamples, onCreate, onGenerate, onDelete, week }: MyListsProps) {
  if (error && !lists) {
    return (
      <div className="alert alert--danger" role="alert">
        <AlertIcon size={18} />
        <div>
          <strong>Could not load your lists.</strong> {errorMessage(error)}{" "}
          <Button variant="link" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  if (loading || !lists) {
    return (
      <div className="grocery-grid" aria-busy="true" aria-label="Loading lists">
        {Array.from({ length: LOADING_CARDS }, (_, i) => (
          <ListCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  const banner = !hasSample && (
    <div className="grocery-banner" role="region" aria-label="Sample list">
      <div>
        <strong>Top 20 Grocery Items for One Person</strong>
        <p>A curated starter list: small packs of fresh food and long keepers for the cupboard.</p>
      </div>
      <Button variant="outline" onClick={onAddSamples} loading={seeding}>
        {seeding ? "Adding..." : "Add Sample Lists"}
      </Button>
    </div>
  );
  return (
    <div className="grocery-mine">
      <div className="grocery-mine__plan">
        <ShoppingListFromPlanButton start={week.start} end={week.end} />
        <span className="muted">From the recipes planned for the next 7 days, minus what your pantry holds.</span>
      </div>
      {lists.length === 0 ? (
        <EmptyState
          icon={<CartIcon size={26} />}
          title="No Grocery Lists Yet"
          description="Make a list by hand, let the AI plan one, or start from our sample list."
          action={
            <>
              <Button onClick={onCreate}>Create List</Button>
              <Button variant="outline" onClick={onGenerate}>
                Generate with AI
              </Button>
              <Button variant="outline" onClick={onAddSamples} loading={seeding}>
                {seeding ? "Adding..." : "Add Sample Lists"}
              </Button>
            </>
          }
        />
      ) : (
        <>
          {banner}
          <ul className="grocery-grid" aria-label="Your grocery lists">
            {lists.map((list) => (
              <li key={list.id}>
                <ListCard list={list} onDelete={onDelete} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
