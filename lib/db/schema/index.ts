// The database schema, one file per aggregate: its tables and the vocabulary its columns hold. drizzle-kit
// generates the migrations in drizzle/ from this index (`npm run db:generate`); the app applies them on start.
export * from './accounts';
export * from './tickets';
export * from './feedback';
export * from './shop';
export * from './workspaces';
export * from './presence';
export * from './widgets';
export * from './widget-settings';
export * from './conversations';
export * from './visitor-pages';
export * from './labels';
export * from './erasures';
export * from './alerts';
export * from './mail';
export * from './chat';
export * from './limits';
export * from './billing';
export * from './stripe-billing';
export * from './invoices';
export * from './billing-local';
export * from './replies';
export * from './ratings';
