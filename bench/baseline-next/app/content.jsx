import size from './size.json';

const SECTION_TEXT =
  'A bare Next.js page with plain static markup, sized like the landing page so that the benchmark ' +
  'compares the cost of the framework and not the cost of the content.';

// A section costs its markup plus its copy in the inline RSC payload; the rest is what the page weighs
// without sections. Both measured on this fixture's HTML with Next 16.4.6.
const SECTION_BYTES = 513;
const EMPTY_PAGE_BYTES = 5070;

const sections = Math.max(1, Math.round((size.htmlBytes - EMPTY_PAGE_BYTES) / SECTION_BYTES));

export function Content() {
  return (
    <main>
      {Array.from({ length: sections }, (_, i) => (
        <section key={i}>
          <h2>Section {i + 1}</h2>
          <p>{SECTION_TEXT}</p>
        </section>
      ))}
    </main>
  );
}
