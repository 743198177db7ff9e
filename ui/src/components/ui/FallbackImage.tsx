import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

export interface ImageSource {
  src: string | null;
  alt: string;
  /** Sizing for this source (a logo is contained, a photo covers). */
  className: string;
}

/**
 * The image addresses that failed to load on this page. Failures are recorded
 * per address: the same failure may be reported twice (React replays an error
 * from before hydration, and `checkLoaded` sees it too).
 */
export function useImageFailures() {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const markFailed = useCallback(
    (address: string) => setFailed((previous) => (previous.has(address) ? previous : new Set(previous).add(address))),
    [],
  );
  /** A server-rendered image can fail before hydration attaches onError: look at it once it is in the DOM. */
  const checkLoaded = useCallback(
    (image: HTMLImageElement | null, address: string) => {
      if (image?.complete && image.naturalWidth === 0) markFailed(address);
    },
    [markFailed],
  );
  return { failed, markFailed, checkLoaded };
}

/**
 * Shows the first source that loads: on a load error it moves to the next
 * one, and after the last to `fallback`. Callers key it by the entity so a
 * reused instance starts again from the first source.
 */
export function FallbackImage({
  sources,
  width,
  height,
  loading = "lazy",
  fallback,
}: {
  sources: ImageSource[];
  width: number;
  height: number;
  loading?: "lazy" | "eager";
  fallback: ReactNode;
}) {
  const { failed, markFailed, checkLoaded } = useImageFailures();
  const imageRef = useRef<HTMLImageElement>(null);
  const current = sources.find((source) => source.src && !failed.has(source.src));
  const src = current?.src;

  useEffect(() => {
    if (src) checkLoaded(imageRef.current, src);
  }, [src, checkLoaded]);

  if (!current || !src) return <>{fallback}</>;
  return (
    <img
      key={src}
      ref={imageRef}
      src={src}
      alt={current.alt}
      width={width}
      height={height}
      loading={loading}
      decoding={loading === "lazy" ? "async" : undefined}
      className={current.className}
      onError={() => markFailed(src)}
    />
  );
}
