import { useLocation } from "react-router";
import { Link } from "@/components/ui/Link";
import { usePageMeta } from "@/lib/page-meta";

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta({ title: "Page Not Found", description: "This page does not exist.", status: 404, noindex: true });
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-terracotta">404</p>
      <h1 className="mt-2 font-serif text-4xl font-bold text-forest">Page Not Found</h1>
      <p className="mt-4 text-charcoal/80">
        Did you forget to add the page to the router? No route matches{" "}
        <code className="rounded bg-sand px-1.5 py-0.5 font-mono text-sm">{pathname}</code>.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Back to Home
      </Link>
    </section>
  );
}
