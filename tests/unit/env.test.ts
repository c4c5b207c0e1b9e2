/** @jest-environment node */
import { parseEnv } from '@/lib/env';
import { REAL_PROJECT as REAL } from '../support/real-project';

describe('parseEnv', () => {
  it('runs in local mode with no configuration at all', () => {
    expect(parseEnv({})).toEqual({
      nodeEnv: 'development',
      siteUrl: 'http://localhost:3000',
      trustProxy: 0,
      cookieSecure: false,
      versionPollIntervalMs: 300_000,
      firebase: {
        projectId: 'demo-plauder',
        mode: 'emulator',
        emulatorHost: null,
        apiKey: 'demo-api-key',
        authDomain: 'demo-plauder.firebaseapp.com',
        googleSignIn: true,
        serviceAccount: null,
      },
      sessionSecret: null,
      sessionSecretPrevious: null,
      database: { kind: 'pglite', dataDir: '.data/pglite' },
      pgliteSharedBuffers: '16MB',
      pgliteNamedStatements: true,
      operator: expect.objectContaining({ demo: true, name: 'Plauder Demo GmbH', country: 'DE' }),
      stripe: { secretKey: null, webhookSecret: null, api: null, prices: null },
      testFaults: false,
      drainTimeoutMs: 10_000,
      chat: { heartbeatMs: 15_000, streamsPerIp: 20, postsPerWindow: 5, postWindowMs: 10_000, visitorsPerHour: 60 },
      supportWidgetId: 'plauder-support',
      mail: { transport: 'mailbox', smtpUrl: null, from: 'Plauder <no-reply@localhost>' },
    });
  });

  it('sends mail through SMTP when configured, keeps it for the mailbox in local mode, and refuses other URLs', () => {
    expect(
      parseEnv({ SMTP_URL: 'smtps://user:pass@mail.example.com:465', MAIL_FROM: 'Support <help@example.com>' }).mail,
    ).toEqual({
      transport: 'smtp',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      from: 'Support <help@example.com>',
    });
    expect(parseEnv(REAL).mail.transport).toBe('none');
    expect(parseEnv({ SITE_URL: 'https://plauder.example' }).mail.from).toBe('Plauder <no-reply@plauder.example>');
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(parseEnv({ SUPPORT_WIDGET_ID: 'off' }).supportWidgetId).toBeNull();
    expect(() => parseEnv({ SUPPORT_WIDGET_ID: 'no spaces' })).toThrow(/SUPPORT_WIDGET_ID/);
  });

  it('bounds the drain on SIGTERM by DRAIN_TIMEOUT_MS, from 1 s to 10 min', () => {
    expect(parseEnv({ DRAIN_TIMEOUT_MS: '30000' }).drainTimeoutMs).toBe(30_000);
    expect(parseEnv({ DRAIN_TIMEOUT_MS: '' }).drainTimeoutMs).toBe(10_000);
    for (const value of ['0', '999', '600001', '5s'])
      expect(() => parseEnv({ DRAIN_TIMEOUT_MS: value })).toThrow(/DRAIN_TIMEOUT_MS/);
  });

  it('offers Google sign-in unless FIREBASE_GOOGLE_SIGN_IN turns it off', () => {
    expect(parseEnv({ FIREBASE_GOOGLE_SIGN_IN: 'false' }).firebase.googleSignIn).toBe(false);
    expect(parseEnv({ FIREBASE_GOOGLE_SIGN_IN: '1' }).firebase.googleSignIn).toBe(true);
    expect(parseEnv({ FIREBASE_GOOGLE_SIGN_IN: '' }).firebase.googleSignIn).toBe(true);
    expect(() => parseEnv({ FIREBASE_GOOGLE_SIGN_IN: 'maybe' })).toThrow(/FIREBASE_GOOGLE_SIGN_IN/);
  });

  it('reads the Stripe settings, and refuses values that cannot be Stripe keys', () => {
    const value = parseEnv({
      STRIPE_SECRET_KEY: 'sk_test_abcdefgh12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12345678',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(value.stripe).toEqual({
      secretKey: 'sk_test_abcdefgh12345678',
      webhookSecret: 'whsec_abcdefgh12345678',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      prices: null,
    });
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_test_abcdefgh12345678' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ STRIPE_API_URL: 'ftp://example.com' })).toThrow(/STRIPE_API_URL/);
  });

  it('reads the subscription plans’ Stripe prices: all six or none, each a price of its own', () => {
    const prices = {
      STRIPE_PRICE_STARTER_MONTH: 'price_starterMonth',
      STRIPE_PRICE_STARTER_YEAR: 'price_starterYear',
      STRIPE_PRICE_PROFESSIONAL_MONTH: 'price_proMonth',
      STRIPE_PRICE_PROFESSIONAL_YEAR: 'price_proYear',
      STRIPE_PRICE_BUSINESS_MONTH: 'price_businessMonth',
      STRIPE_PRICE_BUSINESS_YEAR: 'price_businessYear',
    };
    expect(parseEnv(prices).stripe.prices).toEqual({
      starter: { month: 'price_starterMonth', year: 'price_starterYear' },
      professional: { month: 'price_proMonth', year: 'price_proYear' },
      business: { month: 'price_businessMonth', year: 'price_businessYear' },
    });
    const { STRIPE_PRICE_BUSINESS_YEAR: _left, ...five } = prices;
    expect(() => parseEnv(five)).toThrow(/STRIPE_PRICE_BUSINESS_YEAR: set all six Stripe prices or none/);
    expect(() => parseEnv({ ...prices, STRIPE_PRICE_BUSINESS_YEAR: 'price_businessMonth' })).toThrow(
      /each must be a different price/,
    );
    expect(() => parseEnv({ ...prices, STRIPE_PRICE_STARTER_MONTH: 'prod_starter01' })).toThrow(
      /STRIPE_PRICE_STARTER_MONTH: must be a Stripe price id/,
    );
  });

  it('takes the chat limits and PGlite memory from the environment, and refuses nonsense', () => {
    const value = parseEnv({
      CHAT_HEARTBEAT_MS: '500',
      CHAT_STREAMS_PER_IP: '2000',
      CHAT_POSTS_PER_WINDOW: '10',
      CHAT_POST_WINDOW_MS: '60000',
      CHAT_VISITORS_PER_HOUR: '5',
      PGLITE_SHARED_BUFFERS: '64MB',
    });
    expect(value.chat).toEqual({
      heartbeatMs: 500,
      streamsPerIp: 2000,
      postsPerWindow: 10,
      postWindowMs: 60_000,
      visitorsPerHour: 5,
    });
    expect(value.pgliteSharedBuffers).toBe('64MB');
    expect(() => parseEnv({ CHAT_STREAMS_PER_IP: '0' })).toThrow(/CHAT_STREAMS_PER_IP/);
    expect(() => parseEnv({ CHAT_HEARTBEAT_MS: 'soon' })).toThrow(/CHAT_HEARTBEAT_MS/);
    expect(() => parseEnv({ PGLITE_SHARED_BUFFERS: '16MB; drop table x' })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it("runs PGlite's statements through its public query with PGLITE_NAMED_STATEMENTS=off, and refuses other values", () => {
    expect(parseEnv({ PGLITE_NAMED_STATEMENTS: 'off' }).pgliteNamedStatements).toBe(false);
    expect(parseEnv({ PGLITE_NAMED_STATEMENTS: 'on' }).pgliteNamedStatements).toBe(true);
    expect(() => parseEnv({ PGLITE_NAMED_STATEMENTS: 'no' })).toThrow(/PGLITE_NAMED_STATEMENTS/);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and PGlite in the given folder otherwise', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://app@127.0.0.1:5432/app' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://app@127.0.0.1:5432/app',
    });
    expect(parseEnv({ PGLITE_DATA_DIR: 'memory://' }).database).toEqual({ kind: 'pglite', dataDir: 'memory://' });
  });

  it('treats empty strings as missing', () => {
    expect(parseEnv({ SITE_URL: '', COOKIE_SECURE: '', VERSION_POLL_INTERVAL_MS: '' }).siteUrl).toBe(
      'http://localhost:3000',
    );
  });

  it('places the site where npm start serves it when no public origin is configured', () => {
    expect(parseEnv({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(parseEnv({ PORT: '8080', SITE_URL: 'https://shop.example.com' }).siteUrl).toBe('https://shop.example.com');
  });

  it('trusts forwarded headers only with a configured number of proxies', () => {
    expect(parseEnv({}).trustProxy).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('derives Secure cookies from an https site URL and strips a trailing slash', () => {
    const env = parseEnv({ SITE_URL: 'https://shop.example.com/' });
    expect(env.siteUrl).toBe('https://shop.example.com');
    expect(env.cookieSecure).toBe(true);
    expect(parseEnv({ SITE_URL: 'https://shop.example.com', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it.each([
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ SITE_URL: 'ftp://example.com' }, 'SITE_URL'],
    [{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE'],
    [{ VERSION_POLL_INTERVAL_MS: '5' }, 'VERSION_POLL_INTERVAL_MS'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://127.0.0.1/app' }, 'DATABASE_URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ PORT: '70000' }, 'PORT'],
  ])('refuses %j and names the variable', (source, name) => {
    expect(() => parseEnv(source)).toThrow(name);
  });

  it('uses the emulator for a demo project and a real project otherwise', () => {
    expect(parseEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebase).toMatchObject({
      mode: 'emulator',
      emulatorHost: '127.0.0.1:9099',
    });
    const real = parseEnv({
      ...REAL,
      FIREBASE_API_KEY: 'AIzaSyExampleExampleExample',
      FIREBASE_AUTH_DOMAIN: 'plauder-prod.firebaseapp.com',
    });
    expect(real.firebase.mode).toBe('project');
  });

  it('names the seller of a real project from its configuration, and requires it (the legal pages show it)', () => {
    expect(parseEnv(REAL).operator).toEqual({
      demo: false,
      name: 'Plauder GmbH',
      representative: null,
      street: 'Hauptstraße 5',
      postalCode: '80331',
      city: 'München',
      country: 'DE',
      email: 'info@plauder.de',
      phone: null,
      register: null,
      vatId: null,
    });
    expect(() => parseEnv({ ...REAL, OPERATOR_CITY: undefined })).toThrow('OPERATOR_CITY');
    expect(() => parseEnv({ OPERATOR_NAME: 'Half Configured GmbH' })).toThrow('OPERATOR_STREET');
    expect(() => parseEnv({ ...REAL, OPERATOR_VAT_ID: 'not a vat id' })).toThrow('OPERATOR_VAT_ID');
  });

  it('refuses the emulator host together with a real project: its tokens are unsigned', () => {
    expect(() => parseEnv({ ...REAL, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      'FIREBASE_AUTH_EMULATOR_HOST',
    );
  });

  it('lets only local mode fail renders on request (TEST_FAULTS): a request must never break a real site', () => {
    expect(parseEnv({ TEST_FAULTS: '1' }).testFaults).toBe(true);
    expect(() => parseEnv({ ...REAL, TEST_FAULTS: 'true' })).toThrow('TEST_FAULTS');
    expect(parseEnv({ ...REAL, TEST_FAULTS: 'false' }).testFaults).toBe(false);
  });

  it('requires a session secret of 32+ characters for a real project', () => {
    expect(() => parseEnv({ ...REAL, SESSION_SECRET: undefined })).toThrow('SESSION_SECRET');
    expect(() => parseEnv({ ...REAL, FIREBASE_API_KEY: undefined })).toThrow('FIREBASE_API_KEY');
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow('SESSION_SECRET');
  });

  it('takes the secret SESSION_SECRET replaced only beside a new, different one', () => {
    const previous = 'p'.repeat(32);
    expect(parseEnv({ ...REAL, SESSION_SECRET_PREVIOUS: previous })).toMatchObject({
      sessionSecret: REAL.SESSION_SECRET,
      sessionSecretPrevious: previous,
    });
    expect(() => parseEnv({ SESSION_SECRET_PREVIOUS: previous })).toThrow('SESSION_SECRET_PREVIOUS');
    expect(() => parseEnv({ ...REAL, SESSION_SECRET_PREVIOUS: REAL.SESSION_SECRET })).toThrow(
      'SESSION_SECRET_PREVIOUS',
    );
    expect(() => parseEnv({ ...REAL, SESSION_SECRET_PREVIOUS: 'short' })).toThrow('SESSION_SECRET_PREVIOUS');
  });

  it('wants both parts of a service account', () => {
    expect(() => parseEnv({ FIREBASE_CLIENT_EMAIL: 'sa@plauder-prod.iam.gserviceaccount.com' })).toThrow(
      'FIREBASE_PRIVATE_KEY',
    );
    const key = '-----BEGIN PRIVATE KEY-----\\n' + 'A'.repeat(80) + '\\n-----END PRIVATE KEY-----\\n';
    const env = parseEnv({
      FIREBASE_CLIENT_EMAIL: 'sa@plauder-prod.iam.gserviceaccount.com',
      FIREBASE_PRIVATE_KEY: key,
    });
    expect(env.firebase.serviceAccount?.privateKey).toContain('\n' + 'A'.repeat(80) + '\n');
  });
});
