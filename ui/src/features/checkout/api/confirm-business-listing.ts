import { apiRequest } from "@/lib/api";

export interface BusinessListingConfirmation {
  email: string;
  businessName: string;
  /** Capitalised, e.g. "Premium". */
  plan: string;
}

/** POST /api/business-listing-confirmation (spec section 7). */
export async function confirmBusinessListing(confirmation: BusinessListingConfirmation): Promise<void> {
  await apiRequest("POST", "/api/business-listing-confirmation", confirmation);
}
