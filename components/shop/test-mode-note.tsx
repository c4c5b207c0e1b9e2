/** The note on top of a local test checkout (an order's or a subscription's): no real payment, which cards do what. */
export function TestModeNote({ text }: { text: string }) {
  return (
    <p
      role="note"
      className="mb-6 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950"
    >
      {text}
    </p>
  );
}
