import { ComingSoon } from "../../components/ComingSoon";
import { ChartIcon } from "../../components/icons";

/** Placeholder until the insights screen lands. */
export function InsightsPage() {
  return <ComingSoon feature="Smart Insights" description="See what you waste and spend, with recommendations and cooking tips based on your habits." icon={<ChartIcon size={32} />} />;
}
