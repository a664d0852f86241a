import { ComingSoon } from "../../components/ComingSoon";
import { CartIcon } from "../../components/icons";

/** Grocery lists (/grocery-lists and /grocery-lists/$id): not built yet in this release. */
export function GroceryListsPage() {
  return <ComingSoon feature="Grocery Lists" description="Build shopping lists by hand, from your meal plan, or by telling the AI what you need." icon={<CartIcon size={32} />} />;
}
