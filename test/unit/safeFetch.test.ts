import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  checkUrlAllowed,
  fetchPage,
  isBlockedIpv4,
  parseIpv4,
  parseIpv6,
  SafeFetchError,
  type SafeFetchStatus,
} from "../../worker/lib/safeFetch";

const PRIVATE = /private or local address/;

function refusal(run: () => unknown): SafeFetchError {
  try {
    run();
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error("expected a SafeFetchError");
}

async function rejection(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error("expected a SafeFetchError");
}

function expectRefused(url: string, message: RegExp = PRIVATE, status: SafeFetchStatus = 400) {
  const error = refusal(() => checkUrlAllowed(url));
  expect(error.status, url).toBe(status);
  expect(error.message, url).toMatch(message);
}

describe("checkUrlAllowed", () => {
  it("accepts ordinary public web addresses and returns the parsed URL", () => {
    expect(checkUrlAllowed("https://www.example.com/recipes/lentil-soup?x=1").hostname).toBe("www.example.com");
    expect(checkUrlAllowed("  http://example.org:80/a  ").href).toBe("http://example.org/a");
    expect(checkUrlAllowed("https://example.org:443/").port).toBe("");
    expect(checkUrlAllowed("http://8.8.8.8/").hostname).toBe("8.8.8.8");
    expect(checkUrlAllowed("http://[2001:4860:4860::8888]/").hostname).toBe("[2001:4860:4860::8888]");
    expect(checkUrlAllowed("http://[::ffff:8.8.8.8]/").protocol).toBe("http:");
  });

  it.each([
    "http://localhost/",
    "http://LOCALHOST:80/",
    "http://localhost./admin",
    "http://app.localhost/",
    "http://printer.local/",
    "http://db.internal/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata/",
    "http://nas.home.arpa/",
    "http://intranet/",
    "http://127.0.0.1.nip.io/",
  ])("refuses the local or internal name %s", (url) => expectRefused(url));

  it.each([
    "http://127.0.0.1/",
    "http://127.255.255.254/",
    "http://10.0.0.1/",
    "http://10.255.255.255/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://100.127.255.255/",
    "http://0.0.0.0/",
    "http://0/",
    "http://224.0.0.1/",
    "http://239.255.255.250/",
    "http://240.0.0.1/",
    "http://255.255.255.255/",
  ])("refuses the private or reserved IPv4 literal %s", (url) => expectRefused(url));

  it.each([
    ["decimal", "http://2130706433/"],
    ["hex", "http://0x7f000001/"],
    ["octal", "http://0177.0.0.1/"],
    ["short", "http://127.1/"],
    ["mixed hex parts", "http://0x7f.0x0.0x0.0x1/"],
    ["octal single number", "http://017700000001/"],
    ["decimal metadata address", "http://2852039166/"],
    ["hex private 10/8", "http://0x0a000001/"],
  ])("refuses an obfuscated IPv4 form (%s) %s", (_form, url) => expectRefused(url));

  it("sees obfuscated IPv4 already normalised by URL parsing, and parses them itself as well", () => {
    expect(new URL("http://0x7f000001/").hostname).toBe("127.0.0.1");
    expect(new URL("http://2130706433/").hostname).toBe("127.0.0.1");
    const loopback = 0x7f000001;
    for (const form of ["2130706433", "0x7f000001", "0177.0.0.1", "127.1", "0x7f.1", "127.0.1", "0177.0.0.01", "127.0.0.1."]) {
      expect(parseIpv4(form), form).toBe(loopback);
    }
    for (const notIpv4 of ["256.0.0.1", "1.2.3.4.5", "example.com", "08.0.0.1", "0x100000000", "1.2.3.256", ""]) {
      expect(parseIpv4(notIpv4), notIpv4).toBeNull();
    }
  });

  it.each([
    "http://[::1]/",
    "http://[::]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456:789a::1]/",
    "http://[fe80::1]/",
    "http://[febf::1]/",
    "http://[ff02::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::ffff:7f00:1]/",
    "http://[::127.0.0.1]/",
    "http://[64:ff9b::a00:1]/",
    "http://[64:ff9b::8.8.8.8]/",
    "http://[2002:7f00:1::]/",
  ])("refuses the private or special IPv6 literal %s", (url) => expectRefused(url));

  it("parses IPv6 literals including an embedded IPv4 tail and a zone id", () => {
    expect(parseIpv6("[::ffff:127.0.0.1]")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6("fe80::1%eth0")).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIpv6("1:2:3")).toBeNull();
    expect(parseIpv6("1::2::3")).toBeNull();
    expect(parseIpv6("::ffff:999.0.0.1")).toBeNull();
  });

  it("keeps the edges of the private ranges precise", () => {
    for (const allowed of ["172.15.255.255", "172.32.0.0", "100.63.255.255", "100.128.0.0", "169.253.255.255", "11.0.0.1", "223.255.255.255", "192.169.0.1"]) {
      expect(() => checkUrlAllowed(`http://${allowed}/`), allowed).not.toThrow();
    }
  });

  it("refuses other schemes, credentials, non-web ports and invalid input with readable messages", () => {
    expectRefused("ftp://example.com/file", /Only http and https/);
    expectRefused("file:///etc/passwd", /Only http and https/);
    expectRefused("javascript:alert(1)", /Only http and https/);
    expectRefused("data:text/html,<h1>x</h1>", /Only http and https/);
    expectRefused("http://user@example.com/", /username or password/);
    expectRefused("https://user:secret@example.com/", /username or password/);
    expectRefused("http://example.com:8080/", /standard web ports/);
    expectRefused("https://example.com:22/", /standard web ports/);
    expectRefused("not a url", /valid web address/);
    expectRefused("", /valid web address/);
    expectRefused("http://1.2.3.4.5/", /valid web address/);
  });

  it("refuses every spelling of any address in a private range (property)", () => {
    const privateAddress = fc.oneof(
      fc.integer({ min: 0x0a000000, max: 0x0affffff }),
      fc.integer({ min: 0x7f000000, max: 0x7fffffff }),
      fc.integer({ min: 0xac100000, max: 0xac1fffff }),
      fc.integer({ min: 0xc0a80000, max: 0xc0a8ffff }),
      fc.integer({ min: 0xa9fe0000, max: 0xa9feffff }),
      fc.integer({ min: 0x64400000, max: 0x647fffff }),
    );
    const bytes = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
    const spellings = (n: number) => [
      bytes(n).join("."),
      String(n),
      `0x${n.toString(16)}`,
      bytes(n).map((b) => `0${b.toString(8)}`).join("."),
      bytes(n).map((b) => `0x${b.toString(16)}`).join("."),
      `${bytes(n)[0]}.${n & 0xffffff}`,
      `[::ffff:${bytes(n).join(".")}]`,
    ];
    fc.assert(
      fc.property(privateAddress, (address) => {
        for (const host of spellings(address)) {
          expect(refusal(() => checkUrlAllowed(`http://${host}/`)).status).toBe(400);
        }
      }),
    );
  });

  it("lets public addresses through whichever way they are written (property)", () => {
    const publicAddress = fc.integer({ min: 0x01000000, max: 0xdfffffff }).filter((n) => !isBlockedIpv4(n));
    fc.assert(
      fc.property(publicAddress, (address) => {
        expect(() => checkUrlAllowed(`http://${address}/`)).not.toThrow();
        expect(() => checkUrlAllowed(`http://0x${address.toString(16)}/`)).not.toThrow();
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------

type Call = { url: string; init: RequestInit | undefined };

/** A fetch stand-in that answers by URL and records every request. */
function fakeFetch(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    return answer(url, init);
  }) as typeof fetch;
  return { impl, calls };
}

const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { "content-type": "text/html; charset=utf-8", ...headers } });
const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location } });

/** A body that keeps producing chunks, counting how many were pulled. */
function endlessBody(chunkSize: number) {
  const state = { pulls: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulls++;
      controller.enqueue(new Uint8Array(chunkSize).fill(97));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe("fetchPage", () => {
  it("returns the page, its final URL and content type, asking for manual redirects", async () => {
    const { impl, calls } = fakeFetch(() => html("<html><title>Soup</title></html>"));
    const page = await fetchPage("https://recipes.example.com/soup", { fetchImpl: impl });
    expect(page).toEqual({
      html: "<html><title>Soup</title></html>",
      finalUrl: "https://recipes.example.com/soup",
      contentType: "text/html; charset=utf-8",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init?.redirect).toBe("manual");
    expect(calls[0]?.init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("follows relative and absolute redirects, checking each hop", async () => {
    const { impl, calls } = fakeFetch((url) => {
      if (url === "http://short.example.com/r") return redirect("https://www.example.com/old", 301);
      if (url === "https://www.example.com/old") return redirect("/recipes/new", 308);
      return html("<p>ok</p>");
    });
    const page = await fetchPage("http://short.example.com/r", { fetchImpl: impl });
    expect(page.finalUrl).toBe("https://www.example.com/recipes/new");
    expect(calls.map((c) => c.url)).toEqual([
      "http://short.example.com/r",
      "https://www.example.com/old",
      "https://www.example.com/recipes/new",
    ]);
  });

  it.each([
    "http://127.0.0.1/admin",
    "http://169.254.169.254/latest/meta-data/iam/",
    "http://[::1]:80/",
    "http://0x7f000001/",
    "http://localhost/",
    "http://10.0.0.5/",
  ])("refuses a redirect to the private address %s without requesting it", async (target) => {
    const { impl, calls } = fakeFetch(() => redirect(target));
    const error = await rejection(fetchPage("https://evil.example.com/recipe", { fetchImpl: impl }));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The site redirected to a private or local address, so it can't be imported.");
    expect(calls).toHaveLength(1);
  });

  it("refuses a redirect to another scheme or a credentialed link", async () => {
    for (const target of ["file:///etc/passwd", "ftp://example.com/", "https://user:pw@example.com/"]) {
      const { impl, calls } = fakeFetch(() => redirect(target));
      const error = await rejection(fetchPage("https://evil.example.com/recipe", { fetchImpl: impl }));
      expect(error.status, target).toBe(400);
      expect(error.message).toBe("The site redirected to a link that can't be imported.");
      expect(calls).toHaveLength(1);
    }
  });

  it("refuses a private first URL without any request", async () => {
    const { impl, calls } = fakeFetch(() => html("secret"));
    const error = await rejection(fetchPage("http://192.168.0.1/", { fetchImpl: impl }));
    expect(error.status).toBe(400);
    expect(calls).toHaveLength(0);
  });

  it("follows at most five redirects", async () => {
    const chain = (hops: number) =>
      fakeFetch((url) => {
        const n = Number(new URL(url).searchParams.get("n") ?? 0);
        return n < hops ? redirect(`https://example.com/r?n=${n + 1}`) : html("<p>end</p>");
      });
    const five = chain(5);
    expect((await fetchPage("https://example.com/r?n=0", { fetchImpl: five.impl })).finalUrl).toBe("https://example.com/r?n=5");
    const six = chain(6);
    const error = await rejection(fetchPage("https://example.com/r?n=0", { fetchImpl: six.impl }));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The site redirected too many times.");
    expect(six.calls).toHaveLength(6);
  });

  it("treats a redirect without a Location as a failed site", async () => {
    const { impl } = fakeFetch(() => new Response(null, { status: 302 }));
    const error = await rejection(fetchPage("https://example.com/", { fetchImpl: impl }));
    expect(error.status).toBe(502);
  });

  it.each([404, 403, 500, 503])("answers 502 with the status when the site answers %i", async (status) => {
    const { impl } = fakeFetch(() => new Response("nope", { status, headers: { "content-type": "text/html" } }));
    const error = await rejection(fetchPage("https://example.com/", { fetchImpl: impl }));
    expect(error.status).toBe(502);
    expect(error.message).toBe(`The site answered with status ${status}.`);
  });

  it.each(["application/json", "image/png", "application/pdf", "text/plain", ""])(
    "refuses the content type %j as not a web page",
    async (contentType) => {
      const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
      const { impl } = fakeFetch(() => new Response(new Uint8Array([1, 2, 3]), { status: 200, headers }));
      const error = await rejection(fetchPage("https://example.com/file", { fetchImpl: impl }));
      expect(error.status).toBe(415);
      expect(error.message).toBe("That link is not a web page.");
    },
  );

  it("accepts XHTML and decodes the declared or meta charset", async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode("<p>caf"), 0xe9, ...new TextEncoder().encode("</p>")]);
    const declared = fakeFetch(() => new Response(latin1, { headers: { "content-type": "text/html; charset=ISO-8859-1" } }));
    expect((await fetchPage("https://example.com/", { fetchImpl: declared.impl })).html).toBe("<p>café</p>");

    const metaBytes = new Uint8Array([...new TextEncoder().encode('<meta charset="windows-1252"><p>caf'), 0xe9, 0x92]);
    const meta = fakeFetch(() => new Response(metaBytes, { headers: { "content-type": "application/xhtml+xml" } }));
    expect((await fetchPage("https://example.com/", { fetchImpl: meta.impl })).html).toBe('<meta charset="windows-1252"><p>café’');
  });

  it("refuses a page whose declared length is over the cap before reading it", async () => {
    const { stream, state } = endlessBody(1024);
    const { impl } = fakeFetch(() => new Response(stream, { headers: { "content-type": "text/html", "content-length": "5000000" } }));
    const error = await rejection(fetchPage("https://example.com/", { fetchImpl: impl }));
    expect(error.status).toBe(413);
    expect(error.message).toBe("The page is too large to import.");
    expect(state.pulls).toBeLessThanOrEqual(1); // a stream may pre-pull once; nothing more is read
  });

  it("stops reading a streamed page as soon as it passes the cap", async () => {
    const { stream, state } = endlessBody(16 * 1024);
    const { impl } = fakeFetch(() => new Response(stream, { headers: { "content-type": "text/html" } }));
    const error = await rejection(fetchPage("https://example.com/", { fetchImpl: impl, maxBytes: 100 * 1024 }));
    expect(error.status).toBe(413);
    expect(state.pulls).toBeLessThanOrEqual(9);
    expect(state.cancelled).toBe(true);
  });

  it("reads a page of exactly the cap", async () => {
    const body = "a".repeat(4096);
    const { impl } = fakeFetch(() => html(body));
    expect((await fetchPage("https://example.com/", { fetchImpl: impl, maxBytes: 4096 })).html).toHaveLength(4096);
    const over = fakeFetch(() => html(`${body}b`));
    expect((await rejection(fetchPage("https://example.com/", { fetchImpl: over.impl, maxBytes: 4096 }))).status).toBe(413);
  });

  it("times out a site that does not answer, aborting the request", async () => {
    let seenSignal: AbortSignal | undefined;
    const { impl } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_, reject) => {
          seenSignal = init?.signal ?? undefined;
          seenSignal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const started = Date.now();
    const error = await rejection(fetchPage("https://slow.example.com/", { fetchImpl: impl, timeoutMs: 50 }));
    expect(error.status).toBe(504);
    expect(error.message).toBe("The site took too long to answer.");
    expect(seenSignal?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("times out even when the fetch ignores the abort signal, and when the body stalls", async () => {
    const ignoring = fakeFetch(() => new Promise<Response>(() => undefined));
    expect((await rejection(fetchPage("https://slow.example.com/", { fetchImpl: ignoring.impl, timeoutMs: 30 }))).status).toBe(504);

    const stalled = new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => undefined) });
    const stalling = fakeFetch(() => new Response(stalled, { headers: { "content-type": "text/html" } }));
    expect((await rejection(fetchPage("https://slow.example.com/", { fetchImpl: stalling.impl, timeoutMs: 30 }))).status).toBe(504);
  });

  it("turns network failures into a readable 502", async () => {
    const { impl } = fakeFetch(() => Promise.reject(new TypeError("fetch failed")));
    const error = await rejection(fetchPage("https://down.example.com/", { fetchImpl: impl }));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/couldn't reach that site/);
  });

  it("hands back malformed HTML as it came; parsing is the extractor's job", async () => {
    const broken = "<html><body><div><p>unclosed <b>tags & stray < signs";
    const { impl } = fakeFetch(() => html(broken));
    expect((await fetchPage("https://example.com/", { fetchImpl: impl })).html).toBe(broken);
  });
});
