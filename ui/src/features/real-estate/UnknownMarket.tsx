import { Link } from "@/components/ui/Link";

/** A `:market` other than residential or commercial; the page declares the 404 status. */
export function UnknownMarket() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-serif text-4xl font-bold text-forest">Page Not Found</h1>
      <p className="mt-4 text-charcoal/80">There is no such real estate section.</p>
      <Link to="/real-estate" className="btn-primary mt-8">
        Back to Real Estate
      </Link>
    </section>
  );
}
