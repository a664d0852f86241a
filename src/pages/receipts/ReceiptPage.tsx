import { getRouteApi } from "@tanstack/react-router";
import { ComingSoon } from "../../components/ComingSoon";
import { ReceiptIcon } from "../../components/icons";

const route = getRouteApi("/receipts/$id");

/** Placeholder until the receipt screen lands. */
export function ReceiptPage() {
  const { id } = route.useParams();
  return <ComingSoon feature="Receipt" description={`The items read from receipt ${id} will appear here.`} icon={<ReceiptIcon size={32} />} />;
}
