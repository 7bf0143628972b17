import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { loadContracts, type Contracts } from "./load-contracts";

const CONTRACTS_UNAVAILABLE = "This page could not load what it checks the form with. Check your connection and try again.";

/**
 * A react-hook-form resolver that checks the form with a schema built from the contracts once they
 * have loaded: the form's first check waits for them, every later one does not.
 */
export function contractResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  build: (contracts: Contracts) => Schema,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  let resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>> | null = null;
  return async (values, context, options) => {
    if (!resolver) {
      const contracts = await loadContracts().catch(() => null);
      // Not loaded (the network): the form stays unsent with a message, and its next check tries again.
      if (!contracts) return { values: {}, errors: { root: { type: "contracts", message: CONTRACTS_UNAVAILABLE } } as FieldErrors<z.input<Schema>> };
      resolver = zodResolver(build(contracts)) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
    }
    return resolver(values, context, options);
  };
}
