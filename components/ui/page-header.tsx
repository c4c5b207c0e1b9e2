import type { ReactNode } from 'react';

export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="mb-8 space-y-2">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {lead && <p className="max-w-2xl text-lg text-slate-700">{lead}</p>}
      {children}
    </header>
  );
}
