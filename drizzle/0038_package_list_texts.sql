-- A cache of list pages' JSON per package (lib/esign/packages/list-texts.ts). No trigger keeps it:
-- a page reads a stored text only while the transaction ids of the package's row, roles and
-- documents are those it was built from. Empty at first; list pages fill it as they show packages.
CREATE TABLE "package_list_texts" (
	"package_id" text PRIMARY KEY NOT NULL,
	"versions" text NOT NULL,
	"format" text NOT NULL,
	"head" text NOT NULL,
	"tail" text NOT NULL
);
