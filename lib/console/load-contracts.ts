import { loadOnce } from "@/lib/load-once";
import type * as ContractsModule from "./contracts";

/** zod and the wire schemas (lib/console/contracts.ts), as the browser gets them: loaded on first use, then kept. */
export type Contracts = typeof ContractsModule;

export const loadContracts: () => Promise<Contracts> = loadOnce(() => import("./contracts"));
