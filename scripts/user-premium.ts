/**
 * Sets one account's premium flag: `npm run user:premium -- <username> true|false [--remote] [--env production]`.
 * Works on the local D1 by default; --remote changes the deployed database.
 */
import { parseTargetFlags, query, sqlValue } from "./lib/local";

const { target, rest } = parseTargetFlags(process.argv.slice(2));
const [username, flag] = rest;
if (!username || (flag !== "true" && flag !== "false")) {
  console.error("Usage: npm run user:premium -- <username> true|false [--remote] [--env production]");
  process.exit(2);
}
const key = username.toLowerCase();
const found = query<{ id: string }>(`SELECT id FROM users WHERE username_key = ${sqlValue(key)}`, target);
if (found.length === 0) {
  console.error(`No account named "${username}".`);
  process.exit(1);
}
query(`UPDATE users SET is_premium = ${flag === "true" ? 1 : 0} WHERE username_key = ${sqlValue(key)}`, target);
const [row] = query<{ username: string; is_premium: number }>(`SELECT username, is_premium FROM users WHERE username_key = ${sqlValue(key)}`, target);
console.log(`${row?.username} is now ${row?.is_premium ? "premium" : "on the free plan"}${target.remote ? " (remote)" : " (local)"}.`);
console.log("Note: while PREMIUM_FOR_ALL is \"true\" (the beta default) every account is premium anyway.");
