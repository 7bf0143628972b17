import { inject } from "vitest";
import { prepareTestEnvironment } from "./environment";

prepareTestEnvironment(inject("postgresUrl"));
