import { useAuth, browserTimeZone } from "../../lib/auth";
import { todayIn } from "../../../worker/domain/dates";

/** Today's calendar date (yyyy-MM-dd) in the signed-in user's time zone, as the server counts expiry days. */
export function useUserToday(): string {
  const { user } = useAuth();
  return todayIn(user?.timeZone ?? browserTimeZone() ?? "UTC");
}
