/** The ChairTalk mark: a tooth with a speech bubble. Decorative; the name is always beside it. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="logo"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="var(--brand-600)" />
      <path
        d="M20 16c-5 0-8 4-8 10 0 5 2 8 3 12 1 5 2 12 6 12 3 0 3-6 5-10 1-2 2-3 4-3s3 1 4 3c2 4 2 10 5 10 4 0 5-7 6-12 1-4 3-7 3-12 0-6-3-10-8-10-4 0-6 2-10 2s-6-2-10-2z"
        fill="#fff"
      />
      <circle
        cx="50"
        cy="48"
        r="9"
        fill="var(--brand-200)"
        stroke="var(--brand-600)"
        strokeWidth="3"
      />
    </svg>
  );
}
