-- Document bytes are stored as they come, without PostgreSQL's own compression (pglz). A PDF's
-- streams are compressed already, but its first kilobyte (object headers) compresses, so pglz went
-- on over about two thirds of a document's first piece only to throw the result away: 17 ms a
-- piece on a quiet 2-core machine. Uncompressed values are also read in part: a range reads the
-- TOAST chunks it covers instead of decompressing the piece from its start. Rows already stored
-- keep their form; both are read the same way.
ALTER TABLE "blob_chunks" ALTER COLUMN "content" SET STORAGE EXTERNAL;
