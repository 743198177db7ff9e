import ArrowLeft from "lucide-react/icons/arrow-left";
import SearchX from "lucide-react/icons/search-x";
import type { MouseEvent, ReactNode } from "react";
import { useNavigate } from "react-router";
import { Link } from "@/components/ui/Link";

/**
 * Returns to the previous page of this visit; a visitor who arrived directly
 * (or without JavaScript) follows the link to `fallback` instead.
 */
export function GoBackLink({ fallback, className = "btn-primary" }: { fallback: string; className?: string }) {
  const navigate = useNavigate();
  const goBack = (event: MouseEvent) => {
    // react-router numbers the entries of its history; 0 is the page the visit started on.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Link to={fallback} onClick={goBack} className={className}>
      <ArrowLeft aria-hidden className="h-4 w-4" />
      Go Back
    </Link>
  );
}

/** The "nothing here" screen of a detail page. */
export function NotFoundState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <SearchX aria-hidden className="h-14 w-14 text-forest/40" />
      <h1 className="mt-4 font-serif text-4xl font-bold text-forest">{title}</h1>
      <div className="mt-4 text-charcoal/80">{children}</div>
    </section>
  );
}
