export const metadata = { title: 'Baseline', description: 'Bare Next.js fixture for npm run bench' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
