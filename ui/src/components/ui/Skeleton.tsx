/** A grey placeholder block shown while data loads during client navigation. */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded-md bg-charcoal/10 ${className}`} />;
}
