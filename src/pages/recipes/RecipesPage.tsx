import { ComingSoon } from "../../components/ComingSoon";
import { BookIcon } from "../../components/icons";

/** Placeholder until the recipes list lands. */
export function RecipesPage() {
  return <ComingSoon feature="Recipes" description="Generate recipes from what's in your pantry, import them from the web and keep your favourites." icon={<BookIcon size={32} />} />;
}
