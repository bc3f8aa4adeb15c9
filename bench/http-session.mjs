// A signed-in browser's side of the HTTP conversation, for the benches' users that run in threads
// of their own (open-loop-user.mjs, batch-user.mjs): the session and XSRF cookies kept from each
// answer and sent back, the XSRF token in its header, as the web client does.

/** A cookie jar on `origin`; `send` answers { status, body (bytes), text (the body read as UTF-8), ms }. */
export function httpSession(origin) {
  const jar = new Map();
  async function send(method, path, payload, contentType = 'application/json') {
    const t0 = performance.now();
    const res = await fetch(origin + path, {
      method,
      body: payload,
      headers: {
        'content-type': contentType,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, body, text: () => body.toString('utf8'), ms: performance.now() - t0 };
  }
  /** Signs in as a shipper (no second factor). */
  async function signIn(email, password) {
    await send('GET', '/sanctum/csrf-cookie');
    const login = await send('POST', '/login', JSON.stringify({ email, password }));
    if (login.status !== 204) throw new Error(`login failed: ${login.status} ${login.text()}`);
  }
  return { send, signIn };
}
