import { avatarColour, avatarSource, initials } from '@/lib/avatar/default';
import { cn } from '@/lib/cn';

export type AvatarUser = { uid: string; displayName: string | null; email: string | null; photoURL: string | null };

/** The user's photo, or their initials on a colour of their own. Decorative: the name is shown beside it. */
export function Avatar({ user, size = 32, className }: { user: AvatarUser; size?: number; className?: string }) {
  const source = avatarSource(user.photoURL);
  if (source) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- served by our own route, already resized
      <img
        src={source}
        alt=""
        width={size}
        height={size}
        className={cn('shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      className={cn('shrink-0 rounded-full', className)}
    >
      <rect width="40" height="40" fill={avatarColour(user.uid)} />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fill="#fff"
        fontSize="16"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        {initials(user.displayName, user.email)}
      </text>
    </svg>
  );
}
