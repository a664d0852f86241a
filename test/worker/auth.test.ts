import { describe, expect, it } from "vitest";
import { json, request, sessionCookieFrom, trpc } from "../helpers/http";
import { createUser } from "../helpers/factories";

describe("registration and sign-in", () => {
  it("registers, signs in and reads the current user", async () => {
    const user = await createUser({ firstName: "Ada" });
    const me = await request("/api/auth/user", { cookie: user.cookie });
    expect(me.status).toBe(200);
    const body = await json(me);
    expect(body.username).toBe(user.username);
    expect(body.firstName).toBe("Ada");
    expect(body.isPremium).toBe(true);
    expect(body).not.toHaveProperty("passwordHash");
  });

  it("answers 401 for the current user when signed out", async () => {
    const me = await request("/api/auth/user");
    expect(me.status).toBe(401);
    expect((await json(me)).message).toBeTruthy();
  });

  it("rejects a short username with the spec's message", async () => {
    const response = await request("/api/auth/register", {
      body: { username: "ab", email: "ab@example.com", password: "longenough" },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("Username must be at least 3 characters");
  });

  it("logs in and the tRPC path agrees with REST", async () => {
    const user = await createUser();
    const rest = await request("/api/auth/login", { body: { username: user.username, password: user.password } });
    expect(rest.status).toBe(200);
    expect((await json(rest)).ok).toBe(true);
    const viaTrpc = await trpc("auth.login", { username: user.username, password: user.password });
    expect(viaTrpc.status).toBe(200);
    expect(sessionCookieFrom(viaTrpc)).toBeTruthy();
  });
});
