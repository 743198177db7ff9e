import { useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "@/components/ui/Link";
import { CATEGORY_COLOR_CLASSES, CategoryIcon } from "@/components/ui/CategoryIcon";
import { Skeleton } from "@/components/ui/Skeleton";
import { categoriesQuery } from "@/lib/queries";
import type { Category } from "@/lib/types";

const PLACEHOLDER_COUNT = 6;
/** Sub-categories are named "Parent - Child". */
const SUBCATEGORY_SEPARATOR = " - ";

interface CategoryGroup {
  category: Category;
  children: { category: Category; label: string }[];
}

function groupCategories(categories: Category[]): CategoryGroup[] {
  return categories
    .filter((category) => !category.name.includes(SUBCATEGORY_SEPARATOR))
    .map((parent) => {
      const prefix = parent.name + SUBCATEGORY_SEPARATOR;
      const children = categories
        .filter((category) => category.name.startsWith(prefix))
        .map((category) => ({ category, label: category.name.slice(prefix.length) }));
      return { category: parent, children };
    });
}

const businessCount = (count: number) => `${count} ${count === 1 ? "business" : "businesses"}`;

function CategoryCard({ group }: { group: CategoryGroup }) {
  const { category, children } = group;
  return (
    <article className="flex h-full flex-col rounded-xl border border-forest/10 bg-white p-5 shadow-sm">
      <Link to={`/category/${category.slug}`} className="group flex items-center gap-4 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-forest">
        <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${CATEGORY_COLOR_CLASSES[category.color]}`}>
          <CategoryIcon name={category.icon} className="h-6 w-6" />
        </span>
        <div>
          <h3 className="font-serif text-lg font-semibold leading-snug text-forest group-hover:underline">{category.name}</h3>
          {/* The API's count for a parent already includes its sub-categories' businesses. */}
          <span className="text-sm text-charcoal/70">{businessCount(category.businessCount)}</span>
        </div>
      </Link>
      {children.length > 0 && (
        <ul className="mt-4 space-y-1 border-t border-forest/10 pt-3 text-sm">
          {children.map((child) => (
            <li key={child.category.id}>
              <Link
                to={`/category/${child.category.slug}`}
                className="flex justify-between gap-2 rounded px-1 py-0.5 text-charcoal/80 hover:bg-sand hover:text-forest"
              >
                <span>{child.label}</span>
                <span className="text-charcoal/70">{child.category.businessCount}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`/category/${category.slug}`}
        aria-label={`Browse All ${category.name}`}
        className="mt-auto inline-flex items-center gap-1 self-start pt-4 text-sm font-semibold text-terracotta hover:underline"
      >
        Browse All
        <ArrowRight aria-hidden className="h-4 w-4" />
      </Link>
    </article>
  );
}

export function CategoryGrid() {
  const { data: categories, isPending, isError } = useQuery(categoriesQuery());
  return (
    <section aria-labelledby="browse-by-category">
      <h2 id="browse-by-category" className="mb-6 font-serif text-3xl font-bold text-forest">
        Browse by Category
      </h2>
      {isError ? (
        <p className="rounded-xl bg-white p-6 text-charcoal/70">Categories could not be loaded right now.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {isPending
            ? Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
                <li key={index}>
                  <Skeleton className="h-40 rounded-xl" />
                </li>
              ))
            : groupCategories(categories ?? []).map((group) => (
                <li key={group.category.id}>
                  <CategoryCard group={group} />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
