// The seeded event of the marking benchmark (decision 058): a family's Visual Arts entries, each
// with an artwork, paid and finalised, and an adjudicator assigned their section, all through
// the API as the screens make those calls (the same steps as e2e/tests/cluster/journey.ts).
import { crc32, deflateSync } from 'node:zlib';

/**
 * A client of the API with its own session; `signIn` proves an address with an emailed pin read
 * from the outbox of a local run, as the login and verify screens do.
 * @param {string} origin
 */
function client(origin) {
  /** @type {Record<string, string>} */
  const headers = {};
  /**
   * @param {string} method
   * @param {string} path
   * @param {{ json?: unknown, body?: Buffer, headers?: Record<string, string> }} [options]
   * @returns {Promise<any>}
   */
  async function call(method, path, options = {}) {
    const body =
      options.json === undefined
        ? options.body && new Uint8Array(options.body)
        : JSON.stringify(options.json);
    const response = await fetch(new URL(path, origin), {
      method,
      headers: {
        ...headers,
        ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    const cookie = response.headers.get('set-cookie');
    if (cookie) headers.cookie = cookie.split(';')[0] ?? '';
    if (response.status === 303) return { location: response.headers.get('location') };
    return (text && text.startsWith('{')) || text.startsWith('[') ? JSON.parse(text) : text;
  }

  /** @param {string} email @returns {Promise<{ token: string, customerId: number }>} */
  async function signIn(email) {
    const login = { username: email, password: 'none', isMobile: false };
    const first = await call('POST', '/api/Authentication/SilentLogin', { json: login });
    headers.authorization = `Bearer ${first.token}`;
    const seen = (await emails(email)).length;
    await call('POST', `/api/Customers/${first.customerId}/email-one-time-pin`);
    let pin;
    for (let i = 0; i < 40 && !pin; i++) {
      const messages = await emails(email);
      if (messages.length > seen) pin = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!pin) throw new Error(`no pin reached the outbox for ${email}`);
    await call('PUT', `/api/Customers/${first.customerId}/email-one-time-pin?pin=${pin}`);
    const session = await call('POST', '/api/Authentication/SilentLogin', { json: login });
    if (session.scope !== 'session') throw new Error(`no session for ${email}`);
    headers.authorization = `Bearer ${session.token}`;
    return { token: session.token, customerId: session.customerId };
  }

  /** @param {string} email @returns {Promise<{ channel: string, body: string }[]>} */
  async function emails(email) {
    const all = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    return all.filter((/** @type {{ channel: string }} */ m) => m.channel === 'email');
  }

  return { call, signIn };
}

/** A small valid PNG (e2e/tests/test-files.ts makes the same). */
function png(width = 48, height = 32) {
  /** @param {string} type @param {Buffer} data */
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      rows.set([90 + x * 3, 31 + y * 4, 99], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * `count` finalised VA101 entries (Grades R–3, one contestant each) and an adjudicator of
 * Visual Arts & Design; what the browser keeps in localStorage for that adjudicator.
 * @param {string} origin
 * @param {string} organiserEmail
 * @param {number} count
 * @returns {Promise<Record<string, string>>}
 */
export async function seedMarking(origin, organiserEmail, count) {
  const stamp = Date.now();
  const family = client(origin);
  const email = `marking-family-${stamp}@example.org`;
  await family.call('POST', '/api/Customers/CustomerAndUser', {
    json: {
      firstName: 'Parent',
      surname: 'Mokoena',
      email,
      mobileNumber: '',
      country: 'South Africa',
    },
  });
  const { customerId } = await family.signIn(email);
  const { eventId } = await family.call('GET', '/api/config');
  const search = await family.call(
    'GET',
    `/api/Eisteddfods/${eventId}/ItemsSearch?skip=0&take=15&search=VA101`,
  );
  const item = search.items.find((/** @type {{ code: string }} */ i) => i.code === 'VA101');
  const cart = await family.call('POST', '/api/Orders', { json: { customerId, orderItems: [] } });
  /** @type {number[]} */
  const entries = [];
  for (let k = 1; k <= count; k++) {
    const contestant = await family.call(
      'POST',
      `/api/Customers/${customerId}/participant-profile`,
      {
        json: {
          firstName: `Child${k}`,
          surname: 'Mokoena',
          school: 'Other School',
          grade: '2',
          gender: 'female',
          acceptedTermsAndConditions: true,
          acceptedHonourPledge: true,
        },
      },
    );
    const entry = await family.call('POST', `/api/Orders/${cart.id}/OrderItems`, {
      json: { itemId: item.id, participantProfileId: contestant.id },
    });
    entries.push(entry.id);
  }
  const { link } = await family.call(
    'GET',
    `/api/Orders/${cart.id}/PaymentLink/${encodeURIComponent(email)}?sendWhatsAppConfirmation=false`,
  );
  const payPage = await family.call('GET', link);
  const action = /<form method="post" action="([^"]+\/pay\?[^"]+)"/.exec(payPage)?.[1];
  if (!action) throw new Error('the sandbox pay page has no Pay form');
  await family.call('POST', action.replace(/&#38;|&amp;/g, '&'));
  for (const id of entries) {
    const boundary = `----bench${id}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="art.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await family.call('POST', '/api/Uploads/UploadS3Files', {
      body,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        orderId: '0',
        orderItemId: String(id),
        uploadTypeId: '2',
        updatedFilename: 'art.png',
      },
    });
    // Finalising waits for the artwork's processing (409 MEDIA_PROCESSING until then).
    for (let i = 0; ; i++) {
      const done = await family
        .call('PUT', `/api/OrderItems/${id}`, { json: { submittedForMarking: true } })
        .then(
          () => true,
          (/** @type {Error} */ e) => (i > 120 ? Promise.reject(e) : false),
        );
      if (done) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  const organiser = client(origin);
  await organiser.signIn(organiserEmail);
  const adjudicatorEmail = `marking-adjudicator-${stamp}@example.org`;
  const invited = await organiser.call('POST', '/api/Staff/Adjudicators', {
    json: { firstName: 'Pieter', surname: 'Marais', email: adjudicatorEmail },
  });
  await organiser.call('POST', `/api/Staff/Adjudicators/${invited.id}/Assignments`, {
    json: { section: 'Visual Arts & Design' },
  });
  const adjudicator = client(origin);
  const session = await adjudicator.signIn(adjudicatorEmail);
  return {
    token: session.token,
    username: adjudicatorEmail,
    customerId: String(session.customerId),
  };
}
