import { z } from "zod";
import { roleInput, signerInput } from "@/lib/api/packages";

/** The forms of the signer list, on the API's own schemas with the members a person needs made required. */

export const personSignerForm = signerInput.pick({ firstName: true, lastName: true, email: true }).extend({
  firstName: z.string().trim().min(1, "Enter the first name.").max(256),
  lastName: z.string().trim().min(1, "Enter the last name.").max(256),
  email: z.string().trim().min(1, "Enter the e-mail address.").pipe(z.email("Enter an e-mail address such as name@example.com.").max(254)),
});
export type PersonSignerForm = z.infer<typeof personSignerForm>;

export const placeholderForm = roleInput.pick({ name: true }).extend({
  name: z.string().trim().min(1, "Name the placeholder, for example Client.").max(256),
});
export type PlaceholderForm = z.infer<typeof placeholderForm>;
