import { getRouteApi } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon";
import { BookIcon } from "../../components/icons";

const route = getRouteApi("/recipes/$id");

/** Placeholder until the recipe detail screen lands. */
export function RecipeDetailPage() {
  const { id } = route.useParams();
  return <ComingSoon feature="Recipe details" description={`The full recipe (${id}) with ingredients, steps, pantry matches and comments will appear here.`} icon={<BookIcon size={32} />} />;
}
