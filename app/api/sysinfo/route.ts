import { systemInfo } from "@/lib/esign/system/system-info";
import { apiRoute } from "@/lib/http/api-handler";

/** The running version and the database schema's: `{version, webappVersion, schemaVersion}`. */
export const GET = apiRoute({ permission: null }, async ({ db }) => systemInfo(db));
