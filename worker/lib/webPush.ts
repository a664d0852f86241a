/**
 * Web Push without Node-only libraries: VAPID authentication (RFC 8292, an ES256 JWT signed with WebCrypto) and
 * message encryption with the aes128gcm content coding (RFC 8291 on top of RFC 8188), using ECDH P-256 and HKDF
 * from WebCrypto. Runs in Workers, Node 22 and browsers alike.
 */

const encoder = new TextEncoder();

/** One record is enough for a push message: push services accept at most 4096 bytes of body. */
const RECORD_SIZE = 4096;
/** salt (16) + record size (4) + key id length (1) + key id (65, the server's uncompressed public key). */
const HEADER_BYTES = 16 + 4 + 1 + 65;
const TAG_BYTES = 16;
/** Largest plaintext that fits one 4096-byte record: the record also holds the 0x02 delimiter and the GCM tag. */
export const MAX_PUSH_PAYLOAD_BYTES = RECORD_SIZE - HEADER_BYTES - TAG_BYTES - 1;
/** How long a VAPID token stays valid; RFC 8292 allows at most 24 hours. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
const DEFAULT_VAPID_SUBJECT = "mailto:support@plantry.local";

// ---------- base64url ----------

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64UrlDecode(value: string): Uint8Array<ArrayBuffer> {
  const normalized = value.trim().replace(/-/g, "+").replace(/_/g, "/");
  const padded = normalized + "=".repeat((4 - (normalized.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

// ---------- keys ----------

/** An uncompressed P-256 point is 0x04 || x (32) || y (32). */
function isUncompressedP256Point(bytes: Uint8Array): boolean {
  return bytes.length === 65 && bytes[0] === 0x04;
}

/** The JWK for a P-256 key given as a raw private scalar `d` and its raw uncompressed public key. */
function p256Jwk(privateKey: string, publicKey: Uint8Array): JsonWebKey {
  if (!isUncompressedP256Point(publicKey)) throw new Error("A P-256 public key must be 65 bytes starting with 0x04");
  const d = base64UrlDecode(privateKey);
  if (d.length !== 32) throw new Error("A P-256 private key must be 32 bytes");
  return {
    kty: "EC",
    crv: "P-256",
    d: base64UrlEncode(d),
    x: base64UrlEncode(publicKey.subarray(1, 33)),
    y: base64UrlEncode(publicKey.subarray(33, 65)),
    ext: true,
  };
}

/** True when the subscription keys a browser sent have the sizes RFC 8291 requires. */
export function isValidSubscriptionKeys(keys: { p256dh: string; auth: string }): boolean {
  try {
    return isUncompressedP256Point(base64UrlDecode(keys.p256dh)) && base64UrlDecode(keys.auth).length === 16;
  } catch {
    return false;
  }
}

export type VapidKeys = { publicKey: string; privateKey: string };

/** A fresh VAPID key pair as base64url strings: the raw 65-byte public key and the 32-byte private scalar. */
export async function generateVapidKeys(): Promise<VapidKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const privateJwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  if (!privateJwk.d) throw new Error("The runtime did not export the private key");
  return { publicKey: base64UrlEncode(publicRaw), privateKey: privateJwk.d };
}

// ---------- payload encryption (RFC 8291 / RFC 8188) ----------

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number) {
  // Copies: WebCrypto wants ArrayBuffer-backed views, TextEncoder's type does not promise one.
  const key = await crypto.subtle.importKey("raw", new Uint8Array(ikm), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(salt), info: new Uint8Array(info) }, key, length * 8);
  return new Uint8Array(bits);
}

/** ECDH algorithm parameters; the Workers type names the `public` member `$public`, the runtime reads `public`. */
function ecdhWith(publicKey: CryptoKey) {
  return { name: "ECDH", public: publicKey } as unknown as Parameters<typeof crypto.subtle.deriveBits>[0];
}

export type EncryptOptions = {
  /** Fixed salt (16 bytes); random by default. Only tests fix it. */
  salt?: Uint8Array;
  /** Fixed application-server ECDH key pair (base64url raw public, base64url private scalar); ephemeral by default. */
  serverKeys?: VapidKeys;
};

/**
 * Encrypts a push message for one subscription with the aes128gcm content coding. Returns the whole HTTP body:
 * the RFC 8188 header (salt, record size, the server's public key) followed by one encrypted record.
 */
export async function encryptPushPayload(
  payload: string | Uint8Array,
  subscriptionKeys: { p256dh: string; auth: string },
  options: EncryptOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const plaintext = typeof payload === "string" ? encoder.encode(payload) : payload;
  if (plaintext.length > MAX_PUSH_PAYLOAD_BYTES) throw new Error(`Push payload is larger than ${MAX_PUSH_PAYLOAD_BYTES} bytes`);
  const userAgentPublic = base64UrlDecode(subscriptionKeys.p256dh);
  const authSecret = base64UrlDecode(subscriptionKeys.auth);
  if (!isUncompressedP256Point(userAgentPublic) || authSecret.length !== 16) throw new Error("Invalid push subscription keys");

  let serverPrivate: CryptoKey;
  let serverPublic: Uint8Array<ArrayBuffer>;
  if (options.serverKeys) {
    serverPublic = base64UrlDecode(options.serverKeys.publicKey);
    serverPrivate = await crypto.subtle.importKey("jwk", p256Jwk(options.serverKeys.privateKey, serverPublic), { name: "ECDH", namedCurve: "P-256" }, false, [
      "deriveBits",
    ]);
  } else {
    const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
    serverPrivate = pair.privateKey;
    serverPublic = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  }
  const salt = options.salt ? new Uint8Array(options.salt) : randomBytes(16);
  if (salt.length !== 16) throw new Error("The salt must be 16 bytes");

  const userAgentKey = await crypto.subtle.importKey("raw", userAgentPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(ecdhWith(userAgentKey), serverPrivate, 256));

  // RFC 8291 section 3.4: mix the auth secret and both public keys into the input keying material.
  const keyInfo = concatBytes(encoder.encode("WebPush: info\0"), userAgentPublic, serverPublic);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  // RFC 8188 section 2.2 and 2.3: content-encryption key and nonce from the salt.
  const contentKey = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);

  // A single (hence last) record: plaintext, then the 0x02 delimiter, no further padding.
  const record = concatBytes(plaintext, new Uint8Array([0x02]));
  const aesKey = await crypto.subtle.importKey("raw", contentKey, "AES-GCM", false, ["encrypt"]);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce, tagLength: 128 }, aesKey, record));

  const header = new Uint8Array(HEADER_BYTES - 65);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = serverPublic.length;
  return concatBytes(header, serverPublic, ciphertext);
}

// ---------- VAPID (RFC 8292) ----------

export type VapidConfig = VapidKeys & { subject: string };

/** The VAPID settings from the environment, or null when push is not configured. */
export function vapidConfigFrom(env: Partial<Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">>): VapidConfig | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT };
}

function jsonSegment(value: unknown): string {
  return base64UrlEncode(encoder.encode(JSON.stringify(value)));
}

/**
 * The Authorization header value for one push endpoint: `vapid t=<ES256 JWT>, k=<public key>`. The JWT audience is
 * the endpoint's origin; WebCrypto's ECDSA signature is already the raw r||s form JWS wants.
 */
export async function createVapidAuthHeader(endpoint: string, vapid: VapidConfig, now: number = Date.now()): Promise<string> {
  const audience = new URL(endpoint).origin;
  const publicKey = base64UrlDecode(vapid.publicKey);
  const signingKey = await crypto.subtle.importKey("jwk", p256Jwk(vapid.privateKey, publicKey), { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  const unsigned = `${jsonSegment({ typ: "JWT", alg: "ES256" })}.${jsonSegment({
    aud: audience,
    exp: Math.floor(now / 1000) + VAPID_TOKEN_SECONDS,
    sub: vapid.subject,
  })}`;
  const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signingKey, encoder.encode(unsigned)));
  return `vapid t=${unsigned}.${base64UrlEncode(signature)}, k=${base64UrlEncode(publicKey)}`;
}

// ---------- delivery ----------

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushResult = {
  ok: boolean;
  status: number;
  /** 404 or 410: the subscription no longer exists and should be deleted. */
  gone: boolean;
};

/**
 * Encrypts and posts one message to a push service. Never throws for an HTTP failure (the status tells); throws
 * only when VAPID is not configured or the keys are malformed. Network errors come back as status 0.
 */
export async function sendWebPush(
  subscription: PushTarget,
  payload: string | object,
  env: Partial<Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">>,
  fetchImpl: typeof fetch = fetch,
  options: { ttlSeconds?: number; urgency?: "very-low" | "low" | "normal" | "high"; topic?: string } = {},
): Promise<PushResult> {
  const vapid = vapidConfigFrom(env);
  if (!vapid) throw new Error("Web Push is not configured (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)");
  const body = await encryptPushPayload(typeof payload === "string" ? payload : JSON.stringify(payload), subscription);
  const headers: Record<string, string> = {
    Authorization: await createVapidAuthHeader(subscription.endpoint, vapid),
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
    TTL: String(options.ttlSeconds ?? 24 * 60 * 60),
    Urgency: options.urgency ?? "normal",
  };
  // A topic lets the push service replace an undelivered older message with the same topic (RFC 8030 5.4).
  if (options.topic) headers.Topic = options.topic;
  try {
    const response = await fetchImpl(subscription.endpoint, { method: "POST", headers, body });
    // Free the connection: the push service's body is not needed.
    await response.body?.cancel();
    return { ok: response.ok, status: response.status, gone: response.status === 404 || response.status === 410 };
  } catch {
    return { ok: false, status: 0, gone: false };
  }
}
