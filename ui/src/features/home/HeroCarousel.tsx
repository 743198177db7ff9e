import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Pause from "lucide-react/icons/pause";
import Play from "lucide-react/icons/play";
import { useCallback, useEffect, useId, useState } from "react";
import { useSite, withCommunity } from "@/lib/site";

const AUTOPLAY_DELAY_MS = 5000;

const SLIDES = [
  {
    image: "/images/hero/slide-1.svg",
    alt: "Sunrise over the rooftops of downtown",
    title: "Welcome to {community}",
    subtitle: "Discover the local businesses, events and neighbors that make our Texas town home.",
  },
  {
    image: "/images/hero/slide-2.svg",
    alt: "A family-owned restaurant with a full patio",
    title: "Savor Local Dining",
    subtitle: "From post-oak brisket to Sunday brunch, taste what our hometown kitchens serve.",
  },
  {
    image: "/images/hero/slide-3.svg",
    alt: "Historic limestone storefronts along Main Street",
    title: "Historic Architecture",
    subtitle: "Stroll past the storefronts and homes that have told our story for generations.",
  },
  {
    image: "/images/hero/slide-4.svg",
    alt: "Shop windows decorated along a downtown sidewalk",
    title: "Shop Local",
    subtitle: "Boutiques, hardware, books and gifts from the shops that keep Main Street busy.",
  },
  {
    image: "/images/hero/slide-5.svg",
    alt: "The town's welcome sign beside a country road",
    title: "You're Always Welcome Here",
    subtitle: "Pass the welcome sign and find a friendly face around every corner of {community}.",
  },
  {
    image: "/images/hero/slide-6.svg",
    alt: "A professional office on a tree-lined street",
    title: "Trusted Professional Services",
    subtitle: "Attorneys, accountants, agents and tradespeople who know this community by name.",
  },
];

const arrowClass =
  "absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white/85 p-2 sm:p-2.5 text-forest shadow-md transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** Whether the visitor has asked their system for less motion (read when needed: it can change). */
const asksForLessMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The home page's looping slideshow. The server renders every slide in one
 * row with the first in view, which is exactly where Embla starts, so
 * hydration moves nothing.
 */
export function HeroCarousel() {
  const site = useSite();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true }, [
    Autoplay({ delay: AUTOPLAY_DELAY_MS, stopOnInteraction: false }),
  ]);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const slidesId = useId();

  // Moving content needs a way to stop it (WCAG 2.2.2): the pause button,
  // and for visitors who ask their system for less motion it starts paused.
  useEffect(() => {
    if (embla && asksForLessMotion()) {
      embla.plugins().autoplay?.stop();
      setPaused(true);
    }
  }, [embla]);

  // Autoplay starts again when a tap or drag ends (the slideshow keeps
  // playing after interaction) and when a new width re-initialises Embla,
  // but not once the visitor pressed Pause. Stopped after the plugin's own
  // listeners have run, whichever order they were added in.
  useEffect(() => {
    if (!embla || !paused) return;
    const stayPaused = () => queueMicrotask(() => embla.plugins().autoplay?.stop());
    embla.on("pointerUp", stayPaused).on("reInit", stayPaused);
    return () => {
      embla.off("pointerUp", stayPaused).off("reInit", stayPaused);
    };
  }, [embla, paused]);

  const togglePlaying = () => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (paused) autoplay.play();
    else autoplay.stop();
    setPaused(!paused);
  };

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);

  // After a manual move the timer starts over, so the next automatic move waits a full interval.
  // Embla glides with script, not CSS: for visitors who ask for less motion it jumps instead.
  const goTo = useCallback(
    (move: "prev" | "next" | number) => {
      if (!embla) return;
      const jump = asksForLessMotion();
      if (move === "prev") embla.scrollPrev(jump);
      else if (move === "next") embla.scrollNext(jump);
      else embla.scrollTo(move, jump);
      embla.plugins().autoplay?.reset();
    },
    [embla],
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Scenes from ${site.communityName}`}
      className="relative h-[600px] overflow-hidden bg-forest-dark"
    >
      <div ref={viewportRef} className="h-full overflow-hidden">
        {/* Slide changes are announced only while paused: rotating on its own, they would interrupt (WAI-ARIA carousel pattern). */}
        <div id={slidesId} aria-live={paused ? "polite" : "off"} className="flex h-full touch-pan-y">
          {SLIDES.map((slide, index) => (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${SLIDES.length}`}
              aria-hidden={index !== selected}
              className="relative h-full min-w-0 flex-[0_0_100%]"
            >
              <img
                src={slide.image}
                alt={slide.alt}
                width={1600}
                height={600}
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "auto"}
                decoding={index === 0 ? undefined : "async"}
                className="absolute inset-0 h-full w-full object-cover"
              />
              <div aria-hidden className="absolute inset-0 bg-gradient-to-r from-forest-dark/85 via-forest-dark/50 to-transparent" />
              <div className="relative mx-auto flex h-full max-w-7xl items-center px-14 sm:px-20">
                <div className="max-w-xl text-white text-shadow-md text-shadow-black/50">
                  <h2 className="font-serif text-4xl font-bold leading-tight sm:text-6xl">
                    {withCommunity(slide.title, site)}
                  </h2>
                  <p className="mt-4 text-lg text-white/90 sm:text-xl">{withCommunity(slide.subtitle, site)}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
      <button type="button" aria-label="Previous slide" aria-controls={slidesId} onClick={() => goTo("prev")} className={`${arrowClass} left-2 sm:left-4`}>
        <ChevronLeft aria-hidden className="h-6 w-6" />
      </button>
      <button type="button" aria-label="Next slide" aria-controls={slidesId} onClick={() => goTo("next")} className={`${arrowClass} right-2 sm:right-4`}>
        <ChevronRight aria-hidden className="h-6 w-6" />
      </button>
      <div className="absolute inset-x-0 bottom-6 z-10 flex items-center justify-center gap-2">
        <button
          type="button"
          aria-label={paused ? "Play slideshow" : "Pause slideshow"}
          aria-controls={slidesId}
          onClick={togglePlaying}
          className="rounded-full p-1.5 text-white/85 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          {paused ? <Play aria-hidden className="h-4 w-4" /> : <Pause aria-hidden className="h-4 w-4" />}
        </button>
        <div role="group" aria-label="Choose a slide" className="flex justify-center gap-1">
          {SLIDES.map((slide, index) => (
            <button
              key={slide.image}
              type="button"
              aria-label={`Go to slide ${index + 1}`}
              aria-controls={slidesId}
              aria-current={index === selected ? "true" : undefined}
              onClick={() => goTo(index)}
              className="group rounded-full p-1.5 focus-visible:outline-2 focus-visible:outline-white"
            >
              <span
                aria-hidden
                className={`block h-2.5 rounded-full transition-all ${index === selected ? "w-8 bg-white" : "w-2.5 bg-white/50 group-hover:bg-white/80"}`}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
