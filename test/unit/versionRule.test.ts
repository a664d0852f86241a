import { describe, expect, it } from "vitest";
import { BUILD_TIME_KEY, buildTimeOf, decideVersion, type VersionState } from "../../src/lib/versionRule";

/** Runs checks one after another as the page does: storage and the page's build carried between them. */
function session(stored: string | null, answers: (string | null)[]) {
  let state: VersionState = { stored, pageBuild: null };
  return answers.map((received) => {
    const decision = decideVersion(state, received);
    state = { stored: decision.store ?? state.stored, pageBuild: decision.pageBuild };
    return { ...decision, storedAfter: state.stored };
  });
}

describe("the version check", () => {
  it("keeps its value under app-build-time", () => {
    expect(BUILD_TIME_KEY).toBe("app-build-time");
  });

  it("first visit: stores the build, offers nothing", () => {
    const [first] = session(null, ["2026-11-01T10:00:00Z"]);
    expect(first).toMatchObject({ store: "2026-11-01T10:00:00Z", offerReload: false, refreshShell: false });
  });

  it("same build at start and every 5 minutes: writes nothing, offers nothing", () => {
    const checks = session("b1", ["b1", "b1", "b1"]);
    expect(checks.every((c) => c.store === null && !c.offerReload && !c.refreshShell)).toBe(true);
  });

  it("a release since the last visit: stores the new build and refreshes the cached shell, but the page just loaded it, so no reload", () => {
    const [start] = session("b1", ["b2"]);
    expect(start).toMatchObject({ store: "b2", offerReload: false, refreshShell: true });
  });

  it("a release while the page is open: the next check stores it and offers a reload, and keeps offering it", () => {
    const checks = session("b1", ["b1", "b2", "b2"]);
    expect(checks.map((c) => c.offerReload)).toEqual([false, true, true]);
    expect(checks.map((c) => c.store)).toEqual([null, "b2", null]);
    expect(checks[1]!.refreshShell).toBe(true);
    expect(checks.at(-1)!.storedAfter).toBe("b2");
  });

  it("another tab already stored the new build: the open page still learns it is behind", () => {
    // The page started on b1; meanwhile a newer tab stored b2.
    const decision = decideVersion({ stored: "b2", pageBuild: "b1" }, "b2");
    expect(decision).toMatchObject({ store: null, offerReload: true, refreshShell: false });
  });

  it("a failed or empty answer changes nothing", () => {
    expect(decideVersion({ stored: "b1", pageBuild: "b1" }, null)).toEqual({ store: null, pageBuild: "b1", offerReload: false, refreshShell: false });
  });

  it("reads the build time from the answer: strings and numbers, nothing else", () => {
    expect(buildTimeOf({ buildTime: "2026-11-23T10:00:00Z" })).toBe("2026-11-23T10:00:00Z");
    expect(buildTimeOf({ buildTime: 1732356000000 })).toBe("1732356000000");
    expect(buildTimeOf({ buildTime: "" })).toBeNull();
    expect(buildTimeOf({ buildTime: null })).toBeNull();
    expect(buildTimeOf({})).toBeNull();
    expect(buildTimeOf("nope")).toBeNull();
  });
});
