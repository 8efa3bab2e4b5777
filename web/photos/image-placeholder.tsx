/** The picture shown for an image that does not load (spec: a broken image shows a placeholder). */
export function ImagePlaceholder({ className = '' }: { className?: string }) {
  return (
    <svg
      role="img"
      aria-label="Image not available"
      data-testid="image-placeholder"
      viewBox="0 0 64 64"
      className={`bg-gray-100 text-gray-400 dark:bg-gray-800 dark:text-gray-500 ${className}`}
    >
      <rect x="12" y="14" width="40" height="36" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="24" cy="26" r="4" fill="currentColor" />
      <path d="M14 46l12-13 9 9 6-6 9 10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      <path d="M10 10l44 44" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
