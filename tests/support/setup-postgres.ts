import { afterAll } from "vitest";
import { prepareTestEnvironment } from "./environment";
import { createThrowawayDatabase } from "./throwaway-database";

/**
 * The "postgres" project: each test file gets a throwaway database of its own on the PostgreSQL
 * server (TEST_DATABASE_URL), so that files running side by side in two workers never share a job
 * queue, an outbox or a count. Dropped after the file, once its connections are closed (after-hooks
 * run last first).
 */
const { url, drop } = await createThrowawayDatabase("signet_test");
afterAll(drop);
prepareTestEnvironment(url);
