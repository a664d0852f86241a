import { describe, expect, it } from "vitest";
import {
  base64UrlDecode,
  base64UrlEncode,
  createVapidAuthHeader,
  encryptPushPayload,
  generateVapidKeys,
  isValidSubscriptionKeys,
  MAX_PUSH_PAYLOAD_BYTES,
  sendWebPush,
} from "../../worker/lib/webPush";

// RFC 8291 section 5 (and appendix A): fixed application-server key pair, salt and user-agent keys.
const RFC8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  serverPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  serverPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  userAgentPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  userAgentPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

const encoder = new TextEncoder();

/** The user agent's half (RFC 8291 section 3.4 in reverse), to prove random-key messages decrypt. */
async function decryptAsUserAgent(body: Uint8Array, userAgentPrivate: string, userAgentPublic: string, authSecret: string): Promise<string> {
  const salt = body.slice(0, 16);
  const keyIdLength = body[20]!;
  const serverPublic = body.slice(21, 21 + keyIdLength);
  const ciphertext = body.slice(21 + keyIdLength);
  const uaPublicBytes = base64UrlDecode(userAgentPublic);
  const privateKey = await crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      d: userAgentPrivate,
      x: base64UrlEncode(uaPublicBytes.slice(1, 33)),
      y: base64UrlEncode(uaPublicBytes.slice(33, 65)),
    },
    { name: "ECDH", namedCurve: "P-256" },
    false,
    ["deriveBits"],
  );
  const serverKey = await crypto.subtle.importKey("raw", serverPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const secret = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey } as unknown as Parameters<typeof crypto.subtle.deriveBits>[0], privateKey, 256));
  const derive = async (saltBytes: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: string | Uint8Array<ArrayBuffer>, length: number) => {
    const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
    const infoBytes = typeof info === "string" ? encoder.encode(info) : info;
    return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: saltBytes, info: infoBytes }, key, length * 8));
  };
  const keyInfo = new Uint8Array([...encoder.encode("WebPush: info\0"), ...uaPublicBytes, ...serverPublic]);
  const ikm = await derive(base64UrlDecode(authSecret), secret, keyInfo, 32);
  const cek = await derive(salt, ikm, "Content-Encoding: aes128gcm\0", 16);
  const nonce = await derive(salt, ikm, "Content-Encoding: nonce\0", 12);
  const aesKey = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const record = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aesKey, ciphertext));
  const delimiter = record.lastIndexOf(0x02);
  return new TextDecoder().decode(record.slice(0, delimiter));
}

function decodeJwtPart(part: string) {
  return JSON.parse(new TextDecoder().decode(base64UrlDecode(part)));
}

describe("encryptPushPayload", () => {
  it("reproduces the RFC 8291 worked example byte for byte", async () => {
    const body = await encryptPushPayload(
      RFC8291.plaintext,
      { p256dh: RFC8291.userAgentPublic, auth: RFC8291.authSecret },
      { salt: base64UrlDecode(RFC8291.salt), serverKeys: { publicKey: RFC8291.serverPublic, privateKey: RFC8291.serverPrivate } },
    );
    expect(base64UrlEncode(body)).toBe(RFC8291.body);
  });

  it("writes the RFC 8188 header: salt, 4096 record size, the server key as key id", async () => {
    const body = await encryptPushPayload("hello", { p256dh: RFC8291.userAgentPublic, auth: RFC8291.authSecret });
    expect(new DataView(body.buffer).getUint32(16)).toBe(4096);
    expect(body[20]).toBe(65);
    expect(body[21]).toBe(0x04);
    // header 86 + plaintext 5 + delimiter 1 + tag 16
    expect(body.length).toBe(86 + 5 + 1 + 16);
  });

  it("uses a fresh key and salt each time, and the user agent can decrypt it", async () => {
    const keys = { p256dh: RFC8291.userAgentPublic, auth: RFC8291.authSecret };
    const message = JSON.stringify({ title: "3 items expire soon", body: "Milk (today), Spinach (tomorrow)" });
    const first = await encryptPushPayload(message, keys);
    const second = await encryptPushPayload(message, keys);
    expect(base64UrlEncode(first)).not.toBe(base64UrlEncode(second));
    expect(await decryptAsUserAgent(first, RFC8291.userAgentPrivate, RFC8291.userAgentPublic, RFC8291.authSecret)).toBe(message);
  });

  it("refuses malformed keys and oversized payloads", async () => {
    await expect(encryptPushPayload("x", { p256dh: "AAAA", auth: RFC8291.authSecret })).rejects.toThrow(/subscription keys/);
    const tooBig = "a".repeat(MAX_PUSH_PAYLOAD_BYTES + 1);
    await expect(encryptPushPayload(tooBig, { p256dh: RFC8291.userAgentPublic, auth: RFC8291.authSecret })).rejects.toThrow(/larger/);
    expect(isValidSubscriptionKeys({ p256dh: RFC8291.userAgentPublic, auth: RFC8291.authSecret })).toBe(true);
    expect(isValidSubscriptionKeys({ p256dh: RFC8291.userAgentPublic, auth: "AAAA" })).toBe(false);
  });
});

describe("VAPID", () => {
  it("generates a P-256 key pair in the raw base64url forms", async () => {
    const keys = await generateVapidKeys();
    expect(base64UrlDecode(keys.publicKey).length).toBe(65);
    expect(base64UrlDecode(keys.publicKey)[0]).toBe(0x04);
    expect(base64UrlDecode(keys.privateKey).length).toBe(32);
  });

  it("signs an ES256 JWT for the endpoint's origin that verifies with the public key", async () => {
    const keys = await generateVapidKeys();
    const now = Date.UTC(2025, 5, 1, 12, 0, 0);
    const header = await createVapidAuthHeader("https://push.example.net/send/abc?x=1", { ...keys, subject: "mailto:ops@example.com" }, now);
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
    expect(match).not.toBeNull();
    const [, jwtHeader, claims, signature, k] = match!;
    expect(k).toBe(keys.publicKey);
    expect(decodeJwtPart(jwtHeader!)).toEqual({ typ: "JWT", alg: "ES256" });
    const payload = decodeJwtPart(claims!);
    expect(payload.aud).toBe("https://push.example.net");
    expect(payload.sub).toBe("mailto:ops@example.com");
    expect(payload.exp).toBe(now / 1000 + 12 * 3600);

    const verifyKey = await crypto.subtle.importKey("raw", base64UrlDecode(keys.publicKey), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    const signatureBytes = base64UrlDecode(signature!);
    expect(signatureBytes.length).toBe(64);
    const signed = encoder.encode(`${jwtHeader}.${claims}`);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifyKey, signatureBytes, signed)).toBe(true);
    // A tampered claim set must not verify with the same signature.
    const tampered = encoder.encode(`${jwtHeader}.${claims}x`);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifyKey, signatureBytes, tampered)).toBe(false);
  });
});

describe("sendWebPush", () => {
  const subscription = { endpoint: "https://push.example.net/send/abc", p256dh: RFC8291.userAgentPublic, auth: RFC8291.authSecret };

  it("posts an encrypted body with the Web Push headers", async () => {
    const keys = await generateVapidKeys();
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: 201 });
    }) as unknown as typeof fetch;
    const result = await sendWebPush(subscription, { title: "Hi" }, { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }, fakeFetch);
    expect(result).toEqual({ ok: true, status: 201, gone: false });
    expect(calls).toHaveLength(1);
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers["Content-Encoding"]).toBe("aes128gcm");
    expect(headers.TTL).toBe("86400");
    expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
    const body = calls[0]!.init.body as Uint8Array;
    expect(await decryptAsUserAgent(body, RFC8291.userAgentPrivate, RFC8291.userAgentPublic, RFC8291.authSecret)).toBe('{"title":"Hi"}');
  });

  it("reports gone subscriptions (410) and network failures without throwing", async () => {
    const keys = await generateVapidKeys();
    const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    const gone = (async () => new Response("gone", { status: 410 })) as unknown as typeof fetch;
    expect(await sendWebPush(subscription, "x", env, gone)).toEqual({ ok: false, status: 410, gone: true });
    const broken = (async () => {
      throw new TypeError("network down");
    }) as unknown as typeof fetch;
    expect(await sendWebPush(subscription, "x", env, broken)).toEqual({ ok: false, status: 0, gone: false });
  });

  it("refuses to send when VAPID is not configured", async () => {
    await expect(sendWebPush(subscription, "x", { VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" })).rejects.toThrow(/not configured/);
  });
});
