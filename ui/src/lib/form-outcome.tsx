import { createContext, useContext, type ReactNode } from "react";

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

const FormOutcomeContext = createContext<FormOutcome>({});

export function FormOutcomeProvider({ outcome, children }: { outcome: FormOutcome | undefined; children: ReactNode }) {
  return <FormOutcomeContext.Provider value={outcome ?? {}}>{children}</FormOutcomeContext.Provider>;
}

export function useFormOutcome(): FormOutcome {
  return useContext(FormOutcomeContext);
}
