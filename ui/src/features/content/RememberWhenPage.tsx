import ArrowLeft from "lucide-react/icons/arrow-left";
import Mail from "lucide-react/icons/mail";
import { Link } from "@/components/ui/Link";
import { usePageMeta } from "@/lib/page-meta";
import { useSite, withCommunity } from "@/lib/site";

const PHOTOS = [
  {
    src: "/images/remember-when/photo-1.svg",
    alt: "A steam locomotive standing at the railroad depot",
    caption: "The afternoon local at the depot, about 1925. For thirty-five years the train was how mail, newspapers and visiting relatives reached {community}.",
  },
  {
    src: "/images/remember-when/photo-2.svg",
    alt: "Main Street in the 1950s lined with classic cars",
    caption: "Main Street on a Saturday in the 1950s, when angled parking was full from the drugstore to the picture show.",
  },
  {
    src: "/images/remember-when/photo-3.svg",
    alt: "Students gathered in front of the one-room schoolhouse",
    caption: "Miss Whitfield's pupils outside the one-room schoolhouse on Elm Street, which taught eight grades in a single room until 1938.",
  },
  {
    src: "/images/remember-when/photo-4.svg",
    alt: "A rider on a bucking horse at the rodeo arena",
    caption: "Heritage Days rodeo. For generations, ranch hands from the surrounding hills tested their luck in front of the whole town.",
  },
];

export function RememberWhenPage() {
  const site = useSite();
  usePageMeta({
    title: `Remember When? | ${site.communityName}, ${site.state}`,
    description: `Vintage photographs of ${site.communityName}: the depot, Main Street, the schoolhouse and the rodeo, and places gone but not forgotten.`,
  });
  return (
    <>
      <header className="border-b border-forest/10 bg-sand/60">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
          <Link to="/history" className="inline-flex items-center gap-1.5 text-sm font-semibold text-forest hover:text-terracotta">
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Back to History
          </Link>
          <h1 className="mt-4 font-serif text-4xl font-bold text-forest sm:text-5xl">Remember When?</h1>
          <p className="mt-2 font-serif text-xl italic text-charcoal/75">Gone But Not Forgotten</p>
          <p className="mt-4 max-w-2xl text-lg text-charcoal/75">
            Snapshots of the {site.communityName} our parents and grandparents knew: the places, gatherings and faces that made the town what it is.
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
        <ul className="grid gap-8 md:grid-cols-2">
          {PHOTOS.map((photo, index) => (
            <li key={photo.src}>
              <figure className="h-full rounded-xl border border-forest/10 bg-white p-3 shadow-sm sm:p-4">
                <img
                  src={photo.src}
                  alt={photo.alt}
                  width={800}
                  height={600}
                  // The first row is on screen when the page opens; the rest load on the way down.
                  loading={index < 2 ? "eager" : "lazy"}
                  decoding={index < 2 ? undefined : "async"}
                  className="aspect-[4/3] w-full rounded-lg object-cover"
                />
                <figcaption className="px-1 pb-1 pt-4 font-serif text-[17px] leading-relaxed text-charcoal/80">
                  {withCommunity(photo.caption, site)}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <section aria-labelledby="share-photos" className="mt-12 rounded-xl bg-forest p-8 text-center text-white sm:p-10">
          <h2 id="share-photos" className="font-serif text-3xl font-bold">
            Have an Old Photo to Share?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-white/85">
            Family albums, shoeboxes and attics hold the best of our history. Email us a scan or a phone picture of your old {site.communityName} photos, with anything you know about who, where and when, and we will add them to this page.
          </p>
          <a href={`mailto:${site.email}?subject=${encodeURIComponent("Remember When photo")}`} className="btn-primary mt-6">
            <Mail aria-hidden className="h-4 w-4" />
            Email Your Photos
          </a>
          <p className="mt-3 text-sm text-white/70">{site.email}</p>
        </section>
      </div>
    </>
  );
}
