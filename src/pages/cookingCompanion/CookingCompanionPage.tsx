import { ComingSoon } from "../../components/ComingSoon";
import { ChefHatIcon } from "../../components/icons";

/** The AI cooking companion: not built yet in this release. */
export function CookingCompanionPage() {
  return <ComingSoon feature="AI Cooking Companion" description="Ask the AI chef for recipe ideas, substitutions and cooking tips while you cook." icon={<ChefHatIcon size={32} />} />;
}
