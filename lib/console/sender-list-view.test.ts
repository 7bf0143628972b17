import { describe, expect, it } from "vitest";
import { pageWindow } from "@/components/packages/inbox/list-url";
import { readSenderListView, senderListQuery } from "./sender-list-view";

describe("the senders page's view in the address", () => {
  it("reads the search and the page, with defaults for what is missing or wrong", () => {
    expect(readSenderListView(new URLSearchParams(""))).toEqual({ search: "", page: 1 });
    expect(readSenderListView(new URLSearchParams("search=%20jane%20&page=3"))).toEqual({ search: "jane", page: 3 });
    for (const page of ["0", "-2", "1.5", "two"]) expect(readSenderListView(new URLSearchParams(`page=${page}`)).page).toBe(1);
  });

  it("writes only what differs from the defaults, and keeps parameters it does not own", () => {
    expect(senderListQuery({ search: "", page: 1 })).toBe("");
    expect(senderListQuery({ search: "jane doe", page: 2 })).toBe("?search=jane+doe&page=2");
    expect(senderListQuery({ search: "", page: 1 }, new URLSearchParams("search=old&page=4&other=x"))).toBe("?other=x");
  });

  it("round-trips", () => {
    const view = { search: "ACME & co", page: 7 };
    expect(readSenderListView(new URLSearchParams(senderListQuery(view)))).toEqual(view);
  });

  it("pages twenty at a time, 1-based and inclusive (the lists' one window)", () => {
    expect(pageWindow(1)).toEqual({ from: 1, to: 20 });
    expect(pageWindow(3)).toEqual({ from: 41, to: 60 });
  });
});
