import { createContext, useContext, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * What the server answered to a plain form post (a visitor whose browser has
 * not run the JavaScript yet): the values sent and the messages to show.
 */
export interface FormOutcome {
  newsletter?: { status: "error"; email: string; message: string };
  contact?: {
    status: "error";
    values: { name: string; email: string; phone: string; subject: string | null; message: string };
    errors: Partial<Record<"name" | "email" | "subject" | "message", string>>;
  };
}

const NO_OUTCOME: FormOutcome = {};
const FormOutcomeContext = createContext<FormOutcome>(NO_OUTCOME);

/** The page the server shows a refused form on; the browser's address is still the form's endpoint. */
export function pageOfForm(outcome: FormOutcome): string {
  return outcome.contact ? "/contact" : "/";
}

export function FormOutcomeProvider({ outcome, children }: { outcome: FormOutcome | undefined; children: ReactNode }) {
  // The outcome belongs to the page the server answered the post with (the
  // router's first location); a later visit to that page starts afresh.
  const firstPage = useLocation().key === "default";
  return <FormOutcomeContext.Provider value={(firstPage && outcome) || NO_OUTCOME}>{children}</FormOutcomeContext.Provider>;
}

export function useFormOutcome(): FormOutcome {
  return useContext(FormOutcomeContext);
}
