// The widget frame's bundle manifest as the integration tests give it (jest.mock of
// '@/app/embed/[widgetId]/manifest'): the real one reads the production build, which these tests do not make.
export const manifest = () => ({
  script: { path: '/_next/static/widget/frame-0123456789abcdef.js', rawBytes: 1, gzipBytes: 1 },
  stylesheet: { path: '/_next/static/widget/frame-fedcba9876543210.css', rawBytes: 1, gzipBytes: 1 },
});
