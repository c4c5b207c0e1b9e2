// The reports' shapes, shared by the API and the page (no server imports).

/** A median and a 90th percentile, in seconds (null: nothing to measure). */
export type Durations = { median: number | null; p90: number | null };
/** Over all hours, and counting only the widget's business hours (all hours where it has no schedule). */
export type TimeFigures = Durations & { businessHours: Durations };

/**
 * The figures of a set of conversations. Satisfaction (average and distribution of the visitors' ratings) joins
 * as one more key, `satisfaction: { average, count, distribution }`, once ratings are stored.
 */
export type Figures = {
  /** Conversations started in the period; of them answered by an operator, and closed. */
  started: number;
  responded: number;
  resolved: number;
  firstResponse: TimeFigures;
  resolution: TimeFigures;
};

export type DayFigures = Figures & { day: string };
/** `uid` null: the conversations nobody was assigned. */
export type OperatorFigures = Figures & { uid: string | null; name: string | null };
export type WidgetFigures = Figures & { id: string; name: string };

export type Report = {
  period: { from: string; to: string; tz: string };
  totals: Figures;
  /** Every day of the period in `tz`, also those without conversations. */
  days: DayFigures[];
  operators: OperatorFigures[];
  widgets: WidgetFigures[];
};

/** Which conversations behind a figure: all started, those answered, those closed. */
export const REPORT_METRICS = ['started', 'responded', 'resolved'] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

/** A conversation behind a figure (drill-down). */
export type ReportConversation = {
  id: string;
  createdAt: string;
  status: 'open' | 'closed';
  visitorName: string | null;
  widgetName: string;
  assigneeName: string | null;
  firstResponseSeconds: number | null;
  resolutionSeconds: number | null;
};

export type ReportConversationsPage = { conversations: ReportConversation[]; nextCursor: string | null };
