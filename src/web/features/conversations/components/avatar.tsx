import { DEFAULT_AVATAR_PATH } from '#domain/constants.ts';
import { cn } from '#web/lib/cn.ts';

/** A person's round photo (the default picture when they have none, or their account is gone). */
export function Avatar({ url, size = 40, className }: { url: string | null; size?: number; className?: string }) {
  return (
    <img
      src={url || DEFAULT_AVATAR_PATH}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className={cn('shrink-0 rounded-full bg-slate-100 object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}

/** A listing's small square photo; a grey square when it has none. */
export function ListingThumb({ url, size = 40, className }: { url: string | null; size?: number; className?: string }) {
  if (!url)
    return (
      <span
        aria-hidden="true"
        className={cn('shrink-0 rounded-md bg-slate-200', className)}
        style={{ width: size, height: size }}
      />
    );
  return (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className={cn('shrink-0 rounded-md bg-slate-100 object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
