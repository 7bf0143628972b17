import { prepareTestEnvironment } from "./environment";

prepareTestEnvironment("memory://");
