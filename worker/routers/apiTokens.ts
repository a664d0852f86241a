import { z } from "zod";
import { apiTokenId, createApiTokenInput } from "../schemas/apiTokens";
import { createApiToken, listApiTokens, revokeApiToken } from "../services/apiTokens";
import { sessionProcedure, router } from "../trpc";

/**
 * Personal access tokens, managed from the app only (a session, not a token: a leaked token must not be able to
 * mint more or outlive its revocation).
 */
export const apiTokensRouter = router({
  list: sessionProcedure.query(({ ctx }) => listApiTokens(ctx, ctx.user.id)),
  create: sessionProcedure.input(createApiTokenInput).mutation(({ ctx, input }) => createApiToken(ctx, ctx.user.id, input)),
  revoke: sessionProcedure.input(z.object({ id: apiTokenId })).mutation(({ ctx, input }) => revokeApiToken(ctx, ctx.user.id, input.id)),
});
