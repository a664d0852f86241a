import { protectedProcedure, router } from "../trpc";
import { exportCsvInput } from "../schemas/account";
import { exportAccount, exportCsv } from "../services/account";

/** The user's data rights beside deletion (auth.deleteAccount): a copy of everything they own. */
export const accountRouter = router({
  /** Everything the account owns, as JSON (Download my data). */
  export: protectedProcedure.query(({ ctx }) => exportAccount(ctx)),

  /** The pantry or the grocery lists as CSV. */
  exportCsv: protectedProcedure.input(exportCsvInput).query(({ ctx, input }) => exportCsv(ctx, input.kind)),
});
