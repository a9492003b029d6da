/** A student's avatar (docs/product-spec.md §2: the default image when absent or when it fails to load). */
import { DEFAULT_AVATAR } from '../../../lib/avatar';

export function Avatar({ src, size = 48 }: { src: string | null; size?: number }) {
  return (
    <img
      src={src ?? DEFAULT_AVATAR}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="shrink-0 rounded-full border border-line object-cover"
      style={{ width: size, height: size }}
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}
