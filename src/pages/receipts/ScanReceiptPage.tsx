import { ComingSoon } from "../../components/ComingSoon";
import { CameraIcon } from "../../components/icons";

/** Placeholder until receipt scanning lands. */
export function ScanReceiptPage() {
  return <ComingSoon feature="Scan Receipt" description="Photograph a grocery receipt and add every item to your pantry with an estimated expiry date." icon={<CameraIcon size={32} />} />;
}
