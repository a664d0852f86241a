import { ComingSoon } from "../../components/ComingSoon";
import { FridgeIcon } from "../../components/icons";

/** Placeholder until the pantry screen lands. */
export function PantryPage() {
  return <ComingSoon feature="My Pantry" description="Track everything in your fridge, freezer and cupboards with expiry dates, so nothing goes to waste." icon={<FridgeIcon size={32} />} />;
}
