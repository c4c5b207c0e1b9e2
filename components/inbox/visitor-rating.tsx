import { RATING_WORDS, type RatingView } from '@/lib/conversations/constants';
import { fill, type Messages } from '@/lib/i18n/slices';

type Labels = Messages['Dashboard']['inbox']['rating'];

const wordOf = (labels: Labels, score: number) => labels.scores[RATING_WORDS[score - 1]];

/** The list's mark of a rated conversation: a star and the score, read out as the score in words. */
export function RatingBadge({ rating, labels }: { rating: RatingView; labels: Labels }) {
  return (
    <span className="rounded bg-amber-100 px-1.5 text-amber-950" data-testid="list-rating">
      <span aria-hidden="true">★ {rating.score}</span>
      <span className="sr-only">
        {fill(labels.badge, { label: wordOf(labels, rating.score), score: rating.score })}
      </span>
    </span>
  );
}

/** The visitor's rating under the thread: the score in words and their comment, marked as theirs. */
export function VisitorRating({ rating, labels }: { rating: RatingView; labels: Labels }) {
  return (
    <section aria-labelledby="visitor-rating-title" className="border-t border-slate-200 bg-amber-50 p-3 text-sm">
      <h3 id="visitor-rating-title" className="font-semibold text-slate-900">
        {labels.title}
      </h3>
      <p className="text-slate-900">
        {fill(labels.score, { label: wordOf(labels, rating.score), score: rating.score })}
      </p>
      {rating.comment && (
        <blockquote className="mt-1 border-l-4 border-amber-400 pl-2 whitespace-pre-wrap text-slate-800">
          {rating.comment}
        </blockquote>
      )}
    </section>
  );
}
