import type { ReactNode } from 'react';

export type ErrorVariant = 'not-found' | 'server-error';

/** 404 shows the not-found variant; every other status the server-error variant. */
export function errorVariant(status: number): ErrorVariant {
  return status === 404 ? 'not-found' : 'server-error';
}

type ErrorViewProps = {
  /** HTTP status; defaults to 500. */
  status?: number;
  /** Defaults to the variant's own title ('Page Not Found' or 'Internal Server Error', translated). */
  statusMessage?: string;
  titles: Record<ErrorVariant, string>;
  children?: ReactNode;
  actions?: ReactNode;
};

export function ErrorView({ status = 500, statusMessage, titles, children, actions }: ErrorViewProps) {
  const variant = errorVariant(status);
  return (
    <section
      data-error-variant={variant}
      className="mx-auto max-w-xl px-4 py-20 text-center"
      aria-labelledby="error-title"
    >
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="mt-4 text-3xl font-bold text-slate-900">
        {statusMessage || titles[variant]}
      </h1>
      {children && <div className="mt-4 text-lg text-slate-700">{children}</div>}
      {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
    </section>
  );
}
