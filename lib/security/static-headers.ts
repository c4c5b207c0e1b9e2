// Headers that are the same on every answer (next.config.ts). The Content-Security-Policy and HSTS
// depend on the answer and the deployment: lib/security/node-headers.ts.

/** Features no page of the site uses; `payment` and `fullscreen` stay with the site itself. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'usb=()',
  'browsing-topics=()',
  'payment=(self)',
  'fullscreen=(self)',
].join(', ');

export function securityHeaders() {
  return [
    {
      source: '/:path*',
      headers: [
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
        { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
      ],
    },
  ];
}
