/**
 * The instant a calendar day starts in a time zone, through @date-fns/tz (TZDate applies the runtime's IANA rules,
 * daylight-saving changes included). Server only, so the client never loads the library.
 */
import { TZDate } from "@date-fns/tz";
import { safeTimeZone } from "./dates";

/**
 * The instant (ms since the epoch) at which a calendar date starts in a time zone: local midnight, or the first
 * instant of the day when a daylight-saving change skips midnight (America/Santiago, Asia/Beirut).
 */
export function startOfLocalDay(date: string, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number);
  return new TZDate(year!, month! - 1, day!, safeTimeZone(timeZone)).getTime();
}
